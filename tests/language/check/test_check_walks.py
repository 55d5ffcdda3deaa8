"""The checker's walks of a large file: elaboration's pre-scan (check/elaborate.py, expand.untouched), where a
declaration with nothing to write out passes through as parsed, never visited, and what is written out is exactly
what the full visit of every declaration gives; and the walks for expressions and quantities (check/bounds.py),
which pass by what says only where a rule was written (spans, lines as written).
"""

from __future__ import annotations

import attrs
import pytest
from language.check.test_reuse import GAME

from orbis_dsl.common.resources import game_entry
from orbis_dsl.language.check import bounds
from orbis_dsl.language.check import elaborate as elaborate_module
from orbis_dsl.language.check.elaborate import elaborate
from orbis_dsl.language.check.expand import Expander, untouched
from orbis_dsl.language.syntax import ast_decl, ast_expr
from orbis_dsl.language.syntax.ast_walk import children, compared_field_names
from orbis_dsl.language.syntax.sources import load_sources


def _walked(node) -> list:
    """Every field of every node, spans included (equality leaves them out)."""
    if attrs.has(type(node)):
        return [type(node).__name__, *((f.name, _walked(getattr(node, f.name))) for f in attrs.fields(type(node)))]
    if isinstance(node, tuple | list):
        return [_walked(item) for item in node]
    if isinstance(node, dict):
        return [(key, _walked(value)) for key, value in node.items()]
    return node


def _reuse_game(tmp_path):
    path = tmp_path / "spice.orbis"
    path.write_text(GAME.replace("EXTRA", ""), encoding="utf-8")
    return [path]


def _rule_sets(tmp_path):
    yield [game_entry("orbis")]
    yield [game_entry("terra_mystica")]
    yield [game_entry("mondo")]
    yield _reuse_game(tmp_path)


@pytest.mark.parametrize("which", range(4))
def test_the_prescan_changes_nothing_elaborated(tmp_path, monkeypatch, which):
    paths = list(_rule_sets(tmp_path))[which]
    sources, diags = load_sources(paths)
    assert not [d for d in diags if d.is_error]
    scanned = elaborate(sources)
    monkeypatch.setattr(elaborate_module, "untouched", lambda node: False)  # every declaration visited
    visited = elaborate(sources)
    assert _walked(scanned.sources.files) == _walked(visited.sources.files)
    assert [(d.message, d.span) for d in scanned.diagnostics] == [(d.message, d.span) for d in visited.diagnostics]
    assert scanned.functions.keys() == visited.functions.keys()
    assert [span for spans in scanned.calls.values() for span in spans] == \
        [span for spans in visited.calls.values() for span in spans]


def test_untouched_means_the_visit_returns_the_node_itself(tmp_path):
    """The pre-scan's promise, against the visit itself, on every declaration of every bundled game and of a
    game that uses each reuse construct."""
    seen = {True: 0, False: 0}
    for paths in _rule_sets(tmp_path):
        sources, _ = load_sources(paths)
        elaborated = elaborate(sources)
        expander = Expander(elaborated.functions and {n: fn for n, (fn, _) in elaborated.functions.items()}, {},
                            {}, {})
        for decl in (d for f in sources.files for d in f.decls):
            plain = untouched(decl)
            seen[plain] += 1
            if plain:
                assert expander.visit(decl) is decl, decl
    assert seen[True] > 100 and seen[False] > 5  # (both answers are exercised)


def test_a_call_anywhere_inside_is_seen(tmp_path):
    sources, _ = load_sources(_reuse_game(tmp_path))
    scores = {d.name: d for f in sources.files for d in f.decls if isinstance(d, ast_decl.ScoreDecl)}
    assert not untouched(scores["quotas"])  # `met(c)` deep in a sum's condition, `prize[c]` an index
    assert untouched(scores["orders"])


def test_tile_lines_are_never_visited(tmp_path, monkeypatch):
    """A deck's `tile` lines are passed through: the visits do not grow with the lines (the base game, included,
    declares functions, so the file is elaborated)."""
    from robustness.test_limits import _tile_file

    visits = []
    visit = Expander.visit
    monkeypatch.setattr(Expander, "visit", lambda self, node: visits.append(node) or visit(self, node))
    counts = []
    for lines in (1, 40):
        _tile_file(tmp_path, lines)
        sources, diags = load_sources([tmp_path / "tiles.orbis"])
        assert not [d for d in diags if d.is_error]
        visits.clear()
        elaborated = elaborate(sources)
        tiles = [d for f in sources.files for d in f.decls if isinstance(d, ast_decl.TileDecl)]
        kept = [d for f in elaborated.sources.files for d in f.decls if isinstance(d, ast_decl.TileDecl)]
        assert len(tiles) >= lines and all(a is b for a, b in zip(tiles, kept, strict=True))
        counts.append(len(visits))
    assert counts[0] == counts[1] > 0


def _every_node(root) -> list:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(children(node))
    return found


@pytest.mark.parametrize("which", range(4))
def test_the_walks_for_bounds_pass_by_where_things_were_written_only(tmp_path, which):
    """Every node `ast_walk.children` reaches outside an expression is reached by `bounds._nodes` too, but for the
    lines as written, and so is every node that may hold a quantity; no compared field is a span."""
    sources, _ = load_sources(list(_rule_sets(tmp_path))[which])
    quantities = 0
    for decl in (d for f in sources.files for d in f.decls):
        everything, walked = _every_node(decl), bounds._nodes(decl)
        assert not any(isinstance(n, ast_expr.WrittenLine) for n in walked)
        inside = {id(c) for n in everything if bounds._is_expression_class(type(n)) for c in _every_node(n)[1:]}
        kept = [n for n in everything if not isinstance(n, ast_expr.WrittenLine) and id(n) not in inside]
        assert sorted(map(id, kept)) == sorted(map(id, walked))
        held = [n for n in everything if bounds._may_hold_a_quantity(type(n))]
        assert not any(id(n) in inside for n in held)  # (no quantity is inside an expression)
        quantities += len(held)
    assert quantities > 0 or which == 3  # (the reuse game moves nothing)
    assert "span" not in compared_field_names(ast_expr.IntLit)
    assert "lines" not in compared_field_names(ast_decl.ResourceDecl)
    assert compared_field_names(ast_decl.TileDecl) == ("level", "color", "mark", "cost", "piece", "args")
