"""Stage 1: rule-file text → syntax tree (`ast_decl.RuleFile`). Syntax errors come back as diagnostics, never raised:
every one found, the parse resumed at the next declaration after each (`lark_recovery.py`), each in words
(`syntax_hints.py`).

The transformer is built in three parts: `transform_expr`, `transform_decl`, `transform_sheet`; reading a rule set's
files and includes is `sources.py`."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput, VisitError

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language.syntax import ast_decl, ast_expr
from orbis_dsl.language.syntax.hints import rules_diagnostic
from orbis_dsl.language.syntax.lark_patches import (
    Reduced,
    Reductions,
    install_fast_lexing,
    install_keyword_lookup,
    install_lean_positions,
    install_whole_words,
)
from orbis_dsl.language.syntax.lark_recovery import parse_collecting
from orbis_dsl.language.syntax.literals import BadToken
from orbis_dsl.language.syntax.transform_decl import DeclBuilder
from orbis_dsl.language.syntax.transform_expr import ExprBuilder, new_span, span_of
from orbis_dsl.language.syntax.transform_sheet import SheetBuilder

# Rule files larger than this are refused before parsing: the whole base game is 14 kB.
MAX_SOURCE_BYTES = 256_000
# Bytes read at most from a rule file: up to 4 per character in UTF-8, and a BOM.
MAX_READ_BYTES = 4 * MAX_SOURCE_BYTES + 3
# Deeper syntax trees are refused: every later stage walks expressions recursively.
MAX_DEPTH = 120


@cache
def rules_parser() -> Lark:
    return rules_lark()


def rules_lark(**options) -> Lark:
    """A Lark parser of the rules grammar as `orbis check` reads it (`options`: Lark's, such as `orbis fmt`'s lexer
    callback that collects comments), with the lean lexing and positions of lark_patches."""
    from orbis_dsl.common.parser_cache import keep_private, trusted_cache_file

    # Never cache=True (a predictable file in /tmp, which another user may write): the user's private cache
    # folder, or no cache at all. Lark keys the tables by the grammar and the options but the lexer callbacks,
    # and applies those when it loads them: every parser made here shares one file.
    tables = trusted_cache_file("rules")
    parser = Lark(
        grammar_path("rules.lark").read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=tables,
        **options,
    )
    keep_private(tables)
    install_keyword_lookup(parser)
    install_whole_words(parser)
    install_lean_positions(parser)
    install_fast_lexing(parser)
    return parser


@cache
def rules_reductions() -> Reductions:
    """The rules parser's tables and lexer, building the syntax tree in its reductions."""
    return Reductions(rules_parser())


class RuleBuilder(DeclBuilder, SheetBuilder, ExprBuilder):
    """The syntax tree of one rule file from Lark's parse tree: nodes only, every check lives in the check stage."""


class ReducingBuilder(RuleBuilder):
    """The same builders, called in Lark's reductions (`lark_patches.Reductions`): a node's meta is the `Reduced`
    of its rule, whose span runs from its first token's start to its last token's end. Made with its callbacks
    and kept, one file after another (`Reductions.idle`: one for each parse running at once), its `file` set
    for each."""

    def __init__(self, reductions: Reductions):
        super().__init__("")
        self.callbacks = reductions.callbacks(self._builders.get)

    def _s(self, meta: Reduced):
        start, end = meta.start, meta.end
        if start is None:
            return None
        return new_span(Span, (self.file, start.line, start.column, end.end_line, end.end_column))

    def _line(self, word: str, meta: Reduced) -> ast_expr.WrittenLine:
        return ast_expr.WrittenLine(word, span=self._s(meta))


class Parsed(NamedTuple):
    """A rule file read: its syntax tree, or None and the syntax errors; and its includes, of a file with syntax
    errors those among the declarations that parsed (their files may hold mistakes of their own to report)."""

    tree: ast_decl.RuleFile | None
    diagnostics: list[Diagnostic]
    includes: tuple[ast_decl.Include, ...] = ()


def parse_text(text: str, file: str) -> tuple[ast_decl.RuleFile | None, list[Diagnostic]]:
    """Parse one rule file. Returns the tree, or None and the syntax errors."""
    parsed = parse_rule_file(text, file)
    return parsed.tree, parsed.diagnostics


def parse_rule_file(text: str, file: str) -> Parsed:
    """Parse one rule file: the tree, or None and every syntax error found (see lark_recovery.py).

    The syntax tree is built in Lark's reductions as the file is parsed (`built_in_reductions`). A file with any
    mistake in it is read again through Lark's tree (`parse_through_tree`), which says each mistake, and where,
    as it always has: the first reading only ever gives a tree, never a message."""
    if len(text) > MAX_SOURCE_BYTES:
        return Parsed(None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most "
                                        f"{MAX_SOURCE_BYTES:,})", span=Span(file, 1, 1))])
    if rules_reductions().plans is not None:
        try:
            return built_in_reductions(text, file)
        except UnexpectedInput:
            return _syntax_errors(rules_parser(), text, file)
        except (BadToken, RecursionError, TooDeep):
            pass  # said, with where, by the reading through Lark's tree
    return parse_through_tree(text, file)


def parse_through_tree(text: str, file: str) -> Parsed:
    """Parse one rule file into Lark's tree, then build its syntax tree from that (`RuleBuilder`'s walk): what
    `parse_rule_file` gives, the slower way, with every mistake said."""
    parser = rules_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput:
        return _syntax_errors(parser, text, file)
    except RecursionError:
        return Parsed(None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))])
    return parsed_from_tree(tree, file)


class TooDeep(Exception):
    """A tree deeper than MAX_DEPTH, built in the reductions: the reading through Lark's tree finds where."""


def built_in_reductions(text: str, file: str) -> Parsed:
    """The file parsed with its syntax tree built in Lark's reductions (no Lark tree, no second walk). Raises
    where the file has a mistake: Lark's `UnexpectedInput`, a builder's `BadToken`, or `TooDeep`."""
    reductions = rules_reductions()
    try:
        builder = reductions.idle.pop()
    except IndexError:
        builder = ReducingBuilder(reductions)
    builder.file = file
    try:
        top = reductions.parse(text, builder.callbacks)
    finally:
        reductions.idle.append(builder)
    if top.height > MAX_DEPTH + 1:  # (levels, the root one: a node at depth MAX_DEPTH + 1 below it)
        raise TooDeep
    return Parsed(top.value, [], _includes(top.value))


def parsed_from_tree(tree: Tree, file: str) -> Parsed:
    """A rule file's syntax tree from Lark's parse of the whole file with the rules grammar (by `rules_parser`,
    or by another parser of the same grammar and options, as `orbis fmt`'s, which also collects comments)."""
    deep = _too_deep(tree)
    if deep is not None:
        return Parsed(None, [Diagnostic(f"expressions nest too deeply here (at most {MAX_DEPTH} levels)",
                                        span=span_of(file, deep) or Span(file, 1, 1))])
    built, diagnostics = _build(tree, file)
    return Parsed(built, diagnostics, _includes(built))


def _includes(built: ast_decl.RuleFile | None) -> tuple[ast_decl.Include, ...]:
    return tuple(d for d in built.decls if isinstance(d, ast_decl.Include)) if built is not None else ()


def _build(tree: Tree, file: str) -> tuple[ast_decl.RuleFile | None, list[Diagnostic]]:
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


def _syntax_errors(parser: Lark, text: str, file: str) -> Parsed:
    """Parsed again, on from each mistake (Lark's parse, which is faster, stops at the first), with the
    includes that parsed."""
    try:
        tree, diagnostics = parse_collecting(parser, text, lambda error: rules_diagnostic(parser, error, text, file))
    except RecursionError:
        return Parsed(None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))])
    includes = [item for item in getattr(tree, "children", ()) if isinstance(item, Tree) and item.data == "include"]
    built, _ = _build(Tree("start", includes), file) if includes else (None, [])
    return Parsed(None, diagnostics, tuple(built.decls) if built is not None else ())


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
