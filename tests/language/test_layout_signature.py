"""The layout's direct texts (backends/python/layout.py): a handler's signature and a plain name, written without
`ast.unparse` and exactly as it writes them."""

from __future__ import annotations

import ast

import pytest

from orbis_dsl.language.backends.python import layout

PLAIN = ["def f(): pass", "def f(board): pass", "def f(board, player, tile=None): pass",
         "def f(a, b=None, c=None): pass", "def f(x=None): pass"]
OTHER = ["def f(a, /, b): pass", "def f(*args): pass", "def f(a, *, b): pass", "def f(**kw): pass",
         "def f(a: int): pass", "def f(a=1): pass", "def f(a='x'): pass", "def f(a=True): pass"]


def _args(source: str) -> ast.arguments:
    return ast.parse(source).body[0].args


@pytest.mark.parametrize("source", PLAIN)
def test_a_plain_signature_is_written_directly_as_unparse_writes_it(source, monkeypatch):
    args = _args(source)
    expected = ast.unparse(args)
    monkeypatch.setattr(layout.ast, "unparse", lambda node: pytest.fail("unparse called"))
    assert layout.signature_text(args) == expected


@pytest.mark.parametrize("source", OTHER)
def test_any_other_signature_is_unparsed(source):
    args = _args(source)
    assert layout.signature_text(args) == ast.unparse(args)


def test_an_assignment_and_a_call_by_name_are_laid_out_without_unparse(monkeypatch):
    stmt = ast.parse("total = score(board, player)").body[0]
    expected = layout.statement_lines(stmt, "    ")
    monkeypatch.setattr(layout.ast, "unparse", lambda node: pytest.fail("unparse called"))
    assert layout.statement_lines(stmt, "    ") == expected == ["    total = score(board, player)"]
    wide = ast.parse("total = score(" + ", ".join(f"argument_{i}" for i in range(12)) + ")").body[0]
    lines = layout.statement_lines(wide, "")
    assert lines[0] == "total = score(" and ast.dump(ast.parse("\n".join(lines))) == ast.dump(ast.Module([wide], []))


def test_an_attribute_call_is_still_unparsed():
    wide = ast.parse("total = rules.score(" + ", ".join(f"argument_{i}" for i in range(12)) + ")").body[0]
    assert layout.statement_lines(wide, "")[0] == "total = rules.score("
