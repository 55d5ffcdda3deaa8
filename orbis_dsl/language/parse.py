"""Stage 1: rule-file text → syntax tree (`ast_decl.RuleFile`). Syntax errors come back as diagnostics, never raised.

The transformer is built in three parts: `transform_expr`, `transform_decl`, `transform_sheet`; reading a rule set's
files and includes is `sources.py`."""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language import ast_decl
from orbis_dsl.language.lark_errors import RULES_WORDS, syntax_diagnostic
from orbis_dsl.language.lark_keywords import install_keyword_lookup, install_whole_words
from orbis_dsl.language.lark_positions import install_lean_positions
from orbis_dsl.language.literals import BadToken
from orbis_dsl.language.transform_decl import DeclBuilder
from orbis_dsl.language.transform_expr import ExprBuilder, span_of
from orbis_dsl.language.transform_sheet import SheetBuilder

# Rule files larger than this are refused before parsing: the whole base game is 14 kB.
MAX_SOURCE_BYTES = 256_000
# Bytes read at most from a rule file: up to 4 per character in UTF-8, and a BOM.
MAX_READ_BYTES = 4 * MAX_SOURCE_BYTES + 3
# Deeper syntax trees are refused: every later stage walks expressions recursively.
MAX_DEPTH = 120


@cache
def rules_parser() -> Lark:
    from orbis_dsl.common.parser_cache import keep_private, trusted_cache_file

    # Never cache=True (a predictable file in /tmp, which another user may write): the user's private cache
    # folder, or no cache at all.
    tables = trusted_cache_file("rules")
    parser = Lark(
        grammar_path("rules.lark").read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=tables,
    )
    keep_private(tables)
    install_keyword_lookup(parser)
    install_whole_words(parser)
    install_lean_positions(parser)
    return parser


class RuleBuilder(DeclBuilder, SheetBuilder, ExprBuilder):
    """The syntax tree of one rule file from Lark's parse tree: nodes only, every check lives in the check stage."""


def parse_text(text: str, file: str) -> tuple[ast_decl.RuleFile | None, list[Diagnostic]]:
    """Parse one rule file. Returns the tree, or None and the syntax error."""
    if len(text) > MAX_SOURCE_BYTES:
        return None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most {MAX_SOURCE_BYTES:,})",
                                 span=Span(file, 1, 1))]
    parser = rules_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        found = _unknown_leading_word(parser, text, error, file) or syntax_diagnostic(parser, error, file, RULES_WORDS)
        return None, [found._replace(hint=SUM_HINT) if found.hint is None and found.message.endswith("'over'")
                      else found]
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    deep = _too_deep(tree)
    if deep is not None:
        return None, [Diagnostic(f"expressions nest too deeply here (at most {MAX_DEPTH} levels)",
                                 span=span_of(file, deep) or Span(file, 1, 1))]
    try:
        return RuleBuilder(file).transform(tree), []
    except VisitError as error:
        if isinstance(error.orig_exc, BadToken):
            return None, [Diagnostic(error.orig_exc.message, span=span_of(file, error.orig_exc.token))]
        if isinstance(error.orig_exc, RecursionError):
            return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
        raise error.orig_exc from error  # anything else is a bug of ours, not of the rule file
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]


# `sum(2 * …)`: since `sum(EXPR over players)`, an expression after `sum(` is read as one over players.
SUM_HINT = "sum(FIELD of tiles …) adds up a parameter of tiles; sum(EXPR over players) adds up a value over players"

# A piece declaration, `FAMILY NAME "Title" {`: the one statement that starts with a word of the rule set's own.
_PIECE_HEAD = re.compile(r'\s*[A-Za-z_]\w*\s+[A-Za-z_]\w*\s*["{]')
_WORD = re.compile(r"\s*([A-Za-z_]\w*)")


def _unknown_leading_word(parser: Lark, text: str, error: UnexpectedInput, file: str) -> Diagnostic | None:
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
    if word is None or _PIECE_HEAD.match(line) or word.group(1) in _keywords(parser):
        return None
    if getattr(error, "column", 0) <= word.end(1):
        return None  # the word itself is what the parser refused: its own message names it
    column = word.start(1) + 1
    hint = did_you_mean(word.group(1), _keywords(parser)) or (
        "a statement starts with a keyword (" + ", ".join(sorted(_STATEMENT_WORDS)) + ") or declares a piece: "
        'FAMILY NAME "Title" { … }')
    return Diagnostic(f"'{word.group(1)}' does not start a statement", span=Span(file, line_no, column, line_no,
                      column + len(word.group(1))), hint=hint)


_STATEMENT_WORDS = ("include", "extends", "colors", "alias", "tile", "levels", "board", "market", "resource", "marker",
                    "option", "value", "attribute", "facedown", "family", "award", "winner", "variant")


@cache
def _keywords(parser: Lark) -> frozenset[str]:
    """Every word of the grammar (`colors`, `param`, `where` …)."""
    return frozenset(t.pattern.value for t in parser.terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


def _too_deep(tree: Tree, limit: int = MAX_DEPTH) -> Tree | None:
    """The last subtree (in the order of the text) at depth `limit + 1`, or None: found level by level, without
    recursion, one list per level (0.44x the time of a walk with a stack of (node, depth) pairs)."""
    level = [tree]
    for _ in range(limit):
        level = [child for node in level for child in node.children if isinstance(child, Tree)]
        if not level:
            return None
    deeper = [child for node in level for child in node.children if isinstance(child, Tree)]
    return deeper[-1] if deeper else None
