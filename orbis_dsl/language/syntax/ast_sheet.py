"""The typed syntax tree of rule files, part 3: score sheets (sets, facts, grids, hex maps, score columns,
warnings), awards and the winner."""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.syntax.ast_expr import Expr, TypeRef, WrittenLine, lines_field, node, span_field, written_field


@node
class ForEach:
    """`for each NAME in SET`: the declaration holds once per member of a declared set, NAME naming it."""

    name: str
    set: str
    span: Span | None = span_field()


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
    lines: tuple[WrittenLine, ...] = lines_field()  # `measure:`, `prizes:`, `says` …, as written
    says_written: WrittenLine | None = written_field()  # the (last) sentence's string as written, and where
    span: Span | None = span_field()


@node
class SetDecl:
    """`set NAME: A, B, …`: names that facts are given per, and awards and checks range over."""

    name: str
    members: tuple[str, ...]
    span: Span | None = span_field()


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
    span: Span | None = span_field()
    board_only: bool = False  # `only from EXPR`: derived from a board, never typed


@node
class GridDecl:
    """`grid NAME "Title" { shape … edges … mark … border … }`: a square grid of cells each player builds. Its
    span is the whole declaration, `name_span` its name (where the checker places what it finds of the grid)."""

    name: str
    title: str | None
    shape: tuple[int, ...]
    edges: str | None
    marks: tuple[tuple[str, str | None, str, bool], ...]  # (name, title, set, stands in a patch)
    borders: tuple[tuple[str, tuple[str, ...]], ...]  # (side, members: one for all, or north, east, south, west)
    homes: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (mark, edge member, the mark's members at home)
    areas: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, cell ids)
    faces: tuple[str, ...] = ()  # the faces a cell may be typed with
    lines: tuple[WrittenLine, ...] = lines_field()  # `shape:`, `edges:`, `faces:`, as written
    name_span: Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    span: Span | None = span_field()


@node
class ScoreDecl:
    """`score NAME "Title": EXPR`: a column of the score sheet, added into the total."""

    name: str
    title: str | None
    expr: Expr
    span: Span | None = span_field()


@node
class WarnDecl:
    """`warn "MESSAGE" if COND [for each NAME in SET]`: a rule the table breaks, reported and scored anyway."""

    message: str
    cond: Expr
    for_each: ForEach | None
    refuse: bool = False  # an input error (the record cannot be scored), not a warning
    note: bool = False  # a line of the explanation, not a warning
    span: Span | None = span_field()


@node
class WinnerKey:
    rank: str
    expr: Expr
    span: Span | None = span_field()


@node
class WinnerDecl:
    keys: tuple[WinnerKey, ...]
    only_if: Expr | None = None  # `, only if COND`: who the condition fails for wins nothing
    span: Span | None = span_field()


@node
class HexMapDecl:
    """`hexmap NAME "Title" { water "." row A: "…" … }`: a board of named hex cells, as data."""

    name: str
    title: str | None
    water: str | None
    rows: tuple[tuple[str, str], ...]  # (label, symbols)
    water_prefix: str | None = None  # water cells are named by it and a count from 0 (`r0`)
    player_colors: tuple = ()  # `player colors by VALUE: COLOUR, …`: (value name, colours), or ()
    colors_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    lines: tuple[WrittenLine, ...] = lines_field()  # `water`, `player colors`, as written
    span: Span | None = span_field()
