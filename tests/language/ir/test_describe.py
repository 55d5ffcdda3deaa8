"""describe.py: an expression's text, which a scoring line shows when it has nothing more to say (and the
generated modules keep as each clause's `text`), means what the rule means: parentheses stay where the
precedence of `or`, `and`, `not` and comparisons needs them, and only there."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orbis_dsl.language.ir.describe import Describer
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.language.syntax.parse import parse_text


def condition(source: str):
    tree, diags = parse_text(f"god g {{\n  end: 1 if {source}\n}}\n", "t.orbis")
    assert tree is not None, [d.message for d in diags]
    return tree.decls[0].members[0].cond


def text(source: str) -> str:
    return Describer(set(), False).text(condition(source))


@pytest.mark.parametrize(("source", "expected"), [
    # Regression: the base game's majority gods read `… and not majority_needs_one or irrigations >= 1`, which
    # means `(… and not majority_needs_one) or irrigations >= 1`.
    ("a >= 1 and (not b or a >= 1)", "a >= 1 and (not b or a >= 1)"),
    ("not (a and b)", "not (a and b)"),
    ("(a or b) and c", "(a or b) and c"),
    ("d != (e >= 3)", "d != (e >= 3)"),
    ("(not a) = b", "(not a) = b"),
    ("(a and b) or c", "a and b or c"),
    ("a or (b or c)", "a or b or c"),
    ("(a or b) or c", "a or b or c"),
    ("not not a", "not not a"),
    ("not a >= 1", "not a >= 1"),
    ("(a >= 1) and (b < 2)", "a >= 1 and b < 2"),
    # `in` and `is most among players` are comparisons too; their operands are sums (review of 3714120)
    ("(a in s) = true", "(a in s) = true"),
    ("(x is most among players) = true", "(x is most among players) = true"),
    ("(a < b) = (c in s)", "(a < b) = (c in s)"),
    ("(a or b) in s", "(a or b) in s"),
    ("(a = b) in s", "(a = b) in s"),
    ("-(a + b) >= 1", "-(a + b) >= 1"),
    ("-a + b >= 1", "-a + b >= 1"),
    ("(if a then 1 else 2) + 3 >= 4", "(if a then 1 else 2) + 3 >= 4"),
])
def test_parentheses_where_the_precedence_needs_them(source, expected):
    assert text(source) == expected
    if source != "a or (b or c)":  # (which reads back grouped the other way: the same condition)
        assert condition(expected) == condition(source)


def test_a_counted_tiles_condition_keeps_its_parentheses():
    assert text("count(tiles where a and (b or c)) >= 1").startswith("count of tiles that are a and (b or c)")
    assert text("count(tiles where not (a and b)) >= 1").startswith("count of tiles that are not (a and b)")


_NAMES = st.sampled_from(["a", "b", "c", "n >= 1", "n = 2"])


def _conditions():
    def extend(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            inner.map(lambda c: f"(not {c})"),
        )
    return st.recursive(_NAMES, extend, max_leaves=8)


def _truth(e, values: dict) -> bool:
    """What a condition of the names above is, for the given values."""
    if isinstance(e, ast_expr.Ref):
        return values[e.name]
    if isinstance(e, ast_expr.IntLit):
        return e.value
    if isinstance(e, ast_expr.Not):
        return not _truth(e.operand, values)
    if isinstance(e, ast_expr.BoolOp):
        left, right = _truth(e.left, values), _truth(e.right, values)
        return (left and right) if e.op == "and" else (left or right)
    assert isinstance(e, ast_expr.Compare), e
    left, right = _truth(e.left, values), _truth(e.right, values)
    return left >= right if e.op == ">=" else left == right


@given(_conditions())
def test_the_text_means_the_same_condition(source):
    """Fully parenthesised random conditions: the text, with only the parentheses it keeps, is true exactly when
    the condition is (`a and (b and c)` may read `a and b and c`, which Lark groups the other way)."""
    again = condition(text(source))
    original = condition(source)
    for values in itertools.product([False, True], [False, True], [False, True], [0, 1, 2]):
        named = dict(zip("abcn", values))
        assert _truth(again, named) == _truth(original, named), (text(source), named)
