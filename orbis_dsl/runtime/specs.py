"""The rule set as the runtime uses it: plain data plus handler callables.

Generated modules build these (from `generated/`), and so does the interpreter (from the checked model): the
scorer and the engine cannot tell the two apart, which is what lets tests compare them.

They are `NamedTuple`s rather than attrs classes because every `orbis score` builds them at start-up, where
importing attrs and generating its methods cost a sixth of the cold-start budget. Mapping defaults are one
shared read-only empty mapping (`frozen.EMPTY`), so no instance can change another's. (No
`from __future__ import annotations` here: a NamedTuple would compile each string annotation at import.)
"""

from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from ..frozen import EMPTY


class ParamSpec(NamedTuple):
    name: str
    type: str  # int | bool | string | color | colors | amount | enum
    size: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    default: object = None
    has_default: bool = False
    unique: bool = False  # no two tiles on the table share this value

    @property
    def required(self) -> bool:
        return not self.has_default and not self.optional


class EndSpec(NamedTuple):
    """One scoring clause: `fn` returns the points, or None when its condition fails."""

    fn: Callable
    text: str  # the clause in plain words, for explanations


class KindSpec(NamedTuple):
    name: str
    title: str
    params: tuple[ParamSpec, ...]
    scoring_params: Collection[str]  # the parameters its scoring reads
    declared: tuple[str, ...] = ()  # the kind's own parameters in declaration order
    ends: tuple[EndSpec, ...] = ()
    placed: Callable | None = None  # (g, p, t, trace) -> bool: the placement condition holds
    taken: Callable | None = None  # (api, g, p, t) -> None
    cancellable_when: str | None = None  # 'taken' or 'placed': the moment an effect may cancel the tile

    def param(self, name: str) -> ParamSpec | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


class GodSpec(NamedTuple):
    name: str
    title: str
    ends: tuple[EndSpec, ...] = ()
    taken: Callable | None = None  # (api, g, p) -> None
    modifiers: Mapping[str, int] = EMPTY
    cancellable: bool = False


class AwardSpec(NamedTuple):
    name: str
    title: str
    measure: Callable  # (g, p, trace) -> int
    eligible: Callable | None  # (g, p, measure, trace) -> bool
    tiebreak: Callable | None  # (g, p, measure, trace) -> int | None
    ties: str  # keep_order | split
    warn: bool
    prizes: tuple[int, ...] = ()


class OptionSpec(NamedTuple):
    name: str
    type: str  # bool | int | enum
    choices: tuple[str, ...]
    default: object


class VariantSpec(NamedTuple):
    name: str
    players: int
    gods_revealed: int
    removed_stars: tuple[str, ...]
    prizes: dict[str, tuple[int, ...]]
    options: dict[str, object]
    source: str = ""


class TileSpec(NamedTuple):
    level: int
    color: str
    stars: str
    cost: tuple[str | None, ...]
    kind: str
    params: dict[str, object]
    source: str = ""


class Settings(NamedTuple):
    """The declarations that are neither kinds, gods, awards, variants nor tiles (one rule file holds them)."""

    colors: tuple[str, ...] = ()
    aliases: Mapping[str, str] = EMPTY
    stars: tuple[str, ...] = ()
    levels: int = 1
    display: int = 0
    board: tuple[int, ...] = ()
    realm_limit: int | None = None
    cancel_tokens: int | None = None
    exchange: tuple[int, ...] = ()  # (give, get): worshippers of one colour for ones of any colour
    attributes: tuple[ParamSpec, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    values: Mapping[str, int] = EMPTY
    desert_wild: bool = False
    desert_ends: tuple[EndSpec, ...] = ()
    winner: tuple[tuple[str, Callable], ...] = ()  # (most|fewest, (g, p) -> int)
