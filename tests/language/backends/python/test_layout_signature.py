"""A handler's signature (backends/python/layout.py `signature_text`): written without `ast.unparse`, exactly as
it writes it."""

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
