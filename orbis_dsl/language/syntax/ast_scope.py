"""Syntax-tree nodes of explicit scope and real values: a counted tile named (`t.column`), a name read for the
player being scored or the one counted (`my home`, `their home`), a presence test (`x is given`), and counting or
summing over a set's members (`count(t in tracks where cults[t] = 10)`, `sum(priests_on_cult[t] for t in tracks)`).

Kept apart from `ast_expr` (which adds them to its `Expr` union), as `ast_lists` is; frozen attrs classes whose
span stays out of equality.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span


def _span():
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


def _node(cls):
    """Frozen, slotted, with spans that equality and repr ignore (as `ast_expr.node`)."""
    return attrs.frozen(cls)


@_node
class FieldOf:
    """`t.column`: a field of the tile a `count(t in tiles where …)` names."""

    binder: str
    field: str
    binder_span: Span | None = _span()  # where the binder's name is written, for messages about it
    span: Span | None = _span()


@_node
class Whose:
    """`my X`: X read for the player being scored; `their X`: for the player `count(players where …)` counts."""

    who: str  # my | their
    expr: object
    span: Span | None = _span()


@_node
class Given:
    """`x is given` (`negated`: `x is not given`): whether an optional value has one (a fact the record gives, a
    value a held piece set)."""

    operand: object
    negated: bool = False
    span: Span | None = _span()


@_node
class MemberCount:
    """`count(t in SET where COND)`: how many members of a declared set satisfy COND, `t` each member in turn."""

    binder: object  # the name before `in`: a Ref (anything else is reported by the checker)
    set_name: str
    where: object
    set_span: Span | None = _span()
    span: Span | None = _span()


@_node
class MemberSum:
    """`sum(EXPR for t in SET where COND)`: EXPR added up over the members of a set (a value that is none is
    passed over, so the sum of nothing is 0)."""

    expr: object
    binder: str
    set_name: str
    where: object = None
    binder_span: Span | None = _span()
    set_span: Span | None = _span()
    span: Span | None = _span()


SCOPE_EXPRESSIONS = (FieldOf, Whose, Given, MemberCount, MemberSum)
