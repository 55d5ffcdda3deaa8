"""Small builders of Python `ast` nodes, and the registry of what a generated module imports.

A helper is named through `Imports.helper`, which records it as it is used: the module's imports are exactly the
helpers its handlers call, with no search of the output. Every user-written name reaches the output only as an
`ast.Constant` (a dictionary key or a string), never as an identifier.
"""

from __future__ import annotations

import ast
import re

from orbis_dsl.language.ir.nodes import Sort, Var

_SUPPORT = "orbis_dsl.runtime.support"
_LISTS = "orbis_dsl.runtime.lists"
_SPECS = "orbis_dsl.runtime.specs"

# Each run-time helper a handler may call, and the module it comes from (imported as `_NAME`).
HELPERS = {
    **{name: _SUPPORT for name in (
        "among", "compare", "flag", "neighbours", "supports", "aggregate_max", "aggregate_min", "aggregate_sum",
        "extreme_max", "extreme_min", "divide", "fill", "show", "option_flag", "holds", "largest_group", "link",
        "size", "shown_divide", "shown_sum", "earlier", "matches", "mark", "negated", "let")},
    **{name: _LISTS for name in ("count_in", "position", "distinct", "sum_over", "both_equal")},
}

# The spec classes a module's tables may construct.
SPECS = frozenset({"EndSpec", "ParamSpec", "KindSpec", "GodSpec", "AwardSpec", "VariantSpec", "TileSpec",
                   "OptionSpec", "Settings", "FactSpec", "ScoreSpec", "CheckSpec", "GridSpec", "GridMarkSpec",
                   "HexMapSpec"})


class Imports:
    """What one module imports, filled as its handlers and tables are built."""

    def __init__(self):
        self.helpers: set[str] = set()
        self.specs: set[str] = set()

    def helper(self, name: str) -> ast.Name:
        if name not in HELPERS:
            raise KeyError(f"no run-time helper {name!r}")
        self.helpers.add(name)
        return load("_" + name)

    def spec_names_in(self, tree: ast.AST) -> None:
        """Records the spec classes a table's expression constructs."""
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SPECS:
                self.specs.add(node.func.id)

    def lines(self) -> list[str]:
        out = []
        for module in (_SUPPORT, _LISTS):
            names = sorted(h for h in self.helpers if HELPERS[h] == module)
            if names:
                out += _import(module, [f"{h} as _{h}" for h in names])
        if self.specs:
            out += _import(_SPECS, sorted(self.specs))
        return out


def _import(module: str, names: list[str]) -> list[str]:
    """`from MODULE import …` on one line, or one name a line when that would pass 120 columns."""
    line = f"from {module} import " + ", ".join(names)
    if len(line) <= 120:
        return [line]
    return [f"from {module} import ("] + [f"    {name}," for name in names] + [")"]


def load(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def const(value) -> ast.expr:
    """A literal; a tuple of literals as a tuple display (as Python writes one)."""
    if isinstance(value, tuple):
        return ast.Tuple([const(v) for v in value], ast.Load())
    return ast.Constant(value)


def attr(value: ast.expr | str, name: str) -> ast.Attribute:
    return ast.Attribute(load(value) if isinstance(value, str) else value, name, ast.Load())


def sub(value: ast.expr, key: ast.expr | str) -> ast.Subscript:
    return ast.Subscript(value, const(key) if isinstance(key, str) else key, ast.Load())


def call(func: ast.expr | str, *args: ast.expr, **keywords: ast.expr) -> ast.Call:
    return ast.Call(load(func) if isinstance(func, str) else func, list(args),
                    [ast.keyword(k, v) for k, v in keywords.items()])


def method(value: ast.expr | str, name: str, *args: ast.expr) -> ast.Call:
    return call(attr(value, name), *args)


def generator(element: ast.expr, var: str, source: ast.expr, condition: ast.expr | None = None) -> ast.GeneratorExp:
    ifs = [] if condition is None else [condition]
    return ast.GeneratorExp(element, [ast.comprehension(ast.Name(var, ast.Store()), source, ifs, 0)])


def negate(test: ast.expr) -> ast.UnaryOp:
    return ast.UnaryOp(ast.Not(), test)


def boolean(op: str, left: ast.expr, right: ast.expr) -> ast.BoolOp:
    """`left and right` (or `or`), one flat operation when an operand is the same operation."""
    kind = ast.And if op == "and" else ast.Or
    values = []
    for operand in (left, right):
        values += operand.values if isinstance(operand, ast.BoolOp) and isinstance(operand.op, kind) else [operand]
    return ast.BoolOp(kind(), values)


_COMPARE = {"=": ast.Eq, "!=": ast.NotEq, "in": ast.In, "is": ast.Is, "is not": ast.IsNot}


def compare(left: ast.expr, op: str, right: ast.expr) -> ast.Compare:
    return ast.Compare(left, [_COMPARE[op]()], [right])


_ARITH = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult}


def arith(left: ast.expr, op: str, right: ast.expr) -> ast.BinOp:
    return ast.BinOp(left, _ARITH[op](), right)


def add_strings(*parts: ast.expr) -> ast.expr:
    """`a + b + c`, left to right."""
    out = parts[0]
    for part in parts[1:]:
        out = ast.BinOp(out, ast.Add(), part)
    return out


def safe_identifier(name: str) -> str:
    """A fragment of a Python identifier: letters, digits and underscores only (the caller adds a prefix)."""
    return re.sub(r"[^0-9A-Za-z_]", "_", name)


_LETTER = {Sort.TILE: "n", Sort.HELD: "n", Sort.PLAYER: "q", Sort.MEMBER: "m"}


def var_name(var: Var | None, default: str) -> str:
    """Our variable for a scope's subject (`n0`, `q1`, `m0` …), or `default` (`t`, `p`) for the clause's own."""
    return default if var is None else f"{_LETTER[var.sort]}{var.depth}"
