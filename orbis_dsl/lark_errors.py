"""Lark exceptions turned into plain-words diagnostics (shared by the rules and game-notation parsers)."""

from __future__ import annotations

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import Diagnostic, Span

_FRIENDLY = {
    "NAME": "a name",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "STRING": "a quoted string",
    "$END": "the end of the file",
    "_NL": "the end of the line",
    "NEWLINE": "the end of the line",
    # the game notation's terminals
    "WORD": "a word",
    "WORDS": "colours like blue/green",
    "AMOUNT": "an amount like 2red",
    "SIGNED": "a number",
    "MARK": "a token mark (x or ok)",
    "DESERT": "'desert' or '-'",
}


def _describe_terminal(parser: Lark, name: str) -> str:
    if name in _FRIENDLY:
        return _FRIENDLY[name]
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return _FRIENDLY.get(name, name.lower().replace("_", " "))


def expected_words(parser: Lark, names) -> str:
    words = sorted({_describe_terminal(parser, n) for n in names})
    if len(words) > 8:
        words = [*words[:8], "…"]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def syntax_diagnostic(parser: Lark, error: UnexpectedInput, file: str) -> Diagnostic:
    if isinstance(error, UnexpectedCharacters):
        char = f"'{error.char}'" if error.char.isprintable() else repr(error.char)
        message = f"unexpected character {char}"
        if error.allowed:
            message += f"; expected {expected_words(parser, error.allowed)}"
        return Diagnostic(message, span=Span(file, error.line, error.column))
    if isinstance(error, UnexpectedEOF):
        line, column = _end_position(error)
        return Diagnostic(
            f"the file ends too early; expected {expected_words(parser, error.expected)}",
            span=Span(file, line, column),
        )
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return Diagnostic(
                f"the file ends too early; expected {expected_words(parser, error.expected)}",
                span=Span(file, max(1, error.line), max(1, error.column)),
            )
        shown = "the end of the line" if token.type in ("_NL", "NEWLINE") else f"'{token}'"
        end = (token.end_column or token.column + len(str(token)))
        if token.type in ("_NL", "NEWLINE"):
            end = token.column + 1
        return Diagnostic(
            f"unexpected {shown}; expected {expected_words(parser, error.expected)}",
            span=Span(file, token.line, token.column, token.end_line, end),
        )
    return Diagnostic(str(error), span=Span(file, getattr(error, "line", 1) or 1, getattr(error, "column", 1) or 1))


def _end_position(error: UnexpectedEOF) -> tuple[int, int]:
    line = getattr(error, "line", -1)
    column = getattr(error, "column", -1)
    return (line if line and line > 0 else 1, column if column and column > 0 else 1)
