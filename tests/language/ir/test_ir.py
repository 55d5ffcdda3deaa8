"""The IR (language/ir): every name resolved once to what it is and whose, types as values, and each `let` one
node that every use in a scope refers to."""

from __future__ import annotations

import attrs
import pytest

from orbis_dsl.language.check.names import god_context, kind_context
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.lower import Lowering
from orbis_dsl.language.ir.nodes import Part, Sort, Var
from orbis_dsl.language.ir.types import Basic, Simple
from orbis_dsl.language.ruleset import compile_paths
from orbis_dsl.language.syntax import ast_expr

RULES = """\
colors red, green, blue
family kind "Tile" for tiles
family god "God" for players
board stacked 3, 2, 1
winner: most total, ties shared
value bonus = 2

kind plain "Plain" {
  param cp: int = 1
  end: cp + count(n in neighbours where n.color = color)
}

god zealot "The Zealot" {
  let temples = count(tiles where kind = plain)
  let twice = temples + temples
  end: twice + count(players where their count(tiles where kind = plain) < my temples)
}
"""


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("ir") / "ir.orbis"
    path.write_text(RULES, encoding="utf-8")
    result = compile_paths([path])
    assert [d for d in result.diagnostics if d.is_error] == []
    return result.model


def test_a_named_counted_tile_and_the_clauses_own_tile_are_told_apart(model):
    lowering = Lowering(kind_context(model, model.kinds["plain"]))
    points = lowering.lower(model.kinds["plain"].ends[0].points)
    assert isinstance(points, ops.Arith)
    assert points.left == nodes.TileRead(None, False, "cp", Simple(Basic.INT), "cp")
    scan = points.right
    assert isinstance(scan, ops.TileScan) and scan.var == Var(Sort.TILE, 0) and scan.of is None
    counted, own = scan.where.left, scan.where.right
    assert (counted.tile, counted.target) == (scan.var, "color")
    assert (own.tile, own.target) == (None, "color")  # bare `color`: the tile being scored


def test_each_let_is_one_node_that_every_use_in_its_scope_refers_to(model):
    god = model.gods["zealot"]
    lowering = Lowering(god_context(model, god))
    points = lowering.lower(god.ends[0].points)
    twice = points.left
    assert isinstance(twice, nodes.LetRef) and twice.let.name == "twice"
    left, right = twice.let.expr.left, twice.let.expr.right
    assert left.let is right.let  # `temples + temples`: one let, read twice
    mine = points.right.where.right  # `my temples`, read for the player scored: the same let
    assert mine.expr.let is left.let
    assert [let.name for let in lowering.lets] == ["temples", "twice"]  # each after the lets it reads
    assert all(let.free for let in lowering.lets)


def test_their_and_my_name_the_player_each_read_belongs_to(model):
    god = model.gods["zealot"]
    scan = Lowering(god_context(model, god)).lower(god.ends[0].points).right
    assert isinstance(scan, ops.PlayerScan) and scan.var == Var(Sort.PLAYER, 0)
    theirs = scan.where.left.expr
    assert isinstance(theirs, ops.TileScan) and theirs.player == scan.var  # the counted player's tiles
    kind = theirs.where.left
    assert isinstance(kind, nodes.TileRead) and kind.tile == theirs.var


def test_a_let_read_inside_a_scope_over_players_is_that_players(model):
    """A let means what its expression means where it is read: inside `count(players where …)` a bare let is
    the counted player's, so it is a second node, not the scored player's."""
    god = model.gods["zealot"]
    ctx = god_context(model, god)
    lowering = Lowering(ctx)
    outer = lowering.lower(ast_expr.Ref("temples"))
    inner = lowering.lower(ast_expr.Count("players", ast_expr.Compare(">", ast_expr.Ref("temples"),
                                                                       ast_expr.IntLit(0))))
    read = inner.where.left
    assert read.let is not outer.let and read.let.expr.player == inner.var and not read.let.free
    assert lowering.lower(ast_expr.Ref("temples")).let is outer.let


def test_lets_that_each_read_the_one_before_twice_lower_in_linear_work(model):
    god = model.gods["zealot"]
    lets = {"l0": ast_expr.IntLit(1)}
    for i in range(1, 40):  # written out, 2^40 copies
        lets[f"l{i}"] = ast_expr.Arith("+", ast_expr.Ref(f"l{i - 1}"), ast_expr.Ref(f"l{i - 1}"))
    ctx = god_context(model, god)
    lowering = Lowering(attrs.evolve(ctx, lets=lets))
    top = lowering.lower(ast_expr.Ref("l39"))
    assert len(lowering.lets) == 40
    assert top.let.expr.left.let is top.let.expr.right.let


def test_player_reads_say_which_part_of_the_player_they_read(model):
    god = model.gods["zealot"]
    lowering = Lowering(god_context(model, god))
    read = lowering.lower(ast_expr.Ref("bonus"))
    assert read == nodes.PlayerRead(None, Part.VALUE, "bonus", Simple(Basic.INT), "bonus")
    theirs = lowering.lower(ast_expr.Count("players", ast_expr.Compare(">", ast_expr.Ref("bonus"),
                                                                        ast_expr.IntLit(0)))).where.left
    assert theirs.player == Var(Sort.PLAYER, 0) and theirs.part is Part.VALUE


def test_neither_back_end_resolves_a_name_itself():
    """Names are resolved once, into the IR: no `Context.resolve` in the compiler or the interpreter."""
    import ast
    from pathlib import Path

    import orbis_dsl.language as language

    backends = Path(language.__file__).parent / "backends"
    calls = [f"{path.name}:{node.lineno}" for path in sorted(backends.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "resolve"]
    assert calls == []
