"""The types of the rules language, as values: small frozen classes the checker gives every expression, name,
parameter and fact, and the IR carries to both back ends (re-exported by `ir/types.py`).

- `Simple`: a number, a yes/no condition, a string, a colour, a tile piece, a tile mark, an amount, a counted
  tile, or a hex map's cells, crossings or waters; optional (`int?`) where it may be none.
- `SetOf`: a set of colours, tile pieces or tile marks (`{red, blue}`, a `colors` parameter).
- `RoundValues`: a number's or a string's values one per round before (`earlier FACT`).
- `MemberOf`: a member of a declared set (`terrains`, `tracks`); `ListOf`: a list fact's items, members of a set
  or held pieces of a family; `PerMember`: a fact given once per member of a set (`cults[fire]`); `PieceOf`: a
  held piece of a family.
- `UNKNOWN`: the type of an expression with a mistake in it, already reported, so that one mistake is reported once.

`name_of` writes a type as the language's documentation names it (`int?`, `member:terrains`), for messages.
"""

from __future__ import annotations

import enum
from functools import cache

import attrs


class Basic(enum.Enum):
    INT = "int"
    BOOL = "bool"
    STRING = "string"
    COLOR = "color"
    KIND = "kind"
    STAR = "star"
    AMOUNT = "amount"
    TILE = "tile"
    CELLS = "cells"
    CROSSINGS = "crossings"
    WATERS = "waters"


@attrs.frozen
class Simple:
    basic: Basic
    optional: bool = False


@attrs.frozen
class SetOf:
    """A set of colours, tile pieces or tile marks."""

    basic: Basic
    optional: bool = False


@attrs.frozen
class RoundValues:
    """A list of a number's or a string's values, one per round before (`earlier FACT`)."""

    basic: Basic


@attrs.frozen
class MemberOf:
    """A member of a declared set (`terrains`, `tracks`)."""

    set_name: str
    optional: bool = False


@attrs.frozen
class ListOf:
    """A list fact's items: members of a set or held pieces of a family."""

    item: str


@attrs.frozen
class PerMember:
    """A fact given once per member of a set (`cults[fire]`); optional when a record may leave it out."""

    set_name: str
    optional: bool = False


@attrs.frozen
class PieceOf:
    family: str


@attrs.frozen(eq=False)
class Unknown:
    """An expression with a mistake in it (already reported), or a `let` whose type is its expression's. There is
    one, `UNKNOWN`, equal to itself alone (the checker asks `got == UNKNOWN` of nearly every expression)."""


Type = Simple | SetOf | RoundValues | MemberOf | ListOf | PerMember | PieceOf | Unknown

UNKNOWN = Unknown()
INT, MAYBE_INT = Simple(Basic.INT), Simple(Basic.INT, True)
BOOL, STRING, TILE, AMOUNT = Simple(Basic.BOOL), Simple(Basic.STRING), Simple(Basic.TILE), Simple(Basic.AMOUNT)
COLOR, KIND, STAR = Simple(Basic.COLOR), Simple(Basic.KIND), Simple(Basic.STAR)
CELLS = Simple(Basic.CELLS)

# The types a declaration may name (`param x: int?`, `fact f: cells`) by their written name.
_BASICS = {b.value: b for b in Basic}
_SETS = {"colors": Basic.COLOR, "kinds": Basic.KIND, "stars": Basic.STAR}


def required(t: Type) -> Type:
    """`t` without its none: what a value of it is once it is given."""
    return attrs.evolve(t, optional=False) if getattr(t, "optional", False) else t


def maybe(t: Type) -> Type:
    """`t` that may be none (a type with no none of its own, unchanged)."""
    return attrs.evolve(t, optional=True) if hasattr(t, "optional") else t


def is_optional(t: Type) -> bool:
    return getattr(t, "optional", False)


def is_int(t: Type) -> bool:
    """A number, which may be none."""
    return isinstance(t, Simple) and t.basic is Basic.INT


def is_bool(t: Type) -> bool:
    return isinstance(t, Simple) and t.basic is Basic.BOOL


def is_list(t: Type) -> bool:
    return isinstance(t, ListOf)


def set_of(t: Type) -> Type | None:
    """The set type of a colour, tile piece or tile mark (`red in {red, blue}`), or None for any other."""
    return SetOf(t.basic) if isinstance(t, Simple) and t.basic in _SETS.values() else None


@cache
def named(name: str, optional: bool = False) -> Type:
    """The type a declaration writes by name: a basic type, or a set of colours; UNKNOWN for any other name."""
    if name in _SETS:
        return SetOf(_SETS[name], optional)
    basic = _BASICS.get(name)
    return Simple(basic, optional) if basic is not None else UNKNOWN


def name_of(t: Type) -> str:
    """The type as docs/language.md writes it: `int`, `int?`, `colors`, `member:terrains`, `list:cards` …"""
    mark = "?" if is_optional(t) else ""
    if isinstance(t, Simple):
        return t.basic.value + mark
    if isinstance(t, SetOf):
        return t.basic.value + "s" + mark
    if isinstance(t, RoundValues):
        return t.basic.value + "s"
    if isinstance(t, MemberOf):
        return f"member:{t.set_name}{mark}"
    if isinstance(t, ListOf):
        return f"list:{t.item}"
    if isinstance(t, PerMember):
        return f"per:{t.set_name}{mark}"
    if isinstance(t, PieceOf):
        return f"piece:{t.family}"
    return "?"


# Types in plain words, for messages.
_WORDS = {"int": "a number", "int?": "a number (or none)", "bool": "a yes/no condition", "color": "a colour",
          "kind": "a tile piece", "star": "a tile mark", "string": "a string", "colors": "a set of colours",
          "kinds": "a set of tile pieces", "stars": "a set of tile marks", "amount": "an amount like '2 red'",
          "cells": "a list of cells", "crossings": "a list of crossings", "waters": "a list of water cells",
          "color?": "a colour (or none)", "colors?": "a set of colours (or none)",
          "amount?": "an amount (or none)", "ints": "a list of numbers", "strings": "a list of strings"}


def words(t: Type, vocabulary=None) -> str:
    """A type in plain words, for messages; in the game's own nouns when its `vocabulary` is given (Orbis: 'a
    kind', not 'a tile piece')."""
    family = getattr(vocabulary, "tile_family", None)
    if family and isinstance(t, Simple | SetOf) and t.basic is Basic.KIND:
        return f"a {family}" if isinstance(t, Simple) else f"a set of {family}s"
    if isinstance(t, MemberOf):
        return f"a member of {t.set_name}" + (" (or none)" if t.optional else "")
    if isinstance(t, PerMember):
        return f"a value per member of {t.set_name}"
    if isinstance(t, ListOf):  # `list of NAME`: members of a set or held pieces of a family
        return f"a list of {t.item}"
    if isinstance(t, PieceOf):
        return f"a {t.family}"
    return name_words(name_of(t))


def name_words(name: str) -> str:
    """A type written by name (`int?`, `colors`) in plain words; an unknown name as it is."""
    return _WORDS.get(name, name)
