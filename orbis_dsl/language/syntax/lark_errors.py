"""Lark exceptions turned into plain-words diagnostics (the rules language's parser; the game notation has a line
reader with messages of its own, records/orbis/notation_read.py).

Errors are told apart by class name rather than by isinstance, so that Lark itself is not imported here.
"""

from __future__ import annotations

from copy import copy
from typing import TYPE_CHECKING

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean

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
_CLOSERS = ("}", ")", "]")


def literal(parser: Lark, name: str) -> str | None:
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return None
    return pattern.value if pattern.type == "str" else None


def _rank(parser: Lark, name: str, words: dict[str, str]) -> tuple[int, str]:
    """Closing brackets first (the usual forgotten token), then keywords, punctuation, classes of tokens."""
    text = literal(parser, name)
    if text in _CLOSERS:
        return (0, f"'{text}'")
    if text is not None and text[:1].isalpha():
        return (1, f"'{text}'")
    if text is not None:
        return (2, f"'{text}'")
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
    keywords = [lit for n in names if (lit := literal(parser, n)) and lit.isalpha()]
    return did_you_mean(text, keywords) if text.isalpha() else None


_NUMBERS = ("INT", "SIGNED")
_NAMES = ("NAME", "WORD")
_END_OF_LINE = ("_NL", "NEWLINE")


def shown_token(token) -> str:
    """The unexpected token in words: its class where that helps ('number 2'), else as written."""
    if token.type in _NUMBERS:
        return f"number {token}"
    if token.type == "STRING":
        return f"string {token}"
    return f"'{token}'"


def _source_text(error) -> str | None:
    """The text being parsed, when the parser still holds it (Lark keeps it in the lexer's state)."""
    state = getattr(getattr(getattr(error, "interactive_parser", None), "lexer_thread", None), "state", None)
    text = getattr(state, "text", None)
    text = getattr(text, "text", text)  # a TextSlice in Lark 1.2, a str before
    return text if isinstance(text, str) else None


def _word_at(error, token) -> str:
    """The whole word that starts at the token: `5p` where the lexer saw the number 5 and then a name."""
    text, start = _source_text(error), getattr(token, "start_pos", None)
    if text is None or start is None:
        return str(token)
    end = start
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    return text[start:end] or str(token)


def _number_for_name_hint(error, token, expected) -> str | None:
    """A number where only a name fits: names start with a letter; where a quoted string fits, quote it."""
    if token.type not in _NUMBERS or not set(expected) & set(_NAMES) or set(expected) & set(_NUMBERS):
        return None
    if "STRING" in expected:
        return f'a name starts with a letter or _; write "{_word_at(error, token)}" in quotes'
    return "no number can stand here: this place takes a name, which starts with a letter or _"


def _what_follows(parser: Lark, error, expected, words: dict[str, str], steps: int = 3) -> str:
    """Where one class of token is expected, what the grammar wants after it, found by feeding the parser that
    token: ", then 'of', then 'neighbours', 'supports' or 'tiles'". Any grammar; empty when nothing is certain."""
    names = set(expected)
    if len(names) != 1 or literal(parser, next(iter(names))) is not None:
        return ""
    probe = getattr(error, "interactive_parser", None)
    token = getattr(error, "token", None)
    if probe is None or token is None:
        return ""
    out = []
    try:  # a best-effort hint: a parser that cannot be probed gives none, never an error of its own
        probe = _light_copy(probe)
        for _ in range(steps):
            name = next(iter(names))
            probe.feed_token(type(token).new_borrow_pos(name, literal(parser, name) or "x", token))
            names = set(probe.accepts())
            if not names or names & {"$END", *_END_OF_LINE} or len(names) > 3:  # a long list says nothing
                break
            out.append(expected_words(parser, names, words))
            if len(names) != 1:
                break
    except Exception:
        return ""
    return "".join(f", then {phrase}" for phrase in out)


def _light_copy(probe):
    """A copy of an interactive parser to feed tokens to, as Lark's own `accepts` makes one: the values shared, not
    copied (a deep copy of every declaration parsed so far, at each error), and no tree built."""
    probe = probe.copy(deepcopy_values=False)
    conf = copy(probe.parser_state.parse_conf)
    conf.callbacks = {}
    probe.parser_state.parse_conf = conf
    return probe


def _kinds(error: Exception) -> set[str]:
    return {cls.__name__ for cls in type(error).__mro__}


def syntax_diagnostic(parser: Lark, error: UnexpectedInput, file: str,
                      words: dict[str, str] = RULES_WORDS, expected=None) -> Diagnostic:
    """The error in words. `expected`: the token classes that may come there, when the caller knows them better
    than Lark's error does (Lark's are those of an LALR state, which several places of the grammar share)."""
    kinds = _kinds(error)
    if "UnexpectedCharacters" in kinds:
        if error.char == '"':
            return Diagnostic("this string is not closed: a string ends with \" on the same line",
                              span=Span(file, error.line, error.column))
        char = f"'{error.char}'" if error.char.isprintable() else repr(error.char)
        message = f"unexpected character {char}"
        allowed = error.allowed if expected is None else expected
        if allowed:
            message += f"; expected {expected_words(parser, allowed, words)}"
        return Diagnostic(message, span=Span(file, error.line, error.column))
    names = getattr(error, "expected", None) if expected is None else expected
    if "UnexpectedEOF" in kinds or ("UnexpectedToken" in kinds and error.token.type == "$END"):
        line, column = _position(error)
        return Diagnostic(f"the file ends too early; expected {expected_words(parser, names, words)}",
                          span=Span(file, line, column))
    if "UnexpectedToken" in kinds:
        token = error.token
        expected = expected_words(parser, names, words) + _what_follows(parser, error, names, words)
        if token.type in _END_OF_LINE:
            return Diagnostic(f"the line ends too early; expected {expected}",
                              span=Span(file, token.line, token.column, token.end_line, token.column + 1))
        end = token.end_column or token.column + len(str(token))
        hint = (_number_for_name_hint(error, token, names)
                or _keyword_hint(parser, str(token), names))
        return Diagnostic(f"unexpected {shown_token(token)}; expected {expected}",
                          span=Span(file, token.line, token.column, token.end_line, end), hint=hint)
    line, column = _position(error)
    return Diagnostic(str(error), span=Span(file, line, column))


def _position(error) -> tuple[int, int]:
    line = getattr(error, "line", -1)
    column = getattr(error, "column", -1)
    return (line if line and line > 0 else 1, column if column and column > 0 else 1)
