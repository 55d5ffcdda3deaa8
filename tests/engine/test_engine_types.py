"""What the greedy policy's hot loop adds and compares is of one type where a value allows it: a desert's worth is a
float (the same number as the desert clauses' int sum), so the nine-slot loop's sites add and compare floats only,
which CPython specialises; an int no float holds exactly stays an int."""

from __future__ import annotations

import pytest

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.views import TileView

RULES = base_rules()


def _game():
    return Game(RULES, deal(RULES, "2p", 3), [GreedyPolicy(), GreedyPolicy()])


def test_a_deserts_worth_is_the_clauses_sum_as_a_float():
    game = _game()
    me = game.players[0]
    plain = sum((end(game.g, me.view, TileView(0, desert=True)) or 0) for end in game.tables.desert_ends)
    value = GreedyPolicy()._desert_value(game, me)
    assert type(value) is float and value == plain and type(plain) is int


@pytest.mark.parametrize(("points", "kind"), [(-1, float), (0, float), (2 ** 53, float), (-(2 ** 53), float),
                                              (2 ** 53 + 1, int), (10 ** 400, int), (0.5, float)])
def test_an_int_no_float_holds_stays_an_int(monkeypatch, points, kind):
    game = _game()
    monkeypatch.setattr(game.tables, "desert_ends", (lambda g, p, t: points,))
    value = GreedyPolicy()._desert_value(game, game.players[0])
    assert type(value) is kind and value == points


def test_the_takes_weigh_alike_with_the_int_desert():
    # the values of every take over whole games, with the desert's worth left an int (the form before): the same
    # floats, and so the same games
    class IntDesert(GreedyPolicy):
        def _desert_value(self, game, me):
            return int(super()._desert_value(game, me))

    class Watched(GreedyPolicy):
        def __init__(self, log):
            super().__init__()
            self.log = log

        def take_values(self, game, me, slots, gods):
            values = super().take_values(game, me, slots, gods)
            self.log.append(values)
            return values

    class WatchedInt(IntDesert, Watched):
        pass

    for seed in range(6):
        ours, theirs = [], []
        a = Game(RULES, deal(RULES, "2p", seed), [Watched(ours), Watched(ours)]).play()
        b = Game(RULES, deal(RULES, "2p", seed), [WatchedInt(theirs), WatchedInt(theirs)]).play()
        assert ours == theirs and len(ours) > 20
        assert [type(v) for slots, _ in ours for v, _ in slots] == [type(v) for slots, _ in theirs for v, _ in slots]
        assert a.score(False).to_json() == b.score(False).to_json()


def test_the_realms_worth_is_read_for_the_tables_asked_about():
    # one policy weighing turns of two games whose tables differ in the realm limit, in turn: `_worth_at` holds the
    # last tables' worths, and each game's takes must be weighed as a fresh policy weighs them (a table kept
    # without its tables in the key fails this)
    import copy

    first = Game(RULES, deal(RULES, "2p", 5), [GreedyPolicy(), GreedyPolicy()])
    second = Game(RULES, deal(RULES, "2p", 5), [GreedyPolicy(), GreedyPolicy()])
    second.tables = copy.copy(first.tables)
    second.tables.realm_limit = 4
    for game in (first, second):
        game.players[0].realm[:] = [2, 2, 2, 1, 1]
        game.dw[:] = [[1, 1, 0, 0, 0] for _ in game.dw]  # (the worshippers collected are worth less past 4)
    shared = GreedyPolicy()
    differ = 0
    for _ in range(3):
        got = [shared.take_values(game, game.players[0], list(range(9)), []) for game in (first, second)]
        want = [GreedyPolicy().take_values(game, game.players[0], list(range(9)), []) for game in (first, second)]
        assert got == want
        differ += got[0] != got[1]
    assert differ == 3


def test_a_probe_made_by_the_plain_function_is_the_class_calls():
    from orbis_dsl.engine.effect_probe import EffectProbe, new_probe

    game = _game()
    realm = [1, 2, 3, 0, 0]
    ours, theirs = new_probe(game, realm, 4), EffectProbe(game, realm, 4)
    assert type(ours) is EffectProbe
    assert all(getattr(ours, name) is getattr(theirs, name) or getattr(ours, name) == getattr(theirs, name)
               for name in EffectProbe.__slots__)
    assert ours.realm is realm and ours.game is game


@pytest.mark.parametrize("seed", range(20))
def test_a_desert_goes_to_the_lowest_row_then_the_lowest_place(seed):
    import random

    game = _game()
    T = game.tables
    positions = random.Random(seed).sample(range(T.size), random.Random(seed).randint(1, T.size))
    want = min(positions, key=lambda p: (T.row_of[p], p))  # the form before, the oracle
    assert GreedyPolicy().choose_place(game, game.players[0], -1, positions) == want


@pytest.mark.parametrize("seed", range(20))
def test_worshippers_are_destroyed_from_the_fullest_slots_first_the_first_listed_of_equals(seed):
    import random

    from orbis_dsl.engine.policy import Policy

    r = random.Random(seed)
    here = [(s, r.randint(1, 3)) for s in r.sample(range(9), r.randint(1, 8))]
    count = r.randint(1, sum(n for _, n in here))
    want = []  # the form before, the oracle
    for slot, n in sorted(here, key=lambda e: -e[1]):
        want.extend([slot] * min(n, count - len(want)))
        if len(want) == count:
            break
    assert Policy().choose_destroy(None, None, count, 0, here) == want


@pytest.mark.parametrize("seed", range(30))
def test_the_gained_colours_are_the_most_lacked_first_of_equals(seed):
    import random

    r = random.Random(seed)
    game = _game()
    T = game.tables
    me = game.players[0]
    me.realm[:] = [r.randint(0, 3) for _ in range(T.nc)]
    game.display[:] = [r.randrange(T.ntiles) if r.random() < 0.8 else -1 for _ in game.display]
    count = r.randint(1, 4)
    want = [0] * T.nc  # the form before, the oracle
    for t in game.display:
        if t >= 0:
            for c, n in T.t_fixed[t]:
                want[c] += n
    realm, expected = list(me.realm), []
    for _ in range(count):
        c = max(range(T.nc), key=lambda c: (want[c] - realm[c], -c))
        realm[c] += 1
        expected.append(c)
    assert GreedyPolicy().choose_gain(game, me, count) == expected


@pytest.mark.parametrize("seed", range(30))
def test_a_display_destroy_lists_the_slots_holding_the_colour(seed):
    # `EffectApi.destroy` offers the policy every other slot holding the colour, in slot order, with their counts
    import random

    r = random.Random(seed)
    game = _game()
    T = game.tables
    game.dw[:] = [[r.choice([0, 0, 1, 2]) for _ in range(T.nc)] for _ in game.dw]
    game.current_slot = r.randrange(-1, T.display)
    colour = r.randrange(T.nc)
    offered = []

    class Watch(GreedyPolicy):
        def choose_destroy(self, game, me, count, colour, here):
            offered.append(list(here))
            return None

    game.policies[0] = Watch()
    want = [(s, game.dw[s][colour]) for s in range(T.display) if s != game.current_slot and game.dw[s][colour] > 0]
    count = r.randint(1, 6)
    game.destroy(game.players[0].view, count, T.colors[colour])
    assert offered == ([want] if sum(n for _, n in want) >= count else [])


def _god_value_before(policy, game, me, name):
    """`GreedyPolicy._god_value` as it was before a god without modifiers skipped copying and restoring the
    player's values: the oracle."""
    from orbis_dsl.engine.effect_probe import new_probe
    g, view = game.g, me.view
    god = game.rules.gods[name]
    old_values = dict(me.values)
    view.god = name
    me.values.update(god.modifiers)
    try:
        g.cache.clear()
        value = 0.0
        for end in god.ends:
            value += end.fn(g, view) or 0
        if god.modifiers:
            for t in view.tiles:
                if t.desert:
                    for end in game.rules.settings.desert_ends:
                        value += (end.fn(g, view, t) or 0)
            me.values.clear()
            me.values.update(old_values)
            for t in view.tiles:
                if t.desert:
                    for end in game.rules.settings.desert_ends:
                        value -= (end.fn(g, view, t) or 0)
        if god.taken is not None:
            probe = new_probe(game, me.realm, -1)
            god.taken(probe, g, view)
            value += (probe.gained - probe.spent) * policy.WORSHIPPER + probe.reduced * policy.REDUCTION
            if probe.cancelled:
                value -= 3
        return value
    finally:
        view.god = None
        me.values.clear()
        me.values.update(old_values)
        g.cache.clear()


@pytest.mark.parametrize("pack", [None, "examples/balance/sun-king", "examples/custom/pack"])
def test_a_gods_worth_is_its_old_form_and_leaves_the_values_as_they_were(pack):
    # every god of the rule set (with modifiers and without) weighed for every player holding none after every
    # round of greedy games: the same float as the old form, and the player's values after it the same items in
    # the same order
    from pathlib import Path

    from orbis_dsl.language.packs.load import load_pack
    rules = RULES if pack is None else load_pack(Path(__file__).resolve().parents[2] / pack)[0]
    assert any(god.modifiers for god in rules.gods.values()) and any(not god.modifiers for god in rules.gods.values())
    policy = GreedyPolicy()
    for seed in range(3):
        game = Game(rules, deal(rules, "2p", seed), [GreedyPolicy(), GreedyPolicy()])
        while game.round < game.tables.rounds:
            game.round += 1
            for seat in range(2):
                game.turn(seat)
            for me in game.players:
                if me.god is not None:  # (weighed only while a player holds none, as `take_values` weighs them)
                    continue
                for name in rules.gods:
                    before = list(me.values.items())
                    value = policy._god_value(game, me, name)
                    assert list(me.values.items()) == before and me.view.god is None
                    assert value == _god_value_before(policy, game, me, name)
                    assert list(me.values.items()) == before
