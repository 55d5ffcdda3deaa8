"""The statistics of a balance report: win rates with 95 % Wilson intervals (by seat, god, tile kind and
policy), mean CP by component with intervals, flags where an interval excludes the fair rate, and how many games
it takes to tell a 5-point edge from fair play.

Everything is computed from the compact per-game results of `simulate.run`, in game order, and rounded, so the
same games give the same report byte for byte whichever backend played them.

Why Wilson: a win rate near 0 or 1, or over few games (a god held 30 times), makes the normal interval
`p ± 1.96·sqrt(p(1-p)/n)` too narrow or run outside [0, 1]; Wilson's does neither (Agresti & Coull, 1998).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 %
Z80_POWER = 0.8416212335729143  # one-sided 80 %: the power of the test the games-needed figure plans for
EDGE = 0.05  # "a 5-point edge": a win rate 5 percentage points above fair


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins count a share)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) of a sample given its sum and sum of squares (normal approximation: CP totals over
    hundreds of players)."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def games_to_separate(fair: float, edge: float = EDGE) -> int:
    """Observations needed for a two-sided 5 % test to tell a rate of fair + edge from fair, 80 % of the time."""
    if not 0 < fair < 1:
        return 0
    high = min(1.0, fair + edge)
    root = Z95 * math.sqrt(fair * (1 - fair)) + Z80_POWER * math.sqrt(high * (1 - high))
    return math.ceil((root / edge) ** 2)


def rate_entry(wins: float, n: int, fair: float | None) -> dict:
    """One win rate: observations, wins, rate, interval, and the flag ('above' or 'below' fair, or None)."""
    low, high = wilson(wins, n)
    flag = None
    if fair is not None and n:
        flag = "above" if low > fair else "below" if high < fair else None
    return {"n": n, "wins": round(wins, 4), "rate": round(wins / n, 4) if n else 0.0,
            "low": round(low, 4), "high": round(high, 4), "flag": flag}


class _Tally:
    """Observations and (possibly shared) wins per key."""

    def __init__(self):
        self.counts: dict = {}

    def add(self, key, win: float) -> None:
        n, w = self.counts.get(key, (0, 0.0))
        self.counts[key] = (n + 1, w + win)

    def entries(self, fair: float | None) -> dict:
        return {str(k): rate_entry(w, n, fair) for k, (n, w) in sorted(self.counts.items())}


def balance(results: list[dict]) -> dict:
    """The statistics of a run (see the module's docstring); `results` as `simulate.run` returns them."""
    players = len(results[0]["players"]) if results else 0
    fair = 1 / players if players else None
    # with different policies at the table, seats differ by who sits there: no seat is held to the fair rate
    mixed = len({p["policy"] for r in results for p in r["players"]}) > 1
    seats, gods, kinds, policies = _Tally(), _Tally(), _Tally(), _Tally()
    sums: dict[str, list[float]] = {}
    for r in results:
        for p in r["players"]:
            win = p["win"]
            seats.add(p["seat"] + 1, win)
            if p["god"] is not None:
                gods.add(p["god"], win)
            for kind in p.get("kinds", ()):
                kinds.add(kind, win)
            policies.add(p["policy"], win)
            for name, value in (("total", p["total"]), *p["categories"].items()):
                s = sums.setdefault(name, [0.0, 0.0])
                s[0] += value
                s[1] += value * value
    plays = len(results) * players
    report = {
        "fair_rate": round(fair, 4) if fair else 0.0,
        "win_rate_by_seat": seats.entries(None if mixed else fair),
        "win_rate_by_god": gods.entries(fair),
        "win_rate_by_kind": kinds.entries(fair),
        # policies face each other: no fair rate unless every seat plays the same one
        "win_rate_by_policy": policies.entries(None),
        "mean_cp": {name: _mean_entry(s, plays) for name, s in sums.items()},
        "games_needed": _games_needed(fair, gods.counts, len(results)),
    }
    report["flags"] = flags(report)
    # each rate held to the fair rate has a 5 % chance of a flag when all is fair: say how many to expect
    tested = len(gods.counts) + len(kinds.counts) + (0 if mixed else len(seats.counts))
    report["flags_expected_by_chance"] = round(0.05 * tested, 2)
    return report


def _mean_entry(sums: list[float], n: int) -> dict:
    mean, low, high = mean_interval(sums[0], sums[1], n)
    return {"mean": round(mean, 4), "low": round(low, 4), "high": round(high, 4)}


def _games_needed(fair: float | None, god_counts: dict, games: int) -> dict:
    """Games for a 5-point edge to show: for one seat (every game gives one observation), and for one god
    (held in only some games: the observations per game are what this run saw)."""
    if not fair or not games:
        return {"edge": EDGE, "per_seat": 0, "per_god": 0}
    per_seat = games_to_separate(fair)
    held = [n / games for n, _ in god_counts.values()]
    per_god = math.ceil(per_seat / min(held)) if held and min(held) > 0 else per_seat
    return {"edge": EDGE, "per_seat": per_seat, "per_god": per_god}


def flags(report: dict) -> list[str]:
    """One sentence per win rate whose interval excludes the fair rate."""
    fair = report["fair_rate"]
    out = []
    for label, key in (("seat", "win_rate_by_seat"), ("god", "win_rate_by_god"), ("kind", "win_rate_by_kind")):
        for name, e in report[key].items():
            if e["flag"]:
                out.append(f"{label} {name} wins {e['rate']:.1%} of {e['n']} (95 % interval {e['low']:.1%}-"
                           f"{e['high']:.1%}), {e['flag']} the fair {fair:.1%}")
    return out
