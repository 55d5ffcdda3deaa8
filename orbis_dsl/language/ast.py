"""The typed syntax tree of rule files: frozen attrs classes, each with a source span kept out of equality."""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span


def _span():
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


def node(cls):
    """Frozen, slotted, with a `span` that equality and repr ignore."""
    return attrs.frozen(cls)


# ---- expressions -------------------------------------------------------------------------------------------


@node
class IntLit:
    value: int
    span: Span | None = _span()


@node
class BoolLit:
    value: bool
    span: Span | None = _span()


@node
class StrLit:
    value: str
    span: Span | None = _span()


@node
class Ref:
    """A bare name: a tile field, a parameter, a `let`, an option, a value, a colour, a kind …"""

    name: str
    span: Span | None = _span()


@node
class SetLit:
    names: tuple[str, ...]
    span: Span | None = _span()


@node
class Neg:
    operand: Expr
    span: Span | None = _span()


@node
class Arith:
    op: str  # + - *
    left: Expr
    right: Expr
    span: Span | None = _span()


@node
class Compare:
    op: str  # >= <= != = > <
    left: Expr
    right: Expr
    span: Span | None = _span()


@node
class Member:
    item: Expr
    container: Expr
    span: Span | None = _span()


@node
class Among:
    """`X is most|fewest among players`: the player's X compared with every player's, ties included."""

    value: Expr
    rank: str  # most | fewest
    span: Span | None = _span()


@node
class Not:
    operand: Expr
    span: Span | None = _span()


@node
class BoolOp:
    op: str  # and | or
    left: Expr
    right: Expr
    span: Span | None = _span()


@node
class IfExpr:
    cond: Expr
    then: Expr
    otherwise: Expr
    span: Span | None = _span()


@node
class Count:
    """`count(SCOPE where PRED)`: how many tiles of a scope satisfy a predicate."""

    scope: str  # tiles | neighbours | supports
    where: Expr | None
    span: Span | None = _span()


@node
class Aggregate:
    """`sum|max|min(FIELD of SCOPE where PRED)`; max and min of nothing is `none`."""

    func: str
    field: str
    scope: str
    where: Expr | None
    span: Span | None = _span()


@node
class Extreme:
    """`min(a, b, …)` or `max(a, b, …)`: the least or greatest of values; none when every one is none."""

    func: str  # min | max
    args: tuple[Expr, ...]
    span: Span | None = _span()


@node
class Index:
    """`cults[fire]` or `cults[track]`: a fact given per member of a set, at one member."""

    name: str
    key: Expr
    span: Span | None = _span()


@node
class AwardRef:
    """`award cult`: the prizes the player takes from an award (every member's, for an award `for each`)."""

    name: str
    span: Span | None = _span()


@node
class Prior:
    """`prior total`: the player's value in the round before (none in the first round)."""

    name: str
    span: Span | None = _span()


@node
class GroupLink:
    """One way cells connect in `largest group(…)`: `adjacent`, `joined by FACT` (a `crossings` fact), `by water
    within EXPR`, `within EXPR`."""

    kind: str  # adjacent | joined | water | within | beside
    fact: str | None = None
    reach: object = None  # an expression (water, within)
    span: Span | None = _span()


@node
class LargestGroup:
    """`largest group(FACT: LINK, …)`: the most cells of a player's `cells` fact connected by any link."""

    fact: str
    links: tuple[GroupLink, ...]
    span: Span | None = _span()


@node
class Size:
    """`size(FACT)` or `size(FACT[MEMBER])`: how many cells, crossings or set members a list fact holds."""

    target: object  # a Ref or an Index
    span: Span | None = _span()


Expr = (
    IntLit | BoolLit | StrLit | Ref | SetLit | Neg | Arith | Compare | Member | Among | Not | BoolOp | IfExpr
    | Count | Aggregate | Extreme | Index | AwardRef | Prior | LargestGroup | Size
)


# ---- literals of parameters and options -------------------------------------------------------------------


@node
class AmountLit:
    """`2 red` or `1 any` (color None)."""

    count: int
    color: str | None
    span: Span | None = _span()


@node
class NameLit:
    name: str
    span: Span | None = _span()


Literal = IntLit | BoolLit | StrLit | NameLit | SetLit | AmountLit


# ---- types -----------------------------------------------------------------------------------------------


@node
class TypeRef:
    """`int`, `colors(2)`, `"icons" | "tiles"`, optionally followed by `?`."""

    name: str  # int | bool | string | color | colors | amount | enum
    size: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    span: Span | None = _span()


# ---- effects ---------------------------------------------------------------------------------------------


@node
class Amount:
    """How many of which colour: count is an int or a parameter name; color is a name, `any` (None) or
    `param` when the whole amount is one parameter of type amount."""

    count: Expr | None
    color: str | None
    param: str | None = None
    span: Span | None = _span()


@node
class Effect:
    """gain | reduce | pay | destroy | require. `pay`, `destroy` and `require` lay `marker` on the piece when
    they fail."""

    verb: str
    amount: Amount | None = None
    expr: Expr | None = None
    marker: str | None = None
    span: Span | None = _span()


# ---- declarations ------------------------------------------------------------------------------------------


@node
class ParamDecl:
    name: str
    type: TypeRef
    default: Literal | None
    unique: bool = False
    span: Span | None = _span()


@node
class LetDecl:
    name: str
    expr: Expr
    span: Span | None = _span()


@node
class WhenClause:
    event: str  # taken | placed
    effects: tuple[Effect, ...]
    span: Span | None = _span()


@node
class EndClause:
    """`end: POINTS [if|unless COND]`: one scoring item."""

    points: Expr
    cond: Expr | None
    negate: bool
    says: str | None = None  # the author's sentence for the scoring line, with `{name}` placeholders
    span: Span | None = _span()


@node
class Modify:
    """A rule modifier: while the player holds this god, their `value` NAME is VALUE."""

    name: str
    value: int
    span: Span | None = _span()


Member_ = ParamDecl | LetDecl | WhenClause | EndClause | Modify


@node
class FamilyDecl:
    """`family NAME "Title" for tiles|players`: a sort of piece. Each tile is of one piece of a `tiles` family;
    each player holds one piece of a `players` family."""

    name: str
    title: str | None
    role: str  # tiles | players
    span: Span | None = _span()


@node
class PieceDecl:
    """`FAMILY NAME "Title" { … }`: one piece of a declared family."""

    family: str
    name: str
    title: str | None
    members: tuple[Member_, ...]
    family_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    span: Span | None = _span()


@node
class GameDecl:
    """`game "ID" "Title" { record "FORMAT"  report "FORMAT" }`: who the game is to records and reports."""

    id: str
    title: str | None
    record: str | None
    report: str | None
    span: Span | None = _span()


@node
class Include:
    path: str
    span: Span | None = _span()


@node
class NamesDecl:
    """`colors …`, or `tile mark NAME: …` (what = 'mark', with the mark's name in `mark`)."""

    what: str
    names: tuple[str, ...]
    name_spans: tuple[Span | None, ...] = attrs.field(default=(), eq=False, repr=False)
    mark: str | None = None
    span: Span | None = _span()


@node
class AliasDecl:
    alias: str
    target: str
    target_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    span: Span | None = _span()


@node
class NumberDecl:
    """`levels N`, `market N` or `rounds N` (`rounds N or M`: a record may also give M rounds)."""

    what: str
    value: int
    also: int | None = None
    span: Span | None = _span()


@node
class BoardDecl:
    """`board stacked 5, 4, 3, 2`: rows bottom first, each tile resting on two of the row below."""

    rows: tuple[int, ...]
    geometry: str = "stacked"
    span: Span | None = _span()


@node
class ResourceDecl:
    """`resource NAME "Title" { per color  limit N  trade GIVE for GET }`: what players keep; every player has
    NAME, the count left at the end."""

    name: str
    title: str | None
    per_color: bool
    limit: int | None
    trade: tuple[int, ...]  # (give, get), or ()
    span: Span | None = _span()


@node
class MarkerDecl:
    """`marker NAME "Title" { supply N  otherwise OPPOSITE }`: laid on a piece whose cost or condition failed."""

    name: str
    title: str | None
    supply: int | None
    opposite: str | None
    span: Span | None = _span()


@node
class OptionDecl:
    name: str
    type: TypeRef
    default: Literal
    span: Span | None = _span()


@node
class ValueDecl:
    name: str
    value: int
    span: Span | None = _span()


@node
class AttributeDecl:
    name: str
    type: TypeRef
    default: Literal | None
    span: Span | None = _span()


@node
class FacedownDecl:
    """`facedown NAME "Title" { matches every color  end: … }`: a tile laid face down."""

    name: str
    title: str | None
    wild: bool
    ends: tuple[EndClause, ...]
    span: Span | None = _span()


@node
class ForEach:
    """`for each NAME in SET`: the declaration holds once per member of a declared set, NAME naming it."""

    name: str
    set: str
    span: Span | None = _span()


@node
class AwardDecl:
    name: str
    title: str | None
    measure: Expr | None
    eligible: Expr | None
    tiebreak: Expr | None
    ties: str | None  # keep_order | split | each_takes
    warn: bool
    prizes: tuple[int, ...]
    for_each: ForEach | None = None
    rank: str = "most"  # most: the highest measure first; fewest: the lowest
    unless_equal: bool = False  # no prize at all when every player's measure is the same
    says: str | None = None  # the award line's sentence: {measure}, {place}, {prize}, {tiebreak}, {tied}
    span: Span | None = _span()


@node
class SetDecl:
    """`set NAME: A, B, …`: names that facts are given per, and awards and checks range over."""

    name: str
    members: tuple[str, ...]
    span: Span | None = _span()


@node
class FactDecl:
    """`fact NAME "Title": TYPE [LOW..HIGH] [per SET]`: what each player's record gives."""

    name: str
    title: str | None
    type: TypeRef
    low: int | None
    high: int | None
    per: str | None
    level: str | None = None  # `for round`: once per round (the round's object); `for game`: once per record
    key: str | None = None  # the record's JSON key, when it is not the fact's name
    derive: Expr | None = None  # `from EXPR`: what a grid record derives it from
    span: Span | None = _span()


@node
class GridDecl:
    """`grid NAME "Title" { shape … edges … mark … border … }`: a square grid of cells each player builds."""

    name: str
    title: str | None
    shape: tuple[int, ...]
    edges: str | None
    marks: tuple[tuple[str, str | None, str, bool], ...]  # (name, title, set, stands in a patch)
    borders: tuple[tuple[str, tuple[str, ...]], ...]  # (side, members: one for all, or north, east, south, west)
    homes: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (mark, edge member, the mark's members at home)
    areas: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, cell ids)
    span: Span | None = _span()


@node
class HeldCount:
    """`count(LIST where PRED)`, `sum(VALUE of LIST where PRED)`: over the pieces a list fact holds."""

    func: str  # count | sum
    field: str | None
    fact: str
    where: Expr | None
    span: Span | None = _span()


@node
class ScoreDecl:
    """`score NAME "Title": EXPR`: a column of the score sheet, added into the total."""

    name: str
    title: str | None
    expr: Expr
    span: Span | None = _span()


@node
class WarnDecl:
    """`warn "MESSAGE" if COND [for each NAME in SET]`: a rule the table breaks, reported and scored anyway."""

    message: str
    cond: Expr
    for_each: ForEach | None
    refuse: bool = False  # an input error (the record cannot be scored), not a warning
    note: bool = False  # a line of the explanation, not a warning
    span: Span | None = _span()


@node
class WinnerKey:
    rank: str
    expr: Expr
    span: Span | None = _span()


@node
class WinnerDecl:
    keys: tuple[WinnerKey, ...]
    only_if: Expr | None = None  # `, only if COND`: who the condition fails for wins nothing
    span: Span | None = _span()


@node
class VariantOption:
    name: str
    value: Literal
    span: Span | None = _span()


@node
class VariantPrizes:
    award: str
    prizes: tuple[int, ...]
    span: Span | None = _span()


@node
class VariantDecl:
    name: str
    players: int | None
    revealed: int | None  # `reveal FAMILY: N`
    revealed_family: str | None
    removed_marks: tuple[str, ...]
    prizes: tuple[VariantPrizes, ...]
    options: tuple[VariantOption, ...]
    removed_spans: tuple[Span | None, ...] = attrs.field(default=(), eq=False, repr=False)
    span: Span | None = _span()


@node
class Arg:
    name: str
    value: Literal
    span: Span | None = _span()


@node
class TileDecl:
    level: int
    color: str
    mark: str
    cost: tuple[str | None, ...]  # a colour per square; None is a multicoloured square
    piece: str
    args: tuple[Arg, ...]
    # Where the colour, mark, piece and each cost square were written (keys: color, mark, piece, cost0 …).
    parts: dict = attrs.field(factory=dict, eq=False, repr=False)
    span: Span | None = _span()


@node
class HexMapDecl:
    """`hexmap NAME "Title" { water "." row A: "…" … }`: a board of named hex cells, as data."""

    name: str
    title: str | None
    water: str | None
    rows: tuple[tuple[str, str], ...]  # (label, symbols)
    water_prefix: str | None = None  # water cells are named by it and a count from 0 (`r0`)
    span: Span | None = _span()


Decl = (
    Include | GameDecl | NamesDecl | AliasDecl | NumberDecl | BoardDecl | ResourceDecl | MarkerDecl
    | OptionDecl | ValueDecl | AttributeDecl | FacedownDecl | FamilyDecl | PieceDecl | AwardDecl | WinnerDecl
    | VariantDecl | TileDecl | SetDecl | FactDecl | ScoreDecl | WarnDecl | GridDecl | HexMapDecl
)


@node
class RuleFile:
    path: str
    decls: tuple[Decl, ...]
    span: Span | None = _span()
