"""Stage 2, where each line of a declaration was written, for the checks the syntax tree cannot locate alone.

The syntax tree keeps one value per once-only line (a variant's `players`, an award's `prizes` …: a second line
replaced the first) and no place for some lines (a variant's `reveal`, an award's `says`). To refuse a repeated
line at the repeat, and to point into the line a message is about, the declaration's own text is parsed again
with the rules parser, with its place in the file kept, and its lines read off Lark's tree. Only declarations
whose text names a once-only line twice are parsed for repeats (one regular-expression pass); others are parsed
only to locate a message.
"""

from __future__ import annotations

import functools
import re

from lark import Token, Tree

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language import ast_decl, ast_sheet

# Per declaration: its rule in the grammar, what it is called in messages, and its once-only lines, each as
# (rule, the words the line is written with, as messages show them).
ONCE_ONLY = {
    ast_decl.VariantDecl: ("variant_decl", "variant", (("players_clause", "players:"), ("reveal_clause", "reveal"))),
    ast_sheet.AwardDecl: ("award_decl", "award", (
        ("measure_clause", "measure:"), ("eligible_clause", "eligible:"), ("tiebreak_clause", "tiebreak:"),
        ("ties_clause", "ties:"), ("prizes_clause", "prizes:"), ("rank_clause", "rank:"),
        ("equal_clause", "unless all equal"), ("says_clause", "says"))),
    ast_decl.MarkerDecl: ("marker_decl", "marker", (("supply_clause", "supply"), ("otherwise_clause", "otherwise"))),
    ast_decl.ResourceDecl: ("resource_decl", "resource", (
        ("per_color", "per color"), ("limit_clause", "limit"), ("trade_clause", "trade"))),
    ast_decl.GameDecl: ("game_decl", "game", (("record_clause", "record"), ("report_clause", "report"))),
    ast_decl.FacedownDecl: ("facedown_decl", "face-down state", (("wild_decl", "matches every color"),)),
    ast_sheet.GridDecl: ("grid_decl", "grid", (
        ("grid_shape", "shape:"), ("grid_edges", "edges:"), ("grid_faces", "faces:"))),
    ast_sheet.HexMapDecl: ("hexmap_decl", "hexmap", (("water_clause", "water"), ("hexmap_colors", "player colors"))),
}


@functools.cache
def _start(words: str) -> re.Pattern:
    """How a line starts in the text: its words, any spaces between (`measure:` is not `measure >= 1`)."""
    parts = [re.escape(w) for w in words.replace(":", " :").split()]
    return re.compile(r"\b" + r"\s*".join(parts))


def tree_span(file: str, item) -> Span | None:
    if isinstance(item, Token):
        return Span(file, item.line, item.column, item.end_line, item.end_column)
    meta = item.meta
    return None if getattr(meta, "empty", True) else Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


class MemberLocator:
    """The lines of declarations, read from their text (`texts`: the rule set's files by shown name)."""

    def __init__(self, texts: dict[str, str]):
        self.texts = texts
        self._trees: dict[tuple, Tree | None] = {}

    def declaration(self, span: Span | None, rule: str) -> Tree | None:
        """Lark's tree of the declaration of grammar rule `rule` written at `span`, or None (no text, or a span
        that is only its name: a grid's). Parsed once."""
        if span is None or span.end_line is None:
            return None
        key = (span, rule)
        if key not in self._trees:
            self._trees[key] = self._parse(span, rule)
        return self._trees[key]

    def _parse(self, span: Span, rule: str) -> Tree | None:
        from lark.exceptions import LarkError

        from orbis_dsl.language.parse import rules_parser

        text = self.declaration_text(span)
        if text is None:
            return None
        # Lines and columns as in the file: the declaration's text after as many line breaks and spaces.
        padded = "\n" * (span.line - 1) + " " * (span.column - 1) + text
        try:
            tree = rules_parser().parse(padded)
        except (LarkError, RecursionError):
            return None  # (a span that is not a whole declaration: no place found, no message lost)
        return next((t for t in tree.children if isinstance(t, Tree) and t.data == rule), None)

    def declaration_text(self, span: Span) -> str | None:
        text = self.texts.get(span.file)
        if text is None:
            return None
        lines = text.split("\n")  # as Lark counts lines
        if not 1 <= span.line <= span.end_line <= len(lines):
            return None
        if span.line == span.end_line:
            return lines[span.line - 1][span.column - 1:span.end_column - 1]
        first, last = lines[span.line - 1][span.column - 1:], lines[span.end_line - 1][:span.end_column - 1]
        return "\n".join([first, *lines[span.line:span.end_line - 1], last])

    def members(self, decl, rule: str) -> list[Tree]:
        """The lines of a declaration (Lark subtrees), in the order written; [] when its text cannot be read."""
        tree = self.declaration(decl.span, rule)
        return [] if tree is None else [c for c in tree.children if isinstance(c, Tree) and c.data != "name"]

    def member_span(self, decl, rule: str, member: str, nth: int = 0) -> Span | None:
        """Where the nth line of grammar rule `member` of a declaration was written (None: not found)."""
        found = [m for m in self.members(decl, rule) if m.data == member]
        return tree_span(decl.span.file, found[nth]) if len(found) > nth else None

    def repeated(self, decl) -> list[Diagnostic]:
        """An error at each once-only line a declaration gives twice, naming where the first is."""
        rule, what, lines = ONCE_ONLY[type(decl)]
        if not self._may_repeat(decl, lines):
            return []
        first: dict[str, Span] = {}
        diags = []
        for member in self.members(decl, rule):
            words = dict(lines).get(member.data)
            if words is None:
                continue
            span = tree_span(decl.span.file, member)
            if member.data not in first:
                first[member.data] = span
                continue
            where = first[member.data]
            name = getattr(decl, "name", None) or getattr(decl, "id", "")
            diags.append(Diagnostic(f"{what} '{name}' gives '{words}' twice: the first is at {where.line}:"
                                    f"{where.column}", span=span,
                                    hint=f"{'an' if what[0] in 'aeiou' else 'a'} {what} says '{words}' once (the "
                                         "later line would replace the first): keep one"))
        return diags

    def _may_repeat(self, decl, lines) -> bool:
        """Whether the text of the declaration writes a once-only line's words twice (cheap: no parse; a word in
        a comment or a string may make it parse for nothing, never miss a repeat)."""
        text = self.declaration_text(decl.span) if decl.span is not None and decl.span.end_line else None
        if text is None:
            return False
        return any(len(_start(words).findall(text)) > 1 for _, words in lines)


def string_place(file: str, token: Token, needle: str, nth: int = 0) -> Span | None:
    """Where the nth `needle` (a placeholder like `{titel}`) stands inside a string token (strings are on one
    line, and their escapes never touch a brace)."""
    index = -1
    for _ in range(nth + 1):
        index = token.value.find(needle, index + 1)
        if index < 0:
            return None
    column = token.column + index
    return Span(file, token.line, column, token.line, column + len(needle))


def says_place(find_clause, file: str):
    """`check_says`'s `place` for the `says` line of a clause: `find_clause()` gives Lark's tree of the award or
    end clause, parsed only when a mistake is to be placed."""

    def place(needle: str | None, nth: int) -> Span | None:
        clause = find_clause()
        says = [c for c in clause.children if isinstance(c, Tree) and c.data == "says_clause"] if clause else []
        if not says:
            return None
        token = says[-1].children[0]
        return tree_span(file, token) if needle is None else string_place(file, token, needle, nth)
    return place


def end_clause_tree(locator: MemberLocator, owner, rule: str, clause) -> Tree | None:
    """Lark's tree of an end clause of a piece (or the face-down state), found by where it starts."""
    if owner is None or clause.span is None:
        return None
    for member in locator.members(owner, rule):
        if member.data == "end_clause" and (member.meta.line, member.meta.column) == (clause.span.line,
                                                                                        clause.span.column):
            return member
    return None
