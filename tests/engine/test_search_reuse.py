"""What a decision's playouts share (`SearchPolicy._after_root`, `_deal`, `_policies`) changes no game: every
iteration played the plain way (its own copy of the game, the piles shuffled afresh, the root take played in the
playout, new policies) takes the same decisions, plays the same playouts and records the same games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine import search
from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.search_value import final_value, finish_from
from orbis_dsl.language.ruleset import base_rules

RULES = base_rules()


class _PlainWalker(search._TreeWalker):
    """The searcher's seat, playing the root's take itself (as before the root take was shared)."""

    def choose_take(self, game, me, slots, gods):
        if self.first is None:
            return super().choose_take(game, me, slots, gods)
        take = self.first
        self.took_first()
        choice = take if type(take) is str else game.display.index(take[1])
        self.note_take(game, choice)
        return choice


class PlainSearch(search.SearchPolicy):
    """The search with every iteration played from the root on its own copy: the oracle."""

    def iterate(self, game, seat, root):
        self.playouts += 1
        players = len(game.players)
        first = search._open_and_select(root, root.order, self.rng)
        k = root.stats[first][0]
        while len(self._deals) <= k:
            self._deals.append(self.rng.getrandbits(64))
        deal = random.Random(self._deals[k])
        walker = _PlainWalker(self)
        walker.start(root, first, self.playout_policy(deal.getrandbits(32)))
        policies = [self.playout_policy(deal.getrandbits(32)) for _ in range(players)]
        policies[seat] = walker
        for policy in [*policies, walker.rollout]:
            policy.shared = self._shared
        sim = game.clone(policies)
        for pile in sim.piles:
            pile.sort()
            deal.shuffle(pile)
        finish_from(sim, seat, None if self.horizon is None else search.playout_turns(self.horizon, players))
        self.turns += sim.turns - game.turns
        value = final_value(sim, seat)
        for node, take in walker.path:
            node.visits += 1
            entry = node.stats[take]
            entry[0] += 1
            entry[1] += value
        return value


def _play(search_class, variant: str, seed: int, rollouts: int, horizon) -> tuple:
    """(the game's record, every searcher's decisions, playouts and playout turns, every playout's value)."""
    players = int(variant[0])
    policies = [search_class(seed + s, rollouts=rollouts, horizon=horizon) for s in range(players - 1)]
    values = []
    for policy in policies:
        def iterate(game, seat, root, plain=policy.iterate):
            values.append(plain(game, seat, root))
            return values[-1]
        policy.iterate = iterate
    game = play_game(RULES, variant, seed, [*policies, GreedyPolicy()])
    return game.record(), [(p.decisions, p.playouts, p.turns) for p in policies], values


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["2p", "3p", "4p"]))
def test_shared_root_takes_and_deals_change_no_game(seed, variant):
    assert _play(search.SearchPolicy, variant, seed, 6, search.HORIZON) == \
        _play(PlainSearch, variant, seed, 6, search.HORIZON)


@pytest.mark.parametrize("horizon", [None, 1])
def test_shared_root_takes_at_the_horizons_edges(horizon):
    # no horizon: every playout to the end (the last round's takes too); the shortest: to the searcher's 2nd take
    fast = _play(search.SearchPolicy, "2p", 41, 4, horizon)
    assert fast == _play(PlainSearch, "2p", 41, 4, horizon)
    _, playouts, turns = fast[1][0]
    assert len(fast[2]) == playouts
    assert turns <= 3 * playouts if horizon == 1 else turns > 5 * playouts  # (1: three turns, `playout_turns`)


def test_a_root_take_is_played_once_per_decision(monkeypatch):
    # the turn of each root take is played once, whatever the number of playouts on it
    played = []
    original = search._ForcedTake.choose_take

    def counting(self, game, me, slots, gods):
        played.append(self.take)
        return original(self, game, me, slots, gods)

    monkeypatch.setattr(search._ForcedTake, "choose_take", counting)
    policy = search.SearchPolicy(3, rollouts=24)
    play_game(RULES, "2p", 12, [policy, GreedyPolicy()])
    assert policy.playouts == 24 * policy.decisions
    assert policy.decisions <= len(played) <= 4 * policy.decisions


def test_playout_policies_are_lent_the_table_of_values_not_looking_it_up(monkeypatch):
    # a playout's policies play a new copy of the game each; looking the table up for each (which writes out the
    # options) cost a thirtieth of a 4-player search; only the root takes' turns, played once each, look it up
    from orbis_dsl.engine import policy_greedy

    looked = []
    original = policy_greedy.process_table
    monkeypatch.setattr(policy_greedy, "process_table", lambda game: looked.append(1) or original(game))
    policy = search.SearchPolicy(5, rollouts=12)
    play_game(RULES, "2p", 77, [policy, GreedyPolicy()])
    assert policy.playouts == 12 * policy.decisions > 0
    assert 0 < len(looked) <= 4 * policy.decisions  # (one a root take at most)


def test_a_playout_policy_of_another_kind_plays_its_playouts():
    """A factory may make any policy for the playouts (here random ones): the values and the table a search lends
    its greedy playout policies are not asked of them, and its playouts are as many as its budget."""
    from orbis_dsl.engine.policy_random import RandomPolicy

    policy = search.SearchPolicy(5, rollouts=6, playout=lambda seed: RandomPolicy(seed))
    game = play_game(RULES, "2p", 78, [policy, GreedyPolicy()])
    assert policy.playouts == 6 * policy.decisions > 0
    assert game.record() == play_game(RULES, "2p", 78, [search.SearchPolicy(5, rollouts=6, playout=RandomPolicy),
                                                        GreedyPolicy()]).record()
