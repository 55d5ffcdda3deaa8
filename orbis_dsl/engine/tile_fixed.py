"""Which tiles weigh the same in every turn of a game, found on the compiled handlers' code: the greedy policy keeps
such a tile's whole weighing, worked out once, for every later turn (and game) under the same rule set, options
and player's values (`GreedyPolicy._kept_value`).

A tile weighed alike at every place (`Tables.t_whole`: place_free.py) still reads the board through its award measures
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

import builtins
import dis
import types

from orbis_dsl.engine import bytecode
from orbis_dsl.engine.place_free import PURE_BUILTINS, pure_global
from orbis_dsl.runtime import support

# what a weighed tile's handlers may read and stay the same all game (see the module's docstring)
TILE_PRINTED = frozenset({"params", "kind", "color", "level", "stars", "cost", "desert", "cancelled"})
GAME_FIXED = frozenset({"options"})
DICT_METHODS = frozenset({"get", "items", "keys", "values"})
API_ASKS = frozenset({"gain", "reduce", "pay", "destroy", "cancel"})
_READ_ATTRIBUTE = frozenset({"LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR", "DELETE_ATTR"})
_GLOBAL = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "DELETE_GLOBAL"})
# the helpers that hand a handler the tiles of a region of its place: the board's positions they read, by name
REGION_HELPERS = {support.supports: "supports", support.neighbours: "neighbours"}
KEPT_CLAUSE = TILE_PRINTED | GAME_FIXED | DICT_METHODS  # `values` is both the player's and a dict's method
KEPT_HANDLER = KEPT_CLAUSE | API_ASKS


def attributes_named(fn) -> frozenset | None:
    """Every attribute the code of `fn` (and the code within it) reads, writes or calls a method by, or None when
    it has no code, names a dunder, or reads a global that is neither pure (place_free.py's rule) nor a region
    helper (`REGION_HELPERS`)."""
    found = _reads(fn)
    return None if found is None else found[0]


def regions_read(fn) -> frozenset:
    """The regions (`REGION_HELPERS`' names) whose tiles `fn` is handed; empty when `attributes_named` is None."""
    found = _reads(fn)
    return frozenset() if found is None else found[1]


def _reads(fn) -> tuple | None:
    """(attributes named, regions read) of `fn`'s code, or None (see `attributes_named`; always None on a bytecode
    these readers were not written for: bytecode.py)."""
    code = getattr(fn, "__code__", None)
    if code is None or not bytecode.READABLE:
        return None
    namespace = getattr(fn, "__globals__", {})
    attributes: set = set()
    regions: set = set()
    todo = [code]
    while todo:
        code = todo.pop()
        if any(name.startswith("__") for name in code.co_names):
            return None
        for ins in dis.get_instructions(code):
            if ins.opname in _READ_ATTRIBUTE:
                attributes.add(ins.argval)
            elif ins.opname in _GLOBAL:
                region = _global_read(ins.opname, ins.argval, namespace)
                if region is None:
                    return None
                regions.update(region)
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return frozenset(attributes), frozenset(regions)


def _global_read(op, name, namespace) -> tuple | None:
    """() for a pure global or builtin read, (region,) for a region helper, None for anything else."""
    if op != "LOAD_GLOBAL" and op != "LOAD_NAME":
        return None  # a handler that writes a global
    if name in namespace:
        value = namespace[name]
        try:
            if value in REGION_HELPERS:
                return (REGION_HELPERS[value],)
        except TypeError:  # unhashable: no helper
            return None
        return () if pure_global(value) else None
    return () if not hasattr(builtins, name) or name in PURE_BUILTINS else None


# what a weighing's region key must tell apart of a region's tiles when nothing else of theirs is read: their
# colour or whether they are deserts (the player's `pc`), and their cancellation
REGION_COLOURS = frozenset({"desert", "color", "cancelled"})
_REBIND = frozenset({"STORE_FAST", "DELETE_FAST", "STORE_DEREF", "DELETE_DEREF"})


def attributes_off_the_tile(fn, tile_arg: str) -> frozenset:
    """Every attribute `fn`'s code reads of anything but the tile it is given (its argument named `tile_arg`: read
    as that argument, or in code within it as the closure's cell of it); all its attributes when the name is
    bound again anywhere, so that no other object is taken for the tile."""
    codes, todo = [], [fn.__code__]
    while todo:
        code = todo.pop()
        codes.append(code)
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    instructions = [(code, list(dis.get_instructions(code))) for code in codes]
    rebound = any(ins.opname in _REBIND and ins.argval == tile_arg for _, found in instructions for ins in found)
    out: set = set()
    for code, found in instructions:
        top = code is fn.__code__
        previous = None
        for ins in found:
            if ins.opname in _READ_ATTRIBUTE:
                own = not rebound and previous is not None and previous.argval == tile_arg and (
                    (top and previous.opname in ("LOAD_FAST", "LOAD_DEREF")) or
                    (previous.opname == "LOAD_DEREF" and tile_arg in code.co_freevars))
                if not own:
                    out.add(ins.argval)
            previous = ins
    return frozenset(out)


def reads_only(fn, allowed: frozenset, regions: bool = False) -> bool:
    """True when `fn`'s code reads only pure globals and builtins, names no attribute outside `allowed`, and is
    handed the tiles of no region unless `regions`."""
    found = _reads(fn)
    return found is not None and found[0] <= allowed and (regions or not found[1])


def kept_tiles(T) -> tuple:
    """Per tile id of the rule set's tables `T`: 0 when its weighing is not kept across turns by its id, else 1, 2
    when its dry run reads the player's reductions (`reduce`) too: the key then holds them, 3 when its dry run may
    destroy (what it reads of the display moves every turn): the key then holds what the dry run came to (gained,
    spent, reduced, cancelled), worked out each time, and the handler must change nothing (`changes_nothing`), so
    that what it came to is all the rest of the weighing sees. A tile kept is weighed alike at every place
    (`T.t_whole`), its award measures are each a sum of a fixed term (`T.measures_fixed`), and its handlers read
    nothing else that moves (`reads_only`)."""
    out = []
    for tile, whole in enumerate(T.t_whole):
        parts = _kept_parts(T, tile)
        if not whole or parts is None or parts[1]:
            out.append(0)
        elif T.t_destroys[tile]:
            out.append(3 if changes_nothing(T.t_taken[tile]) else 0)
        else:
            out.append(2 if parts[0] else 1)
    return tuple(out)


_CHANGE = frozenset({"STORE_ATTR", "DELETE_ATTR", "STORE_SUBSCR", "DELETE_SUBSCR", "STORE_GLOBAL", "DELETE_GLOBAL",
                     "STORE_DEREF", "DELETE_DEREF"})


def changes_nothing(fn) -> bool:
    """True when the code of `fn` (and within it) stores no attribute, item, global or closure cell: it changes
    nothing but its own locals (and what it asks of its api)."""
    todo = [fn.__code__]
    while todo:
        code = todo.pop()
        if any(ins.opname in _CHANGE for ins in dis.get_instructions(code)):
            return False
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return True


def region_tiles(T) -> tuple:
    """Per tile id of `T`: None, or, for a tile kept across turns by its place and the tiles of the regions it
    reads (`REGION_HELPERS`: the tiles it rests on, its neighbours), per board position the positions of those
    regions; with `T.t_region_reduces` (its dry run reads the player's reductions) and `T.t_region_colours` (it
    reads only the colours and cancellations of the region's tiles). A tile kept by its id alone (`kept_tiles`) is
    not kept here."""
    board = T.board
    out, reduces, colours, reads = [], [], [], []
    for tile, whole in enumerate(T.t_whole):
        parts = _kept_parts(T, tile)
        if parts is None or (whole and not parts[1]) or T.t_destroys[tile]:
            out.append(None)
            reduces.append(False)
            colours.append(False)
            reads.append(None)
            continue
        tables = [getattr(board, name) for name in sorted(parts[1])]
        out.append(tuple(tuple(sorted({q for table in tables for q in table[pos]})) for pos in range(board.size)))
        reduces.append(parts[0])
        colours.append(_reads_colours_around(T, tile))
        reads.append(tuple(sorted(parts[1])))
    T.t_region_reduces = tuple(reduces)
    T.t_region_colours = tuple(colours)
    T.t_region_reads = tuple(reads)  # per region tile, the names of the regions its parts are handed, sorted
    return tuple(out)


def _reads_colours_around(T, tile) -> bool:
    """Whether the tile's parts read nothing of any tile but their own beyond `REGION_COLOURS` (of the other tile
    fields a region's tile has, see `TILE_PRINTED`): its region key then needs only each position's colour or
    desert and cancellation, not which tile lies there."""
    handler, condition, kind = T.t_taken[tile], T.t_placed[tile], T.t_kind[tile]
    parts = [(handler, 3)] if handler is not None else []
    parts += [(condition, 2)] if condition is not None else []
    parts += [(end.fn, 2) for end in (kind.ends if kind is not None else ())]
    others = set()
    for fn, tile_at in parts:
        if fn.__code__.co_argcount <= tile_at:  # no tile argument to tell apart: every attribute may be another's
            return False
        others |= attributes_off_the_tile(fn, fn.__code__.co_varnames[tile_at])
    return not others & (TILE_PRINTED - REGION_COLOURS)


def _kept_parts(T, tile) -> tuple | None:
    """(whether the tile's dry run reads the reductions, the regions its parts read), or None when its weighing
    reads anything else that moves (see the module's docstring): a placement condition and end clauses reading
    only `KEPT_CLAUSE`, a 'when taken' handler only `KEPT_HANDLER`, award measures that are sums of fixed
    terms."""
    if not all(T.measures_fixed):
        return None
    handler, condition, kind = T.t_taken[tile], T.t_placed[tile], T.t_kind[tile]
    parts = [(handler, KEPT_HANDLER)] if handler is not None else []
    parts += [(condition, KEPT_CLAUSE)] if condition is not None else []
    parts += [(end.fn, KEPT_CLAUSE) for end in (kind.ends if kind is not None else ())]
    regions: set = set()
    for fn, allowed in parts:
        found = _reads(fn)
        if found is None or not found[0] <= allowed:
            return None
        regions |= found[1]
    return handler is not None and "reduce" in attributes_named(handler), frozenset(regions)
