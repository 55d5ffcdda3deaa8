"""What a balance report says about the games besides who won: how often each god is taken when revealed (the pick
rates) and Ludii's game-quality measures that the per-game results hold."""

from __future__ import annotations

import math


def game_quality(results: list[dict], fair: float | None) -> dict:
    """Ludii's measures that the per-game results hold: the first player's advantage (seat 1's win rate minus
    the fair rate), decisiveness (the winner's margin over the runner-up, in CP: mean and quartiles) and the share
    of games whose win is shared. (Lead changes, drama, decision moves and the branching factor need the games
    turn by turn: bench/bench_ladder.py measures them.)"""
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
            "shared_win_share": round(sum(1 for r in results if r.get("shared")) / len(results), 4)}


def pick_rates(results: list[dict], exact_interval) -> dict:
    """Per god: how often it was taken when revealed, how often it was the game's first god taken, and the mean
    round it was taken in; rates with their 95 % intervals (`exact_interval(successes, n)`, the report's
    Clopper-Pearson interval). Empty for results without the gods revealed."""
    from orbis_dsl.engine.stats_model import pick_orders

    counts: dict[str, list[float]] = {}  # god -> [revealed, taken, taken first, sum of rounds taken]
    for r in results:
        revealed = r.get("gods_revealed")
        if revealed is None:
            continue
        orders = pick_orders(r)
        held = {p["god"]: p for p in r["players"] if p["god"] is not None}
        for god in revealed:
            c = counts.setdefault(god, [0, 0, 0, 0])
            c[0] += 1
            p = held.get(god)
            if p is not None:
                c[1] += 1
                c[2] += 1 if orders.get(p["seat"]) == 1 else 0
                c[3] += p["god_round"]
    out = {}
    for god, (n, taken, first, rounds) in sorted(counts.items()):
        low, high = exact_interval(taken, n)
        first_low, first_high = exact_interval(first, n)
        out[god] = {"revealed": n, "taken": taken, "rate": round(taken / n, 4), "low": round(low, 4),
                    "high": round(high, 4), "first": first, "first_rate": round(first / n, 4),
                    "first_low": round(first_low, 4), "first_high": round(first_high, 4),
                    "mean_round": round(rounds / taken, 2) if taken else None}
    return out
