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

import re
from collections import Counter
from pathlib import Path

import typer

WIDTH = 100  # lines longer than this break at `and`/`or` or before `else`, where a clause allows it
INDENT = "  "

_BLOCKS = {"kind_decl", "god_decl", "award_decl", "variant_decl", "desert_decl"}

# Precedence of expression nodes, loosest first (see `?expr` … `?atom` in grammar/rules.lark).
_LEVEL = {"cond_expr": 0, "or_expr": 1, "and_expr": 2, "not_expr": 3, "compare": 4, "member": 4, "among": 4,
          "neg": 7}
_ATOM = 8


# ---- the parser with comments ------------------------------------------------------------------------------


class _CommentingParser:
    """The rules grammar, parsed exactly like `parse.rules_parser` but with every comment token collected."""

    def __init__(self):
        from lark import Lark

        from .resources import grammar_path

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
        return 6 if str(tree.children[1]) == "*" else 5
    return _LEVEL.get(tree.data, _ATOM)


def expr(tree, min_level: int = 0) -> str:
    """An expression on one line, parenthesised when its precedence is looser than its place allows."""
    text = _expr(tree)
    return f"({text})" if _level(tree) < min_level else text


def _expr(t) -> str:
    d, k = t.data, _kids(t)
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
        left, right = (6, 7) if op == "*" else (5, 6)
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
    if d == "aggregate":
        where = f" where {expr(k[3])}" if len(k) > 3 else ""
        return f"{k[0]}({_tok(k[1])} of {k[2]}{where})"
    raise ValueError(f"unknown expression node {d}")


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
        return f"pay {_amount(k[0])} else cancel"
    if t.data == "destroy":
        return f"destroy {_amount(k[0])} from display else cancel"
    if t.data == "require":
        return f"require {expr(k[0])} else cancel"
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
        if len(first) <= WIDTH:
            return [first, pad + f"else {expr(otherwise)}"]
        return [prefix + f"if {expr(cond)}", pad + f"then {expr(then)}", pad + f"else {expr(otherwise)}"]
    return [flat]


# ---- lines ------------------------------------------------------------------------------------------------


class _Line:
    """One output line: code (or a comment line, or a blank line), optionally the cells of a tile line."""

    __slots__ = ("indent", "code", "comment", "cells", "blank")

    def __init__(self, indent: str = "", code: str = "", comment: str | None = None, cells=None,
                 blank: bool = False):
        self.indent, self.code, self.comment, self.cells, self.blank = indent, code, comment, cells, blank


def _member_lines(t, indent: str) -> list[str]:
    """The code of one block member (or of a simple declaration, with indent ''), one or more lines."""
    d, k = t.data, _kids(t)
    if d == "param_decl":
        text = f"param {_tok(k[0])}: {type_text(k[1])}"
        for extra in k[2:]:
            text += " unique" if _is_token(extra) else f" = {literal(extra)}"
        return [indent + text]
    if d == "let_decl":
        return _layout(indent + f"let {_tok(k[0])} = ", k[1])
    if d == "when_clause":
        return [indent + f"when {_tok(k[0])}: " + ", ".join(_effect(e) for e in k[1:])]
    if d == "end_clause":
        if len(k) == 1:
            return _layout(indent + "end: ", k[0])
        head = indent + f"end: {expr(k[0])} "
        return _layout(head + f"{k[1]} ", k[2], op_col=len(head))
    if d == "modify_clause":
        return [indent + f"modify {_tok(k[0])} = {literal(k[1])}"]
    if d == "wild_decl":
        return [indent + "matches every color"]
    if d in ("measure_clause", "eligible_clause", "tiebreak_clause"):
        return _layout(indent + f"{d.split('_')[0]}: ", k[0])
    if d == "ties_clause":
        rule = "keep order" if k[0].data == "keep_order" else "split"
        return [indent + f"ties: {rule}" + (" and warn" if len(k) > 1 else "")]
    if d == "prizes_clause":
        return [indent + f"prizes: {_ints(k)}"]
    if d == "players_clause":
        return [indent + f"players: {k[0]}"]
    if d == "reveal_clause":
        return [indent + f"gods revealed: {k[0]}"]
    if d == "remove_clause":
        return [indent + f"remove stars: {_names(k)}"]
    if d == "variant_prizes":
        return [indent + f"award {_tok(k[0])}: {_ints(k[1:])}"]
    if d == "variant_option":
        return [indent + f"option {_tok(k[0])} = {literal(k[1])}"]
    # top-level declarations
    if d == "include":
        return [f"include {k[0]}"]
    if d == "colors_decl":
        return [f"colors {_names(k)}"]
    if d == "stars_decl":
        return [f"stars {_names(k)}"]
    if d == "alias_decl":
        return [f"alias {_tok(k[0])} = {_tok(k[1])}"]
    if d == "levels_decl":
        return [f"levels {k[0]}"]
    if d == "board_decl":
        return [f"board pyramid {_ints(k)}"]
    if d == "display_decl":
        return [f"display {k[0]}"]
    if d == "realm_decl":
        return [f"realm limit {k[0]}"]
    if d == "tokens_decl":
        return [f"cancel tokens {k[0]}"]
    if d == "exchange_decl":
        return [f"exchange {k[0]} for {k[1]}"]
    if d == "option_decl":
        return [f"option {_tok(k[0])}: {type_text(k[1])} = {literal(k[2])}"]
    if d == "value_decl":
        return [f"value {_tok(k[0])} = {literal(k[1])}"]
    if d == "attribute_decl":
        default = f" = {literal(k[2])}" if len(k) > 2 else ""
        return [f"attribute {_tok(k[0])}: {type_text(k[1])}{default}"]
    if d == "winner_decl":
        keys = [f"{_tok(w.children[0])} {expr(w.children[1])}" for w in k]
        return ["winner: " + ", then ".join(keys) + ", ties shared"]
    raise ValueError(f"unknown declaration {d}")


def _is_token(item) -> bool:
    from lark import Token

    return isinstance(item, Token)


def _tile_cells(t) -> list[str]:
    level, colour, stars, cost, kind, *args = _kids(t)
    squares = ", ".join(_tok(s) for s in _kids(cost))
    arguments = ", ".join(f"{_tok(_kids(a)[0])}: {literal(_kids(a)[1])}" for a in args)
    return ["tile", str(level), _tok(colour), _tok(stars), f"[{squares}]", f"{_tok(kind)}({arguments})"]


def _header(t) -> str:
    d, k = t.data, _kids(t)
    if d == "desert_decl":
        return "desert {"
    if d == "variant_decl":
        return f"variant {_tok(k[0])} {{"
    word = d.split("_")[0]
    title = f" {k[1]}" if len(k) > 1 and _is_token(k[1]) and k[1].type == "STRING" else ""
    return f"{word} {_tok(k[0])}{title} {{"


def _members(t) -> list:
    from lark import Tree

    return [c for c in _kids(t) if isinstance(c, Tree) and c.data != "name"]


# ---- comments attached to declarations --------------------------------------------------------------------


class _Item:
    """A declaration or block member with the comments that belong to it."""

    def __init__(self, node):
        self.node = node
        self.start = (node.meta.line, node.meta.column)
        self.end_line = node.meta.end_line
        self.block = node.data in _BLOCKS
        self.leading: list[tuple[str, bool]] = []  # (comment, blank line before it)
        self.blank_before = False  # a blank line between the last leading comment (or what came before) and it
        self.inside: list = []  # comments within a non-block item: become leading / trailing
        self.trailing: str | None = None
        # blocks only
        self.header_comments: list = []
        self.closing_comment: str | None = None
        self.members: list[_Item] = []
        self.tail: list[tuple[str, bool]] = []  # comments after the last member


class _Attacher:
    def __init__(self, text: str):
        self.lines = text.split("\n")

    def blank_between(self, after: int, before: int) -> bool:
        """Whether a blank line lies strictly between source lines `after` and `before` (1-based)."""
        return any(not self.lines[i - 1].strip() for i in range(after + 1, before))

    def is_full_line(self, comment) -> bool:
        return not self.lines[comment.line - 1][: comment.column - 1].strip()

    def container(self, nodes, comments, opened_at: int) -> tuple[list[_Item], list[tuple[str, bool]]]:
        """Items of a file or block, each with its comments; plus the comments after the last item."""
        items = [_Item(n) for n in nodes]
        loose = []  # full-line comments between items
        for c in comments:
            position = (c.line, c.column)
            if self.is_full_line(c):
                holder = next((i for i in items if i.start[0] < c.line < i.end_line), None)
            else:
                holder = None
                for i in items:
                    if i.start <= position and c.line <= i.end_line:
                        holder = i
            if holder is not None:
                holder.inside.append(c)
            elif self.is_full_line(c):
                loose.append(c)
            else:
                loose.append(c)  # an end-of-line comment outside any item: on a brace line, kept as a comment
        for item in items:
            if item.block:
                self.block(item)
            else:
                self.settle(item)
        # full-line comments before an item lead it; the rest trail the container
        things = sorted([(i.start[0], 1, i) for i in items] + [(c.line, 0, c) for c in loose],
                        key=lambda x: (x[0], x[1]))
        pending: list[tuple[str, bool]] = []
        previous = opened_at
        for line, is_item, thing in things:
            if is_item:
                first_line = line
                thing.leading = pending + thing.leading
                thing.blank_before = self.blank_between(previous, first_line) if not thing.leading or \
                    thing.leading is pending else thing.blank_before
                if pending:
                    thing.blank_before = self.blank_between(previous, first_line)
                pending = []
                previous = thing.end_line
            else:
                pending.append((_text(thing), self.blank_between(previous, line)))
                previous = line
        return items, pending

    def settle(self, item: _Item) -> None:
        """Comments inside a one-line (or broken) declaration: the last end-of-line one trails it, the others
        move before it."""
        eol = [c for c in item.inside if not self.is_full_line(c)]
        last = eol[-1] if eol else None
        for c in item.inside:
            if c is not last:
                item.leading.append((_text(c), False))
        item.trailing = _text(last) if last is not None else None

    def block(self, item: _Item) -> None:
        members = _members(item.node)
        header_line, closing_line = item.start[0], item.end_line
        first_member = members[0].meta.line if members else closing_line
        inner, header = [], []
        for c in item.inside:
            if not self.is_full_line(c) and c.line < first_member and not any(
                    m.meta.line <= c.line <= m.meta.end_line for m in members):
                header.append(c)
            elif not self.is_full_line(c) and c.line == closing_line and not any(
                    m.meta.line <= c.line <= m.meta.end_line for m in members):
                item.closing_comment = _text(c)
            else:
                inner.append(c)
        if header:
            *extra, last = header
            item.leading.extend((_text(c), False) for c in extra)
            item.header_comments = [_text(last)]
        item.members, item.tail = self.container(members, inner, header_line)


def _text(comment) -> str:
    return str(comment).rstrip()


# ---- assembling the file -----------------------------------------------------------------------------------


def _emit_comments(out: list[_Line], comments: list[tuple[str, bool]], indent: str, allow_blank: bool) -> bool:
    for n, (text, blank) in enumerate(comments):
        if blank and (allow_blank or n > 0):
            out.append(_Line(blank=True))
        out.append(_Line(indent, text))
    return bool(comments)


def _emit_item(out: list[_Line], item: _Item, indent: str, blank_first: bool) -> None:
    """The item's leading comments and its lines; `blank_first`: a blank line goes before all of it."""
    if blank_first and out:
        out.append(_Line(blank=True))
    for n, (text, blank) in enumerate(item.leading):
        if blank and n > 0:
            out.append(_Line(blank=True))
        out.append(_Line(indent, text))
    if item.leading and item.blank_before:
        out.append(_Line(blank=True))
    node = item.node
    if node.data == "tile_decl":
        out.append(_Line(indent, comment=item.trailing, cells=_tile_cells(node)))
        return
    if not item.block:
        lines = _member_lines(node, "")
        for n, line in enumerate(lines):
            out.append(_Line(indent, line, item.trailing if n == len(lines) - 1 else None))
        return
    header = _header(node)
    if not item.members and not item.tail:
        out.append(_Line(indent, header + "}", item.header_comments[0] if item.header_comments else None))
        if item.closing_comment:
            out[-1].comment = " ".join(filter(None, [out[-1].comment, item.closing_comment]))
        return
    out.append(_Line(indent, header, item.header_comments[0] if item.header_comments else None))
    inner = indent + INDENT
    for n, member in enumerate(item.members):
        first_blank = member.blank_before if not member.leading else member.leading[0][1]
        _emit_item(out, member, inner, blank_first=n > 0 and first_blank)
        # members are never blocks
    if item.tail:
        _emit_comments(out, item.tail, inner, allow_blank=bool(item.members))
    out.append(_Line(indent, "}", item.closing_comment))


def _fix_member_lines(out: list[_Line]) -> None:
    """Block members print their own indent in `_member_lines`; nothing to do for them here."""


def _render(items: list[_Item], tail: list[tuple[str, bool]]) -> str:
    out: list[_Line] = []
    previous = None
    for item in items:
        first_blank = item.leading[0][1] if item.leading else item.blank_before
        forced = previous is not None and (item.block or previous.block)
        _emit_item(out, item, "", blank_first=previous is not None and (forced or first_blank))
        previous = item
    if tail:
        if out and tail[0][1]:
            out.append(_Line(blank=True))
        _emit_comments(out, tail, "", allow_blank=False)
    _align_tiles(out)
    return _join(out)


def _align_tiles(out: list[_Line]) -> None:
    """Tile lines between two other declarations (comments and blank lines aside) share column widths."""
    run: list[_Line] = []
    for line in out + [_Line("", "end")]:
        if line.cells is not None:
            run.append(line)
        elif line.blank or (line.code.startswith("#") and not line.cells):
            continue
        else:
            if run:
                widths = [max(len(r.cells[i]) for r in run) for i in range(5)]
                for r in run:
                    r.code = " ".join(c.ljust(w) for c, w in zip(r.cells[:5], widths)) + " " + r.cells[5]
            run = []


def _join(out: list[_Line]) -> str:
    # end-of-line comments of consecutive lines line up, two spaces after the longest code among them
    n = 0
    while n < len(out):
        if out[n].comment is None:
            n += 1
            continue
        group = [out[n]]
        while n + len(group) < len(out) and out[n + len(group)].comment is not None:
            group.append(out[n + len(group)])
        column = max(len(g.indent + g.code) for g in group) + 2
        for g in group:
            g.code = (g.indent + g.code).ljust(column - len(g.indent)) [len(g.indent):] if False else g.code
            g.comment_column = column
        n += len(group)
    text = []
    for line in out:
        if line.blank:
            text.append("")
            continue
        code = line.indent + line.code
        if line.comment is not None:
            column = getattr(line, "comment_column", len(code) + 2)
            code = (code.ljust(column) if code.strip() else code) + line.comment
        text.append(code.rstrip())
    return "\n".join(text) + "\n" if text else ""
