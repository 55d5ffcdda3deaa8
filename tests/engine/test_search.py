"""The search policies (`mcts`, the tree search; `flat`, the flat one): legal, reproducible, blind to the real pile
order, spending exactly their budget, fair between identical options, and better than the greedy policy they
build on (small budgets; the 400-game strength figures are bench/bench_ladder.py's)."""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine import search
from orbis_dsl.engine.game import Game, play_game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy, policy_problem
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.search import SearchPolicy, clone_game, finish_from, playout_value
from orbis_dsl.engine.search_flat import FlatSearchPolicy
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.scoring import score_game

RULES = base_rules()
ROOT = Path(__file__).resolve().parents[2]


def _state_after(turns: int, seed: int = 5) -> Game:
    """A 2-player greedy game stopped at the start of a turn, `turns` turns in."""
    game = Game(RULES, deal(RULES, "2p", seed), [GreedyPolicy(), GreedyPolicy()])
    game.round = 1
    for t in range(turns):
        game.turn(t % 2)
        if t % 2 == 1:
            game.round += 1
    return game


@pytest.mark.parametrize("search_class", [SearchPolicy, FlatSearchPolicy])
def test_search_plays_whole_legal_games_reproducibly(search_class):
    def play(seed):
        game = play_game(RULES, "3p", 21, [search_class(seed, rollouts=3), GreedyPolicy(), RandomPolicy(2)])
        return game.record()

    first = play(7)
    assert first == play(7)  # the seed decides everything
    assert first != play(8)
    assert len(first.players) == 3 and all(p.god is not None for p in first.players)
    assert all(len(row) for p in first.players for row in p.pyramid)


def _table(game):
    return (game.record(), list(map(list, game.piles)), [list(p.realm) for p in game.players], list(game.display),
            [list(w) for w in game.dw], list(game.gods), game.tokens, list(game.aether))


def test_a_playout_leaves_the_game_it_copies_untouched():
    game = _state_after(6)
    before = _table(game)
    flat = FlatSearchPolicy(1, rollouts=2)
    value = flat.playout(game, 0, 0, deal_seed=3)
    assert -5 < value < 5 and flat.playouts == 1
    tree = SearchPolicy(1, rollouts=2)
    tree.choose_take(game, game.players[0], [s for s in range(9) if game.display[s] >= 0], list(game.gods))
    assert tree.playouts == 2
    assert _table(game) == before


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 29), players=st.sampled_from([2, 3, 4]))
def test_the_fast_copy_plays_on_as_a_deep_copy_does(seed, turns, players):
    # Game.clone copies field by field; copy.deepcopy copies everything: from any turn, the same policies must
    # play both to the same finished game, and the copy must share no state with the original
    game = Game(RULES, deal(RULES, f"{players}p", seed), [GreedyPolicy() for _ in range(players)])
    game.round = 1
    for t in range(turns):
        game.turn(t % players)
        if t % players == players - 1:
            game.round += 1
    seat = turns % players
    before = _table(game)
    fast = game.clone([RandomPolicy(seed + s) for s in range(players)])
    memo = {id(x): x for x in (game.rules, game.tables, game.setup, game.variant, game.rules.board, game.options,
                               *game.tables.t_params)}
    deep = copy.deepcopy(game, memo)
    deep.policies = [RandomPolicy(seed + s) for s in range(players)]
    finish_from(fast, seat)
    finish_from(deep, seat)
    assert _table(fast) == _table(deep)
    assert score_game(RULES, fast.record()).to_json() == score_game(RULES, deep.record()).to_json()
    assert _table(game) == before


@pytest.mark.parametrize(("name", "budget"), [("mcts", 5), ("mcts", 24), ("flat", 5), ("flat", 24), ("flat", 2)])
def test_a_budget_of_n_spends_n_playouts_per_decision(monkeypatch, name, budget):
    # counted where a playout ends (its game scored, or its standing estimated at the horizon), not by the
    # policy's own counter
    scored = []
    module = search if name == "mcts" else __import__("orbis_dsl.engine.search_flat", fromlist=["x"])
    valued = search.final_value if name == "mcts" else score_game

    def counting(*args, **kwargs):
        scored.append(1)
        return valued(*args, **kwargs)

    monkeypatch.setattr(module, "final_value" if name == "mcts" else "score_game", counting)
    policy = make_policy(f"{name}:{budget}", 3)
    play_game(RULES, "2p", 11, [policy, GreedyPolicy()])
    assert policy.decisions > 10
    assert len(scored) == budget * policy.decisions == policy.playouts


def _god_takes(policy_class, games: int, rollouts: int) -> list[tuple[list[str], str]]:
    """(gods on offer, god taken) for every god the searcher took, over 2-player games of the symmetric pack."""
    rules, _ = load_pack(ROOT / "examples" / "balance" / "symmetric")
    takes = []

    class Watched(policy_class):
        def choose_take(self, game, me, slots, gods):
            choice = super().choose_take(game, me, slots, gods)
            if type(choice) is str:
                takes.append((list(gods), choice))
            return choice

    for i in range(games):
        play_game(rules, "2p", 300 + i, [Watched(i, rollouts=rollouts), GreedyPolicy()])
    return takes


@pytest.mark.parametrize("policy_class", [SearchPolicy, FlatSearchPolicy])
def test_identical_gods_are_taken_alike_often(policy_class):
    # ten gods worth 2 CP each: nothing tells them apart, so which one is taken must not depend on its name (the
    # flat search once took the first by the alphabet) nor on its place in the offer
    takes = _god_takes(policy_class, 48, 4)
    assert len(takes) == 48
    by_name = Counter(sorted(offer).index(god) for offer, god in takes if len(offer) == 3)
    by_place = Counter(offer.index(god) for offer, god in takes if len(offer) == 3)
    offered = sum(by_name.values())
    assert offered >= 30
    # each of 3 ranks expected offered/3 times; a rule by name or by place gives all to one
    for counts in (by_name, by_place):
        assert max(counts.values()) <= 0.6 * offered, counts


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
    search = FlatSearchPolicy(1, width=2)
    candidates = search.candidates(game, me, slots, gods)
    assert GreedyPolicy().choose_take(game, me, slots, gods) in candidates
    assert set(gods) <= set(candidates) and len(candidates) == 2 + len(gods)


def test_every_legal_take_is_tried_with_budget_enough():
    # progressive widening opens the greedy policy's best takes first, and every one as the visits grow
    game = _state_after(0)
    me = game.players[0]
    slots = [s for s in range(game.tables.display) if game.display[s] >= 0]
    gods = list(game.gods)
    policy = SearchPolicy(2, rollouts=1)
    root = search.Node()
    root.order = search.ranked_takes(policy.greedy, game, me, slots, gods, policy.rng)
    assert len(root.order) == len(slots) + len(gods)
    # all 14 open from 1 + floor(WIDENING * sqrt(n)) >= 14 visits on
    iterations = math.ceil(((len(root.order) - 1) / search.WIDENING) ** 2) + 1
    for _ in range(iterations):
        policy.iterate(game, 0, root)
    assert set(root.stats) == set(root.order) and all(n >= 1 for n, _, _ in root.stats.values())
    assert sum(n for n, _, _ in root.stats.values()) == iterations == root.visits
    # UCB1 spends more on the better takes: the most visited holds more than an even share
    assert max(n for n, _, _ in root.stats.values()) > iterations / len(root.order)


@pytest.mark.parametrize("search_class", [SearchPolicy, FlatSearchPolicy])
def test_search_beats_greedy_with_a_small_budget(search_class):
    won = 0.0
    for i in range(8):
        seat = i % 2
        players = [GreedyPolicy(), GreedyPolicy()]
        players[seat] = search_class(i, rollouts=12)
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
    ("flat", None), ("flat:8", None), ("flat:0.01s", None), ("flat:0", "at least 1"),
    ("mcts:0", "at least 1"), ("mcts:lots", "whole number"), ("greedy:4", "takes no budget"),
    ("clever", "unknown policy 'clever'"),
    ("mcts:1000000", None), ("mcts:1000001", "at most 1,000,000"), ("mcts:" + "9" * 5001, "at most 1,000,000"),
    ("mcts:\u00b2", "whole number"), ("flat:007", None),
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
    assert isinstance(make_policy("mcts", 1), SearchPolicy)
    assert isinstance(make_policy("flat:7", 1), FlatSearchPolicy) and make_policy("flat:7", 1).rollouts == 7


@pytest.mark.parametrize("name", ["mcts", "flat"])
def test_a_time_budget_still_plays_legal_moves(name):
    # no clock assertion: only that a search against the clock finishes a game and uses its budget
    policy = make_policy(f"{name}:0.001s", 3)
    assert policy.seconds == 0.001
    game = play_game(RULES, "2p", 4, [policy, GreedyPolicy()])
    assert game.finished and policy.decisions > 0 and policy.playouts >= policy.decisions


@pytest.mark.parametrize("search_class", [SearchPolicy, FlatSearchPolicy])
def test_a_time_budget_counts_cpu_seconds_not_the_clock(monkeypatch, search_class):
    # a fake CPU clock that moves 10 ms a reading, and a wall clock that moves 100 s (a process starved by a loaded
    # machine): the search stops when the CPU clock says so, after 5 iterations, not after the first, so two
    # searchers on a loaded machine get the same CPU time (bench/bench_ladder.py)
    from orbis_dsl.engine import search_flat

    ticks = iter(range(10**6))
    monkeypatch.setattr(search.time, "process_time", lambda: next(ticks) * 0.01)
    wall = iter(range(10**6))
    monkeypatch.setattr(search.time, "perf_counter", lambda: next(wall) * 100.0)
    assert search_flat.time is search.time
    game = _state_after(6)
    me = game.players[0]
    slots = [s for s in range(9) if game.display[s] >= 0]
    gods = [] if me.god is not None else list(game.gods)
    policy = search_class(1, seconds=0.05)
    policy.choose_take(game, me, slots, gods)
    # one reading sets the deadline, one follows every iteration (mcts) or every pass over the candidates (flat)
    passes = 5
    per_pass = 1 if search_class is SearchPolicy else len(policy.candidates(game, me, slots, gods))
    assert policy.playouts == passes * per_pass
