"""A syntax error of a rule file in words: what the parser expected there, and the slip behind it when it is a
common one.

Lark's list of what an LALR state expects is that of every place of the grammar sharing the state, so inside
`count(` it offered `alias` and `board`. The parser's own `accepts` (each token fed to a copy of it, standing
where the mistake was) gives what may really come there. The parser's stack also tells which bracket is open
(its token is still on the stack), so a missing `)` or `}` is told with the place of the bracket it would close.
The slips recognised: `==` `=>` `=<` `<>`, the typographic `≥ ≤ ≠` and curly quotes, `X if C else Y` (the
language writes `if C then X else Y`), a missing comma between the effects of a `when`, and chained comparisons
(`1 < w < 5`, which docs/language.md rules out).
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.language.syntax.lark_errors import RULES_WORDS, literal, shown_token, syntax_diagnostic
from orbis_dsl.language.syntax.lark_recovery import starts_declaration, top_level

# `sum(2 * …)`: since `sum(EXPR over players)`, an expression after `sum(` is read as one over players.
SUM_HINT = ("sum(FIELD of tiles …) adds up a parameter of tiles; sum(EXPR over players) adds up a value over players; "
            "sum(EXPR for t in SET) over a set's members")

_CLOSER = {"(": ")", "[": "]", "{": "}"}
_COMPARISONS = frozenset({"=", "!=", "<", ">", "<=", ">="})
# Two characters the language does not have, the second refused after the first was read as an operator.
_OPERATORS = {"==": "=", "=>": ">=", "=<": "<=", "<>": "!="}
_TYPOGRAPHIC = {"≥": ">=", "≤": "<=", "≠": "!=", "−": "-", "×": "*", "÷": "/"}
_CURLY_QUOTES = "“”„‟«»‘’‚‛"
_EFFECTS = frozenset({"gain", "reduce", "pay", "destroy", "require"})
_QUOTES_HINT = 'strings are quoted with straight double quotes: "…"'


class Mistake:
    """One syntax error and where the parser stood: its stack, and what it would have taken instead."""

    def __init__(self, parser: Lark, error: UnexpectedInput, text: str, file: str):
        self.parser, self.error, self.text, self.file = parser, error, text, file
        self.token: Token | None = getattr(error, "token", None)
        interactive = getattr(error, "interactive_parser", None)
        self.values = list(getattr(getattr(interactive, "parser_state", None), "value_stack", ()))
        # The stack as the token made the parser reduce it before refusing it: `1 < count(tiles) < 5` is there
        # two sums and a comparison between, where before the token `count(tiles)` was not yet reduced.
        self.reduced = getattr(error, "reduced_values", None) or self.values
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

    def source(self, node) -> str | None:
        """The text a token or subtree of the stack was read from."""
        start, end = _bounds(node)
        return None if start is None else " ".join(self.text[start:end].split())

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


def _bounds(node) -> tuple[int | None, int | None]:
    if isinstance(node, Token):
        return node.start_pos, node.end_pos
    meta = node.meta if isinstance(node, Tree) else None
    if meta is None or getattr(meta, "empty", True):
        return None, None
    return meta.start_pos, meta.end_pos


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
    if found.message.startswith("this string is not closed"):
        rest = m.text[m.error.pos_in_stream:].split("\n", 1)[0]
        if any(quote in rest for quote in _CURLY_QUOTES):
            return found._replace(hint="it ends with a curly quote: " + _QUOTES_HINT)
    opener = m.open_bracket()
    if opener == "{" and "}" in m.literals and m.at_declaration():
        return found._replace(hint=f"the block opened at {opener.line}:{opener.column} is not closed")
    return found


def _character_slip(m: Mistake) -> Diagnostic | None:
    """`≥` for `>=`, curly quotes or single quotes for straight double ones."""
    if not isinstance(m.error, UnexpectedCharacters):
        return None
    char, span = m.error.char, Span(m.file, m.error.line, m.error.column)
    if char in _TYPOGRAPHIC:
        return Diagnostic(f"unexpected character '{char}'", span=span, hint=f"did you mean '{_TYPOGRAPHIC[char]}'?")
    if char in _CURLY_QUOTES:
        return Diagnostic(f"unexpected character '{char}' (a curly quote)", span=span, hint=_QUOTES_HINT)
    if char == "'":
        return Diagnostic("unexpected character \"'\"", span=span, hint=_QUOTES_HINT)
    return None


def _operator_slip(m: Mistake) -> Diagnostic | None:
    """`==`, `=>`, `=<`, `<>`: the first character was read as an operator, the second cannot follow it."""
    token = m.token
    if not isinstance(m.error, UnexpectedToken) or token is None or token.type == "$END" or token.start_pos < 1:
        return None
    start = token.start_pos - 1
    pair = m.text[start:token.start_pos + 1]
    if pair not in _OPERATORS or (start and m.text[start - 1] in "=<>!"):
        return None
    meant = _OPERATORS[pair]
    hint = f"did you mean '{meant}'?" + (" (equality is written with one '=')" if meant == "=" else "")
    return Diagnostic(f"unexpected '{pair}'", span=m.span(start, start + 2), hint=hint)


def _chained_comparison(m: Mistake) -> Diagnostic | None:
    """`1 < w < 5`: a comparison of a comparison, which the language does not read (docs/language.md)."""
    token, values = m.token, m.reduced
    if token is None or token.type == "STRING" or token not in _COMPARISONS or len(values) < 3:
        return None
    operator = values[-2]
    if isinstance(operator, Tree) and len(operator.children) == 1:
        operator = operator.children[0]
    if not isinstance(operator, Token) or operator not in _COMPARISONS:
        return None
    opener = m.open_bracket()
    if opener in ("(", "[") and not _closed_later(m.text, token.end_pos, opener):
        return None  # `count(tiles where kind = stone >= 2`: a ')' forgotten, told by _unclosed_bracket
    left, middle, right = m.source(values[-3]), m.source(values[-1]), _operand_at(m.text, token.end_pos)
    span = m.span(token.start_pos, token.end_pos)
    if left is None or middle is None:
        return Diagnostic("comparisons do not chain: write `1 < w and w < 5`", span=span)
    return Diagnostic(f"comparisons do not chain: write `{left} {operator} {middle} and {middle} {token} {right}`",
                      span=span)


def _closed_later(text: str, pos: int, opener: str) -> bool:
    """Whether the rest of the line closes the bracket `opener` that is open at `pos`."""
    depth = 0
    for char in _code_of_line(text, pos):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return char == _CLOSER[opener]
            depth -= 1
    return False


def _code_of_line(text: str, pos: int) -> str:
    """The rest of the line from `pos`, without its strings and its comment."""
    line = text[pos:].split("\n", 1)[0]
    return re.sub(r'"(?:[^"\\]|\\.)*"?', '""', line).split("#", 1)[0]


_OPERAND = re.compile(r"[ \t]*(-?[ \t]*(?:[A-Za-z_]\w*|\d+))")


def _operand_at(text: str, pos: int) -> str:
    """The operand that starts at `pos`: a name or number, with the brackets that follow it on the line."""
    match = _OPERAND.match(text, pos)
    if match is None:
        return "…"
    end = match.end()
    if end < len(text) and text[end] in "([":  # `count(tiles)`, `cults[track]`
        depth = 0
        while end < len(text) and text[end] != "\n":
            depth += 1 if text[end] in "([" else -1 if text[end] in ")]" else 0
            end += 1
            if depth == 0:
                break
    return " ".join(text[match.start(1):end].split())


def _else_after_a_condition(m: Mistake) -> Diagnostic | None:
    """`end: 3 if level > 2 else 0`: the condition after the points scores them or nothing, and takes no else;
    the language's choice between two values is `if C then X else Y`."""
    token = m.token
    if token is None or token != "else" or not isinstance(m.error, UnexpectedToken):
        return None
    for i in range(len(m.values) - 1, 0, -1):
        value = m.values[i]
        word = value.children[0] if isinstance(value, Tree) and value.data == "_cond_word" else value
        if isinstance(word, Token) and word in ("if", "unless") and word.type != "NAME":
            break
        if isinstance(value, Token) and value in (*_CLOSER, ":"):
            return None
    else:
        return None
    points, condition = m.source(m.values[i - 1]), " ".join(m.text[word.end_pos:token.start_pos].split())
    otherwise = " ".join(_code_of_line(m.text, token.end_pos).split(' says "', 1)[0].split()) or "…"
    if points is None or not condition:
        return None
    if word == "unless":
        points, otherwise = otherwise, points
    return Diagnostic(f"unexpected 'else': a condition after the value ('{word} …') takes no else",
                      span=m.span(token.start_pos, token.end_pos),
                      hint=f"to choose between two values write `if {condition} then {points} else {otherwise}`")


def _if_after_a_value(m: Mistake) -> Diagnostic | None:
    """`score s: 3 if x > 2 else 0`: where a value takes no condition after it, an `if … else` after it meant
    `if C then X else Y`."""
    token = m.token
    if token is None or token != "if" or token.type == "NAME" or "if" in m.literals:
        return None
    line_start = m.text.rfind("\n", 0, token.start_pos) + 1
    head, rest = m.text[line_start:token.start_pos], _code_of_line(m.text, token.end_pos)
    if " else " not in f" {rest} " or ":" not in head:
        return None
    points = " ".join(head.rsplit(":", 1)[1].split())
    condition, otherwise = (" ".join(part.split()) for part in rest.split(" else ", 1))
    if not points or not condition:
        return None
    return Diagnostic("unexpected 'if': this value takes no condition after it",
                      span=m.span(token.start_pos, token.end_pos),
                      hint=f"to choose between two values write `if {condition} then {points} else {otherwise or '…'}`")


def _missing_comma(m: Mistake) -> Diagnostic | None:
    """`when taken: gain 2 red pay 1 blue …`: two effects without the comma between them."""
    token = m.token
    if token is None or token not in _EFFECTS or "," not in m.literals:
        return None
    if not any(isinstance(value, Token) and value == "when" and value.type != "NAME" for value in m.values):
        return None
    return Diagnostic(f"unexpected '{token}'; expected ',' before it",
                      span=m.span(token.start_pos, token.end_pos),
                      hint=f"the effects of one `when` are separated by commas: write `, {token} …`")


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


# The slips recognised, the most telling first: `count(… >= 2` is told as a ')' forgotten, not as a chain.
_SLIPS = (_character_slip, _operator_slip, _chained_comparison, _else_after_a_condition, _if_after_a_value,
          _missing_comma, _unclosed_bracket)


# ---- a line that starts with a word the language does not know ------------------------------------------------

# A piece declaration, `FAMILY NAME "Title" {`: the one statement that starts with a word of the rule set's own.
_PIECE_HEAD = re.compile(r'\s*[A-Za-z_]\w*\s+[A-Za-z_]\w*\s*["{]')
_WORD = re.compile(r"\s*([A-Za-z_]\w*)")
_STATEMENT_WORDS = ("include", "extends", "colors", "alias", "tile", "levels", "board", "market", "resource", "marker",
                    "option", "value", "attribute", "facedown", "family", "award", "winner", "variant", "def", "links")


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
