"""Stage 1: rule-file text → syntax tree (`ast`). Syntax errors come back as diagnostics, never raised."""

from __future__ import annotations

import ast as python_ast
from functools import cache
from pathlib import Path

import attrs
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedInput, VisitError

from . import ast
from .diagnostics import Diagnostic, Span
from .lark_errors import RULES_WORDS, syntax_diagnostic
from .resources import display_path, grammar_path

# Rule files larger than this are refused before parsing: a rule set is a few kilobytes.
MAX_SOURCE_BYTES = 1_000_000
# Deeper syntax trees are refused: every later stage walks expressions recursively.
MAX_DEPTH = 120


@cache
def rules_parser() -> Lark:
    return Lark(
        grammar_path("rules.lark").read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,  # the LALR tables are kept in the temporary folder between runs
    )


def _span_of(file: str, item) -> Span | None:
    if isinstance(item, Token):
        return Span(file, item.line, item.column, item.end_line, item.end_column)
    meta = getattr(item, "meta", item)
    if getattr(meta, "empty", True):
        return None
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


class BadString(Exception):
    """A quoted string whose escapes do not decode (`"packs\\xmas"`): reported at the string."""

    def __init__(self, token: Token):
        super().__init__(str(token))
        self.token = token


def _unquote(token: Token) -> str:
    # literal_eval decodes the escapes of a string literal without running anything.
    try:
        return python_ast.literal_eval(str(token))
    except (SyntaxError, ValueError) as error:
        raise BadString(token) from error


@v_args(meta=True, inline=True)
class _Builder(Transformer):
    """Builds AST nodes and nothing else: every check lives in `check.py`."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _s(self, meta):
        return _span_of(self.file, meta)

    # names and small pieces
    def name(self, meta, token):
        return token

    def start(self, meta, *decls):
        return ast.RuleFile(self.file, tuple(decls), span=self._s(meta))

    def signed_int(self, meta, minus, number):
        return ast.IntLit(-int(number) if minus else int(number), span=self._s(meta))

    # top-level declarations
    def include(self, meta, path):
        return ast.Include(_unquote(path), span=self._s(meta))

    def colors_decl(self, meta, *names):
        return self._names_decl("colors", meta, names)

    def stars_decl(self, meta, *names):
        return self._names_decl("stars", meta, names)

    def _names_decl(self, what, meta, names):
        spans = tuple(_span_of(self.file, n) for n in names)
        return ast.NamesDecl(what, tuple(str(n) for n in names), spans, span=self._s(meta))

    def alias_decl(self, meta, alias, target):
        return ast.AliasDecl(str(alias), str(target), _span_of(self.file, target), span=self._s(meta))

    def levels_decl(self, meta, value):
        return ast.NumberDecl("levels", int(value), span=self._s(meta))

    def display_decl(self, meta, value):
        return ast.NumberDecl("display", int(value), span=self._s(meta))

    def realm_decl(self, meta, value):
        return ast.NumberDecl("realm_limit", int(value), span=self._s(meta))

    def tokens_decl(self, meta, value):
        return ast.NumberDecl("cancel_tokens", int(value), span=self._s(meta))

    def exchange_decl(self, meta, give, get):
        return ast.BoardDecl((int(give), int(get)), span=self._s(meta), what="exchange")

    def board_decl(self, meta, *rows):
        return ast.BoardDecl(tuple(int(r) for r in rows), span=self._s(meta), what="board")

    def option_decl(self, meta, name, type_, default):
        return ast.OptionDecl(str(name), type_, default, span=self._s(meta))

    def value_decl(self, meta, name, value):
        return ast.ValueDecl(str(name), value.value, span=self._s(meta))

    def attribute_decl(self, meta, name, type_, default):
        return ast.AttributeDecl(str(name), type_, default, span=self._s(meta))

    def wild_decl(self, meta):
        return "wild"

    def desert_decl(self, meta, *members):
        ends = tuple(m for m in members if isinstance(m, ast.EndClause))
        return ast.DesertDecl("wild" in members, ends, span=self._s(meta))

    def kind_decl(self, meta, name, title, *members):
        return ast.KindDecl(str(name), _unquote(title) if title else None, tuple(members), span=self._s(meta))

    def god_decl(self, meta, name, title, *members):
        return ast.GodDecl(str(name), _unquote(title) if title else None, tuple(members), span=self._s(meta))

    def param_decl(self, meta, name, type_, default, unique):
        return ast.ParamDecl(str(name), type_, default, unique is not None, span=_span_of(self.file, name))

    def let_decl(self, meta, name, expr):
        return ast.LetDecl(str(name), expr, span=_span_of(self.file, name))

    def when_clause(self, meta, event, *effects):
        return ast.WhenClause(str(event), tuple(effects), span=_span_of(self.file, event))

    def end_clause(self, meta, points, word=None, cond=None):
        negate = word is not None and word.type == "UNLESS"
        return ast.EndClause(points, cond, negate, span=self._s(meta))

    def modify_clause(self, meta, name, value):
        return ast.Modify(str(name), value.value, span=_span_of(self.file, name))

    # effects
    def gain(self, meta, amount):
        return ast.Effect("gain", amount=amount, span=self._s(meta))

    def reduce(self, meta, expr):
        return ast.Effect("reduce", expr=expr, span=self._s(meta))

    def pay(self, meta, amount):
        return ast.Effect("pay", amount=amount, span=self._s(meta))

    def destroy(self, meta, amount):
        return ast.Effect("destroy", amount=amount, span=self._s(meta))

    def require(self, meta, expr):
        return ast.Effect("require", expr=expr, span=self._s(meta))

    def amount(self, meta, count, color):
        if isinstance(count, Token) and count.type == "INT":
            count_expr = ast.IntLit(int(count), span=_span_of(self.file, count))
        else:
            count_expr = ast.Ref(str(count), span=_span_of(self.file, count))
        colour = None if color.type == "ANY" else str(color)
        return ast.Amount(count_expr, colour, span=self._s(meta))

    def amount_param(self, meta, name):
        return ast.Amount(None, None, param=str(name), span=self._s(meta))

    # awards and winner
    def award_decl(self, meta, name, title, *clauses):
        fields = dict(clauses)
        return ast.AwardDecl(
            str(name),
            _unquote(title) if title else None,
            measure=fields.get("measure"),
            eligible=fields.get("eligible"),
            tiebreak=fields.get("tiebreak"),
            ties=fields.get("ties", (None, False))[0],
            warn=fields.get("ties", (None, False))[1],
            prizes=fields.get("prizes", ()),
            span=self._s(meta),
        )

    def measure_clause(self, meta, expr):
        return ("measure", expr)

    def eligible_clause(self, meta, expr):
        return ("eligible", expr)

    def tiebreak_clause(self, meta, expr):
        return ("tiebreak", expr)

    def ties_clause(self, meta, rule, warn):
        return ("ties", (rule, warn is not None))

    def keep_order(self, meta):
        return "keep_order"

    def split(self, meta):
        return "split"

    def prizes_clause(self, meta, *values):
        return ("prizes", tuple(int(v) for v in values))

    def winner_decl(self, meta, *keys):
        return ast.WinnerDecl(tuple(keys), span=self._s(meta))

    def winner_key(self, meta, rank, expr):
        return ast.WinnerKey(str(rank), expr, span=self._s(meta))

    # variants
    def variant_decl(self, meta, label, *clauses):
        name = _unquote(label) if label.type == "STRING" else str(label)
        players = gods = None
        removed, removed_spans, prizes, options = (), (), [], []
        for clause in clauses:
            if isinstance(clause, ast.VariantPrizes):
                prizes.append(clause)
            elif isinstance(clause, ast.VariantOption):
                options.append(clause)
            elif clause[0] == "players":
                players = clause[1]
            elif clause[0] == "gods":
                gods = clause[1]
            else:
                removed, removed_spans = removed + clause[1], removed_spans + clause[2]
        return ast.VariantDecl(name, players, gods, removed, tuple(prizes), tuple(options), removed_spans,
                               span=self._s(meta))

    def players_clause(self, meta, value):
        return ("players", int(value))

    def reveal_clause(self, meta, value):
        return ("gods", int(value))

    def remove_clause(self, meta, *names):
        return ("remove", tuple(str(n) for n in names), tuple(_span_of(self.file, n) for n in names))

    def variant_prizes(self, meta, name, *values):
        return ast.VariantPrizes(str(name), tuple(int(v) for v in values), span=self._s(meta))

    def variant_option(self, meta, name, value):
        return ast.VariantOption(str(name), value, span=self._s(meta))

    # tiles
    def tile_decl(self, meta, level, color, stars, cost, kind, *args):
        args = tuple(a for a in args if a is not None)
        squares, square_spans = cost
        parts = {"level": _span_of(self.file, level), "color": _span_of(self.file, color),
                 "stars": _span_of(self.file, stars), "kind": _span_of(self.file, kind)}
        parts.update({f"cost{i}": span for i, span in enumerate(square_spans)})
        return ast.TileDecl(int(level), str(color), str(stars), squares, str(kind), args, parts,
                            span=self._s(meta))

    def cost(self, meta, *squares):
        squares = [s for s in squares if s is not None]
        return (tuple(None if s.type == "ANY" else str(s) for s in squares),
                tuple(_span_of(self.file, s) for s in squares))

    def arg(self, meta, name, value):
        return ast.Arg(str(name), value, span=_span_of(self.file, name))

    # types and literals
    def type(self, meta, base, qmark):
        return attrs.evolve(base, optional=qmark is not None, span=self._s(meta))

    def named_type(self, meta, name):
        return ast.TypeRef(str(name), span=self._s(meta))

    def sized_type(self, meta, name, size):
        return ast.TypeRef(str(name), size=int(size), span=self._s(meta))

    def enum_type(self, meta, *choices):
        return ast.TypeRef("enum", choices=tuple(_unquote(c) for c in choices), span=self._s(meta))

    def string_lit(self, meta, token):
        return ast.StrLit(_unquote(token), span=self._s(meta))

    def name_lit(self, meta, token):
        return ast.NameLit(str(token), span=self._s(meta))

    def amount_lit(self, meta, count, color):
        return ast.AmountLit(int(count), None if color.type == "ANY" else str(color), span=self._s(meta))

    def set_lit(self, meta, *names):
        return ast.SetLit(tuple(str(n) for n in names if n is not None), span=self._s(meta))

    def true_lit(self, meta):
        return ast.BoolLit(True, span=self._s(meta))

    def false_lit(self, meta):
        return ast.BoolLit(False, span=self._s(meta))

    # expressions
    def int_lit(self, meta, token):
        return ast.IntLit(int(token), span=self._s(meta))

    def ref(self, meta, token):
        return ast.Ref(str(token), span=self._s(meta))

    def neg(self, meta, _minus, operand):
        return ast.Neg(operand, span=self._s(meta))

    def arith(self, meta, left, op, right):
        return ast.Arith(str(op), left, right, span=self._s(meta))

    def compare(self, meta, left, op, right):
        return ast.Compare(str(op), left, right, span=self._s(meta))

    def member(self, meta, item, container):
        return ast.Member(item, container, span=self._s(meta))

    def among(self, meta, value, rank):
        return ast.Among(value, str(rank), span=self._s(meta))

    def not_expr(self, meta, operand):
        return ast.Not(operand, span=self._s(meta))

    def and_expr(self, meta, left, right):
        return ast.BoolOp("and", left, right, span=self._s(meta))

    def or_expr(self, meta, left, right):
        return ast.BoolOp("or", left, right, span=self._s(meta))

    def cond_expr(self, meta, cond, then, otherwise):
        return ast.IfExpr(cond, then, otherwise, span=self._s(meta))

    def count(self, meta, scope, where=None):
        return ast.Count(str(scope), where, span=self._s(meta))

    def aggregate(self, meta, func, field, scope, where=None):
        return ast.Aggregate(str(func), str(field), str(scope), where, span=self._s(meta))


def parse_text(text: str, file: str) -> tuple[ast.RuleFile | None, list[Diagnostic]]:
    """Parse one rule file. Returns the tree, or None and the syntax error."""
    if len(text) > MAX_SOURCE_BYTES:
        return None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most {MAX_SOURCE_BYTES:,})",
                                 span=Span(file, 1, 1))]
    parser = rules_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        return None, [syntax_diagnostic(parser, error, file, RULES_WORDS)]
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    deep = _too_deep(tree)
    if deep is not None:
        return None, [Diagnostic(f"expressions nest too deeply here (at most {MAX_DEPTH} levels)",
                                 span=_span_of(file, deep) or Span(file, 1, 1))]
    try:
        return _Builder(file).transform(tree), []
    except VisitError as error:
        if isinstance(error.orig_exc, BadString):
            token = error.orig_exc.token
            return None, [Diagnostic("this string has an escape that means nothing (write \\\\ for a backslash)",
                                     span=_span_of(file, token))]
        if isinstance(error.orig_exc, RecursionError):
            return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
        raise error.orig_exc from error  # anything else is a bug of ours, not of the rule file
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]


def _too_deep(tree: Tree) -> Tree | None:
    """The first subtree deeper than MAX_DEPTH, found without recursion."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return node
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return None


@attrs.frozen
class SourceSet:
    """Every rule file of a rule set, in a deterministic order, with their texts for diagnostics."""

    files: tuple[ast.RuleFile, ...]
    texts: dict[str, str]
    paths: dict[str, Path]
    # 0 for the base rules, 1 for a rule pack laid over them: a pack's declarations replace the base's.
    layers: dict[str, int] = attrs.field(factory=dict)


def _rule_files_in(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.orbis") if p.is_file())
    return [path]


def load_sources(paths: list[Path], pack: list[Path] | None = None) -> tuple[SourceSet, list[Diagnostic]]:
    """Parse the given files (folders: every `.orbis` below them) and, transitively, their includes;
    then the files of a rule pack, as a second layer."""
    diagnostics: list[Diagnostic] = []
    files: list[ast.RuleFile] = []
    texts: dict[str, str] = {}
    shown_paths: dict[str, Path] = {}
    seen: set[Path] = set()
    layers: dict[str, int] = {}
    layer = 0

    def visit(path: Path, span: Span | None) -> None:
        resolved = path.resolve()
        if resolved in seen:
            return
        seen.add(resolved)
        shown = display_path(path)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            diagnostics.append(Diagnostic(f"no such rule file: {shown}", span=span, file=shown))
            return
        except (OSError, UnicodeDecodeError) as error:
            diagnostics.append(Diagnostic(f"cannot read {shown}: {error}", span=span, file=shown))
            return
        texts[shown] = text
        shown_paths[shown] = resolved
        layers[shown] = layer
        tree, errors = parse_text(text, shown)
        diagnostics.extend(errors)
        if tree is None:
            return
        for decl in tree.decls:
            if isinstance(decl, ast.Include):
                visit(resolved.parent / decl.path, decl.span)
        files.append(tree)  # after its includes: what a file builds on comes first

    for layer, group in enumerate((paths, pack or [])):  # noqa: B007 (`visit` reads the current layer)
        for path in group:
            if not path.exists():
                diagnostics.append(Diagnostic(f"no such file or folder: {display_path(path)}",
                                              file=display_path(path)))
                continue
            for file in _rule_files_in(path):
                visit(file, None)
    return SourceSet(tuple(files), texts, shown_paths, layers), diagnostics
