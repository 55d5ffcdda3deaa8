"""Several syntax errors from one parse: after a mistake, the parse resumes at the next declaration.

Lark's LALR parser stops at the first token it cannot take. `parse_collecting` drives Lark's interactive parser
instead (the same tables and lexer). At a mistake it asks for the diagnostic, then drops what the parser holds of
the unfinished declaration (the parser's stack cut back to the top level, where a declaration may start) and
moves the lexer on to a line that starts a declaration in the file's first column: a word only a declaration
starts with (`colors`, `award`, `tile` …), or a piece's head (`kind stone "Stone" {`: `kind` is a word of the
rule set's own). Of those, the first whose braces balance with the lines before it, counted from the declaration
the mistake is in: a line left unindented inside a block (`let x = 1` in a god) is not taken for a declaration,
which would start a cascade of errors that are not the author's. When the token refused is itself such a line's
first word (a declaration follows one left unfinished, typically for a forgotten `}`), the parse resumes there.

What was skipped is not read at all: one mistake gives one error. The declarations that parsed are kept; a file
with errors gives them back (its includes are read all the same, see sources.py).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_analysis import Shift

from orbis_dsl.common.diagnostics import Diagnostic

# Syntax errors reported of one file at most: past that, a file is not a rule file with mistakes in it.
MAX_SYNTAX_ERRORS = 25

# A piece's head at the start of a line: `FAMILY NAME "Title" {` or `FAMILY NAME {` (whatever its title holds:
# it may be the mistake, `god sun “Sun” {`).
PIECE_HEAD = re.compile(r"[A-Za-z_]\w*[ \t]+[A-Za-z_]\w*\b[^\n{]*\{")
_FIRST_WORD = re.compile(r"[A-Za-z_]\w*")
# What braces are counted through: strings (an unclosed one ends with its line), comments, braces, line ends.
_BRACES = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[{}\n]')


class ResumePoint(NamedTuple):
    pos: int  # of the line's first character
    depth: int  # braces opened and not closed before the line


class TopLevel(NamedTuple):
    """What the grammar starts a declaration with, and the parser states where one may start."""

    words: frozenset[str]  # keywords that start a declaration (`colors`, `tile`; `god` is not one)
    terminals: frozenset[str]  # every terminal that does (those keywords', and NAME for a piece's head)
    states: frozenset  # states where every one of them is shifted: nothing unfinished below


@cache
def top_level(parser: Lark) -> TopLevel:
    table = parser.parser.parser.parser.parse_table
    start = table.start_states["start"]
    shifted = [name for name, (action, _) in table.states[start].items() if name.isupper() and action is Shift]
    words = set()
    for name in shifted:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            words.add(pattern.value)
    states = frozenset(state for state, actions in table.states.items()
                       if all(actions.get(name, (None, None))[0] is Shift for name in shifted))
    return TopLevel(frozenset(words), frozenset(shifted), states)


def starts_declaration(text: str, pos: int, words: frozenset[str]) -> bool:
    """Whether the line starting at `pos` starts a declaration in its first column."""
    word = _FIRST_WORD.match(text, pos)
    return word is not None and (word.group() in words or PIECE_HEAD.match(text, pos) is not None)


def resume_points(text: str, words: frozenset[str]) -> list[ResumePoint]:
    """Every line that starts a declaration in its first column, with the braces open before it."""
    points, depth = [], 0
    if starts_declaration(text, 0, words):
        points.append(ResumePoint(0, 0))
    for match in _BRACES.finditer(text):
        kind = match.group()
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth -= 1
        elif kind == "\n" and starts_declaration(text, match.end(), words):
            points.append(ResumePoint(match.end(), depth))
    return points


def resume_at(points: list[ResumePoint], at: int, after: int) -> int | None:
    """Where to resume after a mistake at `at`: that token's line when the token is its first word, else the
    first later declaration whose braces balance with those of the one the mistake is in; never at or before
    `after` (where the parse resumed last)."""
    starts = [p.pos for p in points]
    i = bisect.bisect_right(starts, at)
    if i and starts[i - 1] == at and at > after:
        return at
    depth = points[i - 1].depth if i else 0
    return next((p.pos for p in points[i:] if p.pos > after and p.depth <= depth), None)


def _error_pos(error: UnexpectedInput, text: str) -> int:
    token = getattr(error, "token", None)
    if token is not None:
        return len(text) if token.type == "$END" else token.start_pos
    pos = getattr(error, "pos_in_stream", None)
    return pos if isinstance(pos, int) else len(text)


def _is_end(error: UnexpectedInput) -> bool:
    return isinstance(error, UnexpectedToken) and error.token.type == "$END"


def _cut_to_top_level(state, top: frozenset) -> None:
    """Drop the unfinished declaration: the parser's stacks cut back to where a declaration may start."""
    while state.state_stack[-1] not in top:
        state.state_stack.pop()
        state.value_stack.pop()


def _move_lexer(lexer_state, pos: int) -> None:
    """The lexer goes on at `pos` (before or after where it stands), its line and column counted anew."""
    text = lexer_state.text
    text = getattr(text, "text", text)  # a TextSlice in Lark 1.2 and later, a str before
    counter = lexer_state.line_ctr
    counter.char_pos = pos
    counter.line = text.count("\n", 0, pos) + 1
    counter.line_start_pos = text.rfind("\n", 0, pos) + 1
    counter.column = pos - counter.line_start_pos + 1


def _run(interactive) -> Tree:
    """Lark's own loop (`_Parser.parse_from_state`), from wherever the parser and its lexer stand. A token the
    parser refuses leaves it as it stood before the token: Lark's tables may reduce on a token before they find
    they cannot take it (several places of the grammar share a state), and what the parser would have taken is
    only known before those reductions (`score s: 3 if …` took `3` for the whole score, and then wanted only a
    declaration). The stack as those reductions left it is kept on the error, `reduced_values`."""
    state = interactive.parser_state
    states, values = state.state_stack, state.value_stack
    token = None
    for token in interactive.lexer_thread.lex(state):
        _feed(state, token, states[:], values[:])
    last = token or interactive.lexer_thread.state.last_token
    end = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)
    return _feed(state, end, states[:], values[:])


def _feed(state, token: Token, states: list, values: list):
    try:
        return state.feed_token(token, token.type == "$END")
    except UnexpectedToken as error:
        error.reduced_values = list(state.value_stack)  # (what was reduced before the token was refused)
        state.state_stack[:], state.value_stack[:] = states, values
        raise


Describe = Callable[[UnexpectedInput], Diagnostic]


def parse_collecting(parser: Lark, text: str, describe: Describe,
                     limit: int = MAX_SYNTAX_ERRORS) -> tuple[Tree | None, list[Diagnostic]]:
    """The parse tree and the diagnostics of the mistakes (`describe` makes each, with the parser standing where
    the mistake was: `error.interactive_parser`). With mistakes, the tree holds the declarations that parsed."""
    top = top_level(parser)
    interactive = parser.parse_interactive(text)
    points: list[ResumePoint] | None = None
    found: list[Diagnostic] = []
    resumed = -1
    while True:
        try:
            return _run(interactive), found
        except UnexpectedInput as error:
            error.interactive_parser = interactive
            found.append(describe(error))
            if _is_end(error) or len(found) >= limit:
                break
            points = resume_points(text, top.words) if points is None else points
            pos = resume_at(points, _error_pos(error, text), resumed)
            if pos is None:
                break
            _cut_to_top_level(interactive.parser_state, top.states)
            _move_lexer(interactive.lexer_thread.state, pos)
            resumed = pos
    _cut_to_top_level(interactive.parser_state, top.states)
    try:
        return interactive.feed_eof(interactive.lexer_thread.state.last_token), found
    except UnexpectedInput:
        return None, found
