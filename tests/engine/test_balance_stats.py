"""The balance report's tests (issue 33): one test per fact, Holm's correction over all of them, god rates
adjusted for seat and pick order, kinds never flagged, pick rates. The symmetric pack, whose ten identical gods
must not be flagged, is test_balance_symmetric.py's (its own file, so its minute of games runs on a worker of
its own)."""

from __future__ import annotations

import gc
import random

import pytest

from orbis_dsl.engine.stats import balance, exact_interval, exact_p, holm, lower_tail, median_interval, upper_tail


def _player(seat, god, win, god_round=1, kinds=("stone",), policy="greedy"):
    return {"seat": seat, "policy": policy, "god": god, "god_round": god_round, "win": win, "total": 30,
            "categories": {"regions": 30}, "kinds": list(kinds)}


def test_holm_agrees_with_statsmodels():
    multipletests = pytest.importorskip("statsmodels.stats.multitest", reason="the [balance] extra").multipletests
    rng = random.Random(3)
    # statsmodels' Holm branch runs gc.collect() on every call (statsmodels/stats/multitest.py). In a test worker
    # that has run a thousand tests before this one, each of those walks the whole heap: this test took 303 s of a
    # 25-minute suite, most of it in 100 collections. Frozen, the worker's heap is left out of them; the
    # comparison is the same.
    gc.freeze()
    try:
        for _ in range(100):
            pvalues = [rng.random() ** rng.choice([1, 3, 8]) for _ in range(rng.randint(1, 15))]
            assert holm(pvalues) == list(multipletests(pvalues, alpha=0.05, method="holm")[0])
    finally:
        gc.unfreeze()


def test_exact_p_is_twice_the_smaller_tail():
    assert exact_p(50, 100, 0.5) == 1.0
    assert exact_p(70, 100, 0.5) == pytest.approx(2 * upper_tail(70, 100, 0.5))
    assert exact_p(30, 100, 0.5) == pytest.approx(2 * lower_tail(30, 100, 0.5))
    # the test and the exact interval agree: p below 5 % exactly when the interval excludes the rate
    for wins in range(0, 41):
        low, high = exact_interval(wins, 40)
        assert (exact_p(wins, 40, 0.25) < 0.05) == (not low <= 0.25 <= high)


def _two_player_games(games: int, seat1_wins: float, rng: random.Random, god_of_seat1=0.5) -> list[dict]:
    """Seat 1 wins with probability `seat1_wins`; god 'x' sits with seat 1 with probability `god_of_seat1`, the
    other seat holding one of four others: the gods do nothing."""
    out = []
    for i in range(games):
        win = 1.0 if rng.random() < seat1_wins else 0.0
        other = rng.choice(["a", "b", "c", "d"])
        gods = ("x", other) if rng.random() < god_of_seat1 else (other, "x")
        out.append({"index": i, "gods_revealed": [*gods, "e"], "players": [
            _player(0, gods[0], win, 1, ("stone", "farm") if win else ("stone",)),
            _player(1, gods[1], 1.0 - win, 2, ("stone",) if win else ("stone", "farm"))]})
    return out


def test_a_two_player_seat_gap_is_one_flag_and_kinds_are_never_flagged():
    report = balance(_two_player_games(400, 0.3, random.Random(1)))
    seats = report["win_rate_by_seat"]
    assert seats["1"]["flag"] == "below" and seats["2"]["flag"] == "above"
    assert [f for f in report["flags"] if f.startswith("seat")] == [report["flags"][0]]
    assert "seat 2 wins the rest" in report["flags"][0]
    assert [t["name"] for t in report["tests"] if t["what"] == "seat"] == ["1"]
    # 'farm' goes with every win: its rate is 100 %, and still no kind is tested
    assert report["win_rate_by_kind"]["farm"]["rate"] == 1.0
    assert all(e["flag"] is None for e in report["win_rate_by_kind"].values())
    assert all(t["what"] != "kind" for t in report["tests"]) and "not tested" in report["kinds_note"]


def test_a_god_is_not_blamed_for_the_seat_that_takes_it():
    pytest.importorskip("statsmodels", reason="the [balance] extra")
    # 'x' sits with the losing seat 4 times in 5: its raw rate is far below fair, its effect is nil
    results = _two_player_games(600, 0.3, random.Random(2), god_of_seat1=0.8)
    report = balance(results)
    raw = report["win_rate_by_god"]["x"]
    assert raw["high"] < 0.5  # the raw exact test alone would flag it
    adjusted = report["win_rate_by_god_adjusted"]["x"]
    assert abs(adjusted["rate"] - 0.5) < abs(raw["rate"] - 0.5) / 2 and adjusted["rate_high"] > 0.5
    assert report["win_rate_by_god"]["x"]["flag"] is None and adjusted.get("flag") is None
    assert not any(f.startswith("god") for f in report["flags"])
    # a god that does win more, whatever its seat, is flagged by the same model
    rng = random.Random(5)
    for r in results:
        for p in r["players"]:
            if p["god"] == "a":
                p["win"] = 1.0 if rng.random() < 0.8 else 0.0
                r["players"][1 - p["seat"]]["win"] = 1.0 - p["win"]
    strong = balance(results)
    assert strong["win_rate_by_god_adjusted"]["a"]["effect"] > 0.3
    assert any(f.startswith("god a wins") and "adjusted for seat and pick order" in f for f in strong["flags"])


def test_pick_rates_count_takes_among_reveals():
    report = balance(_two_player_games(100, 0.5, random.Random(4)))
    picks = report["pick_rate_by_god"]
    assert picks["x"]["revealed"] == 100 and picks["x"]["taken"] == 100 and picks["x"]["rate"] == 1.0
    assert picks["e"]["taken"] == 0 and picks["e"]["high"] < 0.04 and picks["e"]["mean_round"] is None
    # 'x' is taken first (round 1) exactly when it sits with seat 1
    firsts = sum(1 for r in _two_player_games(100, 0.5, random.Random(4)) if r["players"][0]["god"] == "x")
    assert picks["x"]["first"] == firsts
    assert sum(picks[g]["taken"] for g in "abcd") == 100


def test_the_round_a_god_is_taken_in_is_counted_round_by_round():
    results = []
    for when in [3, 3, 5, 9, None, 3]:  # the god 'x' taken in round 3, 3, 5, 9, never, 3
        results.append({"gods_revealed": ["x", "y"], "players": [
            _player(0, "x" if when else "y", 1.0, god_round=when or 2), _player(1, None, 0.0)]})
    picks = balance(results)["pick_rate_by_god"]
    x = picks["x"]
    assert (x["revealed"], x["taken"], x["taken_by_round"]) == (6, 5, {"3": 3, "5": 1, "9": 1})
    assert x["mean_round"] == 4.6 and x["median_round"] == 3
    assert (x["median_round_low"], x["median_round_high"]) == (3, 9)  # under 6 takes: the smallest and largest
    assert picks["y"]["taken_by_round"] == {"2": 1} and picks["y"]["mean_round"] == 2.0


def test_the_median_interval_is_the_textbook_one_and_covers_as_it_says():
    # n = 100: the 95 % interval of the median is the 40th to the 61st value (e.g. Conover, Practical
    # Nonparametric Statistics, table A3); n = 10: the 2nd to the 9th
    assert median_interval(list(range(1, 101))) == (50.5, 40, 61)
    assert median_interval(list(range(1, 11))) == (5.5, 2, 9)
    assert median_interval([7]) == (7, 7, 7)
    rng = random.Random(8)
    misses = 0
    for _ in range(2000):  # a skewed discrete distribution with true median 2 (P(X <= 2) = 0.6 > 0.5 > 0.3)
        values = [rng.choices([1, 2, 3, 9], weights=[3, 3, 2, 2])[0] for _ in range(41)]
        _, low, high = median_interval(values)
        misses += not low <= 2 <= high
    assert misses <= 0.05 * 2000


def test_game_quality_from_hand_made_games():
    def game(totals, shared=False):
        best = max(totals)
        winners = [k for k, t in enumerate(totals) if t == best]
        return {"shared": shared, "players": [_player(k, None, (1 / len(winners)) if k in winners else 0.0)
                                              | {"total": t} for k, t in enumerate(totals)]}
    results = [game([30, 20]), game([25, 28]), game([31, 30]), game([22, 22], shared=True)]
    quality = balance(results)["game_quality"]
    # seat 1 wins 1 + 0 + 1 + 1/2 of 4 games: 62.5 %, 12.5 points over the fair 50 %
    assert quality["first_player_advantage"] == 0.125
    # margins 10, 3, 1, 0: mean 3.5; nearest-rank quartiles 0, 1, 3
    assert quality["margin"] == {"mean": 3.5, "q1": 0, "median": 1, "q3": 3}
    assert quality["shared_win_share"] == 0.25


def test_a_flagged_god_is_marked_on_its_side_raw_and_adjusted():
    pytest.importorskip("statsmodels", reason="the [balance] extra")
    results = _two_player_games(600, 0.5, random.Random(6))
    rng = random.Random(7)
    for r in results:
        for p in r["players"]:
            if p["god"] == "a":
                p["win"] = 1.0 if rng.random() < 0.85 else 0.0
                r["players"][1 - p["seat"]]["win"] = 1.0 - p["win"]
    report = balance(results)
    assert report["win_rate_by_god"]["a"]["flag"] == "above"
    assert report["win_rate_by_god_adjusted"]["a"]["flag"] == "above"
