"""The statistics of a balance report: win rates with exact 95 % intervals (by seat, god, tile kind and policy),
mean CP by component with intervals, flags where an exact test rejects the fair rate, how many flags chance
alone would raise, and how many games it takes to tell a 5-point edge from fair play.

Everything is computed from the compact per-game results of `simulate.run`, in game order, and rounded, so the
same games give the same report byte for byte whichever backend played them. A shared win counts as a 1/k share
of a win for each of its k winners.

Why exact (Clopper–Pearson) intervals: a god is often held only a few times, and at small counts the Wilson
interval's coverage falls well short of 95 % (with a fair 1/3, a god held twice and won twice lay outside it: a
fair god held twice was flagged 11 % of the time). A rate is flagged when its Clopper–Pearson interval excludes
the fair rate, which is the exact two-sided binomial test at 5 % (each tail at most 2.5 %): under a fair rate a
flag comes at most 5 % of the time whatever the count, and the printed interval is the one the flag is decided
by. The number of flags to expect by chance is the sum, over the rates tested, of the exact probability that
this rule flags a fair rate over that many observations (a rate held twice adds nothing: it cannot be flagged).
The intervals are computed from the regularized incomplete beta function, which also takes the fractional win
counts that shared wins give.
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


ALPHA = 0.05  # the flags' test: two-sided, at most 2.5 % in each tail


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz; Numerical Recipes §6.4)."""
    tiny, eps = 1e-300, 1e-15
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < eps:
            break
    return h


def beta_cdf(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0: for whole k, P(Binomial(n, x) >= k) is
    I_x(k, n - k + 1)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def upper_tail(wins: float, n: int, p: float) -> float:
    """P(at least `wins` of n) when each observation is a win with probability p (fractional wins interpolate)."""
    return 1.0 if wins <= 0 else 0.0 if wins > n else beta_cdf(p, wins, n - wins + 1)


def lower_tail(wins: float, n: int, p: float) -> float:
    """P(at most `wins` of n) when each observation is a win with probability p."""
    return 1.0 if wins >= n else 0.0 if wins < 0 else 1.0 - beta_cdf(p, wins + 1, n - wins)


def _solve(f, target: float) -> float:
    """The p in [0, 1] where the increasing function f reaches target (bisection, to 1e-13)."""
    low, high = 0.0, 1.0
    while high - low > 1e-13:
        mid = (low + high) / 2
        low, high = (mid, high) if f(mid) < target else (low, mid)
    return (low + high) / 2


def exact_interval(wins: float, n: int, alpha: float = ALPHA) -> tuple[float, float]:
    """The Clopper–Pearson interval of a proportion: coverage at least 1 - alpha at every n (wins may be
    fractional: a shared win counts a share)."""
    if n <= 0:
        return 0.0, 1.0
    low = 0.0 if wins <= 0 else _solve(lambda p: upper_tail(wins, n, p), alpha / 2)
    high = 1.0 if wins >= n else _solve(lambda p: 1.0 - lower_tail(wins, n, p), 1 - alpha / 2)
    return low, high


def flag_of(wins: float, n: int, fair: float, alpha: float = ALPHA) -> str | None:
    """'above' or 'below' when the exact two-sided test rejects the fair rate (the Clopper–Pearson interval
    excludes it), else None."""
    if n <= 0:
        return None
    if upper_tail(wins, n, fair) < alpha / 2:
        return "above"
    if lower_tail(wins, n, fair) < alpha / 2:
        return "below"
    return None


def chance_of_a_flag(n: int, fair: float, alpha: float = ALPHA) -> float:
    """The exact probability that `flag_of` flags a rate over n observations when the true rate is the fair one
    (at most alpha; 0 when n is too small for any count to be flagged)."""
    if n <= 0 or not 0 < fair < 1:
        return 0.0
    # the fewest wins flagged above, and the most flagged below (the tails shrink as they move out)
    above = _first(lambda k: upper_tail(k, n, fair) < alpha / 2, 0, n + 1)
    below = _first(lambda k: lower_tail(k, n, fair) >= alpha / 2, 0, n + 1) - 1
    return (upper_tail(above, n, fair) if above <= n else 0.0) + (lower_tail(below, n, fair) if below >= 0 else 0.0)


def _first(test, low: int, high: int) -> int:
    """The least k in [low, high) for which test holds (test is monotone: false then true); high if none."""
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if test(mid) else (mid + 1, high)
    return low


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
    """One win rate: observations, wins, rate, exact interval, and the flag ('above' or 'below' fair, or None)."""
    low, high = exact_interval(wins, n)
    flag = flag_of(wins, n, fair) if fair is not None else None
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


# Why, with policies mixed, no rate is held to the fair rate. The seats' policies are fixed for a run (a list
# cycles over the seats), so every game of such a run has mixed policies at the table: there are no games in which
# a god's holder played the same policy as the others to compare within. Comparing a god's holders with the other
# players of their own policy would need a fair rate per policy, and there is none: a policy's win rate is itself
# made by the gods that policy takes.
NOT_TESTED_MIXED = ("the seats play different policies, so a seat's, a god's or a kind's win rate mostly tells "
                    "which policy held it (the stronger policy takes the gods it values, and wins): no rate is held "
                    "to the fair rate; play every seat with one policy to test them")


def balance(results: list[dict]) -> dict:
    """The statistics of a run (see the module's docstring); `results` as `simulate.run` returns them."""
    players = len(results[0]["players"]) if results else 0
    fair = 1 / players if players else None
    # with different policies at the table, seats differ by who sits there, and so do gods and kinds: a god's rate
    # is mostly how often the stronger policy took it. No seat, god or kind is held to the fair rate then.
    mixed = len({p["policy"] for r in results for p in r["players"]}) > 1
    tested_fair = None if mixed else fair
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
        "win_rate_by_seat": seats.entries(tested_fair),
        "win_rate_by_god": gods.entries(tested_fair),
        "win_rate_by_kind": kinds.entries(tested_fair),
        # policies face each other: no fair rate unless every seat plays the same one
        "win_rate_by_policy": policies.entries(None),
        "mean_cp": {name: _mean_entry(s, plays) for name, s in sums.items()},
        "games_needed": _games_needed(fair, gods.counts, len(results)),
    }
    report["flags"] = flags(report)
    # each rate held to the fair rate may be flagged by chance when all is fair (at most 5 %, less over few
    # observations): say how many flags to expect, the exact chance of each summed
    tested = [] if mixed else [*gods.counts.values(), *kinds.counts.values(), *seats.counts.values()]
    report["flags_expected_by_chance"] = round(sum(chance_of_a_flag(n, fair) for n, _ in tested), 2) if fair else 0.0
    report["not_tested"] = NOT_TESTED_MIXED if mixed else None
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
    """One sentence per win rate the exact test flags (its interval excludes the fair rate)."""
    fair = report["fair_rate"]
    out = []
    for label, key in (("seat", "win_rate_by_seat"), ("god", "win_rate_by_god"), ("kind", "win_rate_by_kind")):
        for name, e in report[key].items():
            if e["flag"]:
                out.append(f"{label} {name} wins {e['rate']:.1%} of {e['n']} (95 % interval "
                           f"{interval_text(e, fair)}), {side_text(e, fair)} the fair {fair:.1%}")
    return out


def interval_text(e: dict, fair: float) -> str:
    """'25.0%-43.2%': a rate's interval in percent, the bound that decides a flag printed with the decimals it
    takes to show it on its side of the fair rate (25.01%, not 25.0%, when the fair rate is 25 %)."""
    low, high = f"{e['low']:.1%}", f"{e['high']:.1%}"
    if e["flag"] == "above":
        low = _bound(e["low"], fair, 1)
    elif e["flag"] == "below":
        high = _bound(e["high"], fair, -1)
    return f"{low}-{high}"


def side_text(e: dict, fair: float) -> str:
    """'above' or 'below' the fair rate; 'just above' ('just below') when, at the report's precision (0.01
    point), the deciding bound cannot be told from the fair rate."""
    bound = e["low"] if e["flag"] == "above" else e["high"]
    sign = 1 if e["flag"] == "above" else -1
    shown, fair_shown = (float(f"{v * 100:.2f}") for v in (bound, fair))
    return e["flag"] if sign * (shown - fair_shown) > 0 else f"just {e['flag']}"


def _bound(value: float, fair: float, sign: int) -> str:
    """A flagged interval's deciding bound: one decimal when that shows it beyond the fair rate, else two."""
    for decimals in (1, 2):
        shown, fair_shown = (float(f"{v * 100:.{decimals}f}") for v in (value, fair))
        if sign * (shown - fair_shown) > 0:
            return f"{value:.{decimals}%}"
    return f"{value:.2%}"
