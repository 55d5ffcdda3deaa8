"""The search's faster parts against the plain engine: tile values shared between playouts (`handler_key`) and
within a turn change no choice, and a playout cut at its horizon is valued from the live game."""

from __future__ import annotations

from engine.greedy_plain import PlainGreedy
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine import search, search_value
from orbis_dsl.engine.game import Game, play_game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy, QuickGreedyPolicy
from orbis_dsl.engine.search_value import final_value, finish_from, standing
from orbis_dsl.language.ruleset import base_rules

RULES = base_rules()


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]))
def test_one_shared_table_of_tile_values_changes_no_greedy_game(seed, variant):
    # every seat of three games shares one table: a value found in one state is used in every state with the same
    # handler key, so a key missing something the handlers read would change a choice somewhere
    shared: dict = {}
    players = int(variant[0])
    for k in range(3):
        fast = [GreedyPolicy(s) for s in range(players)]
        quick = [QuickGreedyPolicy(s) for s in range(players)]
        for p in fast + quick:
            p.shared = shared
        plain = play_game(RULES, variant, seed + k, [PlainGreedy(s) for s in range(players)])
        assert play_game(RULES, variant, seed + k, fast).record() == plain.record()
        assert play_game(RULES, variant, seed + k, quick).record() == \
            play_game(RULES, variant, seed + k, [QuickGreedyPolicy(s) for s in range(players)]).record()
    assert len(shared) > 0


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_the_search_plays_alike_with_and_without_shared_values(seed):
    def play(share: bool):
        old = search.SearchPolicy.share_values
        search.SearchPolicy.share_values = share
        try:
            policies = [search.SearchPolicy(seed + s, rollouts=6) for s in range(3)]
            return play_game(RULES, "3p", seed, policies).record()
        finally:
            search.SearchPolicy.share_values = old
    assert play(True) == play(False)


def _game_at(turns: int, seed: int = 8) -> Game:
    game = Game(RULES, deal(RULES, "2p", seed), [GreedyPolicy(), GreedyPolicy()])
    game.round = 1
    finish_from(game, 0, turns)
    return game


def test_a_playout_stops_at_its_horizon_and_is_estimated():
    game = _game_at(5)  # seat 0, seat 1, seat 0, seat 1, seat 0: round 3, seat 1 to move
    assert game.turns == 5 and game.round == 3 and not game.finished
    assert sum(p.placed for p in game.players) + sum(p.god is not None for p in game.players) == 5
    points = search_value.estimate(game)
    assert len(points) == 2 and all(isinstance(p, float) for p in points)
    value = final_value(game, 0)
    assert 0.0 < value - search_value.MARGIN_WEIGHT * (points[0] - points[1]) < 1.0
    # the rest of the game from where it stopped: every seat's every turn, then finished and scored
    finish_from(game, 1)
    assert game.finished and game.turns == 2 * game.tables.rounds
    report = game.score(explain=False)
    winner = next(i for i, p in enumerate(report.players) if p.winner)
    assert final_value(game, winner) >= 1.0 - 1e-9 or len(report.winners) > 1


def test_the_estimate_rises_with_the_margin(monkeypatch):
    game = _game_at(4)
    monkeypatch.setattr(search_value, "estimate", lambda g: [10.0, 12.0])
    behind = final_value(game, 0)
    monkeypatch.setattr(search_value, "estimate", lambda g: [14.0, 12.0])
    ahead = final_value(game, 0)
    assert behind < 0.5 < ahead < 1.0 + 2 * search_value.MARGIN_WEIGHT


def test_a_tile_that_scores_counts_in_the_standing():
    # the standing reads the rule set's own clauses: a finished greedy game's standing orders the players as the
    # scorer's regions, for most games
    agree = 0
    for seed in range(12):
        game = play_game(RULES, "2p", seed, [GreedyPolicy(), GreedyPolicy()])
        points = standing(game)
        totals = [p.total for p in game.score(explain=False).players]
        agree += (points[0] > points[1]) == (totals[0] > totals[1]) or totals[0] == totals[1]
    assert agree >= 9, agree


def test_a_search_without_horizon_plays_every_playout_to_the_end(monkeypatch):
    ends = []
    real = search.final_value

    def watched(game, seat):
        ends.append(game.finished)
        return real(game, seat)

    monkeypatch.setattr(search, "final_value", watched)
    policy = search.SearchPolicy(1, rollouts=3, horizon=None)
    play_game(RULES, "2p", 2, [policy, GreedyPolicy()])
    assert ends and all(ends)
    ends.clear()
    policy = search.SearchPolicy(1, rollouts=3)
    play_game(RULES, "2p", 2, [policy, GreedyPolicy()])
    assert ends and not all(ends) and any(ends)  # cut at the horizon but in the last rounds
