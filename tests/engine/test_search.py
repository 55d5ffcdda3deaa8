"""The search policy: legal, reproducible, blind to the real pile order, and better than the greedy policy it
builds on (small budgets; the 400-game strength figure is bench/bench_search.py's)."""

from __future__ import annotations

import random

import pytest

from orbis_dsl.engine.game import Game, play_game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy, policy_problem
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.search import SearchPolicy, clone_game, playout_value
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.scoring import score_game

RULES = base_rules()


def _state_after(turns: int, seed: int = 5) -> Game:
    """A 2-player greedy game stopped at the start of a turn, `turns` turns in."""
    game = Game(RULES, deal(RULES, "2p", seed), [GreedyPolicy(), GreedyPolicy()])
    game.round = 1
    for t in range(turns):
        game.turn(t % 2)
        if t % 2 == 1:
            game.round += 1
    return game


def test_search_plays_whole_legal_games_reproducibly():
    def play(seed):
        game = play_game(RULES, "3p", 21, [SearchPolicy(seed, rollouts=3), GreedyPolicy(), RandomPolicy(2)])
        return game.record()

    first = play(7)
    assert first == play(7)  # the seed decides everything
    assert len(first.players) == 3 and all(p.god is not None for p in first.players)
    assert all(len(row) for p in first.players for row in p.pyramid)


def test_a_playout_leaves_the_game_it_copies_untouched():
    game = _state_after(6)
    before = (game.record(), list(map(list, game.piles)), [list(p.realm) for p in game.players], list(game.display))
    policy = SearchPolicy(1, rollouts=2)
    value = policy.playout(game, 0, 0, deal_seed=3)
    assert -5 < value < 5 and policy.playouts == 1
    after = (game.record(), list(map(list, game.piles)), [list(p.realm) for p in game.players], list(game.display))
    assert after == before


def test_the_search_never_reads_the_real_pile_order():
    # the same table with the face-down piles in another order: the search must choose the same take
    game = _state_after(8)
    other = clone_game(game, game.policies)
    rng = random.Random(4)
    for pile in other.piles:
        rng.shuffle(pile)
    assert other.piles != game.piles
    me = game.players[0]
    slots = [s for s in range(game.tables.display) if game.display[s] >= 0]
    gods = list(game.gods) if me.god is None else []
    first = SearchPolicy(9, rollouts=12).choose_take(game, me, slots, gods)
    second = SearchPolicy(9, rollouts=12).choose_take(other, other.players[0], slots, gods)
    assert first == second


def test_candidates_hold_greedys_choice_and_every_god():
    game = _state_after(0)
    me = game.players[0]
    slots = [s for s in range(game.tables.display) if game.display[s] >= 0]
    gods = list(game.gods) if me.god is None else []
    assert gods, "the greedy player took its god early: pick a state where it holds none"
    search = SearchPolicy(1, width=2)
    candidates = search.candidates(game, me, slots, gods)
    assert GreedyPolicy().choose_take(game, me, slots, gods) in candidates
    assert set(gods) <= set(candidates) and len(candidates) == 2 + len(gods)


def test_search_beats_greedy_with_a_small_budget():
    won = 0.0
    for i in range(8):
        seat = i % 2
        players = [GreedyPolicy(), GreedyPolicy()]
        players[seat] = SearchPolicy(i, rollouts=12)
        report = play_game(RULES, "2p", 500 + i, players).score(explain=False)
        if report.players[seat].winner:
            won += 1 / len(report.winners)
    assert won >= 6, f"the search won {won} of 8 against greedy"


def test_playout_value_counts_the_win_and_the_margin():
    game = play_game(RULES, "2p", 3, [GreedyPolicy(), RandomPolicy(1)])
    report = score_game(RULES, game.record(), explain=False, lines=False)
    winner = next(i for i, p in enumerate(report.players) if p.winner)
    assert playout_value(report, winner) > 1 > 0 > playout_value(report, 1 - winner)


@pytest.mark.parametrize(("name", "problem"), [
    ("mcts", None), ("mcts:16", None), ("mcts:0.01s", None), ("greedy", None), ("mcts:0s", "seconds"),
    ("mcts:0", "at least 1"), ("mcts:lots", "whole number"), ("greedy:4", "takes no budget"),
    ("clever", "unknown policy 'clever'"),
])
def test_policy_names(name, problem):
    found = policy_problem(name)
    assert (found is None) if problem is None else (problem in found)
    if problem is None:
        assert make_policy(name, 1) is not None
    else:
        with pytest.raises(ValueError):
            make_policy(name, 1)


def test_budget_reaches_the_policy():
    assert make_policy("mcts:7", 1).rollouts == 7


def test_a_time_budget_still_plays_legal_moves():
    # no clock assertion: only that a search against the clock finishes a game and uses its budget
    policy = make_policy("mcts:0.001s", 3)
    assert policy.seconds == 0.001
    game = play_game(RULES, "2p", 4, [policy, GreedyPolicy()])
    assert game.finished and policy.decisions > 0 and policy.playouts >= 2 * policy.decisions
