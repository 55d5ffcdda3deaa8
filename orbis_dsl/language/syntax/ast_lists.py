"""Syntax-tree nodes of the list and across-players expressions: `count(X in LIST)`, `position(X in LIST)`,
`distinct(LIST)` and `sum(EXPR over players)`.

Kept apart from `ast.py` (which adds them to its `Expr` union) so that every game's checks may use them without
growing the core tree; frozen attrs classes whose span stays out of equality, as in `ast.py`.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span


def _span():
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


def _node(cls):
    """Frozen, slotted, with a `span` that equality and repr ignore (as `ast.node`)."""
    return attrs.frozen(cls)


@_node
class ListCount:
    """`count(X in LIST)`: how many times the list fact LIST holds X; 0 when the record does not give it."""

    item: object  # an expression: a member of the list's set, or a piece of its family
    fact: str
    fact_span: Span | None = _span()  # where the list's name is written, for messages about it
    span: Span | None = _span()


@_node
class Position:
    """`position(X in LIST)`: where X first stands in LIST, counted from 1; none when it is not there."""

    item: object
    fact: str
    fact_span: Span | None = _span()  # where the list's name is written, for messages about it
    span: Span | None = _span()


@_node
class Distinct:
    """`distinct(LIST)`: true when no item stands in LIST twice (a list the record does not give holds nothing)."""

    fact: str
    fact_span: Span | None = _span()  # where the list's name is written, for messages about it
    span: Span | None = _span()


@_node
class PlayerSum:
    """`sum(EXPR over players)`: EXPR worked out for every player in turn (their own facts and values) and added
    up; a value that is none is passed over, so the sum of nothing is 0."""

    expr: object
    span: Span | None = _span()


LIST_EXPRESSIONS = (ListCount, Position, Distinct, PlayerSum)
