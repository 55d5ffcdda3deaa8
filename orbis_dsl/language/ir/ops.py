"""The IR's operations and scans. Each keeps the checked syntax node it comes from (`source`, out of equality
and repr) for the words a back end shows (labels, explanations), never to resolve a name again. A node reading a
player's facts names that player (`player`: a `nodes.Var`, or None for the player being scored); a scan names the
`Var` its condition and value read.
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.ir.nodes import Var


def _source():
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


def _op(cls):
    return attrs.frozen(cls)


@_op
class Literal:
    value: object  # an int, bool or string
    source: object = _source()


@_op
class SetLit:
    values: tuple[str, ...]  # canonical names, sorted
    source: object = _source()


@_op
class Neg:
    operand: object
    source: object = _source()


@_op
class Arith:
    op: str
    left: object
    right: object
    source: object = _source()


@_op
class Compare:
    op: str
    left: object
    right: object
    source: object = _source()


@_op
class Member:
    item: object
    container: object
    source: object = _source()


@_op
class Not:
    operand: object
    source: object = _source()


@_op
class BoolOp:
    op: str
    left: object
    right: object
    source: object = _source()


@_op
class IfExpr:
    cond: object
    then: object
    otherwise: object
    source: object = _source()


@_op
class Extreme:
    func: str
    args: tuple
    source: object = _source()


@_op
class Whose:
    """`my X` / `their X`: X is lowered for that player already; kept for how `=` and `in` treat two players."""

    who: str
    expr: object
    source: object = _source()


@_op
class Given:
    operand: object
    negated: bool
    source: object = _source()


@_op
class FactAt:
    """`cults[fire]`: a fact given per member, at one member; `optional`: the record may leave the fact out."""

    fact: str
    key: object
    player: Var | None
    optional: bool
    source: object = _source()


@_op
class PlayerFact:
    """What a player's record says beyond its facts: `award X` (`what` award), `prior X`, `earlier X`,
    `distinct(LIST)`, `size(FACT)` / `size(FACT[KEY])` (with `key`)."""

    what: str  # award | prior | earlier | distinct | size
    fact: str
    player: Var | None
    key: object = None
    source: object = _source()


@_op
class InList:
    """`count(X in LIST)` (`what` count) or `position(X in LIST)` (`what` position)."""

    what: str
    item: object
    fact: str
    player: Var | None
    source: object = _source()


@_op
class Link:
    kind: str
    fact: str | None
    reach: object
    cond: object
    negate: bool


@_op
class LargestGroup:
    fact: str
    links: tuple[Link, ...]
    by: str | None
    between: tuple[str, ...]
    parts: tuple[Link, ...]
    player: Var | None
    source: object = _source()


@_op
class TileScan:
    """`count(SCOPE where …)` (`func` count) or `sum|max|min(FIELD of SCOPE where …)`: `var` each tile of the
    scope; `of` the tile whose neighbours or supports (None: the clause's), `player` whose tiles."""

    func: str
    field: str | None
    scope: str
    of: Var | None
    player: Var | None
    var: Var
    where: object
    source: object = _source()


@_op
class HeldScan:
    """`count(LIST where …)` / `sum(VALUE of LIST where …)` over the pieces a list fact holds."""

    func: str
    field: str | None
    fact: str
    player: Var | None
    var: Var
    where: object
    source: object = _source()


@_op
class PlayerScan:
    """`count(players where …)` (`func` count, `where`) or `sum(EXPR over players)` (`func` sum, `value`)."""

    func: str
    var: Var
    where: object = None
    value: object = None
    source: object = _source()


@_op
class MemberScan:
    """`count(t in SET where …)` (`func` count) or `sum(EXPR for t in SET where …)` (`func` sum, `value`)."""

    func: str
    members: tuple[str, ...]
    var: Var
    where: object = None
    value: object = None
    source: object = _source()


@_op
class Among:
    """`X is most|fewest among players`: `value` read for `var`, each player in turn, against `player`'s."""

    value: object
    rank: str
    var: Var
    player: Var | None
    source: object = _source()


@attrs.frozen(eq=False)
class Call:
    """A call of a function (`nodes.Function`, the same object for every call from the same scopes): its arguments
    worked out where the call stands, in the order of its parameters. Compared by identity, as a `LetRef`."""

    function: object
    args: tuple
    type: object
    source: object = _source()
