"""`orbis fmt`: the canonical layout of a rule file, comments kept.

The layout is printed from Lark's parse tree (not from the syntax tree, which forgets the order of a variant's
clauses and how a label or a string was written): one declaration per line, two spaces inside blocks, a blank
line around every block, canonical spacing around operators, parentheses only where precedence needs them,
tile lines aligned in columns, and end-of-line comments of neighbouring lines aligned.

Comments never reach the parse tree (`%ignore COMMENT`): a second Lark instance built from the same grammar
collects them through a lexer callback, and each is attached to the declaration or block member it sits in,
before, or after. Blank lines the author left between declarations are kept (several become one).

`format_source` checks its own work before returning it: the result must parse to the same syntax tree and keep
every comment, or it returns None with a diagnostic rather than a file that means something else.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import typer

from orbis_dsl.language.fmt_lists import LIST_LAYOUTS

WIDTH = 120  # lines longer than this break at `and`/`or` or before `else`, where a clause allows it
INDENT = "  "

_BLOCKS = {"game_decl", "piece_decl", "award_decl", "variant_decl", "facedown_decl", "resource_decl", "marker_decl",
           "grid_decl", "hexmap_decl"}

# Precedence of expression nodes, loosest first (see `?expr` … `?atom` in grammar/rules.lark).
_LEVEL = {"cond_expr": 0, "or_expr": 1, "and_expr": 2, "not_expr": 3, "compare": 4, "member": 4, "among": 4,
          "neg": 7}
_ATOM = 8


# ---- the parser with comments ------------------------------------------------------------------------------


class _CommentingParser:
    """The rules grammar, parsed exactly like `parse.rules_parser` but with every comment token collected."""

    def __init__(self):
        from lark import Lark

        from orbis_dsl.common.resources import grammar_path

        self.comments: list = []
        self.lark = Lark(
            grammar_path("rules.lark").read_text(encoding="utf-8"),
            parser="lalr",
            propagate_positions=True,
            maybe_placeholders=True,
            lexer_callbacks={"COMMENT": self.comments.append},
        )

    def parse(self, text: str):
        self.comments.clear()
        tree = self.lark.parse(text)
        seen, comments = set(), []
        for token in self.comments:
            if (token.line, token.column) not in seen:  # a lexer may report a token twice; keep one
                seen.add((token.line, token.column))
                comments.append(token)
        comments.sort(key=lambda c: (c.line, c.column))
        return tree, comments


_PARSER: _CommentingParser | None = None


def _parser() -> _CommentingParser:
    global _PARSER
    if _PARSER is None:
        _PARSER = _CommentingParser()
    return _PARSER


# ---- printing one node -------------------------------------------------------------------------------------


def _kids(tree) -> list:
    return [c for c in tree.children if c is not None]


def _tok(item) -> str:
    """A token's text, or the text of a `name` tree."""
    from lark import Token

    if isinstance(item, Token):
        return str(item)
    return str(item.children[0])


def _level(tree) -> int:
    from lark import Token

    if isinstance(tree, Token):
        return _ATOM
    if tree.data == "arith":
        return 6 if str(tree.children[1]) in "*/" else 5
    return _LEVEL.get(tree.data, _ATOM)


def expr(tree, min_level: int = 0) -> str:
    """An expression on one line, parenthesised when its precedence is looser than its place allows."""
    text = _expr(tree)
    return f"({text})" if _level(tree) < min_level else text


def _expr(t) -> str:
    d, k = t.data, _kids(t)
    if d in LIST_LAYOUTS:
        return LIST_LAYOUTS[d](k, expr)
    if d == "cond_expr":
        return f"if {expr(k[0])} then {expr(k[1])} else {expr(k[2])}"
    if d == "or_expr":
        return f"{expr(k[0], 1)} or {expr(k[1], 2)}"
    if d == "and_expr":
        return f"{expr(k[0], 2)} and {expr(k[1], 3)}"
    if d == "not_expr":
        return f"not {expr(k[0], 3)}"
    if d == "compare":
        return f"{expr(k[0], 5)} {k[1]} {expr(k[2], 5)}"
    if d == "member":
        return f"{expr(k[0], 5)} in {expr(k[1], 5)}"
    if d == "among":
        return f"{expr(k[0], 5)} is {k[1]} among players"
    if d == "arith":
        op = str(k[1])
        left, right = (6, 7) if op in "*/" else (5, 6)
        return f"{expr(k[0], left)} {op} {expr(k[2], right)}"
    if d == "neg":
        return f"-{expr(k[1], 7)}"
    if d in ("int_lit", "string_lit", "ref"):
        return _tok(k[0])
    if d == "true_lit":
        return "true"
    if d == "false_lit":
        return "false"
    if d == "set_lit":
        return "{" + ", ".join(_tok(n) for n in k) + "}"
    if d == "count":
        where = f" where {expr(k[1])}" if len(k) > 1 else ""
        return f"count({k[0]}{where})"
    if d == "count_held":
        where = f" where {expr(k[1])}" if len(k) > 1 else ""
        return f"count({_tok(k[0])}{where})"
    if d == "sum_held":
        where = f" where {expr(k[3])}" if len(k) > 3 else ""
        return f"sum({_tok(k[1])} of {_tok(k[2])}{where})"
    if d == "aggregate":
        where = f" where {expr(k[3])}" if len(k) > 3 else ""
        return f"{k[0]}({_tok(k[1])} of {k[2]}{where})"
    if d == "index":
        return f"{_tok(k[0])}[{expr(k[1])}]"
    if d == "award_ref":
        return f"award {_tok(k[0])}"
    if d == "prior":
        return f"prior {_tok(k[0])}"
    if d == "earlier":
        return f"earlier {_tok(k[0])}"
    if d == "extreme":
        return f"{k[0]}(" + ", ".join(expr(a) for a in k[1:]) + ")"
    if d == "size":
        return f"size({expr(k[0])})"
    if d == "largest_group":
        links = [x for x in k[1:] if x.data.endswith("_link")]
        measure = next((x for x in k[1:] if x.data.endswith("_measure")), None)
        return f"largest group({_tok(k[0])}: " + ", ".join(_link(x) for x in links) + ")" + _measure(measure)
    raise ValueError(f"unknown expression node {d}")


def _measure(t) -> str:
    """`by span [between A and B]`, `by parts(LINK, …)`, `by border cells` after a `largest group(…)`."""
    if t is None:
        return ""
    k = _kids(t)
    if t.data == "span_measure":
        return " by span" + (f" between {_tok(k[0])} and {_tok(k[1])}" if k else "")
    if t.data == "parts_measure":
        return " by parts(" + ", ".join(_link(x) for x in k) + ")"
    return " by border cells"


def _link(t) -> str:
    d, k = t.data, _kids(t)
    if d == "adjacent_link":
        return "adjacent"
    if d == "joined_link":
        return f"joined by {_tok(k[0])}"
    if d == "beside_link":
        return f"beside {_tok(k[0])}"
    if d == "water_link":
        return f"by water within {expr(k[0], 5)}"
    return f"within {expr(k[0], 5)}"


def literal(t) -> str:
    d, k = t.data, _kids(t)
    if d == "signed_int":
        return "".join(str(x) for x in k)
    if d in ("string_lit", "name_lit"):
        return _tok(k[0])
    if d == "amount_lit":
        return f"{k[0]} {_tok(k[1])}"
    if d == "set_lit":
        return "{" + ", ".join(_tok(n) for n in k) + "}"
    if d == "true_lit":
        return "true"
    if d == "false_lit":
        return "false"
    raise ValueError(f"unknown literal node {d}")


def type_text(t) -> str:
    base, *rest = _kids(t)
    k = _kids(base)
    if base.data == "named_type":
        text = _tok(k[0])
    elif base.data == "list_type":
        text = f"list of {_tok(k[0])}" + (f" with {_tok(k[1])}" if len(k) > 1 else "")
    elif base.data == "sized_type":
        text = f"{_tok(k[0])}({k[1]})"
    else:
        text = " | ".join(str(s) for s in k)
    return text + ("?" if rest else "")


def _amount(t) -> str:
    k = _kids(t)
    if t.data == "amount_param":
        return _tok(k[0])
    return f"{_tok(k[0])} {_tok(k[1])}"


def _effect(t) -> str:
    k = _kids(t)
    if t.data == "gain":
        return f"gain {_amount(k[0])}"
    if t.data == "reduce":
        return f"reduce {expr(k[0])}"
    if t.data == "pay":
        return f"pay {_amount(k[0])} else mark {_tok(k[1])}"
    if t.data == "destroy":
        return f"destroy {_amount(k[0])} from market else mark {_tok(k[1])}"
    if t.data == "require":
        return f"require {expr(k[0])} else mark {_tok(k[1])}"
    raise ValueError(f"unknown effect {t.data}")


def _ints(items) -> str:
    return ", ".join(str(i) for i in items)


def _names(items) -> str:
    return ", ".join(_tok(i) for i in items)


def _layout(prefix: str, tree, op_col: int | None = None) -> list[str]:
    """`prefix` + the expression, broken over lines when too wide: an `and`/`or` chain one operand per line
    (the operators under `op_col`), an `if … then … else` with its `else` (and `then`) under the `if`."""
    flat = prefix + expr(tree)
    if len(flat) <= WIDTH:
        return [flat]
    col = len(prefix) if op_col is None else op_col
    if tree.data in ("or_expr", "and_expr"):
        op, items, node = ("or" if tree.data == "or_expr" else "and"), [], tree
        while not isinstance(node, str) and getattr(node, "data", None) == tree.data:
            left, right = _kids(node)
            items.append(right)
            node = left
        items.append(node)
        items.reverse()
        level = _LEVEL[tree.data] + 1
        return [prefix + expr(items[0], level)] + [" " * col + f"{op} {expr(i, level)}" for i in items[1:]]
    if tree.data == "cond_expr":
        cond, then, otherwise = _kids(tree)
        first = prefix + f"if {expr(cond)} then {expr(then)}"
        pad = " " * len(prefix)
        if len(first) > WIDTH:
            return [prefix + f"if {expr(cond)}", pad + f"then {expr(then)}", pad + f"else {expr(otherwise)}"]
        lines = [first]
        # An `else if` chain reads as a list of cases, each under the first `if`.
        while getattr(otherwise, "data", None) == "cond_expr":
            cond, then, rest = _kids(otherwise)
            case = pad + f"else if {expr(cond)} then {expr(then)}"
            if len(case) > WIDTH:
                break
            lines.append(case)
            otherwise = rest
        return lines + _layout(pad + "else ", otherwise)
    if tree.data == "arith" and str(tree.children[1]) in "+-":
        # A long sum: one term per line, each operator under the first term.
        terms, node = [], tree
        while getattr(node, "data", None) == "arith" and str(node.children[1]) in "+-":
            left, op, right = node.children
            terms.append(f"{op} {expr(right, 6)}")
            node = left
        terms.reverse()
        return [prefix + expr(node, 5)] + [" " * len(prefix) + t for t in terms]
    return [flat]


def _fill(prefix: str, parts: list[str]) -> list[str]:
    """`prefix` + the parts separated by commas, as many per line as fit; later lines under the first part."""
    lines, current = [], prefix + parts[0]
    for part in parts[1:]:
        if len(current) + 2 + len(part) > WIDTH:
            lines.append(current + ",")
            current = " " * len(prefix) + part
        else:
            current += ", " + part
    return [*lines, current]


# ---- declarations → lines ---------------------------------------------------------------------------------


def _is_token(item) -> bool:
    from lark import Token

    return isinstance(item, Token)


def _decl_lines(t, indent: str) -> list[str]:
    """One block member or simple declaration, as one or more lines (indent included)."""
    d, k = t.data, _kids(t)
    if d == "param_decl":
        text = f"param {_tok(k[0])}: {type_text(k[1])}"
        for extra in k[2:]:
            text += " unique" if _is_token(extra) else f" = {literal(extra)}"
        return [indent + text]
    if d == "let_decl":
        return _layout(indent + f"let {_tok(k[0])} = ", k[1])
    if d == "when_clause":
        return _fill(indent + f"when {_tok(k[0])}: ", [_effect(e) for e in k[1:]])
    if d == "end_clause":
        says = [c for c in k if getattr(c, "data", None) == "says_clause"]
        k = [c for c in k if getattr(c, "data", None) != "says_clause"]
        if len(k) == 1:
            lines = _layout(indent + "end: ", k[0])
        else:
            head = indent + f"end: {expr(k[0])} "
            lines = _layout(head + f"{k[1]} ", k[2], op_col=len(head))
        if says:
            sentence = f"says {_kids(says[0])[0]}"
            if len(lines[-1]) + 1 + len(sentence) <= WIDTH:
                lines[-1] += " " + sentence
            else:
                lines.append(indent + INDENT + sentence)  # a long sentence on a line of its own
        return lines
    if d == "modify_clause":
        return [indent + f"modify {_tok(k[0])} = {literal(k[1])}"]
    if d == "wild_decl":
        return [indent + "matches every color"]
    if d in ("measure_clause", "eligible_clause", "tiebreak_clause"):
        return _layout(indent + f"{d.split('_')[0]}: ", k[0])
    if d == "ties_clause":
        rule = {"keep_order": "keep order", "split": "split", "each_takes": "each takes"}[k[0].data]
        return [indent + f"ties: {rule}" + (" and warn" if len(k) > 1 else "")]
    if d == "says_clause":
        return [indent + f"says {k[0]}"]
    if d == "rank_clause":
        return [indent + f"rank: {k[0]}"]
    if d == "equal_clause":
        return [indent + "unless all equal"]
    if d == "water_clause":
        return [indent + f"water {k[0]}" + (f" {k[1]}" if len(k) > 1 else "")]
    if d == "hexmap_row":
        return [indent + f"row {_tok(k[0])}: {k[1]}"]
    if d == "hexmap_colors":
        return _fill(indent + f"player colors by {_tok(k[0])}: ", [_tok(n) for n in k[1:]])
    if d == "set_decl":
        return _fill(indent + f"set {_tok(k[0])}: ", [_tok(n) for n in k[1:]])
    if d == "fact_decl":
        title = f" {k[1]}" if len(k) > 1 and _is_token(k[1]) and k[1].type == "STRING" else ""
        rest = k[2:] if title else k[1:]
        text = f"fact {_tok(k[0])}{title}: {type_text(rest[0])}"
        for part in rest[1:]:
            if part.data == "fact_range":
                low, high = _kids(part)
                text += f" {literal(low)}..{literal(high)}"
            elif part.data in ("round_level", "game_level"):
                text += " for " + part.data[: -len("_level")]
            elif part.data == "fact_key":
                text += f" key {_kids(part)[0]}"
            elif part.data in ("fact_from", "fact_only_from"):
                word = " only from" if part.data == "fact_only_from" else " from"
                lines = _layout(indent + text + word + " ", _kids(part)[0])
                if len(lines) == 1:
                    return lines
                # Too long for its line: the derivation on lines of its own, indented under the fact.
                return [indent + text + word, *_layout(indent + INDENT, _kids(part)[0])]
            else:
                text += f" per {_tok(_kids(part)[0])}"
        return [indent + text]
    if d == "grid_shape":
        return [indent + "shape: " + ", ".join(str(n) for n in k)]
    if d == "grid_edges":
        return [indent + f"edges: {_tok(k[0])}"]
    if d == "grid_mark":
        title = f" {k[1]}" if len(k) > 2 and _is_token(k[1]) and k[1].type == "STRING" else ""
        rest = k[2:] if title else k[1:]
        return [indent + f"mark {_tok(k[0])}{title}: {_tok(rest[0])}" + (" in patch" if len(rest) > 1 else "")]
    if d == "grid_area":
        return _fill(indent + f"area {_tok(k[0])}: ", [_tok(n) for n in k[1:]])
    if d == "grid_faces":
        return _fill(indent + "faces: ", [_tok(n) for n in k])
    if d == "grid_home":
        return _fill(indent + f"home {_tok(k[0])} on {_tok(k[1])}: ", [_tok(n) for n in k[2:]])
    if d == "grid_border":
        return _fill(indent + f"border {_tok(k[0])}: ", [_tok(n) for n in k[1:]])
    if d == "score_decl":
        title = f" {k[1]}" if len(k) > 2 else ""
        return _layout(indent + f"score {_tok(k[0])}{title}: ", k[-1])
    if d == "warn_decl":
        verb, message, cond, *each = k
        loop = ""
        if each:
            name, set_name = _kids(each[0])
            loop = f" for each {_tok(name)} in {_tok(set_name)}"
        flat = indent + f"{verb} {message} if {expr(cond)}{loop}"
        if len(flat) <= WIDTH:
            return [flat]
        # A long check: the message on its line, the condition (and the loop) indented below it.
        lines = [indent + f"{verb} {message}", *_layout(indent + INDENT + "if ", cond)]
        if loop and len(lines[-1]) + len(loop) > WIDTH:
            return [*lines, indent + INDENT + loop.strip()]
        lines[-1] += loop
        return lines
    if d == "rounds_decl":
        return [indent + f"rounds {k[0]}" + (f" or {k[1]}" if len(k) > 1 else "")]
    if d == "prizes_clause":
        return [indent + "prizes: " + ", ".join(literal(v) for v in k)]
    if d == "players_clause":
        return [indent + f"players: {k[0]}"]
    if d == "reveal_clause":
        return [indent + f"reveal {_tok(k[0])}: {k[1]}"]
    if d == "remove_clause":
        return [indent + f"remove tiles marked {_names(k[1:])}"]
    if d in ("record_clause", "report_clause"):
        return [indent + f"{d.split('_')[0]} {k[0]}"]
    if d == "per_color":
        return [indent + "per color"]
    if d in ("limit_clause", "supply_clause", "otherwise_clause"):
        return [indent + f"{d.split('_')[0]} {_tok(k[0])}"]
    if d == "trade_clause":
        return [indent + f"trade {k[0]} for {k[1]}"]
    if d == "variant_prizes":
        return [indent + f"award {_tok(k[0])}: " + ", ".join(literal(v) for v in k[1:])]
    if d == "variant_option":
        return [indent + f"option {_tok(k[0])} = {literal(k[1])}"]
    if d == "include":
        return [indent + f"include {k[0]}"]
    if d == "extends_decl":
        return [indent + f"extends {k[0]}"]
    if d == "colors_decl":
        return [indent + f"colors {_names(k)}"]
    if d == "mark_decl":
        return [indent + f"tile mark {_tok(k[0])}: {_names(k[1:])}"]
    if d == "family_decl":
        title = f" {k[1]}" if len(k) > 2 else ""
        return [indent + f"family {_tok(k[0])}{title} for {k[-1]}"]
    if d == "alias_decl":
        return [indent + f"alias {_tok(k[0])} = {_tok(k[1])}"]
    if d == "levels_decl":
        return [indent + f"levels {k[0]}"]
    if d == "board_decl":
        return [indent + f"board stacked {_ints(k)}"]
    if d == "market_decl":
        return [indent + f"market {k[0]}"]
    if d == "option_decl":
        return [indent + f"option {_tok(k[0])}: {type_text(k[1])} = {literal(k[2])}"]
    if d == "value_decl":
        return [indent + f"value {_tok(k[0])} = {literal(k[1])}"]
    if d == "attribute_decl":
        default = f" = {literal(k[2])}" if len(k) > 2 else ""
        return [indent + f"attribute {_tok(k[0])}: {type_text(k[1])}{default}"]
    if d == "winner_decl":
        only = [w for w in k if w.data == "winner_if"]
        keys = [f"{_tok(w.children[0])} {expr(w.children[1], 1)}" for w in k if w.data == "winner_key"]
        tail = f", only if {expr(only[0].children[0])}" if only else ""
        flat = indent + "winner: " + ", then ".join(keys) + ", ties shared" + tail
        if len(flat) <= WIDTH:
            return [flat]
        # One key a line, each `then` under the first key.
        pad = indent + " " * len("winner: ")
        return ([indent + "winner: " + keys[0] + ","] + [pad + f"then {key}," for key in keys[1:]]
                + [pad + "ties shared" + ("," if only else "")]
                + ([pad + f"only if {expr(only[0].children[0])}"] if only else []))
    raise ValueError(f"unknown declaration {d}")


def _tile_cells(t) -> list[str]:
    level, colour, mark, cost, piece, *args = _kids(t)
    squares = ", ".join(_tok(s) for s in _kids(cost))
    arguments = ", ".join(f"{_tok(_kids(a)[0])}: {literal(_kids(a)[1])}" for a in args)
    return ["tile", str(level), _tok(colour), _tok(mark), f"[{squares}]", f"{_tok(piece)}({arguments})"]


def _header(t) -> str:
    d, k = t.data, _kids(t)
    if d == "game_decl":
        title = f" {k[1]}" if len(k) > 1 and _is_token(k[1]) and k[1].type == "STRING" else ""
        return f"game {k[0]}{title} {{"
    if d == "piece_decl":
        title = f" {k[2]}" if len(k) > 2 and _is_token(k[2]) and k[2].type == "STRING" else ""
        return f"{_tok(k[0])} {_tok(k[1])}{title} {{"
    if d == "variant_decl":
        return f"variant {_tok(k[0])} {{"
    title = f" {k[1]}" if len(k) > 1 and _is_token(k[1]) and k[1].type == "STRING" else ""
    each = next((c for c in k if getattr(c, "data", None) == "for_each"), None)
    if each is not None:
        name, set_name = _kids(each)
        title += f" for each {_tok(name)} in {_tok(set_name)}"
    return f"{d.split('_')[0]} {_tok(k[0])}{title} {{"


def _members(t) -> list:
    from lark import Tree

    return [c for c in _kids(t) if isinstance(c, Tree) and c.data not in ("name", "for_each")]


# ---- comments: which declaration each belongs to ----------------------------------------------------------


class _Item:
    """A declaration or block member with the comments that belong to it."""

    def __init__(self, node):
        self.node = node
        self.start = (node.meta.line, node.meta.column)
        self.end_line = node.meta.end_line
        self.block = node.data in _BLOCKS
        self.inside: list = []  # comment tokens within the item's lines
        self.moved: list[str] = []  # comments from inside the item, printed just before it
        self.leading: list[tuple[str, bool]] = []  # (comment, blank line before it) before the item
        self.blank_first = False  # a blank line before everything of the item
        self.blank_node = False  # a blank line between its leading comments and its first line
        self.trailing: str | None = None  # the end-of-line comment of its (last) line
        self.header_comment: str | None = None  # blocks: after `{`
        self.closing_comment: str | None = None  # blocks: after `}`
        self.members: list[_Item] = []
        self.tail: list[tuple[str, bool]] = []  # blocks: comments after the last member


class _Attacher:
    def __init__(self, text: str):
        self.lines = text.split("\n")

    def blank_between(self, after: int, before: int) -> bool:
        """Whether a blank line lies strictly between source lines `after` and `before` (1-based)."""
        return any(not self.lines[i - 1].strip() for i in range(after + 1, before))

    def full_line(self, comment) -> bool:
        return not self.lines[comment.line - 1][: comment.column - 1].strip()

    def container(self, nodes, comments, opened_at: int):
        """The items of a file or block, each with its comments; and the comments after the last item."""
        items = [_Item(n) for n in nodes]
        loose = []
        for c in comments:
            if self.full_line(c):
                holder = next((i for i in items if i.start[0] < c.line < i.end_line), None)
            else:
                holder = None
                for i in items:
                    if i.start <= (c.line, c.column) and c.line <= i.end_line:
                        holder = i
            (holder.inside if holder is not None else loose).append(c)
        for item in items:
            self.block(item) if item.block else self.settle(item)
        things = sorted([(i.start[0], 1, i) for i in items] + [(c.line, 0, c) for c in loose],
                        key=lambda x: (x[0], x[1]))
        pending: list[tuple[str, bool]] = []
        previous = opened_at
        for line, is_item, thing in things:
            if not is_item:
                pending.append((_text(thing), self.blank_between(previous, line)))
                previous = line
                continue
            blank = self.blank_between(previous, line)
            if pending:
                thing.blank_first = pending[0][1]
                thing.leading = pending + [(m, False) for m in thing.moved]
                if thing.moved:
                    thing.leading[len(pending)] = (thing.moved[0], blank)
                else:
                    thing.blank_node = blank
            else:
                thing.blank_first = blank
                thing.leading = [(m, False) for m in thing.moved]
            pending = []
            previous = thing.end_line
        return items, pending

    def settle(self, item: _Item) -> None:
        """Comments inside a declaration: its last end-of-line comment trails it, the others go before it."""
        eol = [c for c in item.inside if not self.full_line(c)]
        last = eol[-1] if eol else None
        item.moved = [_text(c) for c in item.inside if c is not last]
        item.trailing = _text(last) if last is not None else None

    def block(self, item: _Item) -> None:
        members = _members(item.node)
        closing_line = item.end_line
        first_member = members[0].meta.line if members else closing_line + 1
        inner, header = [], []
        closing_column = item.node.meta.end_column
        for c in item.inside:
            in_member = any(m.meta.line <= c.line <= m.meta.end_line for m in members)
            after_brace = c.line == closing_line and c.column >= closing_column
            if not self.full_line(c) and not in_member and c.line < first_member:
                header.append(c)
            elif (not self.full_line(c) and item.closing_comment is None
                  and (after_brace or (not in_member and c.line == closing_line))):
                item.closing_comment = _text(c)
            else:
                inner.append(c)
        if header:
            item.moved = [_text(c) for c in header[:-1]]
            item.header_comment = _text(header[-1])
        item.members, item.tail = self.container(members, inner, item.start[0])


def _text(comment) -> str:
    return str(comment).rstrip()


# ---- assembling the file -----------------------------------------------------------------------------------


class _Line:
    """One output line: code, a comment, a blank, or a tile line (aligned later) — with an end-of-line comment."""

    __slots__ = ("cells", "comment", "text", "what")

    def __init__(self, what: str, text: str = "", comment: str | None = None, cells=None):
        self.what, self.text, self.comment, self.cells = what, text, comment, cells


def _emit(out: list[_Line], item: _Item, indent: str, blank_first: bool) -> None:
    if blank_first and out:
        out.append(_Line("blank"))
    for n, (text, blank) in enumerate(item.leading):
        if blank and n > 0:
            out.append(_Line("blank"))
        out.append(_Line("comment", indent + text))
    if item.leading and item.blank_node:
        out.append(_Line("blank"))
    node = item.node
    if node.data == "tile_decl":
        out.append(_Line("tile", comment=item.trailing, cells=_tile_cells(node)))
        return
    if not item.block:
        lines = _decl_lines(node, indent)
        for n, line in enumerate(lines):
            out.append(_Line("code", line, item.trailing if n == len(lines) - 1 else None))
        return
    header = indent + _header(node)
    if not item.members and not item.tail:
        comments = [c for c in (item.header_comment, item.closing_comment) if c]
        out.append(_Line("code", header + "}", " ".join(comments) or None))
        return
    out.append(_Line("code", header, item.header_comment))
    inner = indent + INDENT
    for n, member in enumerate(item.members):
        _emit(out, member, inner, blank_first=n > 0 and member.blank_first)
    for n, (text, blank) in enumerate(item.tail):
        if blank and (n > 0 or item.members):
            out.append(_Line("blank"))
        out.append(_Line("comment", inner + text))
    out.append(_Line("code", indent + "}", item.closing_comment))


def _render(items: list[_Item], tail: list[tuple[str, bool]]) -> str:
    out: list[_Line] = []
    previous = None
    for item in items:
        forced = previous is not None and (item.block or previous.block)
        _emit(out, item, "", blank_first=previous is not None and (forced or item.blank_first))
        previous = item
    for text, blank in tail:
        if blank and out:
            out.append(_Line("blank"))
        out.append(_Line("comment", text))
    _align_tiles(out)
    return _join(out)


def _align_tiles(out: list[_Line]) -> None:
    """Tile lines not separated by another declaration (comments and blank lines aside) share column widths;
    two spaces set the effect apart from the cost."""
    run: list[_Line] = []
    for line in [*out, _Line("code")]:
        if line.what == "tile":
            run.append(line)
        elif line.what == "code" and run:
            widths = [max(len(r.cells[i]) for r in run) for i in range(5)]
            for r in run:
                r.text = " ".join(c.ljust(w) for c, w in zip(r.cells[:5], widths)) + "  " + r.cells[5]
            run = []


def _join(out: list[_Line]) -> str:
    """The lines as text; end-of-line comments of consecutive lines line up two spaces after the longest code."""
    text: list[str] = []
    n = 0
    while n < len(out):
        line = out[n]
        if line.comment is None:
            text.append("" if line.what == "blank" else line.text.rstrip())
            n += 1
            continue
        group = [line]
        while n + len(group) < len(out) and out[n + len(group)].comment is not None:
            group.append(out[n + len(group)])
        column = max(len(g.text.rstrip()) for g in group) + 2
        text.extend(g.text.rstrip().ljust(column) + g.comment for g in group)
        n += len(group)
    return "\n".join(text) + "\n" if text else ""


# ---- entry points -----------------------------------------------------------------------------------------


def format_source(text: str, file: str):
    """The canonical layout of one rule file: (text, []) — or (None, diagnostics) when it does not parse or,
    never expected, when the layout would not parse back to the same syntax tree with the same comments."""
    from lark.exceptions import UnexpectedInput

    from orbis_dsl.common.diagnostics import Diagnostic, Span
    from orbis_dsl.language.lark_errors import syntax_diagnostic
    from orbis_dsl.language.parse import MAX_SOURCE_BYTES, parse_text

    if len(text) > MAX_SOURCE_BYTES:
        return None, parse_text(text, file)[1]
    source = text.replace("\r\n", "\n").replace("\r", "\n")
    parser = _parser()
    try:
        tree, comments = parser.parse(source)
    except UnexpectedInput as error:
        return None, [syntax_diagnostic(parser.lark, error, file)]
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    before, diags = parse_text(source, file)
    if before is None:
        return None, diags
    attacher = _Attacher(source)
    try:
        items, tail = attacher.container(_kids(tree), comments, 0)
        result = _render(items, tail)
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    after, _ = parse_text(result, file)
    _, new_comments = parser.parse(result) if after is not None else (None, [])
    if after != before or Counter(map(_text, comments)) != Counter(map(_text, new_comments)):
        return None, [Diagnostic("internal error: the canonical layout of this file would change its meaning or "
                                 "lose a comment; the file is left as it is", span=Span(file, 1, 1))]
    return result, []


def rule_files(paths: list[Path]) -> list[Path]:
    """The `.orbis` files the paths name: files as given, folders searched below."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.orbis") if p.is_file()))
        else:
            found.append(path)
    return found


def fmt_command(paths: list[Path], check: bool) -> int:
    """`orbis fmt [--check] PATH…`: 0 when every file is (now) formatted, 1 with --check when some would change,
    2 when a file cannot be read or does not parse (it is then left alone)."""
    from orbis_dsl.common.diagnostics import Diagnostic, render
    from orbis_dsl.common.files import write_atomic
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.language.parse import MAX_READ_BYTES
    from orbis_dsl.language.rule_files import ReadRefused, read_rule_text

    failed, changed = 0, []
    files = rule_files(paths)
    for path in files:
        shown = display_path(path)
        try:  # as `check` reads: only a regular file, only up to the size limit (not /dev/zero, not a FIFO)
            text = read_rule_text(path, MAX_READ_BYTES, encoding="utf-8")
        except (OSError, UnicodeDecodeError, ReadRefused) as error:
            reason = ("no such file" if isinstance(error, FileNotFoundError) else
                      f"cannot read it: {getattr(error, 'message', None) or error}")
            typer.echo(render(Diagnostic(reason, file=shown)), err=True)
            failed += 1
            continue
        result, diags = format_source(text, shown)
        if result is None:
            for diag in diags:
                typer.echo(render(diag, {shown: text}), err=True)
            failed += 1
            continue
        if result != text:
            changed.append(shown)
            if check:
                typer.echo(f"would reformat {shown}")
            else:
                try:
                    write_atomic(path, result)
                except OSError as error:  # a read-only file or folder: reported, the file left as it was
                    typer.echo(render(Diagnostic(f"cannot write it: {error.strerror or error}", file=shown)), err=True)
                    failed += 1
                    continue
                typer.echo(f"reformatted {shown}")
    if failed:
        typer.echo(f"{failed} file{'s' if failed != 1 else ''} could not be formatted", err=True)
        return 2
    if check and changed:
        typer.echo(f"{len(changed)} of {len(files)} file{'s' if len(files) != 1 else ''} would be reformatted; "
                   f"run `orbis fmt` without --check", err=True)
        return 1
    if not changed:
        typer.echo(f"{len(files)} file{'s' if len(files) != 1 else ''} already formatted")
    return 0


def fmt_cli(
    paths: list[Path] = typer.Argument(..., help="Rule files, or folders of .orbis files."),
    check: bool = typer.Option(False, "--check", help="Change nothing; exit 1 listing the files that would change."),
) -> None:
    """Rewrite rule files in the canonical layout (comments kept); --check only lists what would change."""
    raise typer.Exit(fmt_command(paths, check))
