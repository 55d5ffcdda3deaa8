"""One expression of a generated handler as one line of Python source, fast.

`ast.unparse` is general and slow (most of the time of rendering a file of a thousand gods went to it); the
generated handlers use a handful of node kinds, written here with operator precedence: an operand is bracketed
exactly when it binds more loosely than where it stands. Anything else goes to `ast.unparse`. The layout test
(tests/language/test_generated_layout.py) parses every generated module back and compares the trees.
"""

from __future__ import annotations

import ast

_ATOM = 20
_BOOL = {ast.Or: (2, " or "), ast.And: (3, " and ")}
_ARITH = {ast.Add: (10, " + "), ast.Sub: (10, " - "), ast.Mult: (11, " * "), ast.Div: (11, " / "),
          ast.FloorDiv: (11, " // "), ast.Mod: (11, " % ")}
_COMPARE = {ast.Eq: " == ", ast.NotEq: " != ", ast.Lt: " < ", ast.LtE: " <= ", ast.Gt: " > ", ast.GtE: " >= ",
            ast.In: " in ", ast.NotIn: " not in ", ast.Is: " is ", ast.IsNot: " is not "}


def text(e: ast.expr, need: int = 0) -> str:
    """`e` as source, bracketed when it binds more loosely than `need` (the precedence where it stands)."""
    kind = type(e)
    if kind is ast.Name:
        return e.id
    if kind is ast.Constant:
        out = repr(e.value)
        return f"({out})" if need >= _ATOM and isinstance(e.value, int | float) else out
    if kind is ast.Attribute:
        return f"{text(e.value, _ATOM)}.{e.attr}"
    if kind is ast.Subscript:
        return f"{text(e.value, _ATOM)}[{text(e.slice)}]"
    if kind is ast.Call:
        return _call(e)
    if kind in (ast.Tuple, ast.List):
        items = ", ".join(text(item, 1) for item in e.elts)
        if kind is ast.List:
            return f"[{items}]"
        return f"({items},)" if len(e.elts) == 1 else f"({items})"
    if kind is ast.Dict and None not in e.keys:
        return "{" + ", ".join(f"{text(k, 1)}: {text(v, 1)}" for k, v in zip(e.keys, e.values, strict=True)) + "}"
    return _operation(e, need)


def _operation(e: ast.expr, need: int) -> str:
    kind = type(e)
    if kind is ast.BoolOp:
        level, word = _BOOL[type(e.op)]
        out = word.join(text(v, level + 1) for v in e.values)
    elif kind is ast.BinOp and type(e.op) in _ARITH:
        level, word = _ARITH[type(e.op)]
        out = text(e.left, level) + word + text(e.right, level + 1)
    elif kind is ast.UnaryOp and isinstance(e.op, ast.Not):
        level, out = 4, "not " + text(e.operand, 4)
    elif kind is ast.UnaryOp and isinstance(e.op, ast.USub):
        level, out = 12, "-" + text(e.operand, 12)
    elif kind is ast.Compare and all(type(op) in _COMPARE for op in e.ops):
        level = 5
        out = text(e.left, 6) + "".join(_COMPARE[type(op)] + text(c, 6)
                                        for op, c in zip(e.ops, e.comparators, strict=True))
    elif kind is ast.IfExp:
        level, out = 1, f"{text(e.body, 2)} if {text(e.test, 2)} else {text(e.orelse, 1)}"
    elif kind is ast.Lambda:
        level, out = 0, f"lambda {ast.unparse(e.args)}: {text(e.body)}"
    elif kind is ast.GeneratorExp:
        return f"({_generator(e)})"
    else:
        return ast.unparse(e) if need == 0 else f"({ast.unparse(e)})"
    return f"({out})" if level < need else out


def _generator(e: ast.GeneratorExp) -> str:
    out = text(e.elt, 1)
    for gen in e.generators:
        out += f" for {text(gen.target)} in {text(gen.iter, 2)}" + "".join(f" if {text(c, 2)}" for c in gen.ifs)
    return out


def _call(e: ast.Call) -> str:
    if len(e.args) == 1 and not e.keywords and type(e.args[0]) is ast.GeneratorExp:
        # `sum(1 for …)`: the call's brackets are the generator's
        return f"{text(e.func, _ATOM)}({_generator(e.args[0])})"
    args = [text(a, 1) for a in e.args] + [f"{k.arg}={text(k.value, 1)}" for k in e.keywords if k.arg]
    if len(args) != len(e.args) + len(e.keywords):
        return ast.unparse(e)
    return f"{text(e.func, _ATOM)}(" + ", ".join(args) + ")"
