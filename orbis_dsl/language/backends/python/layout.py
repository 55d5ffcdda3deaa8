"""Python `ast` → source lines no wider than `WIDTH`, for the generated modules.

`ast.unparse` writes each statement on one line. A line that would pass the width is broken at its outermost
expression: a call's arguments, an operation's operands, a generator's clauses, a display's items, a string into
adjacent literals, each on its own line inside brackets, and so on inward until every line fits (a single name
longer than the width stays as it is). Breaking adds only brackets and line breaks, so the module parses back to
the same tree (tests/language/backends/python/test_generated_layout.py holds it for every generated module).
"""

from __future__ import annotations

import ast

from orbis_dsl.language.backends.python import source_text

WIDTH = 120
STEP = "    "

# Operands that must be bracketed inside an operation (looser than any operation they stand in).
_LOOSE = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)
_ARITH_TIGHTNESS = {ast.Add: 1, ast.Sub: 1, ast.Mult: 2, ast.Div: 2, ast.FloorDiv: 2, ast.Mod: 2}


def function_lines(fn: ast.FunctionDef) -> list[str]:
    lines = [f"def {fn.name}({signature_text(fn.args)}):"]
    for stmt in fn.body:
        lines += statement_lines(stmt, STEP)
    return lines


def signature_text(args: ast.arguments) -> str:
    """`ast.unparse(args)`, written directly for what the handlers have (plain names, the last ones `=None`): a
    large rule set has thousands of handlers, and `ast.unparse` sets up an unparser for each."""
    plain = not (args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg) and all(
        a.annotation is None and a.type_comment is None for a in args.args) and all(
        type(d) is ast.Constant and d.value is None and d.kind is None for d in args.defaults)
    if not plain:
        return ast.unparse(args)
    first_default = len(args.args) - len(args.defaults)
    return ", ".join(a.arg if i < first_default else a.arg + "=None" for i, a in enumerate(args.args))


def statement_lines(stmt: ast.stmt, indent: str) -> list[str]:
    if isinstance(stmt, ast.If) and not stmt.orelse:
        lines = expr_lines(stmt.test, indent, "if ", ":")
        for inner in stmt.body:
            lines += statement_lines(inner, indent + STEP)
        return lines
    if isinstance(stmt, ast.Return) and stmt.value is not None:
        return expr_lines(stmt.value, indent, "return ", "")
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return expr_lines(stmt.value, indent, source_text.text(stmt.targets[0]) + " = ", "")
    if isinstance(stmt, ast.Expr):
        return expr_lines(stmt.value, indent, "", "")
    return [indent + line for line in ast.unparse(stmt).splitlines()]


def expr_lines(e: ast.expr, indent: str, prefix: str, suffix: str, memo: dict | None = None) -> list[str]:
    """`e` written after `prefix` and before `suffix`, at `indent`, broken over lines where it is too wide.
    (`memo`: each node's text, by id, while one expression is laid out (`source_text.text`): a node inside
    several broken ones is written once.)"""
    memo = {} if memo is None else memo
    flat = indent + prefix + _text(e, memo) + suffix
    if len(flat) <= WIDTH:
        return [flat]
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        return _not_lines(e, indent, prefix, suffix, memo)
    split = _split(e, len(indent) + len(STEP))
    if split is None:
        return [flat]
    opener, parts, closer = split
    if opener == "(" and closer == ")" and prefix.endswith("(") and suffix.startswith(")"):
        opener = closer = ""  # already in brackets of its own: `and (` … `)`, not `and ((` … `))`
    return [indent + prefix + opener, *_parts_lines(parts, indent + STEP, memo), indent + closer + suffix]


def _not_lines(e: ast.UnaryOp, indent: str, prefix: str, suffix: str, memo: dict) -> list[str]:
    """`not f(…)`, `not (a or b)`: broken inside."""
    if isinstance(e.operand, _ATOMS):
        return expr_lines(e.operand, indent, prefix + "not ", suffix, memo)
    return expr_lines(e.operand, indent, prefix + "not (", ")" + suffix, memo)


def _parts_lines(parts, inner: str, memo: dict) -> list[str]:
    """The parts of a broken expression at `inner`, each on its own lines, but items of a call or display that fit
    on a line together packed on one."""
    lines = []
    packed = ""
    for part_prefix, node, part_suffix in parts:
        text = part_prefix + (_text(node, memo) if node is not None else "") + part_suffix
        if part_suffix == "," and len(inner + packed + " " + text) <= WIDTH:
            packed = f"{packed} {text}" if packed else text
            continue
        if packed:
            lines.append(inner + packed)
            packed = ""
        if part_suffix == "," and len(inner + text) <= WIDTH:
            packed = text
        elif node is None:
            lines.append(inner + text)
        else:
            lines += expr_lines(node, inner, part_prefix, part_suffix, memo)
    if packed:
        lines.append(inner + packed)
    return lines


def _text(e: ast.expr, memo: dict) -> str:
    return source_text.text(e, 0, memo)


_ATOMS = (ast.Call, ast.Name, ast.Attribute, ast.Subscript)


def _wrapped(node: ast.expr, prefix: str = "", suffix: str = "", loose=_LOOSE) -> tuple[str, ast.expr, str]:
    """A part, bracketed when it is looser than where it stands."""
    if isinstance(node, loose):
        return prefix + "(", node, ")" + suffix
    return prefix, node, suffix


def _split(e: ast.expr, inner_width: int):
    """(opening text, parts as (prefix, node or None, suffix), closing text), or None when `e` cannot break."""
    split = _SPLITS.get(type(e))
    return None if split is None else split(e, inner_width)


def _split_call(e: ast.Call, inner_width: int):
    parts = [("", arg, ",") for arg in e.args]
    parts += [(f"{k.arg}=" if k.arg else "**", k.value, ",") for k in e.keywords]
    return source_text.text(e.func, source_text.ATOM) + "(", parts, ")"


def _split_bool_op(e: ast.BoolOp, inner_width: int):
    word = "and " if isinstance(e.op, ast.And) else "or "
    return "(", [_wrapped(v, word if i else "") for i, v in enumerate(e.values)], ")"


def _split_compare(e: ast.Compare, inner_width: int):
    loose = (*_LOOSE, ast.Compare, ast.UnaryOp)
    parts = [_wrapped(e.left, loose=loose)]
    for op, right in zip(e.ops, e.comparators, strict=True):
        parts.append(_wrapped(right, _COMPARE_WORDS[type(op)] + " ", loose=loose))
    return "(", parts, ")"


def _split_if(e: ast.IfExp, inner_width: int):
    return "(", [_wrapped(e.body, loose=(ast.IfExp, ast.Lambda)), _wrapped(e.test, "if ", loose=(ast.IfExp,
                 ast.Lambda)), _wrapped(e.orelse, "else ", loose=(ast.Lambda,))], ")"


def _split_comprehension(e: ast.GeneratorExp | ast.ListComp, inner_width: int):
    parts = [_wrapped(e.elt, loose=(ast.NamedExpr,))]
    for gen in e.generators:
        parts.append(_wrapped(gen.iter, f"for {source_text.text(gen.target)} in ", loose=(ast.IfExp, ast.Lambda)))
        parts += [_wrapped(cond, "if ", loose=(ast.IfExp, ast.Lambda)) for cond in gen.ifs]
    brackets = "()" if isinstance(e, ast.GeneratorExp) else "[]"
    return brackets[0], parts, brackets[1]


def _split_display(e: ast.Tuple | ast.List | ast.Set, inner_width: int):
    brackets = {ast.Tuple: "()", ast.List: "[]", ast.Set: "{}"}[type(e)]
    return brackets[0], [("", item, ",") for item in e.elts], brackets[1]


def _split_dict(e: ast.Dict, inner_width: int):
    parts = [(f"{source_text.text(k, 1)}: ", v, ",") if k is not None else ("**", v, ",") for k, v in zip(
        e.keys, e.values, strict=True)]
    return "{", parts, "}"


def _split_unary(e: ast.UnaryOp, inner_width: int):
    return ("not (" if isinstance(e.op, ast.Not) else ast.unparse(e)[0] + "("), [("", e.operand, "")], ")"


def _split_string(e: ast.Constant, inner_width: int):
    if isinstance(e.value, str) and len(e.value) > 1:
        return "(", [(chunk, None, "") for chunk in _string_chunks(e.value, WIDTH - inner_width)], ")"
    return None


# How each kind of expression breaks over lines, by its class (`_split`); any other stays on one line.
_SPLITS = {
    ast.Call: _split_call,
    ast.BoolOp: _split_bool_op,
    ast.BinOp: lambda e, inner_width: ("(", _operands(e), ")"),
    ast.Compare: _split_compare,
    ast.IfExp: _split_if,
    ast.GeneratorExp: _split_comprehension,
    ast.ListComp: _split_comprehension,
    ast.Tuple: _split_display,
    ast.List: _split_display,
    ast.Set: _split_display,
    ast.Dict: _split_dict,
    ast.Lambda: lambda e, inner_width: (f"lambda {source_text.lambda_args(e.args)}: (", [("", e.body, "")], ")"),
    ast.UnaryOp: _split_unary,
    ast.Subscript: lambda e, inner_width: (source_text.text(e.value, source_text.ATOM) + "[", [("", e.slice, "")], "]"),
    ast.Constant: _split_string,
}


_COMPARE_WORDS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
                  ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


def _operands(e: ast.BinOp) -> list[tuple[str, ast.expr, str]]:
    """The operands of a chain of equally tight arithmetic (`a + b - c`), each after its operator."""
    tightness = _ARITH_TIGHTNESS.get(type(e.op), 3)
    symbol = source_text.operator_symbol(e.op)
    left = e.left
    if isinstance(left, ast.BinOp) and _ARITH_TIGHTNESS.get(type(left.op), 3) == tightness:
        parts = _operands(left)
    else:
        parts = [_operand(left, tightness, "", right=False)]
    return [*parts, _operand(e.right, tightness, symbol + " ", right=True)]


def _operand(node: ast.expr, tightness: int, prefix: str, right: bool) -> tuple[str, ast.expr, str]:
    if isinstance(node, ast.BinOp):
        inner = _ARITH_TIGHTNESS.get(type(node.op), 3)
        if inner < tightness or (right and inner == tightness):
            return prefix + "(", node, ")"
        return prefix, node, ""
    return _wrapped(node, prefix, loose=(*_LOOSE, ast.Compare, ast.UnaryOp))


# Characters that `repr` writes as themselves, whichever quotes it picks: a string of only these is two characters
# longer written out.
_PLAIN = frozenset(map(chr, range(0x20, 0x7F))) - {"\\", "'", '"'}


def _string_chunks(text: str, width: int) -> list[str]:
    """A string as adjacent literals, each written no wider than `width` where its characters allow: a chunk
    ends before the character that would make it wider. (Each chunk's width is counted as it grows while it is
    plain, and written out by `repr` only once it is not: a quote or an escape may change how the whole is
    written.)"""
    limit = max(width, 20)
    if _PLAIN.issuperset(text):  # (most are): each chunk is `limit - 2` characters and its two quotes
        step = limit - 2
        return [repr(text[start:start + step]) for start in range(0, len(text), step)] or [repr(text)]
    chunks, start, plain = [], 0, True
    for i, ch in enumerate(text):
        ch_plain = ch in _PLAIN
        if i > start:
            wide = i - start + 3 > limit if plain and ch_plain else len(repr(text[start:i + 1])) > limit
            if wide:
                chunks.append(repr(text[start:i]))
                start, plain = i, True
        plain = plain and ch_plain
    chunks.append(repr(text[start:]))
    return chunks
