"""Which compiled scoring clauses depend on their tile alone (and the values of its player's rules), found on the
IR of the clause (its points, its condition and what its sentence shows).

A clause that reads nothing but the tile's own printed fields (its parameters, colour, kind, level, stars,
whether it is a desert, and whether it is cancelled), and maybe the values its player's rules give (`p.values`:
the rule set's values, changed by a god's modifiers), scores the same line for the same printed tile at the same
place under the same values, in every game. The scorer remembers such lines (scoring.py), which spares most of a
batch's work: a game's deserts, Sacred Stones, Villages and Temples are such tiles. Anything else makes a clause
not local: a read of the game (its options, its rounds, the board's tables of rows and columns), any other
player's or tile's things, other fields of the player or tile (what it scored, whether it was validated), a scan,
`among`, a fact of the record.
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.ir import nodes, ops

# A tile's own printed fields, as the runtime names them.
_OWN_FIELDS = frozenset({"color", "kind", "level", "stars", "desert", "cancelled"})
# Operations that read only what their operands read.
_OPERATIONS = (ops.Literal, ops.SetLit, ops.Neg, ops.Arith, ops.Compare, ops.Member, ops.Not, ops.BoolOp,
               ops.IfExpr, ops.Extreme, ops.Given, ops.Whose)


def reads_only_its_tile(exprs: list) -> bool:
    """True when every one of `exprs` (IR of one clause) reads nothing but its tile's own fields and parameters
    and the player's values."""
    seen: dict[int, bool] = {}
    return all(_local(e, seen) for e in exprs)


def _local(e, seen: dict[int, bool]) -> bool:
    if isinstance(e, nodes.TileRead):
        return e.tile is None and (not e.field or e.target in _OWN_FIELDS)
    if isinstance(e, nodes.PlayerRead):
        return e.player is None and e.part is nodes.Part.VALUE
    if isinstance(e, nodes.Const):
        return True
    if isinstance(e, nodes.LetRef):
        if id(e.let) not in seen:
            seen[id(e.let)] = _local(e.let.expr, seen)
        return seen[id(e.let)]
    if isinstance(e, _OPERATIONS):
        for field in attrs.fields(type(e)):
            value = getattr(e, field.name) if field.name != "source" else None
            if not all(_local(v, seen) for v in (value if isinstance(value, tuple) else (value,))
                       if attrs.has(type(v))):
                return False
        return True
    return False  # a scan, `among`, the game, a fact of the record, another player's or tile's things
