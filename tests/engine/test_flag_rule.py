"""The flag rule: an exact (Clopper–Pearson) interval, the exact binomial test it amounts to, and the number of
flags chance alone would raise under that rule, checked against exact binomial sums."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine.stats import (
    balance,
    chance_of_a_flag,
    exact_interval,
    flag_of,
    interval_text,
    lower_tail,
    side_text,
    upper_tail,
)
from orbis_dsl.engine.summary_text import rate_text


def _pmf(n: int, p: Fraction) -> list[Fraction]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _flagged_mass(n: int, fair: Fraction) -> Fraction:
    """The exact probability, under a fair binomial, that the rule flags the rate."""
    pmf = _pmf(n, fair)
    return sum((pmf[k] for k in range(n + 1) if flag_of(k, n, float(fair)) is not None), Fraction(0))


def test_exact_interval_matches_the_textbook():
    # Clopper & Pearson (1934) / Newcombe (1998): 0 of 10 → 0–0.3085; 5 of 10 → 0.1871–0.8129;
    # 2 of 2 → 0.025^(1/2)–1
    assert exact_interval(0, 10)[0] == 0 and math.isclose(exact_interval(0, 10)[1], 0.30850, abs_tol=1e-5)
    low, high = exact_interval(5, 10)
    assert math.isclose(low, 0.18709, abs_tol=1e-5) and math.isclose(high, 0.81291, abs_tol=1e-5)
    assert math.isclose(exact_interval(2, 2)[0], math.sqrt(0.025), rel_tol=1e-9) and exact_interval(2, 2)[1] == 1
    assert exact_interval(0, 0) == (0.0, 1.0)


def test_tails_are_exact_binomial_sums():
    for n, p in ((7, Fraction(1, 3)), (40, Fraction(1, 4)), (120, Fraction(1, 2))):
        pmf = _pmf(n, p)
        for k in range(n + 1):
            assert math.isclose(upper_tail(k, n, float(p)), float(sum(pmf[k:])), rel_tol=1e-9, abs_tol=1e-13)
            assert math.isclose(lower_tail(k, n, float(p)), float(sum(pmf[: k + 1])), rel_tol=1e-9, abs_tol=1e-13)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 250), players=st.sampled_from([2, 3, 4, 5]))
def test_a_fair_rate_is_flagged_at_most_5_percent_of_the_time_and_chance_counts_it(n, players):
    fair = Fraction(1, players)
    mass = _flagged_mass(n, fair)
    assert mass <= Fraction(5, 100)
    assert math.isclose(chance_of_a_flag(n, float(fair)), float(mass), abs_tol=1e-9)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 200), wins=st.integers(0, 200), players=st.sampled_from([2, 3, 4]))
def test_a_flag_is_exactly_an_interval_that_excludes_the_fair_rate(n, wins, players):
    wins = min(wins, n)
    fair = 1 / players
    low, high = exact_interval(wins, n)
    flag = flag_of(wins, n, fair)
    assert flag == ("above" if low > fair else "below" if high < fair else None)
    assert low <= wins / n <= high


def _three_player_games(games: int, apprentice_games: int) -> list[dict]:
    """Seat s wins game i when i % 3 == s; the winners of the first `apprentice_games` games hold 'apprentice',
    every other player 'fire', 'love' or 'nature' (by seat)."""
    out = []
    for i in range(games):
        players = []
        for s in range(3):
            win = 1.0 if i % 3 == s else 0.0
            god = "apprentice" if win and i < apprentice_games else ("fire", "love", "nature")[s]
            players.append({"seat": s, "policy": "mcts", "god": god, "win": win, "total": 30,
                            "categories": {"regions": 30}, "kinds": []})
        out.append({"index": i, "players": players})
    return out


def test_a_god_held_twice_and_won_twice_is_not_flagged():
    # `orbis simulate --players 3 --games 20 --seed 1 --policy mcts:4` flagged "god apprentice wins 100.0% of 2
    # (95 % interval 34.2%-100.0%)": a fair god held twice wins both 1/9 of the time, so that flag came 11 %
    report = balance(_three_player_games(21, 2))
    apprentice = report["win_rate_by_god"]["apprentice"]
    assert apprentice["n"] == 2 and apprentice["rate"] == 1.0
    assert apprentice["flag"] is None and apprentice["low"] < 1 / 3
    assert not any("apprentice" in f for f in report["flags"])
    # a god held twice cannot be flagged by its exact test at all
    assert chance_of_a_flag(2, 1 / 3) == 0
    # every seat and god is one test of the family Holm's correction runs over, which bounds the chance of any
    # flag by 5 %
    assert sorted((t["what"], t["name"]) for t in report["tests"]) == sorted(
        [("seat", s) for s in ("1", "2", "3")] + [("god", g) for g in report["win_rate_by_god"]])
    assert report["flags_expected_by_chance"] == 0.05


def test_a_flagged_bound_is_printed_beyond_the_fair_rate():
    # 'seat 4 33.5% (25.0%-43.2%), above the fair 25.0%' where the bound was 25.01 %
    close = {"n": 100, "wins": 33.5, "rate": 0.335, "low": 0.2501, "high": 0.4319, "flag": "above"}
    assert interval_text(close, 0.25) == "25.01%-43.2%" and side_text(close, 0.25) == "above"
    assert rate_text(close, 0.25) == "33.5% (25.01%-43.2%) ▲"
    # a bound that, at the report's precision, cannot be told from the fair rate says so
    touching = dict(close, low=0.25)
    assert side_text(touching, 0.25) == "just above" and interval_text(touching, 0.25) == "25.00%-43.2%"
    below = {"n": 100, "wins": 16, "rate": 0.16, "low": 0.09, "high": 0.3333, "flag": "below"}
    assert interval_text(below, 0.3333) == "9.0%-33.33%" and side_text(below, 0.3333) == "just below"
    plain = dict(close, flag=None)
    assert interval_text(plain, 0.25) == "25.0%-43.2%"
