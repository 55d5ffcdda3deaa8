"""The tiles whose weighing the greedy policy keeps across turns (engine/tile_fixed.py): the classification on
handlers written as the compiler writes them, the base game's and a pack's tiles, the same games as the plain
greedy's (tests/engine/greedy_plain.py) as classified, and other games when a tile is kept wrongly."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine.fast_vs_plain import fast_differs, needs_readable_bytecode, records
from engine.greedy_plain import PlainGreedy

from orbis_dsl.engine.policy_greedy import GreedyPolicy, forget_shared_values
from orbis_dsl.engine.state import tables_for
from orbis_dsl.engine.tile_fixed import (
    KEPT_CLAUSE,
    KEPT_HANDLER,
    attributes_named,
    attributes_off_the_tile,
    reads_only,
    regions_read,
)
from orbis_dsl.engine.weighing_tables import region_getters
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.support import compare as _compare
from orbis_dsl.runtime.support import neighbours as _neighbours
from orbis_dsl.runtime.support import supports as _supports

KEPT_PACK = Path(__file__).resolve().parent / "kept_pack"
tiles = 3  # a module global named as the attribute `_reads_tiles_beside_a_global` reads


def _cp(g, p, t, trace=None):
    return t.params.get("cp")


def _by_values(g, p, t, trace=None):
    return p.values["desert_penalty"]


def _compared(g, p, t, trace=None):
    return _compare(trace, "{value} cp", ">=", t.params.get("cp"), 2, t.params)


def _pays(api, g, p, t):
    if not api.pay(p, t.params.get("need"), None):
        api.cancel(p, t)


def _reduces(api, g, p, t):
    api.reduce(p, t.params.get("reduces"))


def _stones(g, p, t, trace=None):
    return sum(1 for n0 in p.tiles if n0.kind == "stone")


def _reads_tiles_beside_a_global(g, p, t, trace=None):
    return len(p.tiles) + tiles


def _worshippers(g, p, t, trace=None):
    return p.worshippers


def _god(g, p, t, trace=None):
    return 1 if p.god else 0


def _players(g, p, t, trace=None):
    return len(g.players)


def _position(g, p, t, trace=None):
    return t.pos


def _realm(api, g, p, t):
    return sum(api.realm)


def _reflective(g, p, t, trace=None):
    return getattr(p, "tiles")  # noqa: B009  (reflection on purpose: what the analysis must refuse)


def _below(g, p, t, trace=None):
    return sum(1 for n0 in _supports(g, p, t) if n0.desert or n0.color == t.params.get("needs"))


def _around(g, p, t, trace=None):
    return sum(1 for n0 in _neighbours(g, p, t) if n0.color in t.params.get("colors"))


def _validated_around(g, p, t, trace=None):
    return sum(1 for n0 in _neighbours(g, p, t) if n0.validated)


@needs_readable_bytecode
def test_a_handler_handed_a_region_reads_it():
    assert regions_read(_below) == {"supports"} and regions_read(_around) == {"neighbours"}
    assert regions_read(_cp) == set()
    assert reads_only(_below, KEPT_CLAUSE, regions=True) and not reads_only(_below, KEPT_CLAUSE)
    assert not reads_only(_validated_around, KEPT_CLAUSE, regions=True)  # what the neighbours scored moves


@needs_readable_bytecode
@pytest.mark.parametrize("handler", [_cp, _by_values, _compared])
def test_a_clause_reading_its_printed_tile_is_kept(handler):
    assert reads_only(handler, KEPT_CLAUSE)


@needs_readable_bytecode
@pytest.mark.parametrize("handler", [_pays, _reduces])
def test_a_handler_asking_the_api_is_kept(handler):
    assert reads_only(handler, KEPT_HANDLER)
    assert not reads_only(handler, KEPT_CLAUSE)  # a clause has no api to ask


@pytest.mark.parametrize("handler", [_stones, _reads_tiles_beside_a_global, _worshippers, _god, _players,
                                     _position, _realm, _reflective, len])
def test_a_handler_reading_what_moves_is_not(handler):
    assert not reads_only(handler, KEPT_HANDLER)


@needs_readable_bytecode
def test_attributes_are_read_off_the_attribute_instructions():
    # `tiles` is a module global here too: named as a global it would pass, read as an attribute it does not
    assert "tiles" in attributes_named(_reads_tiles_beside_a_global)
    assert attributes_named(_cp) == {"params", "get"}


def _kinds(T) -> dict:
    return {k.name: kept for k, kept in zip(T.t_kind, T.t_kept) if k is not None}


def _regions(T) -> dict:
    return {k.name: region for k, region in zip(T.t_kind, T.t_region) if k is not None}


@needs_readable_bytecode
def test_the_base_game_and_the_kept_pack_are_classified():
    assert _kinds(tables_for(base_rules())) == {
        "stone": 1, "proselytism": 1, "temple": 1, "village": 1, "farm": 2,  # farm: its dry run reads reductions
        "volcano": 3,  # it destroys: kept by what its dry run comes to, the display's worshippers move
        "irrigation": 0, "forest": 0}  # they read the tiles below, the neighbours: kept by region (below)
    T = tables_for(base_rules())
    regions = _regions(T)
    assert {name for name, region in regions.items() if region is not None} == {"irrigation", "forest"}
    assert regions["irrigation"] == T.board.supports
    assert regions["forest"] == tuple(tuple(sorted(n)) for n in T.board.neighbours)
    kinds = _kinds(tables_for(load_pack(KEPT_PACK)[0]))
    assert kinds["stone"] == 0 and kinds["temple"] == 0  # stones counted on the board; the realm's worshippers
    assert kinds["proselytism"] == 1
    assert _regions(tables_for(load_pack(KEPT_PACK)[0]))["stone"] is None  # it reads every tile, not a region


@pytest.mark.parametrize("pack", [None, KEPT_PACK])
def test_as_classified_the_games_are_the_plain_greedys(pack):
    rules = base_rules() if pack is None else load_pack(pack)[0]
    assert not fast_differs(rules, range(4))
    for seed in range(2):
        assert records(rules, seed, GreedyPolicy, 3) == records(rules, seed, PlainGreedy, 3)


@needs_readable_bytecode
def test_a_tile_kept_wrongly_changes_the_games():
    pack = load_pack(KEPT_PACK)[0]
    T = tables_for(pack)
    stone_and_temple = tuple(1 if k is not None and k.name in ("stone", "temple") else kept
                             for k, kept in zip(T.t_kind, T.t_kept))
    assert fast_differs(pack, range(4), t_kept=stone_and_temple, kept_any=True)


@needs_readable_bytecode
@pytest.mark.parametrize("wrong", [False, True])
def test_a_farm_is_weighed_again_once_its_reduction_is_held(wrong, monkeypatch):
    # a Farm's dry run reads whether its colour is reduced already (the base game's farms reduce five different
    # colours, so no game meets it): its kept value must be keyed by the player's reductions (`t_kept` 2)
    from orbis_dsl.engine.game import Game
    from orbis_dsl.engine.game_setup import deal

    rules = base_rules()
    T = tables_for(rules)
    if wrong:
        monkeypatch.setattr(T, "t_kept", tuple(1 if kept == 2 else kept for kept in T.t_kept))
    forget_shared_values()
    game = Game(rules, deal(rules, "2p", 1), [GreedyPolicy(), GreedyPolicy()])
    me = game.players[0]
    tile = next(i for i, k in enumerate(T.t_kind) if k is not None and k.name == "farm")
    places = me.colour_positions(T, T.t_color[tile], me.open)
    policy = GreedyPolicy()

    def values():
        game.turns += 1  # a new turn: the reductions are read again
        awards = policy._turn_parts(game, me)[1]
        return policy._values_at(game, me, tile, places, None, 0, awards, policy._memo)

    unreduced = values()
    me.reduced[T.cidx[T.t_params[tile]["reduces"]]] = True
    fresh = PlainGreedy()._plain_tile_value(game, me, tile, places[0], None, 0, policy._turn_parts(game, me)[1])
    try:
        assert fresh != unreduced[0]  # nothing left to reduce
        assert (values()[0] == fresh) is not wrong
    finally:
        forget_shared_values()


@needs_readable_bytecode
def test_a_region_too_small_changes_the_games():
    # the Forest kept by the tiles below it only, not its neighbours in its row and above: a value kept while a
    # neighbour was empty is read again after it is filled
    base = base_rules()
    T = tables_for(base)
    forest = next(i for i, k in enumerate(T.t_kind) if k is not None and k.name == "forest")
    wrong = tuple(T.board.supports if tile == forest else region for tile, region in enumerate(T.t_region))
    reads = tuple(("supports",) if tile == forest else names for tile, names in enumerate(T.t_region_reads))
    assert fast_differs(base, range(20), t_region=wrong, t_region_get=region_getters(T.board, reads))
    # an Irrigation kept by its place alone: the tiles below it are read once for every game of the process
    irrigation = next(i for i, k in enumerate(T.t_kind) if k is not None and k.name == "irrigation")
    wrong = tuple(((),) * T.size if tile == irrigation else region for tile, region in enumerate(T.t_region))
    reads = tuple(() if tile == irrigation else names for tile, names in enumerate(T.t_region_reads))
    assert fast_differs(base, range(20), t_region=wrong, t_region_get=region_getters(T.board, reads))


def _writes(api, g, p, t):
    t.cancelled = True


def _writes_an_item(api, g, p, t):
    t.params["cp"] = 0


def test_a_handler_that_changes_anything_is_not_kept_by_its_outcome():
    from orbis_dsl.engine.tile_fixed import changes_nothing

    assert changes_nothing(_pays) and changes_nothing(_reduces) and changes_nothing(_below)
    assert not changes_nothing(_writes) and not changes_nothing(_writes_an_item)


@needs_readable_bytecode
def test_a_volcano_kept_by_its_id_changes_the_games():
    # a Volcano's dry run reads the display's worshippers: kept by its id, one turn's outcome is read in the next
    base = base_rules()
    T = tables_for(base)
    assert fast_differs(base, range(6), t_kept=tuple(1 if kept == 3 else kept for kept in T.t_kept))


def _kinds_around(g, p, t, trace=None):
    return sum(1 for n0 in _neighbours(g, p, t) if n0.kind == t.kind)


def _loop_named_as_the_tile(g, p, t, trace=None):
    return sum(1 for t in _neighbours(g, p, p.slots[0]) if t.kind == "stone")


def _rebinds_the_tile(g, p, t, trace=None):
    for t in _neighbours(g, p, t):  # noqa: B020  (on purpose: the name then reads a neighbour)
        return t.params
    return None


def test_attributes_read_off_other_tiles_are_told_from_the_tiles_own():
    assert attributes_off_the_tile(_below, "t") == {"desert", "color", "get"}  # `t.params` is its own
    assert attributes_off_the_tile(_around, "t") == {"color", "get"}
    assert "kind" in attributes_off_the_tile(_kinds_around, "t")  # the neighbours' kinds, beside its own
    assert "kind" in attributes_off_the_tile(_loop_named_as_the_tile, "t")  # a loop's own `t` is not the tile
    assert "params" in attributes_off_the_tile(_rebinds_the_tile, "t")  # nor is `t` bound again


@needs_readable_bytecode
def test_a_region_key_by_colours_only_where_only_colours_are_read():
    assert {k.name: c for k, c in zip(tables_for(base_rules()).t_kind, tables_for(base_rules()).t_region_colours)
            if c} == {"irrigation": True, "forest": True}
    P = tables_for(load_pack(KEPT_PACK)[0])
    assert {k.name: c for k, c in zip(P.t_kind, P.t_region_colours) if c} == {"irrigation": True}


@needs_readable_bytecode
def test_a_region_keyed_by_colours_wrongly_changes_the_games():
    # the kept pack's Forest counts the stones around it: keyed by its neighbours' colours only, a value kept with
    # a green stone beside it is read again beside a green temple
    pack = load_pack(KEPT_PACK)[0]
    P = tables_for(pack)
    assert fast_differs(pack, range(12), t_region_colours=tuple(region is not None for region in P.t_region))


def test_a_handler_without_a_tile_argument_reads_the_region_by_its_tiles():
    from types import SimpleNamespace

    from orbis_dsl.engine.tile_fixed import _reads_colours_around

    def clause(*args):
        return sum(1 for n0 in _neighbours(*args) if n0.color)

    kind = SimpleNamespace(ends=(SimpleNamespace(fn=clause),))
    tables = SimpleNamespace(t_taken=(None,), t_placed=(None,), t_kind=(kind,))
    assert not _reads_colours_around(tables, 0)
