"""Syntax-tree nodes of reuse: functions of values (`def`), their calls, named link sets (`links`), values given
per member of a set (`value start per tracks = 0`, `modify start[water] = 1`, `start[fire]`) and checks made once
per number listed (`for each c in 4, 3, 2, 1`).

Only a call reaches the checked model, and only one too large to write out: `check/elaborate.py` expands the rest
into the declarations and expressions that exist without them (a small call becomes its body with the arguments
bound, a link set its links, a per-member value one value per member, a check over numbers one check per number),
and a larger call stays a `Call` of the one definition (`check/expand.py`). Frozen attrs classes whose span stays out of
equality, as every syntax node.
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
class Param:
    """`k: kind`: a parameter of a function and its type (a `TypeRef`)."""

    name: str
    type: object
    span: Span | None = _span()


@_node
class FunctionDecl:
    """`def NAME(PARAM, …): TYPE = BODY`: a function of values; the body reads its parameters and what any
    top-level rule may read."""

    name: str
    params: tuple[Param, ...]
    result: object  # a TypeRef
    body: object
    name_span: Span | None = _span()
    span: Span | None = _span()


@_node
class Call:
    """`NAME(ARG, …)`: a call of a function `def` declares."""

    name: str
    args: tuple
    name_span: Span | None = _span()
    span: Span | None = _span()


@_node
class LinkSetDecl:
    """`links NAME: LINK, …`: links `largest group` may name together."""

    name: str
    links: tuple
    name_span: Span | None = _span()
    span: Span | None = _span()


@_node
class NamedLinks:
    """A link set's name written among the links of `largest group(…)` or `by parts(…)`."""

    name: str
    span: Span | None = _span()


@_node
class PerValueDecl:
    """`value NAME per SET = LIT` (`default`), or `value NAME per SET: MEMBER = LIT, …` (`table`): one value for
    each member of SET, read `NAME[MEMBER]`."""

    name: str
    set_name: str
    default: object = None  # a literal (int, bool or a member's name), or None for a table
    table: tuple[tuple[str, object], ...] = ()  # (member, literal)
    member_spans: tuple = _span()  # where each member of the table is written, in order
    set_span: Span | None = _span()
    span: Span | None = _span()


@_node
class ModifyMember:
    """`modify NAME[MEMBER] = LIT` in a held piece: one member's value of a per-member value."""

    name: str
    member: str
    value: object
    member_span: Span | None = _span()
    value_span: Span | None = _span()
    span: Span | None = _span()


@_node
class ForEachNumbers:
    """`for each NAME in 4, 3, 2, 1`: a check made once for each number listed, in order."""

    name: str
    numbers: tuple[int, ...]
    number_spans: tuple = _span()  # where each number is written: each check made is placed up to its number
    span: Span | None = _span()


@_node
class PieceCheck:
    """`check "SENTENCE": COND` in a held piece: what it asks, which a check `for each t in FAMILY` reads as
    `t.check` (its sentence as `{t.check}`)."""

    text: str
    cond: object
    span: Span | None = _span()


REUSE_DECLARATIONS = (FunctionDecl, LinkSetDecl, PerValueDecl)
