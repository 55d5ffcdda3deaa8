"""The statistics of a balance report: win rates with exact 95 % intervals (by seat, god, tile kind and policy),
god win rates adjusted for seat and pick order (`stats_model.py`), pick rates, mean CP by component with
intervals, flags where a test rejects fairness after Holm's correction, and how many games it takes to tell a
5-point edge from fair play.

Everything is computed from the compact per-game results of `simulate.run`, in game order, and rounded, so the
same games give the same report byte for byte whichever backend played them. A shared win counts as a 1/k share
of a win for each of its k winners.

Why exact (Clopper–Pearson) intervals: a god is often held only a few times, and at small counts the Wilson
interval's coverage falls well short of 95 % (with a fair 1/3, a god held twice and won twice lay outside it: a
fair god held twice was flagged 11 % of the time). The intervals are computed from the regularized incomplete
beta function, which also takes the fractional win counts that shared wins give.

What is tested, each fact once (issue 33: the report used to flag 5.67 rates a run of a pack of ten identical
gods, against "0.93 expected by chance"):

- **seats**, by the exact two-sided binomial test of the fair rate; with two players only seat 1, since seat 2's
  rate is the rest of it (one gap, one flag);
- **gods**, by the Wald test of the god's effect in the logistic model of `stats_model.py` (win on god, seat and
  pick order), so that a god is not blamed for the seat that takes it; by the raw exact test when statsmodels is
  missing (the report says so);
- **kinds** are not tested: players choose what they collect, so a kind's rate has no fair baseline;
- with **mixed policies** nothing is tested (`NOT_TESTED_MIXED`).

Holm's step-down correction is applied across every test of the report, so the chance of any flag at all when
every seat and god is fair is at most 5 %.
"""

from __future__ import annotations

import math
import statistics

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


def median_interval(values: list[int], alpha: float = ALPHA) -> tuple[float, int, int]:
    """(median, low, high): the median of `values` and its distribution-free interval, the order statistics
    x(l) and x(n+1-l) for the largest l with P(Binomial(n, 1/2) <= l - 1) <= alpha / 2, so that the interval
    covers the true median with probability at least 1 - alpha whatever the distribution. Under 6 values no l
    reaches that: the interval is then the smallest and largest value (covering with 1 - 2^(1-n) only)."""
    ordered = sorted(values)
    n = len(ordered)
    depth = 0  # the l found so far
    while depth + 1 <= n // 2 and lower_tail(depth, n, 0.5) <= alpha / 2:  # may l be depth + 1?
        depth += 1
    low, high = (ordered[depth - 1], ordered[n - depth]) if depth else (ordered[0], ordered[-1])
    return statistics.median(ordered), low, high


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


def exact_p(wins: float, n: int, fair: float) -> float:
    """The two-sided p-value of the exact binomial test of `fair` (twice the smaller tail, at most 1)."""
    if n <= 0 or fair is None:
        return 1.0
    return min(1.0, 2 * min(upper_tail(wins, n, fair), lower_tail(wins, n, fair)))


def holm(pvalues: list[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down correction: which of the tests are rejected, so that the chance of rejecting any true
    hypothesis is at most alpha whatever the dependence between the tests (Holm 1979)."""
    order = sorted(range(len(pvalues)), key=lambda i: (pvalues[i], i))
    rejected = [False] * len(pvalues)
    m = len(pvalues)
    for rank, i in enumerate(order):
        if pvalues[i] > alpha / (m - rank):
            break
        rejected[i] = True
    return rejected


KINDS_NOT_TESTED = ("kinds are described, not tested: players choose what they collect, so a kind's rate is not "
                    "held to the fair rate")


def balance(results: list[dict]) -> dict:
    """The statistics of a run (see the module's docstring); `results` as `simulate.run` returns them."""
    from orbis_dsl.engine.stats_games import game_quality, pick_rates
    from orbis_dsl.engine.stats_model import adjusted_gods, statsmodels_available

    players = len(results[0]["players"]) if results else 0
    fair = 1 / players if players else None
    # with different policies at the table, seats differ by who sits there, and so do gods and kinds: a god's rate
    # is mostly how often the stronger policy took it. No seat, god or kind is held to the fair rate then.
    mixed = len({p["policy"] for r in results for p in r["players"]}) > 1
    seats, gods, kinds, policies, sums = _tally(results)
    plays = len(results) * players
    adjusted = None if mixed or players < 2 else adjusted_gods(results)
    report = {
        "fair_rate": round(fair, 4) if fair else 0.0,
        "win_rate_by_seat": seats.entries(None),
        "win_rate_by_god": gods.entries(None),
        "win_rate_by_god_adjusted": adjusted,
        "adjusted_note": None if adjusted is not None else _why_not_adjusted(mixed, statsmodels_available()),
        "pick_rate_by_god": pick_rates(results, exact_interval, median_interval),
        "win_rate_by_kind": kinds.entries(None),
        "kinds_note": KINDS_NOT_TESTED,
        # policies face each other: no fair rate unless every seat plays the same one
        "win_rate_by_policy": policies.entries(None),
        "mean_cp": {name: _mean_entry(s, plays) for name, s in sums.items()},
        "games_needed": _games_needed(fair, gods.counts, len(results)),
        "game_quality": game_quality(results, fair),
    }
    tests = [] if mixed or not fair or players < 2 else _tests(report, fair)
    _mark_flags(tests)
    report["tests"] = [{k: t[k] for k in ("what", "name", "p", "flag")} for t in tests]
    report["flags"] = [_flag_sentence(t, report, fair) for t in tests if t["flag"]]
    # Holm's correction bounds the chance of any flag at all, when every rate tested is fair, by ALPHA
    report["flags_expected_by_chance"] = ALPHA if tests else 0.0
    report["not_tested"] = NOT_TESTED_MIXED if mixed else None
    return report


def _tally(results: list[dict]) -> tuple[_Tally, _Tally, _Tally, _Tally, dict[str, list[float]]]:
    """Every player's win counted by seat, god, kind and policy, and the sum and sum of squares of each score."""
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
            _add_scores(sums, p)
    return seats, gods, kinds, policies, sums


def _add_scores(sums: dict[str, list[float]], player: dict) -> None:
    for name, value in (("total", player["total"]), *player["categories"].items()):
        s = sums.setdefault(name, [0.0, 0.0])
        s[0] += value
        s[1] += value * value


def _mark_flags(tests: list[dict]) -> None:
    """Each test's flag (its side when Holm's correction rejects it), written on the test and its entries."""
    for test, flagged in zip(tests, holm([t["p"] for t in tests])):
        test["flag"] = test["side"] if flagged else None
        for entry in test["entries"]:
            entry["flag"] = test["flag"]
        for entry in test.get("opposite", ()):  # seat 2 of 2: the other side of seat 1's gap
            entry["flag"] = _other_side(test["flag"])


def _why_not_adjusted(mixed: bool, installed: bool) -> str:
    if mixed:
        return "no adjusted rates: the seats play different policies"
    if not installed:
        return "no adjusted rates: install statsmodels (pip install 'orbis-dsl[balance]'); gods tested by raw rates"
    return "no adjusted rates: the model could not be fitted to so few games (the gods are tested by raw rates)"


def _other_side(flag: str | None) -> str | None:
    return {"above": "below", "below": "above"}.get(flag or "")


def _tests(report: dict, fair: float) -> list[dict]:
    """Every fact the report tests, once: the seats (with 2 players, one test: seat 2's rate is the rest of
    seat 1's) and the gods (by the adjusted model when it was fitted, else by the raw exact test)."""
    tests = []
    seat_entries = report["win_rate_by_seat"]
    names = list(seat_entries)
    for name in names[:1] if len(names) == 2 else names:
        e = seat_entries[name]
        e["p"] = round(exact_p(e["wins"], e["n"], fair), 6)
        tests.append({"what": "seat", "name": name, "p": e["p"], "side": "above" if e["rate"] > fair else "below",
                      "entries": [e], "opposite": [seat_entries[names[1]]] if len(names) == 2 else []})
    adjusted = report["win_rate_by_god_adjusted"]
    for name, e in report["win_rate_by_god"].items():
        if adjusted is not None and name in adjusted:
            a = adjusted[name]
            tests.append({"what": "god", "name": name, "p": a["p"], "side": "above" if a["effect"] > 0 else "below",
                          "entries": [e, a]})
        else:
            e["p"] = round(exact_p(e["wins"], e["n"], fair), 6)
            tests.append({"what": "god", "name": name, "p": e["p"],
                          "side": "above" if e["rate"] > fair else "below", "entries": [e]})
    return tests


def _flag_sentence(test: dict, report: dict, fair: float) -> str:
    name = test["name"]
    if test["what"] == "seat":
        e = report["win_rate_by_seat"][name]
        text = (f"seat {name} wins {e['rate']:.1%} of {e['n']} (95 % interval {e['low']:.1%}-{e['high']:.1%}), "
                f"{test['flag']} the fair {fair:.1%}")
        if len(report["win_rate_by_seat"]) == 2:
            text += " (seat 2 wins the rest)"
        return text + f"; {_p_text(test['p'])}"
    e = report["win_rate_by_god"][name]
    a = (report["win_rate_by_god_adjusted"] or {}).get(name)
    if a is not None:
        return (f"god {name} wins {a['rate']:.1%} adjusted for seat and pick order (95 % interval "
                f"{a['rate_low']:.1%}-{a['rate_high']:.1%}; raw {e['rate']:.1%} of {e['n']}), {test['flag']} the "
                f"average god; {_p_text(test['p'])}")
    return (f"god {name} wins {e['rate']:.1%} of {e['n']} (95 % interval {e['low']:.1%}-{e['high']:.1%}), "
            f"{test['flag']} the fair {fair:.1%}; {_p_text(test['p'])}")


def _p_text(p: float) -> str:
    """'p = 0.0123', or 'p < 0.0001'."""
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}"


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
