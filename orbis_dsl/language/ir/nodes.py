"""The IR's leaves: each name as what it resolved to, once, when the IR was built (`lower`), and the `let`s.

Who a name belongs to is explicit: `Var` is a subject a scope ranges over (a counted tile, a counted player, a
counted held piece, a set member); `None` in a `tile` or `player` field means the clause's own tile or the player
being scored. Types are `types.Type` values. A `Let` is one node: every use is a `LetRef` to that same object; a
`Function` (a `def` too large to write out where it is called) is one node too: every call is an `ops.Call` to
that same object, its body reading its parameters as `ArgRead`s.
"""

from __future__ import annotations

import enum

import attrs

from orbis_dsl.language.ir.types import Type


class Sort(enum.Enum):
    """What a scope's variable ranges over."""

    TILE = "tile"
    HELD = "held"  # a piece a list fact holds
    PLAYER = "player"
    MEMBER = "member"


@attrs.frozen
class Var:
    """One scope's subject. `depth` is how many scopes enclose it: two scopes open at once never share one."""

    sort: Sort
    depth: int


class Part(enum.Enum):
    """Which of a player's things a `PlayerRead` reads."""

    FIELD = "field"  # an attribute of the runtime's player (`target`)
    VALUE = "value"
    FACT = "fact"
    CANCELLED = "cancelled"
    TOTAL = "total"


@attrs.frozen
class TileRead:
    """A tile's printed field (`field`: the runtime's attribute is `target`) or parameter."""

    tile: Var | None
    field: bool
    target: str
    type: Type
    name: str  # as written


@attrs.frozen
class PlayerRead:
    player: Var | None
    part: Part
    target: str
    type: Type
    name: str


@attrs.frozen
class HeldRead:
    """A counted held piece's piece, flag or value (`part`)."""

    item: Var
    part: str
    type: Type
    name: str


@attrs.frozen
class GameRead:
    """`round`, `rounds_played` (`option` False) or a rule option by name."""

    target: str
    option: bool
    type: Type
    name: str


@attrs.frozen
class Measure:
    """An award's measure, in its `eligible` and `tiebreak`."""

    type: Type
    name: str = "measure"


@attrs.frozen
class EachRead:
    """The member a `for each` declaration is handled for."""

    type: Type
    name: str


@attrs.frozen
class BoundRead:
    """The member a `count(t in SET …)` or `sum(… for t in SET)` names."""

    var: Var
    type: Type
    name: str


@attrs.frozen
class Const:
    """A colour, kind, star, set member or piece named: its canonical name is the value."""

    value: str
    type: Type
    name: str


@attrs.define(eq=False)
class Let:
    """A `let`, lowered once for the scope it is read in; `expr` is set once its lowering is done."""

    name: str
    expr: object = None
    # whether the let reads no scope's subject (only the clause's tile and player): a back end may work it out
    # once per handler
    free: bool = True
    # the scopes' subjects it may read (those open where it is read): its value is one per combination of them
    subjects: tuple[Var, ...] = ()
    uses: int = 0  # how many reads of it were lowered (a let read once is written where it is read)


@attrs.frozen(eq=False)
class LetRef:
    """A use of a let: the same `Let` object for every use in one scope (compared by identity)."""

    let: Let
    name: str


@attrs.frozen
class ArgRead:
    """A function's parameter read in its body: the argument of the call being worked out."""

    type: Type
    name: str


@attrs.define(eq=False)
class Function:
    """A function, lowered once for the scopes it is called from (whose tiles and player its body reads); `expr` is
    set once its lowering is done."""

    name: str
    params: tuple[str, ...] = ()
    expr: object = None
    free: bool = True  # as `Let.free`
    subjects: tuple[Var, ...] = ()  # the scopes' subjects its body may read (as `Let.subjects`)


NAME_NODES = (TileRead, PlayerRead, HeldRead, GameRead, Measure, EachRead, BoundRead, Const, LetRef, ArgRead)
