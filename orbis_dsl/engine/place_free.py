"""Which parts of a tile's weighing read nothing that depends on the place it is weighed at, found on the compiled
handlers' code: the greedy policy works such a part out once per tile and turn instead of once per place
(`GreedyPolicy._evaluate_places`).

While the greedy policy weighs a tile at each of its places, the tile lies in the player's view at that place and
nothing else in the game differs between the places but: the tile's `pos`, the player's `slots` (which hold it at
that place), whether it is `validated` (it is not where its placement condition fails), what the game's `cache`
holds (filled by `among` during one place's weighing), and what the board's tables (`board`, `neighbours`,
`supports`) give for that place. A handler that names none of these attributes anywhere in its code (and in the
code of its generator expressions and nested functions), and calls nothing but builtins and `runtime.support`
helpers that work only on their arguments, reads the same values at every place, so it returns the same (a
compiled handler is a plain function of what it reads: the same reads take the same path to the same result).
Anything else (another global, a reflective builtin such as `getattr`, a dunder name) makes it not place-free.
`tests/engine/test_place_free.py` holds the rule to handlers made to fail it each way.
"""

from __future__ import annotations

import builtins
import types

from orbis_dsl.runtime import support

# attributes through which a handler could tell two places apart (see the module's docstring)
PLACE_ATTRIBUTES = frozenset({"pos", "slots", "validated", "cache", "board", "neighbours", "supports"})
# builtins that only compute on their arguments
PURE_BUILTINS = frozenset({
    "abs", "all", "any", "bool", "dict", "enumerate", "filter", "float", "frozenset", "int", "isinstance", "len",
    "list", "map", "max", "min", "range", "reversed", "round", "set", "sorted", "str", "sum", "tuple", "zip"})
# runtime.support helpers that only compute on (and note into the trace) their arguments
_PURE_HELPERS = frozenset(getattr(support, name) for name in (
    "aggregate_max", "aggregate_min", "aggregate_sum", "compare", "divide", "extreme_max", "extreme_min", "fill",
    "flag", "mark", "matches", "negated", "option_flag", "show", "shown_divide", "shown_sum", "size"))
_CONSTANTS = (int, float, str, bool, type(None))


def place_free(fn) -> bool:
    """True when the compiled handler `fn` reads nothing that depends on the place its tile is weighed at."""
    names = names_read(fn)
    return names is not None and not names & PLACE_ATTRIBUTES


def names_read(fn) -> frozenset | None:
    """Every attribute and global name the code of `fn` (and of the code within it) names, or None when it calls
    anything but builtins that only compute and `runtime.support`'s pure helpers, or names a dunder: what a
    compiled handler can read is then among these names."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return None
    names: set = set()
    return frozenset(names) if collect_names(code, getattr(fn, "__globals__", {}), names) else None


def collect_names(code: types.CodeType, namespace: dict, names: set) -> bool:
    for name in code.co_names:  # attribute and global names alike (Python keeps both here)
        if name.startswith("__"):
            return False
        if name in namespace and not pure_global(namespace[name]):
            return False
        if name not in namespace and hasattr(builtins, name) and name not in PURE_BUILTINS:
            return False
        names.add(name)
    return all(collect_names(c, namespace, names) for c in code.co_consts if isinstance(c, types.CodeType))


def pure_global(value) -> bool:
    if isinstance(value, _CONSTANTS):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(isinstance(v, _CONSTANTS) for v in value)
    try:
        return value in _PURE_HELPERS
    except TypeError:  # unhashable: not a helper
        return False
