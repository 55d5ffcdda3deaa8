"""Lark exceptions turned into plain-words diagnostics (shared by the rules and game-notation parsers).

The game notation's parser is a standalone module with its own copies of Lark's classes, so errors are told
apart by class name rather than by isinstance, and Lark itself is not imported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagnostics import Diagnostic, Span, did_you_mean

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

_COMMON = {
    "$END": "the end of the file",
    "_NL": "the end of the line",
    "INT": "a number",
    "STRING": "a quoted string",
}
# Each grammar names its own token classes.
RULES_WORDS = {**_COMMON, "NAME": "a name", "MINUS": "'-'"}
GAME_WORDS = {**_COMMON, "WORD": "a word", "WORDS": "colours like blue/green", "AMOUNT": "an amount like 2red",
              "SIGNED": "a number", "MARK": "a token mark (x or ok)", "DESERT": "'desert' or '-'"}
_CLOSERS = ("}", ")", "]")


def _literal(parser: Lark, name: str) -> str | None:
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return None
    return pattern.value if pattern.type == "str" else None


def _rank(parser: Lark, name: str, words: dict[str, str]) -> tuple[int, str]:
    """Closing brackets first (the usual forgotten token), then keywords, punctuation, classes of tokens."""
    literal = _literal(parser, name)
    if literal in _CLOSERS:
        return (0, f"'{literal}'")
    if literal is not None and literal[:1].isalpha():
        return (1, f"'{literal}'")
    if literal is not None:
        return (2, f"'{literal}'")
    return (3, words.get(name, name.lower().replace("_", " ")))


def expected_words(parser: Lark, names, words: dict[str, str]) -> str:
    ranked = sorted({_rank(parser, n, words) for n in names})
    shown = [word for _, word in ranked]
    if len(shown) > 8:
        shown = [*shown[:8], "…"]
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _keyword_hint(parser: Lark, text: str, names) -> str | None:
    """`kidn` where a keyword fits: did you mean 'kind'?"""
    keywords = [lit for n in names if (lit := _literal(parser, n)) and lit.isalpha()]
    return did_you_mean(text, keywords) if text.isalpha() else None


def _kinds(error: Exception) -> set[str]:
    return {cls.__name__ for cls in type(error).__mro__}


def syntax_diagnostic(parser: Lark, error: UnexpectedInput, file: str,
                      words: dict[str, str] = RULES_WORDS) -> Diagnostic:
    kinds = _kinds(error)
    if "UnexpectedCharacters" in kinds:
        if error.char == '"':
            return Diagnostic("this string is not closed: a string ends with \" on the same line",
                              span=Span(file, error.line, error.column))
        char = f"'{error.char}'" if error.char.isprintable() else repr(error.char)
        message = f"unexpected character {char}"
        if error.allowed:
            message += f"; expected {expected_words(parser, error.allowed, words)}"
        return Diagnostic(message, span=Span(file, error.line, error.column))
    if "UnexpectedEOF" in kinds or ("UnexpectedToken" in kinds and error.token.type == "$END"):
        line, column = _position(error)
        return Diagnostic(f"the file ends too early; expected {expected_words(parser, error.expected, words)}",
                          span=Span(file, line, column))
    if "UnexpectedToken" in kinds:
        token = error.token
        end_of_line = token.type in ("_NL", "NEWLINE")
        shown = "the end of the line" if end_of_line else f"'{token}'"
        end = token.column + 1 if end_of_line else (token.end_column or token.column + len(str(token)))
        return Diagnostic(
            f"unexpected {shown}; expected {expected_words(parser, error.expected, words)}",
            span=Span(file, token.line, token.column, token.end_line, end),
            hint=None if end_of_line else _keyword_hint(parser, str(token), error.expected),
        )
    line, column = _position(error)
    return Diagnostic(str(error), span=Span(file, line, column))


def _position(error) -> tuple[int, int]:
    line = getattr(error, "line", -1)
    column = getattr(error, "column", -1)
    return (line if line and line > 0 else 1, column if column and column > 0 else 1)
