"""Keywords told from names by one dict lookup, where Lark uses a regular expression.

Lark lexes a word such as `tile` or `stone` as a NAME, then asks whether it is a keyword instead: its
`UnlessCallback` runs `fullmatch` of the word against one alternation of every keyword string the NAME pattern
also matches. The rules grammar has about 130 keywords, and Python's `re` tries the branches of an alternation one
after another, so each word costs about 9 µs: a third of the time to lex a 256 kB rule file.

When every one of those keywords is a plain string with no flags, the first branch that matches a whole word is
the one whose string equals it, so a dict from each string to its terminal (the first terminal of a string wins,
as the first branch does) gives the same answer. Anything else keeps Lark's own callback.

This reaches into Lark's lexer (its `BasicLexer._build_scanner` and `callback`), so it checks what it finds and
does nothing where Lark is built differently; tests/language/test_lark_keywords.py compares the tokens with
Lark's own on every bundled rule file and fails if the lookup is no longer installed.

Whole words (`install_whole_words`): where the grammar takes no name, Lark's contextual lexer knows only that
place's keywords, each a plain string, and matches one as the start of a longer word: `ties: splitt` lexed as
`split` and then a name `t`, and `paramx: int` parsed, silently, as `param x: int`. There each keyword that ends
in a letter or digit must end the word, so that a longer word is lexed (by Lark's fallback to its lexer of every
terminal) as the one name it is, and refused as a whole.
"""

from __future__ import annotations

import re

from lark import Lark, Token
from lark.lexer import BasicLexer, PatternRE, PatternStr, TerminalDef, UnlessCallback


class KeywordLookup:
    """A NAME token's type becomes its keyword's terminal when its text is a keyword: Lark's UnlessCallback, by dict."""

    __slots__ = ("types",)

    def __init__(self, types: dict[str, str]):
        self.types = types

    def __call__(self, token: Token) -> Token:
        keyword = self.types.get(token.value)
        if keyword is not None:
            token.type = keyword
        return token


def keyword_lookup(callback: object) -> KeywordLookup | None:
    """The dict lookup equal to Lark's `callback`, or None where it would not be equal."""
    if type(callback) is not UnlessCallback:
        return None
    scanner = getattr(callback, "scanner", None)
    if scanner is None or getattr(scanner, "g_regex_flags", None) != 0 or getattr(scanner, "use_bytes", True):
        return None
    types: dict[str, str] = {}
    for terminal in getattr(scanner, "terminals", ()):
        pattern = terminal.pattern
        if not isinstance(pattern, PatternStr) or pattern.flags:
            return None
        types.setdefault(pattern.value, terminal.name)
    return KeywordLookup(types) if types else None


def install_keyword_lookup(parser: Lark) -> int:
    """Give each of the parser's basic lexers the dict lookup as it builds its scanner (Lark builds them lazily,
    a state's lexer the first time the parser reaches that state). Returns how many lexers will use it."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    lexers = set(getattr(contextual, "lexers", {}).values())
    lexers.add(getattr(contextual, "root_lexer", contextual))
    installed = 0
    for lexer in lexers:
        if isinstance(lexer, BasicLexer) and hasattr(lexer, "_build_scanner"):
            _wrap_build(lexer)
            installed += 1
    return installed


def _wrap_build(lexer: BasicLexer) -> None:
    build = lexer._build_scanner

    def build_with_lookup():
        scanner = build()
        _swap_callbacks(lexer)
        return scanner

    lexer._build_scanner = build_with_lookup
    if getattr(lexer, "_scanner", None) is not None:  # built already
        _swap_callbacks(lexer)


def _swap_callbacks(lexer: BasicLexer) -> None:
    callbacks = getattr(lexer, "callback", None)
    if not isinstance(callbacks, dict):
        return
    for name, callback in list(callbacks.items()):
        lookup = keyword_lookup(callback)
        if lookup is not None:
            callbacks[name] = lookup


_WORD_END = re.compile(r"\w\Z", re.ASCII)
_NOT_A_WORD_CHARACTER = r"(?![A-Za-z0-9_])"


def whole_word(terminal: TerminalDef) -> TerminalDef:
    """The terminal, matching only where its keyword ends the word (`split`, not the start of `splitt`)."""
    pattern = terminal.pattern
    if type(pattern) is not PatternStr or pattern.flags or not _WORD_END.search(pattern.value):
        return terminal
    regexp = PatternRE(re.escape(pattern.value) + _NOT_A_WORD_CHARACTER, raw=pattern.raw)
    return TerminalDef(terminal.name, regexp, terminal.priority)


def install_whole_words(parser: Lark, name: str = "NAME") -> int:
    """In each of the parser's state lexers without the terminal `name`, keywords match whole words only.
    Returns how many lexers were changed (the root lexer, which has names, never is)."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    changed = 0
    for lexer in set(getattr(contextual, "lexers", {}).values()):
        terminals = getattr(lexer, "terminals", None)
        if not isinstance(lexer, BasicLexer) or not isinstance(terminals, list):
            continue
        if any(t.name == name for t in terminals):
            continue  # keywords here are names first (see KeywordLookup): whole words already
        converted = [whole_word(t) for t in terminals]
        if any(new is not old for new, old in zip(converted, terminals)):
            lexer.terminals = converted
            lexer._scanner = None  # (built lazily; rebuilt from the new terminals if it was built)
            changed += 1
    return changed
