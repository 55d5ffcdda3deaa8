"""A syntax error of a rule file in words: what the parser expected there.

Lark's list of what an LALR state expects is that of every place of the grammar sharing the state, so inside
`count(` it offered `alias` and `board`. The parser's own `accepts` (each token fed to a copy of it, standing
where the mistake was) gives what may really come there; where any expression or any declaration may, it is said
so in a word, not listed keyword by keyword. The parser's stack also tells which bracket is open (its token is
still on the stack), so a missing `)` or `}` is told with the place of the bracket it would close.
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.language.lark_errors import RULES_WORDS, literal, shown_token, syntax_diagnostic
from orbis_dsl.language.lark_recovery import starts_declaration, top_level

# `sum(2 * …)`: since `sum(EXPR over players)`, an expression after `sum(` is read as one over players.
SUM_HINT = "sum(FIELD of tiles …) adds up a parameter of tiles; sum(EXPR over players) adds up a value over players"

_CLOSER = {"(": ")", "[": "]", "{": "}"}


class Mistake:
    """One syntax error and where the parser stood: its stack, and what it would have taken instead."""

    def __init__(self, parser: Lark, error: UnexpectedInput, text: str, file: str):
        self.parser, self.error, self.text, self.file = parser, error, text, file
        self.token: Token | None = getattr(error, "token", None)
        interactive = getattr(error, "interactive_parser", None)
        self.values = list(getattr(getattr(interactive, "parser_state", None), "value_stack", ()))
        try:  # what may come there; Lark's own list when the parser cannot be probed
            self.expected = frozenset(interactive.accepts()) if interactive is not None else None
        except Exception:
            self.expected = None
        self.literals = {literal(parser, name) for name in self.expected or ()}
        self.shown = _summarised(parser, self.expected)

    def span(self, start: int, end: int) -> Span:
        line = self.text.count("\n", 0, start) + 1
        column = start - self.text.rfind("\n", 0, start)
        return Span(self.file, line, column, line, column + max(1, end - start))

    def open_bracket(self) -> Token | None:
        """The innermost bracket the stack holds open."""
        closed = 0
        for value in reversed(self.values):
            if isinstance(value, Token) and value.type != "STRING":
                if value in _CLOSER.values():
                    closed += 1
                elif value in _CLOSER:
                    if not closed:
                        return value
                    closed -= 1
        return None

    def at_declaration(self) -> bool:
        """The token refused is the end of the file, or a declaration's first word in the first column."""
        token = self.token
        if token is None or token.type == "$END":
            return token is not None
        return token.column == 1 and starts_declaration(self.text, token.start_pos, top_level(self.parser).words)


# What the words stand for: where any expression or any declaration may come, they are not listed one by one.
_WORDS = {**RULES_WORDS, "EXPRESSION": "an expression", "DECLARATION": "a declaration", "OPERATOR": "an operator"}
# The terminals that carry an expression on (binary operators).
_OPERATOR_NAMES = frozenset({"AND", "OR", "IN", "IS", "PLUS", "MINUS", "MUL_OP", "GE", "LE", "NE", "EQ", "GT", "LT"})


def _summarised(parser: Lark, expected: frozenset[str] | None) -> frozenset[str] | None:
    """What may come, with every start of an expression one `EXPRESSION`, and of a declaration one `DECLARATION`."""
    if expected is None:
        return None
    operand = first_terminals(parser, "unary")  # where any expression may come, at least any operand may
    if operand and operand <= expected:
        expected = (expected - first_terminals(parser, "expr")) | {"EXPRESSION"}
    declaration = top_level(parser).terminals
    if declaration and declaration <= expected:
        expected = (expected - declaration) | {"DECLARATION"}
    if len(expected & _OPERATOR_NAMES) >= 3:  # after an operand, which an operator may always carry on: said
        expected = (expected - _OPERATOR_NAMES) or {"OPERATOR"}  # only when nothing else may come
    return expected


@cache
def first_terminals(parser: Lark, rule: str) -> frozenset[str]:
    """The terminals the grammar's `rule` may start with (its FIRST set)."""
    first: dict[str, set[str]] = {}
    empty: set[str] = set()
    changed = True
    while changed:
        changed = False
        for production in parser.rules:
            origin = production.origin.name
            found = first.setdefault(origin, set())
            size, nullable = len(found), True
            for symbol in production.expansion:
                found |= {symbol.name} if symbol.is_term else first.get(symbol.name, set())
                if symbol.is_term or symbol.name not in empty:
                    nullable = False
                    break
            if nullable and origin not in empty:
                empty.add(origin)
                changed = True
            changed = changed or len(found) != size
    return frozenset(first.get(rule, ()))


def rules_diagnostic(parser: Lark, error: UnexpectedInput, text: str, file: str) -> Diagnostic:
    """The diagnostic of a syntax error of a rule file (`error.interactive_parser` standing where it was)."""
    mistake = Mistake(parser, error, text, file)
    for slip in _SLIPS:
        found = slip(mistake)
        if found is not None:
            return found
    return _plain(mistake)


def _plain(m: Mistake) -> Diagnostic:
    found = (unknown_leading_word(m.parser, m.text, m.error, m.file)
             or syntax_diagnostic(m.parser, m.error, m.file, _WORDS, m.shown))
    if found.hint is None and "'over'" in found.message:
        return found._replace(hint=SUM_HINT)
    token = m.token
    if m.at_declaration():  # the next declaration, where one left unfinished may still go on: no misspelling
        found = found._replace(hint=None)
    elif found.hint is None and token is not None and str(token).isalpha():  # `annd`: among every word
        found = found._replace(hint=did_you_mean(str(token), [w for w in m.literals if w and w.isalpha()]))
    opener = m.open_bracket()
    if opener == "{" and "}" in m.literals and m.at_declaration():
        return found._replace(hint=f"the block opened at {opener.line}:{opener.column} is not closed")
    return found


def _unclosed_bracket(m: Mistake) -> Diagnostic | None:
    """Inside `(` or `[`, where its closing bracket may come: say so, and where it was opened."""
    opener = m.open_bracket()
    if opener not in ("(", "[") or _CLOSER[opener] not in m.literals:
        return None
    if isinstance(m.error, UnexpectedCharacters) and m.error.char == '"':
        return None  # an unclosed string: said as such
    wanted = f"'{_CLOSER[opener]}' to close the '{opener}' at {opener.line}:{opener.column}"
    token = m.token
    if token is None:
        char = m.error.char
        shown = f"'{char}'" if char.isprintable() else repr(char)
        return Diagnostic(f"unexpected character {shown}; expected {wanted}",
                          span=Span(m.file, m.error.line, m.error.column))
    if token.type == "$END":
        return Diagnostic(f"the file ends too early; expected {wanted}",
                          span=Span(m.file, max(1, token.line or 1), max(1, token.column or 1)))
    return Diagnostic(f"unexpected {shown_token(token)}; expected {wanted}",
                      span=m.span(token.start_pos, token.end_pos))


# The slips recognised, the most telling first.
_SLIPS = (_unclosed_bracket,)


# ---- a line that starts with a word the language does not know ------------------------------------------------

# A piece declaration, `FAMILY NAME "Title" {`: the one statement that starts with a word of the rule set's own.
_PIECE_HEAD = re.compile(r'\s*[A-Za-z_]\w*\s+[A-Za-z_]\w*\s*["{]')
_WORD = re.compile(r"\s*([A-Za-z_]\w*)")
_STATEMENT_WORDS = ("include", "extends", "colors", "alias", "tile", "levels", "board", "market", "resource", "marker",
                    "option", "value", "attribute", "facedown", "family", "award", "winner", "variant")


def unknown_leading_word(parser: Lark, text: str, error: UnexpectedInput, file: str) -> Diagnostic | None:
    """A line that starts with a word the language does not know (`levls 3`, `colrs red`), not shaped like a
    piece declaration: the parser only notices a token or two later, and its list of what it expected there
    would not help. Say which word is wrong instead."""
    line_no = getattr(error, "line", None)
    if not isinstance(error, UnexpectedToken) or not isinstance(line_no, int) or line_no < 1:
        return None
    lines = text.splitlines()
    if line_no > len(lines):
        return None
    line = lines[line_no - 1]
    word = _WORD.match(line)
    if word is None or _PIECE_HEAD.match(line) or word.group(1) in keywords(parser):
        return None
    if getattr(error, "column", 0) <= word.end(1):
        return None  # the word itself is what the parser refused: its own message names it
    column = word.start(1) + 1
    hint = did_you_mean(word.group(1), keywords(parser)) or (
        "a statement starts with a keyword (" + ", ".join(sorted(_STATEMENT_WORDS)) + ") or declares a piece: "
        'FAMILY NAME "Title" { … }')
    return Diagnostic(f"'{word.group(1)}' does not start a statement", span=Span(file, line_no, column, line_no,
                      column + len(word.group(1))), hint=hint)


@cache
def keywords(parser: Lark) -> frozenset[str]:
    """Every word of the grammar (`colors`, `param`, `where` …)."""
    return frozenset(t.pattern.value for t in parser.terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())
