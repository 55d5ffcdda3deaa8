"""The checked rule set: what the compiler, the interpreter and the CLI see (never the raw syntax tree alone).

Declarations keep their expressions as AST nodes; literal values are plain Python values:
int, bool, str, a colour name, a sorted tuple of colour names (a colour set), or an `(count, colour|None)` amount.
"""

from __future__ import annotations

import attrs

from . import ast
from .diagnostics import Span

# Names every rule set can use without declaring them; declarations may not reuse them.
# A desert, or a recorded tile that does not say, has no level: `level` may be none.
TILE_FIELDS = {"color": "color", "kind": "kind", "level": "int?", "stars": "star",
               "desert": "bool", "cancelled": "bool", "validated": "bool"}
PLAYER_FIELDS = {"worshippers": "int"}
RESERVED = set(TILE_FIELDS) | set(PLAYER_FIELDS) | {"total", "measure", "any", "true", "false", "none"}
# The score report's own keys: an award (which becomes a report key) may not take one.
REPORT_KEYS = {"name", "total", "regions", "deserts", "god", "worshippers", "place", "winner", "lines"}
PARAM_TYPES = {"int", "bool", "string", "color", "colors", "amount"}
EVENTS = ("taken", "placed")


@attrs.frozen
class Param:
    name: str
    type: ast.TypeRef
    default: object
    has_default: bool
    unique: bool = False
    span: Span | None = attrs.field(default=None, eq=False)

    @property
    def required(self) -> bool:
        return not self.has_default and not self.type.optional


@attrs.frozen
class Kind:
    name: str
    title: str
    params: dict[str, Param]
    lets: dict[str, ast.Expr]
    taken: tuple[ast.Effect, ...]
    placed: tuple[ast.Effect, ...]
    ends: tuple[ast.EndClause, ...]
    # Parameters the scorer reads (end clauses and placement conditions): a game record must give them.
    scoring_params: frozenset[str]
    declared: tuple[str, ...]  # the kind's own parameters in declaration order (positional in game notation)
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class God:
    name: str
    title: str
    lets: dict[str, ast.Expr]
    taken: tuple[ast.Effect, ...]
    ends: tuple[ast.EndClause, ...]
    modifiers: dict[str, int]
    file: str
    span: Span | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Option:
    name: str
    type: ast.TypeRef
    default: object
    file: str


@attrs.frozen
class Award:
    name: str
    title: str
    measure: ast.Expr
    eligible: ast.Expr | None
    tiebreak: ast.Expr | None
    ties: str
    warn: bool
    prizes: tuple[int, ...]
    file: str


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
    ends: tuple[ast.EndClause, ...]
    file: str


@attrs.frozen
class RuleSet:
    colors: tuple[str, ...]
    aliases: dict[str, str]
    stars: tuple[str, ...]
    levels: int
    display: int
    board: tuple[int, ...]
    attributes: dict[str, Param]
    options: dict[str, Option]
    values: dict[str, int]
    desert: Desert
    kinds: dict[str, Kind]
    gods: dict[str, God]
    awards: dict[str, Award]
    winner: tuple[ast.WinnerKey, ...]
    variants: dict[str, Variant]
    tiles: tuple[Tile, ...]
    realm_limit: int | None
    cancel_tokens: int | None
    exchange: tuple[int, ...]  # (give, get), or () when the game has no exchange
    # Which source file declared each top-level name (the compiler writes one module per file).
    files: tuple[str, ...]
    decl_files: dict[str, str]
