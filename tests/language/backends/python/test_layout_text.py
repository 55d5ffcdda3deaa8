"""The pieces of the generated modules' layout, against plain oracles: a long string split into literals as the
simple character-by-character rule splits it, and an expression written the same with a memo as without one, and
as Python reads it back."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from repo_files import ROOT

from orbis_dsl.language.backends.python import layout, source_text


def chunks_oracle(text: str, width: int) -> list[str]:
    """The rule written plainly: a chunk ends before the character that would make its `repr` wider than
    `width` (at least 20)."""
    chunks, current = [], ""
    for ch in text:
        if current and len(repr(current + ch)) > max(width, 20):
            chunks.append(repr(current))
            current = ""
        current += ch
    chunks.append(repr(current))
    return chunks


# Plain letters beside every kind of character `repr` writes otherwise: quotes of both kinds (which change the
# quotes it picks), backslashes, line breaks, tabs, control and non-ASCII characters, printable or not.
CHARACTERS = st.sampled_from([*"abc XYZ09{}:.,", "'", '"', "\\", "\n", "\t", "\x00", "\x7f", "é", "€", "\u200b",
                              "\U0001f600", "\ud800"])


@settings(max_examples=500, deadline=None)
@given(st.lists(CHARACTERS, max_size=300).map("".join), st.integers(0, 130))
def test_strings_split_as_the_plain_rule_splits_them(text, width):
    chunks = layout._string_chunks(text, width)
    assert chunks == chunks_oracle(text, width)
    assert "".join(ast.literal_eval(chunk) for chunk in chunks) == text


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from([*"abc XYZ09{}:.,;@()-"]), max_size=400), st.integers(0, 130))
def test_plain_strings_split_as_the_plain_rule_splits_them(text, width):
    """(Strings `repr` writes as they are take a path of their own: slices of the width.)"""
    assert layout._string_chunks(text, width) == chunks_oracle(text, width)


def test_a_long_plain_string_splits_at_the_width():
    chunks = layout._string_chunks("word " * 100, 60)
    assert {len(chunk) for chunk in chunks[:-1]} == {60}
    assert chunks == chunks_oracle("word " * 100, 60)


def expressions() -> list[ast.expr]:
    """Every expression of every generated module: what the layout writes."""
    found = []
    for path in sorted((ROOT / "generated").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Return | ast.Assign | ast.Expr) and node.value is not None:
                found.append(node.value)
    return found


def test_the_memo_changes_no_text():
    """Every node of every generated expression written with one memo for the whole expression (as layout.py
    does, asking for a part after its whole) reads as without a memo, and parses back to the same tree."""
    checked = 0
    for expression in expressions():
        memo: dict = {}
        whole = source_text.text(expression, 0, memo)
        assert whole == source_text.text(expression)
        assert ast.dump(ast.parse(whole, mode="eval").body) == ast.dump(expression)
        for node in ast.walk(expression):
            if isinstance(node, ast.expr):
                for need in (0, 1, 6, 20):
                    assert source_text.text(node, need, memo) == source_text.text(node, need)
                    checked += 1
    assert checked > 10_000


@pytest.mark.parametrize("code", ["(-1).real", "-(1).real", "(a if b else c).d", "f(lambda x: x + 1)",
                                  "not (a or b) and c", "(a, b)[0]", "x[1:2]", "{**a, 'b': 1}", "-(-x)",
                                  "a - (b - c)", "(a or b) < c", "f(*a, **b)"])
def test_precedence_and_fallbacks_read_back_alike(code):
    tree = ast.parse(code, mode="eval").body
    memo: dict = {}
    for need in (0, 1, 20):
        written = source_text.text(tree, need, memo)
        assert written == source_text.text(tree, need)
        assert ast.dump(ast.parse(written, mode="eval").body) == ast.dump(tree)


@pytest.mark.parametrize("code", ["lambda q0: q0", "lambda a, b: a", "lambda: 1", "lambda a=1: a", "lambda *a: a",
                                  "lambda a, *, b: b", "lambda **k: k", "lambda a, /, b: b"])
def test_lambda_arguments_are_written_as_unparse_writes_them(code):
    args = ast.parse(code, mode="eval").body.args
    assert source_text.lambda_args(args) == ast.unparse(args)


@pytest.mark.parametrize("op", [ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift,
                                ast.BitAnd, ast.MatMult])
def test_operators_are_written_as_unparse_writes_them(op):
    assert source_text.operator_symbol(op()) == ast.unparse(ast.BinOp(ast.Name("a"), op(), ast.Name("b")))[2:-2]
