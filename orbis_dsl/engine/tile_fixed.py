"""Which tiles weigh the same in every turn of a game, found on the compiled handlers' code: the greedy policy keeps
such a tile's whole weighing, worked out once, for every later turn (and game) under the same rule set, options
and player's values (`GreedyPolicy._kept_value`).

A tile weighed alike at every place (place_free.py's `t_whole`) still reads the board through its award measures
(each measure's change when it is laid) and may read it through its handlers. Where every award measure is a sum
of a term fixed for each tile id (measure_sum.py: the change is that tile's term, an int), and the tile's 'when
taken' handler and end clauses read no attribute but the tile's printed fields (`params`, `kind`, `color`,
`level`, `stars`, `cost`, `desert`, and `cancelled`, never set on a tile being weighed), the game's `options`, the
player's `values`, a dict's own methods and the api's asks, its weighing reads nothing that changes during play
but what the dry run asks of the game (`EffectProbe`): the realm left (`pay`), the player's reductions
(`reduce`), the display's worshippers (`destroy`, never kept: they change every turn). The key of a kept value
holds those it reads. Attribute names are read off the bytecode's attribute instructions, so a module global of
the same name does not hide an attribute read; the globals and builtins a handler calls are held to the pure
ones as place_free.py holds them.
"""

from __future__ import annotations

import dis
import types

from orbis_dsl.engine.place_free import names_read

# what a weighed tile's handlers may read and stay the same all game (see the module's docstring)
TILE_PRINTED = frozenset({"params", "kind", "color", "level", "stars", "cost", "desert", "cancelled"})
GAME_FIXED = frozenset({"options"})
DICT_METHODS = frozenset({"get", "items", "keys", "values"})
API_ASKS = frozenset({"gain", "reduce", "pay", "destroy", "cancel"})
_READ_ATTRIBUTE = frozenset({"LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR", "DELETE_ATTR"})
KEPT_CLAUSE = TILE_PRINTED | GAME_FIXED | DICT_METHODS  # `values` is both the player's and a dict's method
KEPT_HANDLER = KEPT_CLAUSE | API_ASKS


def attributes_named(fn) -> frozenset | None:
    """Every attribute the code of `fn` (and the code within it) reads, writes or calls a method by, or None when
    its globals and builtins are not all pure (place_free.names_read) or it has no code."""
    if names_read(fn) is None:
        return None
    found: set = set()
    todo = [fn.__code__]
    while todo:
        code = todo.pop()
        found.update(ins.argval for ins in dis.get_instructions(code) if ins.opname in _READ_ATTRIBUTE)
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return frozenset(found)


def reads_only(fn, allowed: frozenset) -> bool:
    """True when `fn`'s code is pure (place_free.names_read) and names no attribute outside `allowed`."""
    named = attributes_named(fn)
    return named is not None and named <= allowed


def kept_tiles(T) -> tuple:
    """Per tile id of the rule set's tables `T`: 0 when its weighing is not kept across turns, else 1, 2 when
    its dry run reads the player's reductions (`reduce`) too: the key then holds them. A tile kept is weighed alike
    at every place (`T.t_whole`), its award measures are each a sum of a fixed term (`T.measures_fixed`), its
    handlers read nothing else that moves (`reads_only`) and it never asks to destroy (`T.t_destroys`)."""
    if not all(T.measures_fixed):
        return (0,) * T.ntiles
    out = []
    for whole, handler, kind, destroys in zip(T.t_whole, T.t_taken, T.t_kind, T.t_destroys):
        kept = whole and not destroys and (handler is None or reads_only(handler, KEPT_HANDLER)) and \
            (kind is None or all(reads_only(end.fn, KEPT_CLAUSE) for end in kind.ends))
        out.append(0 if not kept else 2 if "reduce" in attributes_named(handler or _none) else 1)
    return tuple(out)


def _none():
    return None
