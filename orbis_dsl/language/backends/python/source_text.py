"""One expression of a generated handler as one line of Python source, fast.

`ast.unparse` is general and slow (most of the time of rendering a file of a thousand gods went to it); the
generated handlers use a handful of node kinds, written here with operator precedence: an operand is bracketed
exactly when it binds more loosely than where it stands. Anything else goes to `ast.unparse`. The layout test
(tests/language/backends/python/test_generated_layout.py) parses every generated module back and compares the trees.
"""

from __future__ import annotations

import ast

ATOM = 20  # (a name, a call, an attribute: what a call's function or a subscript's value stands at)
_BOOL = {ast.Or: (2, " or "), ast.And: (3, " and ")}
_ARITH = {ast.Add: (10, " + "), ast.Sub: (10, " - "), ast.Mult: (11, " * "), ast.Div: (11, " / "),
          ast.FloorDiv: (11, " // "), ast.Mod: (11, " % ")}
_COMPARE = {ast.Eq: " == ", ast.NotEq: " != ", ast.Lt: " < ", ast.LtE: " <= ", ast.Gt: " > ", ast.GtE: " >= ",
            ast.In: " in ", ast.NotIn: " not in ", ast.Is: " is ", ast.IsNot: " is not "}


# The precedence of a text that is never bracketed (a name, a call, a display, a generator in its own brackets).
_NEVER = 100


def text(e: ast.expr, need: int = 0, memo: dict | None = None) -> str:
    """`e` as source, bracketed when it binds more loosely than `need` (the precedence where it stands).
    `memo`: each node's text and precedence by the node's id, filled for every node written, for a caller that
    asks again for the parts of a node it has written (layout.py breaking a long line: once a node, not once for
    every enclosing node broken)."""
    if memo is None:
        out, level = _text(e, None)
    else:
        found = memo.get(id(e))
        if found is None:
            found = memo[id(e)] = _text(e, memo)
        out, level = found
    return f"({out})" if level < need else out


def _text(e: ast.expr, memo: dict | None) -> tuple[str, int]:
    """`e` as source, unbracketed, and its precedence: bracketed where it stands at a higher one."""
    kind = type(e)
    if kind is ast.Name:
        return e.id, _NEVER
    if kind is ast.Constant:
        return repr(e.value), (ATOM - 1 if isinstance(e.value, int | float) else _NEVER)
    if kind is ast.Attribute:
        return f"{text(e.value, ATOM, memo)}.{e.attr}", _NEVER
    if kind is ast.Subscript:
        return f"{text(e.value, ATOM, memo)}[{text(e.slice, 0, memo)}]", _NEVER
    if kind is ast.Call:
        return _call(e, memo), _NEVER
    if kind in (ast.Tuple, ast.List):
        items = ", ".join(text(item, 1, memo) for item in e.elts)
        if kind is ast.List:
            return f"[{items}]", _NEVER
        return (f"({items},)" if len(e.elts) == 1 else f"({items})"), _NEVER
    if kind is ast.Dict and None not in e.keys:
        return "{" + ", ".join(f"{text(k, 1, memo)}: {text(v, 1, memo)}"
                               for k, v in zip(e.keys, e.values, strict=True)) + "}", _NEVER
    return _operation(e, memo)


def _operation(e: ast.expr, memo: dict | None) -> tuple[str, int]:
    kind = type(e)
    if kind is ast.BoolOp:
        level, word = _BOOL[type(e.op)]
        return word.join(text(v, level + 1, memo) for v in e.values), level
    if kind is ast.BinOp and type(e.op) in _ARITH:
        level, word = _ARITH[type(e.op)]
        return text(e.left, level, memo) + word + text(e.right, level + 1, memo), level
    if kind is ast.UnaryOp and isinstance(e.op, ast.Not):
        return "not " + text(e.operand, 4, memo), 4
    if kind is ast.UnaryOp and isinstance(e.op, ast.USub):
        return "-" + text(e.operand, 12, memo), 12
    if kind is ast.Compare and all(type(op) in _COMPARE for op in e.ops):
        return text(e.left, 6, memo) + "".join(_COMPARE[type(op)] + text(c, 6, memo)
                                               for op, c in zip(e.ops, e.comparators, strict=True)), 5
    if kind is ast.IfExp:
        return f"{text(e.body, 2, memo)} if {text(e.test, 2, memo)} else {text(e.orelse, 1, memo)}", 1
    if kind is ast.Lambda:
        return f"lambda {lambda_args(e.args)}: {text(e.body, 0, memo)}", 0
    if kind is ast.GeneratorExp:
        return f"({_generator(e, memo)})", _NEVER
    return ast.unparse(e), 0  # (bracketed anywhere but at the top)


def lambda_args(args: ast.arguments) -> str:
    """A lambda's arguments as `ast.unparse` writes them; those of the handlers' lambdas (plain names, no
    defaults) directly (`ast.unparse` sets up an unparser for each, and a file of gods has thousands)."""
    if args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg or args.defaults:
        return ast.unparse(args)
    return ", ".join(a.arg for a in args.args)


def operator_symbol(op: ast.operator) -> str:
    """An arithmetic operator as written (`+`, `//` …)."""
    found = _ARITH.get(type(op))
    return found[1].strip() if found else ast.unparse(ast.BinOp(ast.Name("a"), op, ast.Name("b")))[2:-2]


def _generator(e: ast.GeneratorExp, memo: dict | None) -> str:
    out = text(e.elt, 1, memo)
    for gen in e.generators:
        out += (f" for {text(gen.target, 0, memo)} in {text(gen.iter, 2, memo)}"
                + "".join(f" if {text(c, 2, memo)}" for c in gen.ifs))
    return out


def _call(e: ast.Call, memo: dict | None) -> str:
    if len(e.args) == 1 and not e.keywords and type(e.args[0]) is ast.GeneratorExp:
        # `sum(1 for …)`: the call's brackets are the generator's
        return f"{text(e.func, ATOM, memo)}({_generator(e.args[0], memo)})"
    args = [text(a, 1, memo) for a in e.args] + [f"{k.arg}={text(k.value, 1, memo)}" for k in e.keywords if k.arg]
    if len(args) != len(e.args) + len(e.keywords):
        return ast.unparse(e)
    return f"{text(e.func, ATOM, memo)}(" + ", ".join(args) + ")"
