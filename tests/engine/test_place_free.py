"""Which parts of a tile's weighing are the same at every place (`engine/place_free.py`), and the greedy policy's
use of it: handlers made to read the place each way are found out; the classification of the base game and of a
pack whose weighing reads the place; and a wrong classification makes the fast greedy play otherwise than the
plain one (`greedy_plain.py`), so the property test of `test_engine_fast.py`, which plays that pack too, would
fail."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine.fast_vs_plain import fast_differs, needs_readable_bytecode, records
from engine.greedy_plain import PlainGreedy

from orbis_dsl.engine.measure_sum import fixed_term, tile_sum
from orbis_dsl.engine.place_free import names_read, place_free
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.state import tables_for
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.support import aggregate_max as _aggregate_max
from orbis_dsl.runtime.support import aggregate_sum as _aggregate_sum
from orbis_dsl.runtime.support import compare as _compare
from orbis_dsl.runtime.support import neighbours as _neighbours

PLACE_PACK = Path(__file__).resolve().parent / "place_pack"


# handlers written as the compiler writes them, each reading one thing more
def _params(g, p, t, trace=None):
    return t.params.get("cp")


def _count_temples(g, p, trace=None):
    return _aggregate_sum(n0.params.get("icons") for n0 in p.tiles if n0.kind == "temple")


def _compared(g, p, t, trace=None):
    return _compare(trace, "{value} cp", ">=", t.params.get("cp"), 2, t.params)


def _position(g, p, t, trace=None):
    return t.pos


def _row_of_tiles(g, p, trace=None):
    return sum(1 for n0 in p.tiles if g.board.coords[n0.pos][0] == 0)  # a generator reading positions


def _slots(g, p, t, trace=None):
    return sum(1 for s in p.slots if s is not None)


def _validated(g, p, trace=None):
    return sum(1 for n0 in p.tiles if n0.validated)


def _helper(g, p, t, trace=None):
    return len(_neighbours(g, p, t))  # a helper that reads the board: not one of the pure ones


def _reflective(g, p, t, trace=None):
    return getattr(t, "pos")  # noqa: B009  (reflection on purpose: what the analysis must refuse)


def _dunder(g, p, t, trace=None):
    return t.__class__


def _cache(g, p, trace=None):
    return g.cache.get("site")


def _pays(api, g, p, t):
    if not api.pay(p, t.params.get("need"), None):
        api.cancel(p, t)


def _gains(api, g, p, t):
    api.gain(p, t.params["gain"][0], t.params["gain"][1])


@pytest.mark.parametrize("handler", [_params, _count_temples, _compared, _pays, _gains])
def test_a_handler_reading_no_place_is_place_free(handler):
    assert place_free(handler)


@pytest.mark.parametrize("handler", [_position, _row_of_tiles, _slots, _validated, _helper, _reflective, _dunder,
                                     _cache])
def test_a_handler_that_may_read_the_place_is_not(handler):
    assert not place_free(handler)


def test_names_read_tell_a_handler_that_asks_to_be_paid():
    assert "pay" in names_read(_pays)
    assert "pay" not in names_read(_gains)
    assert names_read(_helper) is None and names_read(len) is None


def test_the_base_game_and_the_place_pack_are_classified():
    T = tables_for(base_rules())
    kinds = {k.name: i for i, k in reversed(list(enumerate(T.t_kind))) if k is not None}
    assert T.measures_free  # the Temple tokens count icons of temples, wherever they lie
    assert T.t_whole[kinds["stone"]] and T.t_whole[kinds["village"]] and T.t_whole[kinds["proselytism"]]
    assert not T.t_whole[kinds["irrigation"]]  # its placement condition reads the tiles below
    assert T.t_free[kinds["forest"]] == (False, False)  # its end counts neighbours
    assert not T.t_pays[kinds["proselytism"]] and not T.t_destroys[kinds["proselytism"]]
    assert T.t_pays[kinds["village"]] and not T.t_destroys[kinds["village"]]
    assert T.t_destroys[kinds["volcano"]] and not T.t_pays[kinds["volcano"]]
    P = tables_for(load_pack(PLACE_PACK)[0])
    kinds = {k.name: i for i, k in reversed(list(enumerate(P.t_kind))) if k is not None}
    assert not P.measures_free  # the Low token counts tiles in the bottom row
    assert P.t_free[kinds["stone"]] == (False, True)  # cancelled below row 2 when taken
    assert P.t_free[kinds["temple"]] == (False, False)  # worth its row
    assert not any(P.t_whole)


@pytest.mark.parametrize("players", [2, 3])
def test_the_place_pack_plays_as_under_the_plain_greedy(players):
    # as classified, the same games; the pack's Tall token asks `among`, whose cache held what the turn's award
    # measures had measured for the board without the tile, and the first tile weighed read it (a weighing depended
    # on the order tiles are weighed in, and the fast and plain greedy weigh in different orders): every weighing
    # now starts from an empty cache
    pack = load_pack(PLACE_PACK)[0]
    for seed in range(4):
        assert records(pack, seed, GreedyPolicy, players) == records(pack, seed, PlainGreedy, players)


def test_a_wrong_classification_changes_the_games():
    base = base_rules()
    pack = load_pack(PLACE_PACK)[0]
    T, P = tables_for(base), tables_for(pack)
    every = (True,) * P.ntiles
    assert fast_differs(base, range(3), t_whole=(True,) * T.ntiles)  # irrigation and forest weighed at one place
    assert fast_differs(pack, range(3), measures_free=True)  # the Low token counted at one place
    assert fast_differs(pack, range(3), t_free=tuple((True, ends) for _, ends in P.t_free), t_shares=every)
    assert fast_differs(pack, range(6), t_free=tuple((probe, True) for probe, _ in P.t_free), t_shares=every)
    assert fast_differs(base, range(3), t_pays=(False,) * T.ntiles)  # villages weighed with no realm


@pytest.mark.parametrize("wrong", [False, True])
def test_a_volcano_is_weighed_again_when_the_display_changes(wrong, monkeypatch):
    # a Volcano's dry run destroys worshippers on the other display tiles: its kept values must be keyed by them
    # (`Tables.t_destroys`), or the cost, asked after the worshippers moved, would read a stale value
    from orbis_dsl.engine.game import Game
    from orbis_dsl.engine.game_setup import deal

    rules = base_rules()
    T = tables_for(rules)
    # the turn's memo is what is tested here: the Volcano kept across turns by what its dry run comes to (its own
    # test in test_tile_fixed.py) would not read it
    monkeypatch.setattr(T, "t_kept", tuple(0 if kept == 3 else kept for kept in T.t_kept))
    if wrong:
        monkeypatch.setattr(T, "t_destroys", (False,) * T.ntiles)
    game = Game(rules, deal(rules, "2p", 1), [GreedyPolicy(), GreedyPolicy()])
    me = game.players[0]
    tile = next(i for i, k in enumerate(T.t_kind) if k is not None and k.name == "volcano")
    need, colour = T.t_params[tile]["need"], T.cidx[T.t_params[tile]["destroys"]]
    places = me.colour_positions(T, T.t_color[tile], me.open)
    policy = GreedyPolicy()

    def values():
        awards = policy._turn_parts(game, me)[1]
        return policy._values_at(game, me, tile, places, None, 0, awards, policy._memo)

    game.dw[1][colour] = need  # enough to destroy
    enough = values()
    game.dw[1][colour] = 0  # none left
    fresh = GreedyPolicy()._evaluate_places(game, me, tile, places, None, 0, policy._turn_parts(game, me)[1])
    assert fresh != enough  # the volcano is cancelled now
    assert (values() == fresh) is not wrong


# award measures written as the compiler writes them: sums of a term reading only its own tile, and measures that
# are not (each reads or combines one thing more)
def _temples_by_option(g, p, trace=None):
    return (
        _aggregate_sum(n0.params.get("icons") for n0 in p.tiles if n0.kind == "temple")
        if g.options["temple_count"] == "icons"
        else sum(1 for n0 in p.tiles if n0.kind == "temple")
    )


def _bottom_row(g, p, trace=None):
    return sum(1 for n0 in p.tiles if g.board.row_numbers[n0.pos] == 1)  # its own place, on the fixed board


def _most_icons(g, p, trace=None):
    return _aggregate_max(n0.params.get("icons") for n0 in p.tiles)


def _at_least_two(g, p, trace=None):
    return 1 if sum(1 for n0 in p.tiles if n0.kind == "temple") >= 2 else 0


def _plus_one(g, p, trace=None):
    return 1 + sum(1 for n0 in p.tiles if n0.kind == "temple")


def _reads_the_player(g, p, trace=None):
    return sum(len(p.tiles) for n0 in p.tiles)


def _over_slots(g, p, trace=None):
    return sum(1 for s in p.slots if s is not None)


def _branch_on_the_player(g, p, trace=None):
    return sum(1 for n0 in p.tiles) if p.god else sum(1 for n0 in p.tiles if n0.kind == "temple")


def _reads_the_cache(g, p, trace=None):
    return sum(1 for n0 in p.tiles if g.cache.get(n0.kind))


def _god_of_the_player(g, p, trace=None):
    return sum(1 for n0 in p.tiles if n0.kind == p.god)


def _two_fors(g, p, trace=None):
    return sum(1 for n0 in p.tiles for n1 in p.tiles if n1.kind == n0.kind)  # pairs: grows as a square


@needs_readable_bytecode
@pytest.mark.parametrize("measure", [_count_temples, _temples_by_option, _bottom_row, _row_of_tiles, _validated])
def test_a_sum_of_a_term_reading_its_tile_is_a_tile_sum(measure):
    assert tile_sum(measure)


@pytest.mark.parametrize("measure", [_most_icons, _at_least_two, _plus_one, _reads_the_player, _over_slots,
                                     _branch_on_the_player, _reads_the_cache, _god_of_the_player, _two_fors,
                                     _cache, len])
def test_a_measure_that_is_no_such_sum_is_not(measure):
    assert not tile_sum(measure)


@needs_readable_bytecode
def test_the_award_measures_are_classified():
    assert tables_for(base_rules()).measures_sum == (True,)  # the Temple tokens: icons, or temples, of each tile
    P = tables_for(load_pack(PLACE_PACK)[0])
    assert dict(zip(load_pack(PLACE_PACK)[0].awards, P.measures_sum)) == {
        "temple": True, "low": True, "tall": False, "square": False}
    assert P.measures_fixed == (True, False, False, False)  # the Low token reads where each tile lies
    assert fixed_term(_count_temples) and fixed_term(_temples_by_option)
    assert not fixed_term(_bottom_row) and not fixed_term(_row_of_tiles) and not fixed_term(_validated)


def test_a_measure_called_a_tile_sum_wrongly_changes_the_games():
    # the Square token (face-up tiles squared) measured as if each tile added its own count (1): the games differ
    # from the plain greedy's, which measures every board in full; as classified they are the same (above)
    pack = load_pack(PLACE_PACK)[0]
    assert fast_differs(pack, range(6), measures_sum=(True, True, False, True))
    assert not fast_differs(pack, range(3), measures_sum=(True, True, False, False))


@needs_readable_bytecode
def test_a_term_kept_for_a_tile_id_wrongly_changes_the_games():
    # the Low token's term (in the bottom row or not) kept for a tile id as if it read none of its place: the
    # value at the first place weighed is used at every other
    pack = load_pack(PLACE_PACK)[0]
    assert fast_differs(pack, range(6), measures_fixed=(True, True, False, False))
