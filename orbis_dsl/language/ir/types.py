"""Types of the IR as values: small frozen classes, not strings. The checker still speaks in its type names
(`int`, `list:card`, `member:terrains?`, `per:tracks`); `from_name` reads one once, when the IR is built."""

from __future__ import annotations

import enum
from functools import cache

import attrs


class Basic(enum.Enum):
    INT = "int"
    BOOL = "bool"
    STRING = "string"
    COLOR = "color"
    COLORS = "colors"
    KIND = "kind"
    STAR = "star"
    AMOUNT = "amount"
    TILE = "tile"
    UNKNOWN = "?"  # a let's type is its expression's, not asked by either back end


@attrs.frozen
class Simple:
    basic: Basic
    optional: bool = False


@attrs.frozen
class MemberOf:
    """A member of a declared set (`terrains`, `tracks`)."""

    set_name: str
    optional: bool = False


@attrs.frozen
class ListOf:
    """A list fact's items: pieces of a family or members of a set."""

    item: str


@attrs.frozen
class PerMember:
    """A fact given once per member of a set (`cults[fire]`)."""

    set_name: str


@attrs.frozen
class PieceOf:
    family: str


@attrs.frozen
class Choice:
    """Any other named type the checker gives (an enum of strings, say)."""

    name: str
    optional: bool = False


Type = Simple | MemberOf | ListOf | PerMember | PieceOf | Choice

_BASICS = {b.value: b for b in Basic}


@cache
def from_name(name: str | None) -> Type:
    """The value for one of the checker's type names."""
    text = name or "?"
    optional = text.endswith("?") and text != "?"
    bare = text[:-1] if optional else text
    head, _, rest = bare.partition(":")
    if rest and head == "member":
        return MemberOf(rest, optional)
    if rest and head == "list":
        return ListOf(rest)
    if rest and head == "per":
        return PerMember(rest)
    if rest and head == "piece":
        return PieceOf(rest)
    if bare in _BASICS:
        return Simple(_BASICS[bare], optional)
    return Choice(bare, optional)


def is_list(t: Type) -> bool:
    return isinstance(t, ListOf)


def is_bool(t: Type) -> bool:
    return isinstance(t, Simple) and t.basic is Basic.BOOL
