"""What a balance report says about the games besides who won: how often each god is taken when revealed (the pick
rates) and Ludii's game-quality measures that the per-game results hold."""

from __future__ import annotations

import itertools
import math
from collections import Counter


def game_quality(results: list[dict], fair: float | None) -> dict:
    """Ludii's measures of the games: the first player's advantage (seat 1's win rate minus the fair rate),
    decisiveness (the winner's margin over the runner-up, in CP: mean and quartiles), the share of games whose win
    is shared; and, from what a game records as it is played (`quality_watch.py`), lead changes, drama, decision
    moves and the branching factor (`turn_quality`)."""
    if not results or not fair:
        return {}
    first = sum(p["win"] for r in results for p in r["players"] if p["seat"] == 0) / len(results)
    margins = []
    for r in results:
        totals = sorted((p["total"] for p in r["players"]), reverse=True)
        margins.append(totals[0] - totals[1] if len(totals) > 1 else 0)
    margins.sort()

    def quantile(q: float) -> float:  # the nearest-rank quantile: a margin some game had
        return margins[min(len(margins) - 1, max(0, math.ceil(q * len(margins)) - 1))]

    return {"first_player_advantage": round(first - fair, 4),
            "margin": {"mean": round(sum(margins) / len(margins), 2), "q1": quantile(0.25),
                       "median": quantile(0.5), "q3": quantile(0.75)},
            "shared_win_share": round(sum(1 for r in results if r.get("shared")) / len(results), 4),
            **turn_quality(results)}


def lead_changes(leaders: list[list[int]]) -> int:
    """Rounds after which no one who led the round before leads (a tie for the lead keeps its leaders)."""
    return sum(1 for before, now in itertools.pairwise(leaders) if not set(before) & set(now))


def late_round(rounds: int) -> int:
    """The round whose standing is "late": three quarters of the game played (at least the first round)."""
    return max(1, (3 * rounds) // 4)


def turn_quality(results: list[dict]) -> dict:
    """Lead changes a game, drama (the share of games whose winner, or every winner of a shared win, was not
    among the leaders after `late_round`), the share of games the final winner led after each round, decision
    moves (the share of takes whose options differ in value) and the branching factor (options per take).
    Empty when the results do not hold the leaders and take counts (results written before they were)."""
    games = [r for r in results if r.get("leaders") and r.get("takes")]
    if not games:
        return {}
    changes = drama = 0
    rounds = min(len(r["leaders"]) for r in games)
    winner_leads = [0.0] * rounds
    takes = options = decisions = 0
    for r in games:
        leaders = r["leaders"]
        winners = {p["seat"] for p in r["players"] if p["win"] > 0}
        changes += lead_changes(leaders)
        drama += bool(winners) and not winners & set(leaders[late_round(len(leaders)) - 1])
        for i in range(rounds):
            winner_leads[i] += bool(winners & set(leaders[i]))
        t = r["takes"]
        takes, options, decisions = takes + t["takes"], options + t["options"], decisions + t["decisions"]
    n = len(games)
    return {"lead_changes": round(changes / n, 2), "drama": round(drama / n, 4),
            "late_round": late_round(rounds), "winner_leads_by_round": [round(w / n, 4) for w in winner_leads],
            "decision_moves": round(decisions / takes, 4) if takes else 0.0,
            "branching": round(options / takes, 2) if takes else 0.0}


def pick_rates(results: list[dict], exact_interval, median_interval) -> dict:
    """Per god: how often it was taken when revealed, how often it was the game's first god taken, and the round
    it was taken in (the mean; the median with its 95 % interval, `median_interval(rounds)`, distribution-free;
    how many times in each round); rates with their 95 % intervals (`exact_interval(successes, n)`, the report's
    Clopper-Pearson interval). Empty for results without the gods revealed."""
    from orbis_dsl.engine.stats_model import pick_orders

    counts: dict[str, list] = {}  # god -> [revealed, taken first, [rounds it was taken in]]
    for r in results:
        revealed = r.get("gods_revealed")
        if revealed is None:
            continue
        orders = pick_orders(r)
        held = {p["god"]: p for p in r["players"] if p["god"] is not None}
        for god in revealed:
            c = counts.setdefault(god, [0, 0, []])
            c[0] += 1
            p = held.get(god)
            if p is not None:
                c[1] += 1 if orders.get(p["seat"]) == 1 else 0
                c[2].append(p["god_round"])
    out = {}
    for god, (n, first, rounds) in sorted(counts.items()):
        taken = len(rounds)
        low, high = exact_interval(taken, n)
        first_low, first_high = exact_interval(first, n)
        out[god] = {"revealed": n, "taken": taken, "rate": round(taken / n, 4), "low": round(low, 4),
                    "high": round(high, 4), "first": first, "first_rate": round(first / n, 4),
                    "first_low": round(first_low, 4), "first_high": round(first_high, 4),
                    "mean_round": round(sum(rounds) / taken, 2) if taken else None}
        median, median_low, median_high = median_interval(rounds) if taken else (None, None, None)
        out[god].update({"median_round": median, "median_round_low": median_low, "median_round_high": median_high,
                         "taken_by_round": {str(k): v for k, v in sorted(Counter(rounds).items())}})
    return out
