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
