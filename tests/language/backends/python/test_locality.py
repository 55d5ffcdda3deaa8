"""Which scoring clauses read their tile alone, and the player's values (language/backends/python/locality.py, on
the IR of each clause), so that the scorer may remember their lines."""

from __future__ import annotations

import pytest

from orbis_dsl.language.backends.python.locality import reads_only_its_tile
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.nodes import Part, Sort, Var
from orbis_dsl.language.ir.types import Basic, Simple
from orbis_dsl.language.ruleset import base_rules

INT = Simple(Basic.INT)
CP = nodes.TileRead(None, False, "cp", INT, "cp")
COUNTED = Var(Sort.TILE, 0)


def _neighbours_that_are_deserts():
    desert = nodes.TileRead(COUNTED, True, "desert", Simple(Basic.BOOL), "desert")
    return ops.TileScan("count", None, "neighbours", None, None, COUNTED, desert)


@pytest.mark.parametrize("expr, local", [
    (CP, True),
    (ops.IfExpr(nodes.TileRead(None, True, "cancelled", Simple(Basic.BOOL), "cancelled"), ops.Literal(0), CP), True),
    (ops.Arith("+", nodes.TileRead(None, True, "level", INT, "level"), CP), True),
    (ops.Compare("=", nodes.TileRead(None, True, "color", Simple(Basic.COLOR), "color"),
                 nodes.Const("red", Simple(Basic.COLOR), "red")), True),
    (_neighbours_that_are_deserts(), False),  # the tiles around it
    (nodes.PlayerRead(None, Part.VALUE, "desert_cp", INT, "desert_cp"), True),  # the values of its player's rules
    (nodes.PlayerRead(None, Part.FACT, "coins", INT, "coins"), False),  # anything else of the player
    (nodes.PlayerRead(Var(Sort.PLAYER, 0), Part.VALUE, "desert_cp", INT, "desert_cp"), False),  # another's
    (nodes.GameRead("temple_count", True, INT, "temple_count"), False),  # the game's options
    (nodes.TileRead(None, True, "row", INT, "row"), False),  # its place: the board's tables, the game's
    (nodes.TileRead(None, True, "points", INT, "points"), False),  # what it scored: not printed on it
    (nodes.TileRead(COUNTED, False, "cp", INT, "cp"), False),  # another tile's
])
def test_a_clause_is_local_only_when_it_reads_nothing_but_its_tiles_own_fields(expr, local):
    assert reads_only_its_tile([expr]) is local


def test_a_let_is_as_local_as_its_expression():
    let = nodes.Let("l", _neighbours_that_are_deserts())
    assert reads_only_its_tile([ops.Arith("+", CP, nodes.LetRef(let, "l"))]) is False
    let.expr = CP
    assert reads_only_its_tile([ops.Arith("+", CP, nodes.LetRef(let, "l"))]) is True


def test_the_base_games_clauses_that_are_local():
    rules = base_rules()
    local = {name for name, kind in rules.kinds.items() for end in kind.ends if end.local}
    assert local == {"stone", "village", "volcano", "irrigation", "temple"}  # a forest counts its neighbours
    assert all(end.local for end in rules.settings.desert_ends)  # (its cost: a value, which a god may change)
