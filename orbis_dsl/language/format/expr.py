"""`orbis fmt`, the pieces of a line: expressions (with parentheses only where precedence needs them), literals,
types and effects, each from Lark's parse tree; and how a line too wide for `WIDTH` breaks: an expression at
`and`/`or`, `else` or `+`, a comma list after a comma, a choice of strings before a `|`.

Each kind of node has its layout in a table (node name → a small function of its children), so a new construct
is one entry, not one more branch.
"""

from __future__ import annotations

from lark import Token

from orbis_dsl.language.format.lists import LIST_LAYOUTS

WIDTH = 120  # lines longer than this break at `and`/`or` or before `else`, where a clause allows it
INDENT = "  "

# Precedence of expression nodes, loosest first (see `?expr` … `?atom` in grammar/rules.lark).
_LEVEL = {"cond_expr": 0, "or_expr": 1, "and_expr": 2, "not_expr": 3, "compare": 4, "member": 4, "among": 4,
          "given": 4, "not_given": 4, "neg": 7, "whose": 7}
_ATOM = 8


def kids(tree) -> list:
    """A node's children, without the placeholders Lark leaves for optional parts that are absent."""
    return [c for c in tree.children if c is not None]


def tok(item) -> str:
    """A token's text, or the text of a `name` tree."""
    if isinstance(item, Token):
        return str(item)
    return str(item.children[0])


def is_token(item) -> bool:
    return isinstance(item, Token)


def names(items) -> str:
    return ", ".join(tok(i) for i in items)


def _level(tree) -> int:
    if isinstance(tree, Token):
        return _ATOM
    if tree.data == "arith":
        return 6 if str(tree.children[1]) in "*/" else 5
    return _LEVEL.get(tree.data, _ATOM)


def expr(tree, min_level: int = 0) -> str:
    """An expression on one line, parenthesised when its precedence is looser than its place allows."""
    text = _EXPRESSIONS[tree.data](kids(tree))
    return f"({text})" if _level(tree) < min_level else text


def _where(k, at: int) -> str:
    """The ` where …` of a count or an aggregate, whose condition (when there is one) is child `at`."""
    return f" where {expr(k[at])}" if len(k) > at else ""


def _arith(k) -> str:
    op = str(k[1])
    left, right = (6, 7) if op in "*/" else (5, 6)
    return f"{expr(k[0], left)} {op} {expr(k[2], right)}"


_EXPRESSIONS = {
    "cond_expr": lambda k: f"if {expr(k[0])} then {expr(k[1])} else {expr(k[2])}",
    "or_expr": lambda k: f"{expr(k[0], 1)} or {expr(k[1], 2)}",
    "and_expr": lambda k: f"{expr(k[0], 2)} and {expr(k[1], 3)}",
    "not_expr": lambda k: f"not {expr(k[0], 3)}",
    "compare": lambda k: f"{expr(k[0], 5)} {k[1]} {expr(k[2], 5)}",
    "member": lambda k: f"{expr(k[0], 5)} in {expr(k[1], 5)}",
    "among": lambda k: f"{expr(k[0], 5)} is {k[1]} among players",
    "arith": _arith,
    "neg": lambda k: f"-{expr(k[1], 7)}",
    "int_lit": lambda k: tok(k[0]),
    "string_lit": lambda k: tok(k[0]),
    "ref": lambda k: tok(k[0]),
    "true_lit": lambda k: "true",
    "false_lit": lambda k: "false",
    "set_lit": lambda k: "{" + names(k) + "}",
    "count": lambda k: f"count({k[0]}{_where(k, 1)})",
    "count_held": lambda k: f"count({tok(k[0])}{_where(k, 1)})",
    "sum_held": lambda k: f"sum({tok(k[1])} of {tok(k[2])}{_where(k, 3)})",
    "aggregate": lambda k: f"{k[0]}({tok(k[1])} of {k[2]}{_where(k, 3)})",
    "index": lambda k: f"{tok(k[0])}[{expr(k[1])}]",
    "award_ref": lambda k: f"award {tok(k[0])}",
    "prior": lambda k: f"prior {tok(k[0])}",
    "earlier": lambda k: f"earlier {tok(k[0])}",
    "extreme": lambda k: f"{k[0]}(" + ", ".join(expr(a) for a in k[1:]) + ")",
    "size": lambda k: f"size({expr(k[0])})",
    "largest_group": lambda k: _largest_group(k),
    # explicit scope and presence (ast_scope)
    "bound_aggregate": lambda k: f"{k[0]}({tok(k[1])} of {expr(k[2], 5)} in {k[3]}{_where(k, 4)})",
    "bound_count": lambda k: f"count({expr(k[0], 5)} in {k[1]}{_where(k, 2)})",
    "member_count": lambda k: f"count({expr(k[0], 5)} in {tok(k[1])}{_where(k, 2)})",
    "member_sum": lambda k: f"sum({expr(k[1])} for {tok(k[2])} in {tok(k[3])}{_where(k, 4)})",
    "field_of": lambda k: f"{tok(k[0])}.{tok(k[1])}",
    "whose": lambda k: f"{k[0]} {expr(k[1], _ATOM)}",
    "given": lambda k: f"{expr(k[0], 5)} is given",
    "not_given": lambda k: f"{expr(k[0], 5)} is not given",
    "call": lambda k: f"{tok(k[0])}(" + ", ".join(expr(a) for a in k[1:]) + ")",
}
# The list constructs' layouts live with the rest of their stage's part (fmt_lists); each takes `expr` for operands.
_EXPRESSIONS.update({name: (lambda k, layout=layout: layout(k, expr)) for name, layout in LIST_LAYOUTS.items()})

# The links of `largest group(PIECES: …)`: which cells count as connected.
_LINKS = {
    "adjacent_link": lambda k: "adjacent",
    "joined_link": lambda k: f"joined by {tok(k[0])}",
    "beside_link": lambda k: f"beside {tok(k[0])}",
    "water_link": lambda k: f"by water within {expr(k[0], 5)}{_link_if(k)}",
    "within_link": lambda k: f"within {expr(k[0], 5)}{_link_if(k)}",
    "named_link": lambda k: tok(k[0]),  # a link set's name (`links NAME: …`)
}


def _link_if(k) -> str:
    """A reach link's ` if COND` or ` unless COND`, when it has one."""
    if len(k) < 2:
        return ""
    word, cond = kids(k[1])
    return f" {word} {expr(cond)}"


def link(t) -> str:
    return _LINKS[t.data](kids(t))


# What a `largest group(…)` measures when not its number of cells: `by span [between A and B]`, `by parts(LINK, …)`,
# `by border cells`.
_MEASURES = {
    "span_measure": lambda k: " by span" + (f" between {tok(k[0])} and {tok(k[1])}" if k else ""),
    "parts_measure": lambda k: " by parts(" + ", ".join(link(x) for x in k) + ")",
    "border_measure": lambda k: " by border cells",
}


def _largest_group(k) -> str:
    links = [x for x in k[1:] if x.data.endswith("_link")]
    measure = next((x for x in k[1:] if x.data in _MEASURES), None)
    by = _MEASURES[measure.data](kids(measure)) if measure is not None else ""
    return f"largest group({tok(k[0])}: " + ", ".join(link(x) for x in links) + ")" + by


_LITERALS = {
    "signed_int": lambda k: "".join(str(x) for x in k),
    "string_lit": lambda k: tok(k[0]),
    "name_lit": lambda k: tok(k[0]),
    "amount_lit": lambda k: f"{k[0]} {tok(k[1])}",
    "set_lit": lambda k: "{" + names(k) + "}",
    "true_lit": lambda k: "true",
    "false_lit": lambda k: "false",
}


def literal(t) -> str:
    return _LITERALS[t.data](kids(t))


_TYPES = {
    "named_type": lambda k: tok(k[0]),
    "list_type": lambda k: f"list of {tok(k[0])}" + (f" with {tok(k[1])}" if len(k) > 1 else ""),
    "sized_type": lambda k: f"{tok(k[0])}({k[1]})",
    "enum_type": lambda k: " | ".join(str(s) for s in k),
}


def type_text(t) -> str:
    base, *optional = kids(t)
    return _TYPES[base.data](kids(base)) + ("?" if optional else "")


def type_lines(prefix: str, t, tail: str = "") -> list[str]:
    """`prefix` + a type + `tail` (what follows the type: a default, a range…); a choice of strings that would
    make the line too wide breaks before a `|`, each later line under the first choice (as `and`/`or` do), the
    `?` of an optional choice and the tail after the last."""
    flat = prefix + type_text(t) + tail
    base, *optional = kids(t)
    if len(flat) <= WIDTH or base.data != "enum_type":
        return [flat]
    choices = [str(s) for s in kids(base)]
    # The tail goes with the last choice, so a line it would make too wide breaks before that choice.
    choices[-1] += ("?" if optional else "") + tail
    return fill(prefix, choices, " | ")


def _amount(t) -> str:
    k = kids(t)
    if t.data == "amount_param":
        return tok(k[0])
    return f"{tok(k[0])} {tok(k[1])}"


_EFFECTS = {
    "gain": lambda k: f"gain {_amount(k[0])}",
    "reduce": lambda k: f"reduce {expr(k[0])}",
    "pay": lambda k: f"pay {_amount(k[0])} else mark {tok(k[1])}",
    "destroy": lambda k: f"destroy {_amount(k[0])} from market else mark {tok(k[1])}",
    "require": lambda k: f"require {expr(k[0])} else mark {tok(k[1])}",
}


def effect(t) -> str:
    return _EFFECTS[t.data](kids(t))


# ---- breaking a line too wide -------------------------------------------------------------------------------


def layout(prefix: str, tree, op_col: int | None = None) -> list[str]:
    """`prefix` + the expression, broken over lines when too wide: an `and`/`or` chain one operand per line
    (the operators under `op_col`), an `if … then … else` with its `else` (and `then`) under the `if`."""
    flat = prefix + expr(tree)
    if len(flat) <= WIDTH:
        return [flat]
    if tree.data in ("or_expr", "and_expr"):
        return _chain(prefix, tree, len(prefix) if op_col is None else op_col)
    if tree.data == "cond_expr":
        return _cases(prefix, tree)
    if tree.data == "arith" and str(tree.children[1]) in "+-":
        return _sum(prefix, tree)
    if len(kids(tree)) > _WHERE_AT.get(tree.data, 99):
        return _counted(prefix, tree)
    return [flat]


# Where a count's or an aggregate's `where` condition stands among its children.
_WHERE_AT = {"count": 1, "count_held": 1, "sum_held": 3, "aggregate": 3, "bound_count": 2, "member_count": 2,
            "bound_aggregate": 4}


def _counted(prefix: str, tree) -> list[str]:
    """A count or an aggregate too wide: its `where` condition broken as a condition is, inside the parentheses
    (`count(tiles where A` then `and B)` under A)."""
    text = expr(tree)
    head = prefix + text[:text.index(" where ") + len(" where ")]  # (the scope and field before it hold no `where`)
    lines = layout(head, kids(tree)[_WHERE_AT[tree.data]])
    if len(lines) == 1:
        return [prefix + text]
    return [*lines[:-1], lines[-1] + ")"]


def _chain(prefix: str, tree, col: int) -> list[str]:
    op, items, node = ("or" if tree.data == "or_expr" else "and"), [], tree
    while not isinstance(node, str) and getattr(node, "data", None) == tree.data:
        left, right = kids(node)
        items.append(right)
        node = left
    items.append(node)
    items.reverse()
    level = _LEVEL[tree.data] + 1
    return [prefix + expr(items[0], level)] + [" " * col + f"{op} {expr(i, level)}" for i in items[1:]]


def _cases(prefix: str, tree) -> list[str]:
    cond, then, otherwise = kids(tree)
    first = prefix + f"if {expr(cond)} then {expr(then)}"
    pad = " " * len(prefix)
    if len(first) > WIDTH:
        return [prefix + f"if {expr(cond)}", pad + f"then {expr(then)}", pad + f"else {expr(otherwise)}"]
    lines = [first]
    # An `else if` chain reads as a list of cases, each under the first `if`.
    while getattr(otherwise, "data", None) == "cond_expr":
        cond, then, rest = kids(otherwise)
        case = pad + f"else if {expr(cond)} then {expr(then)}"
        if len(case) > WIDTH:
            break
        lines.append(case)
        otherwise = rest
    return lines + layout(pad + "else ", otherwise)


def _sum(prefix: str, tree) -> list[str]:
    """A long sum: one term per line, each operator under the first term."""
    terms, node = [], tree
    while getattr(node, "data", None) == "arith" and str(node.children[1]) in "+-":
        left, op, right = node.children
        terms.append(f"{op} {expr(right, 6)}")
        node = left
    terms.reverse()
    return [prefix + expr(node, 5)] + [" " * len(prefix) + t for t in terms]


def fill(prefix: str, parts: list[str], separator: str = ", ") -> list[str]:
    """`prefix` + the parts with the separator between them, as many per line as fit; later lines under the
    first part. A comma ends the line it follows; any other separator (a choice's `|`) starts the next."""
    comma = separator.rstrip() == ","
    lines, current = [], prefix + parts[0]
    for part in parts[1:]:
        if len(current) + len(separator) + len(part) > WIDTH:
            lines.append(current + separator.rstrip() if comma else current)
            current = " " * len(prefix) + (part if comma else separator.lstrip() + part)
        else:
            current += separator + part
    return [*lines, current]
