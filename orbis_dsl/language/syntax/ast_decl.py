"""The typed syntax tree of rule files, part 2: declarations (the game, names and numbers, pieces and their
members, effects, variants, tiles) and the rule file that holds them."""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.syntax.ast_expr import (
    Expr,
    Literal,
    TypeRef,
    WrittenLine,
    lines_field,
    node,
    span_field,
    written_field,
)
from orbis_dsl.language.syntax.ast_sheet import (
    AwardDecl,
    FactDecl,
    GridDecl,
    HexMapDecl,
    ScoreDecl,
    SetDecl,
    WarnDecl,
    WinnerDecl,
)


@node
class Amount:
    """How many of which colour: count is an int or a parameter name; color is a name, `any` (None) or
    `param` when the whole amount is one parameter of type amount."""

    count: Expr | None
    color: str | None
    param: str | None = None
    span: Span | None = span_field()


@node
class Effect:
    """gain | reduce | pay | destroy | require. `pay`, `destroy` and `require` lay `marker` on the piece when
    they fail."""

    verb: str
    amount: Amount | None = None
    expr: Expr | None = None
    marker: str | None = None
    span: Span | None = span_field()


@node
class ParamDecl:
    name: str
    type: TypeRef
    default: Literal | None
    unique: bool = False
    low: int | None = None  # `int LOW..HIGH`: the values a tile may print
    high: int | None = None
    span: Span | None = span_field()


@node
class LetDecl:
    name: str
    expr: Expr
    span: Span | None = span_field()


@node
class WhenClause:
    event: str  # taken | placed
    effects: tuple[Effect, ...]
    span: Span | None = span_field()


@node
class EndClause:
    """`end: POINTS [if|unless COND]`: one scoring item."""

    points: Expr
    cond: Expr | None
    negate: bool
    says: str | None = None  # the author's sentence for the scoring line, with `{name}` placeholders
    says_written: WrittenLine | None = written_field()  # the sentence's string as written, and where
    span: Span | None = span_field()


@node
class Modify:
    """A rule modifier: while the player holds this god, their `value` NAME is VALUE."""

    name: str
    value: int | bool | str  # a number, a flag, or a member of a declared set (by name)
    value_span: Span | None = span_field()  # where the value is written, for a message about it
    span: Span | None = span_field()


Member_ = ParamDecl | LetDecl | WhenClause | EndClause | Modify


@node
class FamilyDecl:
    """`family NAME "Title" for tiles|players`: a sort of piece. Each tile is of one piece of a `tiles` family;
    each player holds one piece of a `players` family."""

    name: str
    title: str | None
    role: str  # tiles | players
    span: Span | None = span_field()


@node
class PieceDecl:
    """`FAMILY NAME "Title" { … }`: one piece of a declared family."""

    family: str
    name: str
    title: str | None
    members: tuple[Member_, ...]
    family_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    span: Span | None = span_field()


@node
class GameDecl:
    """`game "ID" "Title" { record "FORMAT"  report "FORMAT" }`: who the game is to records and reports."""

    id: str
    title: str | None
    record: str | None
    report: str | None
    lines: tuple[WrittenLine, ...] = lines_field()  # `record`, `report`, as written
    span: Span | None = span_field()


@node
class ExtendsDecl:
    """`extends "ID"`: the game a rule pack is laid over, by the id its records name it by."""

    game: str
    span: Span | None = span_field()


@node
class Include:
    path: str
    span: Span | None = span_field()


@node
class NamesDecl:
    """`colors …`, or `tile mark NAME: …` (what = 'mark', with the mark's name in `mark`)."""

    what: str
    names: tuple[str, ...]
    name_spans: tuple[Span | None, ...] = attrs.field(default=(), eq=False, repr=False)
    mark: str | None = None
    span: Span | None = span_field()


@node
class AliasDecl:
    alias: str
    target: str
    target_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    span: Span | None = span_field()


@node
class NumberDecl:
    """`levels N`, `market N` or `rounds N` (`rounds N or M`: a record may also give M rounds)."""

    what: str
    value: int
    also: int | None = None
    span: Span | None = span_field()


@node
class BoardDecl:
    """`board stacked 5, 4, 3, 2`: rows bottom first, each tile resting on two of the row below."""

    rows: tuple[int, ...]
    geometry: str = "stacked"
    span: Span | None = span_field()


@node
class ResourceDecl:
    """`resource NAME "Title" { per color  limit N  trade GIVE for GET }`: what players keep; every player has
    NAME, the count left at the end."""

    name: str
    title: str | None
    per_color: bool
    limit: int | None
    trade: tuple[int, ...]  # (give, get), or ()
    lines: tuple[WrittenLine, ...] = lines_field()  # `per color`, `limit`, `trade`, as written
    span: Span | None = span_field()


@node
class MarkerDecl:
    """`marker NAME "Title" { supply N  otherwise OPPOSITE }`: laid on a piece whose cost or condition failed."""

    name: str
    title: str | None
    supply: int | None
    opposite: str | None
    lines: tuple[WrittenLine, ...] = lines_field()  # `supply`, `otherwise`, as written
    span: Span | None = span_field()


@node
class OptionDecl:
    name: str
    type: TypeRef
    default: Literal
    title: str | None = None  # what `--explain` calls it ("majority needs at least one"), else its name
    span: Span | None = span_field()


@node
class ValueDecl:
    """`value NAME = 3 | true | MEMBER`, or `value NAME: SET` (`value` None: a member of SET, none until a held
    piece's `modify` gives one)."""

    name: str
    value: int | bool | str | None
    set_name: str | None = None
    span: Span | None = span_field()


@node
class AttributeDecl:
    name: str
    type: TypeRef
    default: Literal | None
    span: Span | None = span_field()


@node
class FacedownDecl:
    """`facedown NAME "Title" { matches every color  end: … }`: a tile laid face down."""

    name: str
    title: str | None
    wild: bool
    ends: tuple[EndClause, ...]
    lines: tuple[WrittenLine, ...] = lines_field()  # `matches every color`, as written
    span: Span | None = span_field()


@node
class VariantOption:
    name: str
    value: Literal
    span: Span | None = span_field()


@node
class VariantPrizes:
    award: str
    prizes: tuple[int, ...]
    span: Span | None = span_field()


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
    lines: tuple[WrittenLine, ...] = lines_field()  # `players:`, `reveal`, as written
    revealed_family_span: Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)  # (the last)
    remove_lines: tuple[Span | None, ...] = attrs.field(default=(), eq=False, repr=False, kw_only=True)
    span: Span | None = span_field()


@node
class Arg:
    name: str
    value: Literal
    span: Span | None = span_field()


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
    span: Span | None = span_field()


Decl = (
    Include | GameDecl | ExtendsDecl | NamesDecl | AliasDecl | NumberDecl | BoardDecl | ResourceDecl | MarkerDecl
    | OptionDecl | ValueDecl | AttributeDecl | FacedownDecl | FamilyDecl | PieceDecl | AwardDecl | WinnerDecl
    | VariantDecl | TileDecl | SetDecl | FactDecl | ScoreDecl | WarnDecl | GridDecl | HexMapDecl
)


@node
class RuleFile:
    path: str
    decls: tuple[Decl, ...]
    span: Span | None = span_field()
