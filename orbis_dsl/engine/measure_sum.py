"""Award measures that are sums of a term reading only its own tile, found on the compiled measure's bytecode: the
greedy policy weighs a candidate tile's change of such a measure by that tile's term alone
(`GreedyPolicy._measure_change`), and keeps a tile's whole weighing across turns when nothing else in it reads the
board (tile_fixed.py).
"""

from __future__ import annotations

import builtins
import dis
import types

from orbis_dsl.engine import bytecode
from orbis_dsl.engine.place_free import collect_names
from orbis_dsl.runtime import support

# what a measure may read of the game `g` besides its tiles: fixed for the whole game (the options, the board's
# tables), so the board without the candidate and the board with it read the same
GAME_CONSTANTS = frozenset({"options", "board", "neighbours", "supports"})
_SKIPPED = frozenset({"RESUME", "NOP", "PRECALL", "MAKE_CELL", "COPY_FREE_VARS", "CACHE"})
_TERM_OPS = frozenset({
    "RETURN_GENERATOR", "POP_TOP", "RESUME", "NOP", "CACHE", "COPY_FREE_VARS", "LOAD_FAST", "STORE_FAST",
    "FOR_ITER", "LOAD_ATTR", "LOAD_METHOD", "LOAD_CONST", "LOAD_GLOBAL", "LOAD_DEREF", "PRECALL", "CALL",
    "KW_NAMES", "PUSH_NULL", "COMPARE_OP", "IS_OP", "CONTAINS_OP", "BINARY_OP", "BINARY_SUBSCR", "UNARY_NOT",
    "UNARY_NEGATIVE", "BUILD_TUPLE", "BUILD_LIST", "COPY", "SWAP", "YIELD_VALUE", "JUMP_FORWARD", "JUMP_BACKWARD",
    "POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_FORWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_FALSE",
    "POP_JUMP_BACKWARD_IF_TRUE", "POP_JUMP_FORWARD_IF_NONE", "POP_JUMP_FORWARD_IF_NOT_NONE",
    "POP_JUMP_BACKWARD_IF_NONE", "POP_JUMP_BACKWARD_IF_NOT_NONE", "JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP",
    "RETURN_VALUE"})


def tile_sum(fn) -> bool:
    """True when the compiled award measure `fn(g, p)` is, on every path through it, `sum(TERM for t in p.tiles
    if COND)` or `aggregate_sum(...)` of such a generator, where TERM and COND read only `t` (anything of it), the
    game's fixed tables and options, constants and the pure builtins and helpers; the path chosen by the game's
    options and constants alone. Then the measure of a universe with one more tile, laid last, is the measure
    without it plus the measure of a universe holding that tile alone, exactly where both are ints (the greedy
    policy's `_award_gain` uses it so, and weighs in full otherwise). Worked out on the bytecode (CPython 3.11's,
    the project's; on any other, nothing is a tile sum: bytecode.py): the compiled packs have no source file to
    read; anything not recognised is not a tile sum."""
    code = getattr(fn, "__code__", None)
    if not bytecode.READABLE or code is None or code.co_argcount < 2 or code.co_freevars:
        return False
    namespace = getattr(fn, "__globals__", {})
    g_name, p_name = code.co_varnames[0], code.co_varnames[1]
    if p_name in code.co_cellvars:  # a generator would read the player some other way than its tiles
        return False
    try:
        return _paths_sum(list(dis.get_instructions(code)), g_name, p_name, namespace)
    except _NotASum:
        return False


# what of a tile differs between two weighings of the same tile id: where it lies, and what a weighing sets
TILE_STATE = frozenset({"pos", "validated", "cancelled", "points", "record", "recorded"})


def fixed_term(fn) -> bool:
    """For a measure `tile_sum` recognised: True when no term names any of `TILE_STATE` (its generators are
    the code objects of the measure's constants, and hold none of their own): a term then reads the tile's kind,
    colour and parameters, the game's options and fixed tables, and constants, all the same for a tile id in one
    game, so the measure of a universe holding that tile alone is too."""
    return not any(set(c.co_names) & TILE_STATE for c in fn.__code__.co_consts if isinstance(c, types.CodeType))


class _NotASum(Exception):
    """An instruction the recognition of `tile_sum` does not follow."""


def _paths_sum(instructions, g_name, p_name, namespace) -> bool:
    """Follow every path of the measure's code (its jumps all forward: no loop), on an abstract stack of what each
    value is: 'g', 'p', 'const' (the game's constants), 'tiles', 'iter', ('fn', code), ('gen',), 'summer',
    'null', 'sum', 'gcell'."""
    at = {ins.offset: i for i, ins in enumerate(instructions)}
    todo = [(0, ())]
    while todo:
        i, stack = todo.pop()
        while True:
            ins = instructions[i]
            op = ins.opname
            if op == "RETURN_VALUE":
                if stack != ("sum",):
                    return False
                break
            if op in ("POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_FORWARD_IF_TRUE", "POP_JUMP_FORWARD_IF_NONE",
                      "POP_JUMP_FORWARD_IF_NOT_NONE"):
                if stack[-1:] != ("const",):  # a branch on anything but the game's constants
                    return False
                stack = stack[:-1]
                todo.append((at[ins.argval], stack))
            elif op == "JUMP_FORWARD":
                i = at[ins.argval]
                continue
            elif op not in _SKIPPED:
                stack = _step(ins, stack, g_name, p_name, namespace)
            i += 1
    return True


def _step(ins, stack, g_name, p_name, namespace) -> tuple:
    """The abstract stack after one instruction of the measure's code (`_paths_sum`); `_NotASum` for any
    instruction or operand not recognised."""
    op = ins.opname
    if op in ("LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE"):
        return _load_local(op, ins.argval, stack, g_name, p_name)
    if op == "LOAD_ATTR":
        return _load_attr(ins.argval, stack)
    if op == "LOAD_GLOBAL":
        return _load_summer(ins, stack, namespace)
    if op == "CALL":
        return _call(stack, ins.argval, namespace)
    if op == "MAKE_FUNCTION":
        return _make_function(ins.argval, stack)
    return _combine(op, ins.argval, stack)


def _load_local(op, name, stack, g_name, p_name) -> tuple:
    """`g` or `p` (the player's universe), or `g`'s cell for a generator's closure; no other local."""
    kind = {g_name: "g", p_name: "p"}.get(name)
    if kind is None or (op == "LOAD_CLOSURE" and kind != "g"):
        raise _NotASum
    return (*stack, "gcell" if op == "LOAD_CLOSURE" else kind)


def _load_attr(name, stack) -> tuple:
    """`g.<GAME_CONSTANTS>` and an attribute of a constant are constants; `p.tiles` the tiles; nothing else."""
    top = stack[-1]
    if name.startswith("__"):
        raise _NotASum
    if (top == "g" and name in GAME_CONSTANTS) or top == "const":
        return (*stack[:-1], "const")
    if top == "p" and name == "tiles":
        return (*stack[:-1], "tiles")
    raise _NotASum


def _load_summer(ins, stack, namespace) -> tuple:
    """The builtin `sum` (a name the module does not bind) or `runtime.support.aggregate_sum`; no other global."""
    name = ins.argval
    found = namespace[name] if name in namespace else getattr(builtins, name, None)
    if found is not (support.aggregate_sum if name in namespace else sum):
        raise _NotASum
    return (*stack, *(("null",) if ins.arg & 1 else ()), "summer")


def _make_function(flags, stack) -> tuple:
    """A generator expression's function: no defaults, and a closure (flag 8) of `g`'s cell alone."""
    code = stack[-1]
    if type(code) is not tuple or flags not in (0, 8):
        raise _NotASum
    rest = stack[:-1]
    if flags == 8:
        if rest[-1:] != ("gcells",):
            raise _NotASum
        rest = rest[:-1]
    return (*rest, ("fn", code[1]))


def _combine(op, arg, stack) -> tuple:
    """Constants loaded and combined into constants; `g`'s cells into a closure; `p.tiles` into its iterator."""
    if op == "LOAD_CONST":
        return (*stack, ("code", arg) if isinstance(arg, types.CodeType) else "const")
    if op == "BUILD_TUPLE" and arg and stack[-arg:] == ("gcell",) * arg:
        return (*stack[:-arg], "gcells")
    if op in ("BINARY_SUBSCR", "COMPARE_OP", "BINARY_OP", "IS_OP", "CONTAINS_OP") and stack[-2:] == ("const",) * 2:
        return (*stack[:-2], "const")
    if op == "GET_ITER" and stack[-1:] == ("tiles",):
        return (*stack[:-1], "iter")
    raise _NotASum


def _call(stack, argc, namespace) -> tuple:
    """A generator's function called on `p.tiles`' iterator, or a summer called on such a generator."""
    if argc == 0 and len(stack) >= 2 and type(stack[-2]) is tuple and stack[-2][0] == "fn" and stack[-1] == "iter":
        if not _term_only(stack[-2][1], namespace):
            raise _NotASum
        return (*stack[:-2], "gen")
    if argc == 1 and stack[-3:] == ("null", "summer", "gen"):
        return (*stack[:-3], "sum")
    raise _NotASum


def _term_only(code: types.CodeType, namespace: dict) -> bool:
    """A generator expression whose every value reads only its element of the iterator it is given (any of its
    attributes), the game's constants (a free `g` read only as `g.<GAME_CONSTANTS>`), constants, and pure
    builtins and helpers; it writes nothing but its own locals, and holds no code of its own."""
    if code.co_name != "<genexpr>" or code.co_cellvars or len(code.co_freevars) > 1:
        return False
    if any(isinstance(c, types.CodeType) for c in code.co_consts):
        return False
    if not collect_names(code, namespace, set()):
        return False
    instructions = list(dis.get_instructions(code))
    for i, ins in enumerate(instructions):
        if ins.opname not in _TERM_OPS:
            return False
        if ins.opname == "LOAD_DEREF":
            following = instructions[i + 1] if i + 1 < len(instructions) else None
            if following is None or following.opname != "LOAD_ATTR" or following.argval not in GAME_CONSTANTS:
                return False
    return True
