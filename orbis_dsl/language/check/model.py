"""The checked rule set: what the compiler, the interpreter and the CLI see (never the raw syntax tree alone).

Declarations keep their expressions as AST nodes; literal values are plain Python values:
int, bool, str, a colour name, a sorted tuple of colour names (a colour set), or an `(count, colour|None)` amount.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

import attrs

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.check import types
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_sheet

# Fields every tile has, whatever the game: name -> (the runtime's attribute, type). A face-down tile, or a
# recorded tile that does not say, has no level: `level` may be none. Row and column count from 1, rows from the
# bottom; `border` is a tile at either end of its row.
BUILTIN_TILE_FIELDS = {"color": ("color", types.COLOR), "level": ("level", types.MAYBE_INT),
                       "row": ("row", types.INT), "column": ("column", types.INT), "border": ("border", types.BOOL)}
# Names every rule set can use without declaring them; declarations may not reuse them (nor the names the
# rule set's vocabulary declares, see `Vocabulary.names`).
BUILTIN_NAMES = set(BUILTIN_TILE_FIELDS) | {"total", "measure", "any", "true", "false", "none"}
# The score report's keys other than its categories: an award (which becomes a report key) may not take one.
BASE_REPORT_KEYS = {"name", "total", "regions", "place", "winner", "lines"}
PARAM_TYPES = {"int", "bool", "string", "color", "colors", "amount"}
EVENTS = ("taken", "placed")
ROLES = ("tiles", "players")


@cache
def type_of(t: ast_expr.TypeRef) -> types.Type:
    """The type of a declared type; UNKNOWN for an unknown one (already reported)."""
    if t.name == "enum":
        return types.STRING
    if t.name in ("cells", "crossings", "waters"):
        return types.named(t.name)
    if t.name not in PARAM_TYPES:
        return types.UNKNOWN
    return types.named(t.name, t.optional and t.name in MAY_BE_NONE)


def list_spec(t: ast_expr.TypeRef, sets) -> tuple[str, tuple[str, ...], str | None]:
    """A fact type as the runtime reads it: (kind, choices, flag). `list of NAME` is one construct with two kinds of
    item: a set's members (kind `list`, the members as choices: a record lists them by name) or a family's held
    pieces (kind `held`, the family as the one choice: a record gives piece ids, each with the list's flag)."""
    if t.name != "list":
        return t.name, t.choices, None
    listed, flag = t.choices
    if listed in sets:
        return "list", tuple(sets[listed]), None
    return "held", (listed,), flag or None


def listed_name(t: ast_expr.TypeRef) -> str | None:
    """What a `list of NAME` fact lists (a set or a family); None for any other type."""
    return t.choices[0] if t.name == "list" else None


# Optional types whose none the checker must keep from where a value is needed: handlers would raise on it
# (`color in q`, `reduce c`, `gain g`, `gain n red`). A none bool or string only compares false.
MAY_BE_NONE = frozenset({"int", "color", "colors", "amount"})


@cache
def _tile_fields(vocabulary: Vocabulary) -> Mapping[str, tuple[str, types.Type]]:
    # Kept, and read-only: every name the checker and the compiler resolve asks for them (10,000 times for a
    # 256 kB file of gods).
    fields = dict(BUILTIN_TILE_FIELDS)
    for name, attribute, type_ in ((vocabulary.tile_family, "kind", types.KIND),
                                   (vocabulary.mark, "stars", types.STAR), (vocabulary.facedown, "desert", types.BOOL),
                                   (vocabulary.marker, "cancelled", types.BOOL),
                                   (vocabulary.opposite, "validated", types.BOOL)):
        if name is not None:
            fields[name] = (attribute, type_)
    return MappingProxyType(fields)


@attrs.frozen
class Vocabulary:
    """The nouns a game declares for the generic constructs: its piece families, its face-down state, its marker
    and the marker's opposite, the mark every tile prints, the resource players keep. Each is the name rule
    expressions use; None when the game declares none."""

    tile_family: str | None = None  # `family kind … for tiles`: a tile's piece is its `kind`
    tile_family_title: str | None = None
    player_family: str | None = None  # `family god … for players`
    player_family_title: str | None = None
    facedown: str | None = None
    facedown_title: str | None = None
    marker: str | None = None
    marker_title: str | None = None
    opposite: str | None = None
    mark: str | None = None
    resource: str | None = None
    resource_title: str | None = None

    @property
    def tile_fields(self) -> Mapping[str, tuple[str, types.Type]]:
        """Every field of a tile: name in expressions -> (the runtime's attribute, type)."""
        return _tile_fields(self)

    @property
    def player_fields(self) -> dict[str, tuple[str, types.Type]]:
        return {self.resource: ("worshippers", types.INT)} if self.resource else {}

    @property
    def names(self) -> set[str]:
        """The declared nouns, which nothing else may be called."""
        return {n for n in (self.tile_family, self.player_family, self.facedown, self.marker, self.opposite,
                            self.mark, self.resource) if n is not None}

    @property
    def report_keys(self) -> set[str]:
        keys = set(BASE_REPORT_KEYS)
        keys |= {n for n in (self.player_family, self.resource) if n is not None}
        if self.facedown is not None:
            keys.add(self.facedown + "s")
        return keys


@attrs.frozen
class Param:
    name: str
    type: ast_expr.TypeRef
    default: object
    has_default: bool
    unique: bool = False
    low: int | None = None  # the values a tile may print, for an `int LOW..HIGH` parameter
    high: int | None = None
    span: Span | None = attrs.field(default=None, eq=False)

    @property
    def required(self) -> bool:
        return not self.has_default and not self.type.optional


@attrs.frozen
class Kind:
    name: str
    title: str
    params: dict[str, Param]
    lets: dict[str, ast_expr.Expr]
    taken: tuple[ast_decl.Effect, ...]
    placed: tuple[ast_decl.Effect, ...]
    ends: tuple[ast_decl.EndClause, ...]
    # Parameters the scorer reads (end clauses and placement conditions): a game record must give them.
    scoring_params: frozenset[str]
    declared: tuple[str, ...]  # the kind's own parameters in declaration order (positional in game notation)
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class God:
    name: str
    title: str
    lets: dict[str, ast_expr.Expr]
    taken: tuple[ast_decl.Effect, ...]
    ends: tuple[ast_decl.EndClause, ...]
    modifiers: dict[str, int]
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Option:
    name: str
    type: ast_expr.TypeRef
    default: object
    file: str
    title: str | None = None


@attrs.frozen
class Award:
    name: str
    title: str
    measure: ast_expr.Expr
    eligible: ast_expr.Expr | None
    tiebreak: ast_expr.Expr | None
    ties: str
    warn: bool
    prizes: tuple[int, ...]
    file: str
    for_each: ast_sheet.ForEach | None = None
    rank: str = "most"
    unless_equal: bool = False
    says: str | None = None


@attrs.frozen
class Fact:
    """What each player's record gives (per round, in a game of rounds)."""

    name: str
    title: str
    type: ast_expr.TypeRef
    low: int | None
    high: int | None
    per: str | None  # a set: the fact is given once per member
    file: str
    level: str | None = None  # 'round': given once per round; 'game': once for the whole record
    key: str | None = None  # the record's JSON key, when not the name
    derive: ast_expr.Expr | None = None  # `from EXPR`: derived from a grid record's board
    board_only: bool = False  # `only from`: never typed
    member_of: str | None = None  # `fact NAME: SET`: a member of SET (read as a choice of its members' names)

    @property
    def whole(self) -> bool:
        """Given once for the whole record (`for game`): every player reads it."""
        return self.level == "game"


@attrs.frozen
class Score:
    """A column of the score sheet; the columns add up to the total."""

    name: str
    title: str
    expr: ast_expr.Expr
    file: str


@attrs.frozen
class Check:
    """A rule the table breaks: a warning, or (`refuse`) an input error."""

    message: str
    cond: ast_expr.Expr
    for_each: ast_sheet.ForEach | None
    refuse: bool
    file: str
    span: Span | None = attrs.field(default=None, eq=False)
    note: bool = False  # `note`: a line of the explanation


@attrs.frozen
class Variant:
    name: str
    players: int
    gods_revealed: int
    removed_stars: tuple[str, ...]
    prizes: dict[str, tuple[int, ...]]
    options: dict[str, object]
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Tile:
    level: int
    color: str
    stars: str
    cost: tuple[str | None, ...]
    kind: str
    params: dict[str, object]
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Desert:
    wild: bool
    ends: tuple[ast_decl.EndClause, ...]
    file: str


@attrs.frozen
class RuleSet:
    vocabulary: Vocabulary
    colors: tuple[str, ...]
    aliases: dict[str, str]
    stars: tuple[str, ...]
    levels: int
    display: int
    board: tuple[int, ...]
    attributes: dict[str, Param]
    options: dict[str, Option]
    values: dict[str, int | bool | str | None]  # a number, a flag, a set member's name; None: not yet given
    desert: Desert
    kinds: dict[str, Kind]
    gods: dict[str, God]
    awards: dict[str, Award]
    winner: tuple[ast_sheet.WinnerKey, ...]
    variants: dict[str, Variant]
    tiles: tuple[Tile, ...]
    realm_limit: int | None
    cancel_tokens: int | None
    exchange: tuple[int, ...]  # (give, get), or () when the game has no exchange
    # Which source file declared each top-level name (the compiler writes one module per file).
    files: tuple[str, ...]
    decl_files: dict[str, str]
    # Score sheets: games scored from what each player's record says.
    sets: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    facts: dict[str, Fact] = attrs.field(factory=dict)
    scores: dict[str, Score] = attrs.field(factory=dict)
    checks: tuple[Check, ...] = ()
    rounds: int | None = None
    game: ast_decl.GameDecl | None = None  # the game's id and the formats of its records and reports
    value_sets: dict[str, str] = attrs.field(factory=dict)  # `value NAME: SET`: the set each such value is of
    rounds_also: int | None = None  # `rounds 3 or 1`
    grid: object = None  # runtime.specs.GridSpec: the square grid records may give boards on
    lets: dict = attrs.field(factory=dict)  # a score sheet's top-level `let`s: name -> expression
    winner_if: ast_expr.Expr | None = None  # `winner: …, only if COND`
    hexmap: ast_sheet.HexMapDecl | None = None  # a board of named hex cells, as data
    functions: dict = attrs.field(factory=dict)  # name -> names.Function: each `def` a call may refer to

    @property
    def is_sheet(self) -> bool:
        """Scored from the players' score sheets (declared `score` columns), not from a board of tiles."""
        return bool(self.scores)


def sheet_titles(rules: RuleSet) -> dict[str, str]:
    """The titles a score sheet prints for its facts, by name (a score column's words use them)."""
    return {name: fact.title for name, fact in rules.facts.items() if fact.title}


def awards_summed(expr) -> tuple[str, ...]:
    """The awards a score column adds up, when it is nothing else (`award cult`, `award most + award fewest`):
    their own lines in a report are the column's breakdown. () for any other column."""
    if isinstance(expr, ast_expr.AwardRef):
        return (expr.name,)
    if isinstance(expr, ast_expr.Arith) and expr.op == "+":
        left, right = awards_summed(expr.left), awards_summed(expr.right)
        if left and right:
            return left + right
    return ()
