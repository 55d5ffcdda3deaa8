"""The typed syntax tree of rule files, part 1: expressions, the literals of parameters and options, and types.

Every node is a frozen attrs class whose source span is kept out of equality and repr. Declarations are in
`ast_decl` (pieces, tiles, variants, the game itself) and `ast_sheet` (score sheets, awards, the winner).
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span


def span_field():
    """Where a node was written: out of equality (two equal rules are equal wherever written) and of repr."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


def node(cls):
    """Frozen, slotted, with a `span` that equality and repr ignore."""
    return attrs.frozen(cls)


def lines_field():
    """A declaration's once-only lines as written (`WrittenLine`s, in order): like a span, out of equality and
    repr (a declaration whose `players:` line is written twice equals one written once, the later value kept)."""
    return attrs.field(default=(), eq=False, repr=False, kw_only=True)


def written_field():
    """Something a node keeps as written, to place messages inside it (a `WrittenLine`, or None): out of equality
    and repr, as spans are."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


@node
class WrittenLine:
    """A line of a declaration as written: its words as messages show them (`players:`, `unless all equal`), or
    for a sentence the string with its quotes and escapes; and where it was written. Declarations keep their
    once-only lines as these, so that a line written twice can be reported at the repeat."""

    word: str
    span: Span | None = span_field()


@node
class IntLit:
    value: int
    span: Span | None = span_field()


@node
class BoolLit:
    value: bool
    span: Span | None = span_field()


@node
class StrLit:
    value: str
    span: Span | None = span_field()


@node
class Ref:
    """A bare name: a tile field, a parameter, a `let`, an option, a value, a colour, a kind …"""

    name: str
    span: Span | None = span_field()


@node
class SetLit:
    names: tuple[str, ...]
    span: Span | None = span_field()


@node
class Neg:
    operand: Expr
    span: Span | None = span_field()


@node
class Arith:
    op: str  # + - *
    left: Expr
    right: Expr
    span: Span | None = span_field()


@node
class Compare:
    op: str  # >= <= != = > <
    left: Expr
    right: Expr
    span: Span | None = span_field()


@node
class Member:
    item: Expr
    container: Expr
    span: Span | None = span_field()


@node
class Among:
    """`X is most|fewest among players`: the player's X compared with every player's, ties included."""

    value: Expr
    rank: str  # most | fewest
    span: Span | None = span_field()


@node
class Not:
    operand: Expr
    span: Span | None = span_field()


@node
class BoolOp:
    op: str  # and | or
    left: Expr
    right: Expr
    span: Span | None = span_field()


@node
class IfExpr:
    cond: Expr
    then: Expr
    otherwise: Expr
    span: Span | None = span_field()


@node
class Count:
    """`count(SCOPE where PRED)`: how many tiles of a scope satisfy a predicate."""

    scope: str  # tiles | neighbours | supports
    where: Expr | None
    # `count(n in neighbours where …)`: the name the counted tile is given (a Ref), or None; bare names in the
    # condition then read the outer subject
    binder: object = None
    span: Span | None = span_field()


@node
class Aggregate:
    """`sum|max|min(FIELD of SCOPE where PRED)`; max and min of nothing is `none`."""

    func: str
    field: str
    scope: str
    where: Expr | None
    binder: object = None  # `sum(cp of n in tiles where …)`: the counted tile's name (a Ref), as in `Count`
    span: Span | None = span_field()


@node
class Extreme:
    """`min(a, b, …)` or `max(a, b, …)`: the least or greatest of values; none when every one is none."""

    func: str  # min | max
    args: tuple[Expr, ...]
    span: Span | None = span_field()


@node
class Index:
    """`cults[fire]` or `cults[track]`: a fact given per member of a set, at one member."""

    name: str
    key: Expr
    span: Span | None = span_field()


@node
class AwardRef:
    """`award cult`: the prizes the player takes from an award (every member's, for an award `for each`)."""

    name: str
    span: Span | None = span_field()


@node
class Prior:
    """`prior total`: the player's value in the round before (none in the first round)."""

    name: str
    span: Span | None = span_field()


@node
class Earlier:
    """`earlier FACT`: the values a fact took in the rounds before this one, in order (none left out)."""

    name: str
    span: Span | None = span_field()


@node
class GroupLink:
    """One way cells connect in `largest group(…)`: `adjacent`, `joined by FACT` (a `crossings` fact), `by water
    within EXPR`, `within EXPR`."""

    kind: str  # adjacent | joined | water | within | beside
    fact: str | None = None
    reach: object = None  # an expression (water, within)
    cond: object = None  # `… if COND` (`unless`: negate): the link counts only while COND holds
    negate: bool = False
    span: Span | None = span_field()


@node
class LargestGroup:
    """`largest group(FACT: LINK, …)`: the most cells of a player's `cells` fact connected by any link."""

    fact: str
    links: tuple[GroupLink, ...]
    # `by MEASURE` (runtime.hexmap_measures): what is largest over the groups; None: the cells of a group
    by: str | None = None  # span | parts | border
    between: tuple[str, ...] = ()  # `by span between A and B`: members of the fact's set
    parts: tuple[GroupLink, ...] = ()  # `by parts(LINK, …)`: the links a group's parts are joined by
    span: Span | None = span_field()


@node
class Size:
    """`size(FACT)` or `size(FACT[MEMBER])`: how many cells, crossings or set members a list fact holds."""

    target: object  # a Ref or an Index
    span: Span | None = span_field()


@node
class HeldCount:
    """`count(LIST where PRED)`, `sum(VALUE of LIST where PRED)`: over the pieces a list fact holds."""

    func: str  # count | sum
    field: str | None
    fact: str
    where: Expr | None
    span: Span | None = span_field()


from orbis_dsl.language.syntax.ast_lists import Distinct, ListCount, PlayerSum, Position  # noqa: E402 (after the core)
from orbis_dsl.language.syntax.ast_scope import FieldOf, Given, MemberCount, MemberSum, Whose  # noqa: E402

Expr = (
    IntLit | BoolLit | StrLit | Ref | SetLit | Neg | Arith | Compare | Member | Among | Not | BoolOp | IfExpr
    | Count | Aggregate | Extreme | Index | AwardRef | Prior | LargestGroup | Size
    | ListCount | Position | Distinct | PlayerSum
    | Earlier | FieldOf | Whose | Given | MemberCount | MemberSum
)


@node
class AmountLit:
    """`2 red` or `1 any` (color None)."""

    count: int
    color: str | None
    span: Span | None = span_field()


@node
class NameLit:
    name: str
    span: Span | None = span_field()


Literal = IntLit | BoolLit | StrLit | NameLit | SetLit | AmountLit


@node
class TypeRef:
    """`int`, `colors(2)`, `"icons" | "tiles"`, optionally followed by `?`."""

    name: str  # int | bool | string | color | colors | amount | enum
    size: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    span: Span | None = span_field()
