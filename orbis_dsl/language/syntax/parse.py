"""Stage 1: rule-file text → syntax tree (`ast_decl.RuleFile`). Syntax errors come back as diagnostics, never raised:
every one found, the parse resumed at the next declaration after each (`lark_recovery.py`), each in words
(`syntax_hints.py`).

The transformer is built in three parts: `transform_expr`, `transform_decl`, `transform_sheet`; reading a rule set's
files and includes is `sources.py`."""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput, VisitError

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language.syntax import ast_decl
from orbis_dsl.language.syntax.hints import rules_diagnostic
from orbis_dsl.language.syntax.lark_keywords import install_keyword_lookup, install_whole_words
from orbis_dsl.language.syntax.lark_positions import install_lean_positions
from orbis_dsl.language.syntax.lark_recovery import parse_collecting
from orbis_dsl.language.syntax.literals import BadToken
from orbis_dsl.language.syntax.quick_tiles import QuickTiles, read_tile_lines
from orbis_dsl.language.syntax.transform_decl import DeclBuilder
from orbis_dsl.language.syntax.transform_expr import ExprBuilder, span_of
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
    callback that collects comments), with the lean lexing and positions of lark_keywords and lark_positions."""
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
    return parser


class RuleBuilder(DeclBuilder, SheetBuilder, ExprBuilder):
    """The syntax tree of one rule file from Lark's parse tree: nodes only, every check lives in the check stage."""


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
    """Parse one rule file: the tree, or None and every syntax error found (see lark_recovery.py)."""
    if len(text) > MAX_SOURCE_BYTES:
        return Parsed(None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most "
                                        f"{MAX_SOURCE_BYTES:,})", span=Span(file, 1, 1))])
    parser = rules_parser()
    quick = read_tile_lines(text, file, lark_reads_line)
    if quick is not None:
        parsed = _parsed_with_tile_lines(parser, quick, file)
        if parsed is not None:
            return parsed
    try:
        tree = parser.parse(text)
    except UnexpectedInput:
        return _syntax_errors(parser, text, file)
    except RecursionError:
        return Parsed(None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))])
    return parsed_from_tree(tree, file)


def lark_reads_line(line: str) -> ast_decl.RuleFile | None:
    """A one-line file's syntax tree by Lark alone, or None: how quick_tiles.py asks how Lark reads a word."""
    try:
        tree = rules_parser().parse(line)
    except (UnexpectedInput, RecursionError):
        return None
    return parsed_from_tree(tree, "probe.orbis").tree


def parsed_from_tree(tree: Tree, file: str) -> Parsed:
    """A rule file's syntax tree from Lark's parse of the whole file with the rules grammar (by `rules_parser`,
    or by another parser of the same grammar and options, as `orbis fmt`'s, which also collects comments)."""
    deep = _too_deep(tree)
    if deep is not None:
        return Parsed(None, [Diagnostic(f"expressions nest too deeply here (at most {MAX_DEPTH} levels)",
                                        span=span_of(file, deep) or Span(file, 1, 1))])
    built, diagnostics = _build(tree, file)
    return Parsed(built, diagnostics, _includes(built))


def _parsed_with_tile_lines(parser: Lark, quick: QuickTiles, file: str) -> Parsed | None:
    """The file parsed by Lark with the `tile` lines quick_tiles read left blank, those lines' nodes merged back in
    order; None when Lark's parse of the whole text must decide: a mistake anywhere (so that diagnostics are
    Lark's own), or a declaration that spans a line read as a `tile` line (that line was not a declaration)."""
    try:
        tree = parser.parse(quick.text)
    except (UnexpectedInput, RecursionError):
        return None
    lines = sorted(quick.tiles)
    for item in tree.children:
        meta = getattr(item, "meta", None)
        if meta is None or getattr(meta, "empty", True):
            return None
        inside = bisect_right(lines, meta.line)
        if inside < len(lines) and lines[inside] < meta.end_line:
            return None
    if _too_deep(tree) is not None:
        return None
    built, diagnostics = _build(tree, file)
    if built is None or diagnostics:
        return None
    if len(built.decls) != len(tree.children):  # (each item of the file builds one declaration)
        return None
    placed = ((item.meta.line, decl) for item, decl in zip(tree.children, built.decls))
    decls = sorted([*placed, *quick.tiles.items()], key=itemgetter(0))  # stable: no two share a line
    spans = [s for s in (built.span, quick.tiles[lines[0]].span, quick.tiles[lines[-1]].span) if s is not None]
    first, last = min(spans, key=lambda s: (s.line, s.column)), max(spans, key=lambda s: (s.end_line, s.end_column))
    merged = ast_decl.RuleFile(file, tuple(d for _, d in decls),
                               span=Span(file, first.line, first.column, last.end_line, last.end_column))
    return Parsed(merged, [], _includes(merged))


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
