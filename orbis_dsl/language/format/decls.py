"""`orbis fmt`, one declaration or block member → its lines: a table of layouts, one entry per kind of node.

Most kinds are one line: `_ONE_LINE` maps the node's name to its text (the indent is added for it). Those that
may break over lines, because they hold an expression or a list, are in `_LAYOUTS`: a function of the node's
children and the indent, returning the lines.
"""

from __future__ import annotations

from lark import Tree

from orbis_dsl.language.format.expr import (
    INDENT,
    WIDTH,
    effect,
    expr,
    fill,
    is_token,
    kids,
    layout,
    literal,
    tok,
    type_lines,
)
from orbis_dsl.language.format.reuse import REUSE_LAYOUTS, REUSE_ONE_LINE


def decl_lines(t, indent: str) -> list[str]:
    """One block member or simple declaration, as one or more lines (indent included)."""
    k = kids(t)
    if t.data in _ONE_LINE:
        return [indent + _ONE_LINE[t.data](k)]
    if t.data in _LAYOUTS:
        return _LAYOUTS[t.data](k, indent)
    raise ValueError(f"unknown declaration {t.data}")


def _titled(k, at: int) -> str:
    """The quoted title after a name, when child `at` is one."""
    return f" {k[at]}" if len(k) > at and is_token(k[at]) and k[at].type == "STRING" else ""


def _for_each(each) -> str:
    if each.data == "for_each_numbers":  # `for each c in 4, 3, 2, 1`
        name, *numbers = kids(each)
        return f" for each {tok(name)} in " + ", ".join(literal(n) for n in numbers)
    name, set_name = kids(each)
    return f" for each {tok(name)} in {tok(set_name)}"


def _list(head: str, first: int = 0, item=tok):
    """`head` (naming children before `first` as {0}, {1}) and the comma list of the children from `first`, each
    written by `item`, as many a line as fit, later lines under the first item."""
    return lambda k, indent: fill(indent + head.format(*(tok(c) for c in k[:first])), [item(c) for c in k[first:]])


def _grid_mark(k) -> str:
    title = _titled(k, 1) if len(k) > 2 else ""
    rest = k[2:] if title else k[1:]
    return f"mark {tok(k[0])}{title}: {tok(rest[0])}" + (" in patch" if len(rest) > 1 else "")


def _ties(k) -> str:
    rule = {"keep_order": "keep order", "split": "split", "each_takes": "each takes"}[k[0].data]
    return f"ties: {rule}" + (" and warn" if len(k) > 1 else "")


_ONE_LINE = {
    "modify_clause": lambda k: f"modify {tok(k[0])} = {literal(k[1])}",
    "wild_decl": lambda k: "matches every color",
    "ties_clause": _ties,
    "says_clause": lambda k: f"says {k[0]}",
    "rank_clause": lambda k: f"rank: {k[0]}",
    "equal_clause": lambda k: "unless all equal",
    "water_clause": lambda k: f"water {k[0]}" + (f" {k[1]}" if len(k) > 1 else ""),
    "hexmap_row": lambda k: f"row {tok(k[0])}: {k[1]}",
    "grid_edges": lambda k: f"edges: {tok(k[0])}",
    "grid_mark": _grid_mark,
    "rounds_decl": lambda k: f"rounds {k[0]}" + (f" or {k[1]}" if len(k) > 1 else ""),
    "players_clause": lambda k: f"players: {k[0]}",
    "reveal_clause": lambda k: f"reveal {tok(k[0])}: {k[1]}",
    "record_clause": lambda k: f"record {k[0]}",
    "report_clause": lambda k: f"report {k[0]}",
    "per_color": lambda k: "per color",
    "limit_clause": lambda k: f"limit {tok(k[0])}",
    "supply_clause": lambda k: f"supply {tok(k[0])}",
    "otherwise_clause": lambda k: f"otherwise {tok(k[0])}",
    "trade_clause": lambda k: f"trade {k[0]} for {k[1]}",
    "variant_option": lambda k: f"option {tok(k[0])} = {literal(k[1])}",
    "include": lambda k: f"include {k[0]}",
    "extends_decl": lambda k: f"extends {k[0]}",
    "family_decl": lambda k: f"family {tok(k[0])}{f' {k[1]}' if len(k) > 2 else ''} for {k[-1]}",
    "alias_decl": lambda k: f"alias {tok(k[0])} = {tok(k[1])}",
    "levels_decl": lambda k: f"levels {k[0]}",
    "market_decl": lambda k: f"market {k[0]}",
    "value_decl": lambda k: f"value {tok(k[0])} = {literal(k[1])}",
    "typed_value_decl": lambda k: f"value {tok(k[0])}: {tok(k[1])}",
    **REUSE_ONE_LINE,
}


def _param_decl(k, indent: str) -> list[str]:
    tail = "".join(" unique" if is_token(extra) else _FACT_PARTS["fact_range"](kids(extra))
                   if getattr(extra, "data", None) == "fact_range" else f" = {literal(extra)}" for extra in k[2:])
    return type_lines(indent + f"param {tok(k[0])}: ", k[1], tail)


def _option_decl(k, indent: str) -> list[str]:
    title = _titled(k, 1)
    type_, default = k[2:] if title else k[1:]
    return type_lines(indent + f"option {tok(k[0])}{title}: ", type_, f" = {literal(default)}")


def _attribute_decl(k, indent: str) -> list[str]:
    return type_lines(indent + f"attribute {tok(k[0])}: ", k[1], f" = {literal(k[2])}" if len(k) > 2 else "")


def _end_clause(k, indent: str) -> list[str]:
    says = [c for c in k if getattr(c, "data", None) == "says_clause"]
    k = [c for c in k if getattr(c, "data", None) != "says_clause"]
    if len(k) == 1:
        lines = layout(indent + "end: ", k[0])
    else:
        head = indent + f"end: {expr(k[0])} "
        lines = layout(head + f"{k[1]} ", k[2], op_col=len(head))
    if says:
        sentence = f"says {kids(says[0])[0]}"
        if len(lines[-1]) + 1 + len(sentence) <= WIDTH:
            lines[-1] += " " + sentence
        else:
            lines.append(indent + INDENT + sentence)  # a long sentence on a line of its own
    return lines


def _fact_decl(k, indent: str) -> list[str]:
    title = _titled(k, 1)
    type_, *parts = k[2:] if title else k[1:]
    derived = next((p for p in parts if p.data in _DERIVATIONS), None)
    tail = "".join(_FACT_PARTS[p.data](kids(p)) for p in parts if p is not derived)
    lines = type_lines(indent + f"fact {tok(k[0])}{title}: ", type_, tail)
    if derived is None:
        return lines
    word, derive = _DERIVATIONS[derived.data], kids(derived)[0]
    broken = layout(lines[-1] + f" {word} ", derive)
    if len(broken) == 1:
        return [*lines[:-1], *broken]
    # Too long for its line: the derivation on lines of its own, indented under the fact.
    return [*lines[:-1], lines[-1] + f" {word}", *layout(indent + INDENT, derive)]


# `from EXPR`: a fact a grid record derives; `only from EXPR`: one only a board shows, never typed.
_DERIVATIONS = {"fact_from": "from", "fact_only_from": "only from"}


_FACT_PARTS = {
    "fact_range": lambda k: f" {literal(k[0])}..{literal(k[1])}",
    "round_level": lambda k: " for round",
    "game_level": lambda k: " for game",
    "fact_key": lambda k: f" key {k[0]}",
    "fact_per": lambda k: f" per {tok(k[0])}",
}


def _warn_decl(k, indent: str) -> list[str]:
    verb, message, cond, *each = k
    loop = _for_each(each[0]) if each else ""
    flat = indent + f"{verb} {message} if {expr(cond)}{loop}"
    if len(flat) <= WIDTH:
        return [flat]
    # A long check: the message on its line, the condition (and the loop) indented below it.
    lines = [indent + f"{verb} {message}", *layout(indent + INDENT + "if ", cond)]
    if loop and len(lines[-1]) + len(loop) > WIDTH:
        return [*lines, indent + INDENT + loop.strip()]
    lines[-1] += loop
    return lines


def _winner_decl(k, indent: str) -> list[str]:
    only = [w for w in k if w.data == "winner_if"]
    keys = [f"{tok(w.children[0])} {expr(w.children[1], 1)}" for w in k if w.data == "winner_key"]
    tail = f", only if {expr(only[0].children[0])}" if only else ""
    flat = indent + "winner: " + ", then ".join(keys) + ", ties shared" + tail
    if len(flat) <= WIDTH:
        return [flat]
    # One key a line, each `then` under the first key.
    pad = indent + " " * len("winner: ")
    return ([indent + "winner: " + keys[0] + ","] + [pad + f"then {key}," for key in keys[1:]]
            + [pad + "ties shared" + ("," if only else "")]
            + ([pad + f"only if {expr(only[0].children[0])}"] if only else []))


_LAYOUTS = {
    "param_decl": _param_decl,
    "option_decl": _option_decl,
    "attribute_decl": _attribute_decl,
    "let_decl": lambda k, indent: layout(indent + f"let {tok(k[0])} = ", k[1]),
    "end_clause": _end_clause,
    "measure_clause": lambda k, indent: layout(indent + "measure: ", k[0]),
    "eligible_clause": lambda k, indent: layout(indent + "eligible: ", k[0]),
    "tiebreak_clause": lambda k, indent: layout(indent + "tiebreak: ", k[0]),
    "score_decl": lambda k, indent: layout(indent + f"score {tok(k[0])}{f' {k[1]}' if len(k) > 2 else ''}: ", k[-1]),
    "fact_decl": _fact_decl,
    "warn_decl": _warn_decl,
    "winner_decl": _winner_decl,
    # Lists: as many items a line as fit, later lines under the first item.
    "when_clause": _list("when {0}: ", 1, effect),
    "set_decl": _list("set {0}: ", 1),
    "hexmap_colors": _list("player colors by {0}: ", 1),
    "grid_area": _list("area {0}: ", 1),
    "grid_faces": _list("faces: "),
    "grid_border": _list("border {0}: ", 1),
    "grid_home": _list("home {0} on {1}: ", 2),
    "colors_decl": _list("colors "),
    "mark_decl": _list("tile mark {0}: ", 1),
    "remove_clause": _list("remove tiles marked ", 1),
    "prizes_clause": _list("prizes: ", 0, literal),
    "variant_prizes": _list("award {0}: ", 1, literal),
    "grid_shape": _list("shape: "),
    "board_decl": _list("board stacked "),
    **REUSE_LAYOUTS,
}


# ---- blocks and tiles --------------------------------------------------------------------------------------


def tile_cells(t) -> list[str]:
    """A tile line's six cells, aligned in columns with its neighbours' later."""
    level, colour, mark, cost, piece, *args = kids(t)
    squares = ", ".join(tok(s) for s in kids(cost))
    arguments = ", ".join(f"{tok(kids(a)[0])}: {literal(kids(a)[1])}" for a in args)
    return ["tile", str(level), tok(colour), tok(mark), f"[{squares}]", f"{tok(piece)}({arguments})"]


def block_header(t) -> str:
    """A block's first line, up to its `{`."""
    d, k = t.data, kids(t)
    if d == "game_decl":
        return f"game {k[0]}{_titled(k, 1)} {{"
    if d == "piece_decl":
        return f"{tok(k[0])} {tok(k[1])}{_titled(k, 2)} {{"
    if d == "variant_decl":
        return f"variant {tok(k[0])} {{"
    each = next((c for c in k if getattr(c, "data", None) in ("for_each", "for_each_numbers")), None)
    loop = _for_each(each) if each is not None else ""
    return f"{d.split('_')[0]} {tok(k[0])}{_titled(k, 1)}{loop} {{"


def block_members(t) -> list:
    """A block's members: its children but its name and `for each`."""
    return [c for c in kids(t) if isinstance(c, Tree) and c.data not in ("name", "for_each", "for_each_numbers")]
