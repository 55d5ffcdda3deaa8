"""Stage 2, the lines of a declaration as the syntax tree keeps them: once-only lines given twice, and where a
message about a line or a sentence is placed.

Each declaration with once-only lines (a variant's `players:`, an award's `prizes:` …) keeps them as written, in
order, with their spans (`lines`, of `ast_expr.WrittenLine`): a second line would replace the first, so a repeat
is an error at the repeat, naming where the first is. A sentence (`says "…"`) keeps its string as written, so that
a placeholder's mistake is placed inside it.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.syntax import ast_decl, ast_sheet
from orbis_dsl.language.syntax.ast_expr import WrittenLine

# The declarations with once-only lines, and what each is called in messages.
ONCE_ONLY = {
    ast_decl.VariantDecl: "variant",
    ast_sheet.AwardDecl: "award",
    ast_decl.MarkerDecl: "marker",
    ast_decl.ResourceDecl: "resource",
    ast_decl.GameDecl: "game",
    ast_decl.FacedownDecl: "face-down state",
    ast_sheet.GridDecl: "grid",
    ast_sheet.HexMapDecl: "hexmap",
}


def repeated(decl) -> list[Diagnostic]:
    """An error at each once-only line a declaration gives twice, naming where the first is."""
    what = ONCE_ONLY[type(decl)]
    first: dict[str, Span | None] = {}
    diags = []
    for line in decl.lines:
        if line.word not in first:
            first[line.word] = line.span
            continue
        where = first[line.word]
        at = f": the first is at {where.line}:{where.column}" if where is not None else ""
        name = getattr(decl, "name", None) or getattr(decl, "id", "")
        diags.append(Diagnostic(f"{what} '{name}' gives '{line.word}' twice{at}", span=line.span or decl.span,
                                hint=f"{'an' if what[0] in 'aeiou' else 'a'} {what} says '{line.word}' once (the "
                                     "later line would replace the first): keep one"))
    return diags


def last_line(decl, word: str) -> Span | None:
    """Where the declaration's (last) once-only line of these words was written, or None."""
    return next((line.span for line in reversed(decl.lines) if line.word == word), None)


def string_place(written: WrittenLine, needle: str, nth: int = 0) -> Span | None:
    """Where the nth `needle` (a placeholder like `{titel}`) stands inside a string as written (strings are on
    one line, and their escapes never touch a brace)."""
    span, index = written.span, -1
    if span is None:
        return None
    for _ in range(nth + 1):
        index = written.word.find(needle, index + 1)
        if index < 0:
            return None
    column = span.column + index
    return Span(span.file, span.line, column, span.line, column + len(needle))


def says_place(written: WrittenLine | None):
    """`check_says`'s `place` for the sentence of an award or an end clause: its string as written (None: no
    place, the message stays at the clause)."""

    def place(needle: str | None, nth: int) -> Span | None:
        if written is None:
            return None
        return written.span if needle is None else string_place(written, needle, nth)
    return place
