"""Stage 1: rule-file text → syntax tree (`ast`). Syntax errors come back as diagnostics, never raised."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import attrs
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.common.resources import display_path, grammar_path
from orbis_dsl.language import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.lark_errors import RULES_WORDS, syntax_diagnostic
from orbis_dsl.language.literals import BadToken, number, unquote
from orbis_dsl.language.rule_files import ReadRefused, allowed_roots, is_inside, read_rule_text, resolve_include

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
    return parser


def _span_of(file: str, item) -> Span | None:
    if isinstance(item, Token):
        return Span(file, item.line, item.column, item.end_line, item.end_column)
    meta = getattr(item, "meta", item)
    if getattr(meta, "empty", True):
        return None
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


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
        return ast_decl.RuleFile(self.file, tuple(decls), span=self._s(meta))

    def signed_int(self, meta, minus, value):
        return ast_expr.IntLit(-number(value) if minus else number(value), span=self._s(meta))

    # top-level declarations
    def include(self, meta, path):
        return ast_decl.Include(unquote(path), span=self._s(meta))

    def game_decl(self, meta, game_id, title, *members):
        fields = dict(members)
        return ast_decl.GameDecl(unquote(game_id), unquote(title) if title else None, fields.get("record"),
                            fields.get("report"), span=self._s(meta))

    def record_clause(self, meta, value):
        return ("record", unquote(value))

    def report_clause(self, meta, value):
        return ("report", unquote(value))

    def colors_decl(self, meta, *names):
        return self._names_decl("colors", meta, names)

    def mark_decl(self, meta, mark, *names):
        return self._names_decl("mark", meta, names, mark=str(mark))

    def _names_decl(self, what, meta, names, mark=None):
        spans = tuple(_span_of(self.file, n) for n in names)
        return ast_decl.NamesDecl(what, tuple(str(n) for n in names), spans, mark, span=self._s(meta))

    def alias_decl(self, meta, alias, target):
        return ast_decl.AliasDecl(str(alias), str(target), _span_of(self.file, target), span=self._s(meta))

    def levels_decl(self, meta, value):
        return ast_decl.NumberDecl("levels", number(value), span=self._s(meta))

    def market_decl(self, meta, value):
        return ast_decl.NumberDecl("market", number(value), span=self._s(meta))

    def board_decl(self, meta, *rows):
        return ast_decl.BoardDecl(tuple(number(r) for r in rows), "stacked", span=self._s(meta))

    def resource_decl(self, meta, name, title, *members):
        fields = dict(members)
        return ast_decl.ResourceDecl(str(name), unquote(title) if title else None, "per_color" in fields,
                                fields.get("limit"), fields.get("trade", ()), span=self._s(meta))

    def per_color(self, meta):
        return ("per_color", True)

    def limit_clause(self, meta, value):
        return ("limit", number(value))

    def trade_clause(self, meta, give, get):
        return ("trade", (number(give), number(get)))

    def marker_decl(self, meta, name, title, *members):
        fields = dict(members)
        return ast_decl.MarkerDecl(str(name), unquote(title) if title else None, fields.get("supply"),
                              fields.get("otherwise"), span=self._s(meta))

    def supply_clause(self, meta, value):
        return ("supply", number(value))

    def otherwise_clause(self, meta, name):
        return ("otherwise", str(name))

    def option_decl(self, meta, name, type_, default):
        return ast_decl.OptionDecl(str(name), type_, default, span=self._s(meta))

    def value_decl(self, meta, name, value):
        return ast_decl.ValueDecl(str(name), value.value, span=self._s(meta))

    def attribute_decl(self, meta, name, type_, default):
        return ast_decl.AttributeDecl(str(name), type_, default, span=self._s(meta))

    def wild_decl(self, meta):
        return "wild"

    def facedown_decl(self, meta, name, title, *members):
        ends = tuple(m for m in members if isinstance(m, ast_decl.EndClause))
        return ast_decl.FacedownDecl(str(name), unquote(title) if title else None, "wild" in members, ends,
                                span=self._s(meta))

    def family_decl(self, meta, name, title, role):
        return ast_decl.FamilyDecl(str(name), unquote(title) if title else None, str(role), span=self._s(meta))

    def piece_decl(self, meta, family, name, title, *members):
        return ast_decl.PieceDecl(str(family), str(name), unquote(title) if title else None, tuple(members),
                             _span_of(self.file, family), span=self._s(meta))

    def param_decl(self, meta, name, type_, default, unique):
        return ast_decl.ParamDecl(str(name), type_, default, unique is not None, span=_span_of(self.file, name))

    def let_decl(self, meta, name, expr):
        return ast_decl.LetDecl(str(name), expr, span=_span_of(self.file, name))

    def when_clause(self, meta, event, *effects):
        return ast_decl.WhenClause(str(event), tuple(effects), span=_span_of(self.file, event))

    def end_clause(self, meta, points, *rest):
        # `[_cond_word expr]` gives no placeholders (its first item is inlined), `[says_clause]` does: tell them apart
        says = next((r[1] for r in rest if isinstance(r, tuple)), None)
        word, cond = (rest[0], rest[1]) if len(rest) >= 2 and isinstance(rest[0], Token) else (None, None)
        negate = word is not None and word.type == "UNLESS"
        return ast_decl.EndClause(points, cond, negate, says, span=self._s(meta))

    def says_clause(self, meta, text):
        return ("says", unquote(text))

    def modify_clause(self, meta, name, value):
        return ast_decl.Modify(str(name), value.value, span=_span_of(self.file, name))

    # effects
    def gain(self, meta, amount):
        return ast_decl.Effect("gain", amount=amount, span=self._s(meta))

    def reduce(self, meta, expr):
        return ast_decl.Effect("reduce", expr=expr, span=self._s(meta))

    def pay(self, meta, amount, marker):
        return ast_decl.Effect("pay", amount=amount, marker=str(marker), span=self._s(meta))

    def destroy(self, meta, amount, marker):
        return ast_decl.Effect("destroy", amount=amount, marker=str(marker), span=self._s(meta))

    def require(self, meta, expr, marker):
        return ast_decl.Effect("require", expr=expr, marker=str(marker), span=self._s(meta))

    def amount(self, meta, count, color):
        if isinstance(count, Token) and count.type == "INT":
            count_expr = ast_expr.IntLit(number(count), span=_span_of(self.file, count))
        else:
            count_expr = ast_expr.Ref(str(count), span=_span_of(self.file, count))
        colour = None if color.type == "ANY" else str(color)
        return ast_decl.Amount(count_expr, colour, span=self._s(meta))

    def amount_param(self, meta, name):
        return ast_decl.Amount(None, None, param=str(name), span=self._s(meta))

    # awards and winner
    def award_decl(self, meta, name, title, for_each, *clauses):
        fields = dict(clauses)
        return ast_sheet.AwardDecl(
            str(name),
            unquote(title) if title else None,
            measure=fields.get("measure"),
            eligible=fields.get("eligible"),
            tiebreak=fields.get("tiebreak"),
            ties=fields.get("ties", (None, False))[0],
            warn=fields.get("ties", (None, False))[1],
            prizes=fields.get("prizes", ()),
            for_each=for_each,
            rank=fields.get("rank", "most"),
            unless_equal="unless_equal" in fields,
            says=fields.get("says"),
            span=self._s(meta),
        )

    def rank_clause(self, meta, rank):
        return ("rank", str(rank))

    def equal_clause(self, meta):
        return ("unless_equal", True)

    def each_takes(self, meta):
        return "each_takes"

    def for_each(self, meta, name, set_name):
        return ast_sheet.ForEach(str(name), str(set_name), span=self._s(meta))

    # score sheets
    def set_decl(self, meta, name, *members):
        return ast_sheet.SetDecl(str(name), tuple(str(m) for m in members), span=self._s(meta))

    def fact_decl(self, meta, name, title, type_, range_, per, level, key, derive):
        low, high = range_ if range_ is not None else (None, None)
        return ast_sheet.FactDecl(str(name), unquote(title) if title else None, type_, low, high, per, level, key,
                            derive, span=_span_of(self.file, name))

    def round_level(self, meta):
        return "round"

    def game_level(self, meta):
        return "game"

    def fact_key(self, meta, key):
        return unquote(key)

    def fact_from(self, meta, expr):
        return expr

    def list_type(self, meta, family, flag):
        return ast_expr.TypeRef("list", choices=(str(family), str(flag) if flag is not None else ""),
                           span=self._s(meta))

    def grid_decl(self, meta, name, title, *members):
        fields = {"shape": (), "edges": None, "marks": [], "borders": [], "homes": [], "areas": []}
        for what, value in members:
            if what in ("marks", "borders", "homes", "areas"):
                fields[what].append(value)
            else:
                fields[what] = value
        return ast_sheet.GridDecl(str(name), unquote(title) if title else None, fields["shape"], fields["edges"],
                            tuple(fields["marks"]), tuple(fields["borders"]), tuple(fields["homes"]),
                            tuple(fields["areas"]),
                            span=_span_of(self.file, name))

    def grid_shape(self, meta, *rows):
        return ("shape", tuple(number(r) for r in rows))

    def grid_edges(self, meta, name):
        return ("edges", str(name))

    def grid_mark(self, meta, name, title, set_name, in_patch):
        return ("marks", (str(name), unquote(title) if title else None, str(set_name), in_patch is not None))

    def grid_area(self, meta, name, *cells):
        return ("areas", (str(name), tuple(str(c) for c in cells)))

    def grid_home(self, meta, mark, edge, *members):
        return ("homes", (str(mark), str(edge), tuple(str(m) for m in members)))

    def in_patch(self, meta):
        return True

    def grid_border(self, meta, side, *members):
        return ("borders", (str(side), tuple(str(m) for m in members)))

    def count_held(self, meta, fact, where=None):
        return ast_expr.HeldCount("count", None, str(fact), where, span=self._s(meta))

    def sum_held(self, meta, func, field, fact, where=None):
        return ast_expr.HeldCount("sum", str(field), str(fact), where, span=self._s(meta))

    def fact_range(self, meta, low, high):
        return (low.value, high.value)

    def fact_per(self, meta, name):
        return str(name)

    def score_decl(self, meta, name, title, expr):
        return ast_sheet.ScoreDecl(str(name), unquote(title) if title else None, expr, span=_span_of(self.file, name))

    def warn_decl(self, meta, verb, message, cond, for_each):
        return ast_sheet.WarnDecl(unquote(message), cond, for_each, str(verb) == "refuse", str(verb) == "note",
                            span=self._s(meta))

    def rounds_decl(self, meta, value, also):
        return ast_decl.NumberDecl("rounds", number(value), number(also) if also is not None else None,
                              span=self._s(meta))

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
        return ("prizes", tuple(v.value for v in values))

    def winner_decl(self, meta, *keys):
        only_if = keys[-1] if keys and not isinstance(keys[-1], ast_sheet.WinnerKey) else None
        keys = tuple(k for k in keys if isinstance(k, ast_sheet.WinnerKey))
        return ast_sheet.WinnerDecl(keys, only_if, span=self._s(meta))

    def winner_if(self, meta, expr):
        return expr

    def winner_key(self, meta, rank, expr):
        return ast_sheet.WinnerKey(str(rank), expr, span=self._s(meta))

    # variants
    def variant_decl(self, meta, label, *clauses):
        name = unquote(label) if label.type == "STRING" else str(label)
        players = revealed = family = None
        removed, removed_spans, prizes, options = (), (), [], []
        for clause in clauses:
            if isinstance(clause, ast_decl.VariantPrizes):
                prizes.append(clause)
            elif isinstance(clause, ast_decl.VariantOption):
                options.append(clause)
            elif clause[0] == "players":
                players = clause[1]
            elif clause[0] == "reveal":
                family, revealed = clause[1], clause[2]
            else:
                removed, removed_spans = removed + clause[1], removed_spans + clause[2]
        return ast_decl.VariantDecl(name, players, revealed, family, removed, tuple(prizes), tuple(options),
                               removed_spans, span=self._s(meta))

    def players_clause(self, meta, value):
        return ("players", number(value))

    def reveal_clause(self, meta, family, value):
        return ("reveal", str(family), number(value))

    def remove_clause(self, meta, _tiles, *names):
        return ("remove", tuple(str(n) for n in names), tuple(_span_of(self.file, n) for n in names))

    def variant_prizes(self, meta, name, *values):
        return ast_decl.VariantPrizes(str(name), tuple(v.value for v in values), span=self._s(meta))

    def variant_option(self, meta, name, value):
        return ast_decl.VariantOption(str(name), value, span=self._s(meta))

    # tiles
    def tile_decl(self, meta, level, color, mark, cost, piece, *args):
        args = tuple(a for a in args if a is not None)
        squares, square_spans = cost
        parts = {"level": _span_of(self.file, level), "color": _span_of(self.file, color),
                 "mark": _span_of(self.file, mark), "piece": _span_of(self.file, piece)}
        parts.update({f"cost{i}": span for i, span in enumerate(square_spans)})
        return ast_decl.TileDecl(number(level), str(color), str(mark), squares, str(piece), args, parts,
                            span=self._s(meta))

    def cost(self, meta, *squares):
        squares = [s for s in squares if s is not None]
        return (tuple(None if s.type == "ANY" else str(s) for s in squares),
                tuple(_span_of(self.file, s) for s in squares))

    def arg(self, meta, name, value):
        return ast_decl.Arg(str(name), value, span=_span_of(self.file, name))

    # types and literals
    def type(self, meta, base, qmark):
        return attrs.evolve(base, optional=qmark is not None, span=self._s(meta))

    def named_type(self, meta, name):
        return ast_expr.TypeRef(str(name), span=self._s(meta))

    def sized_type(self, meta, name, size):
        return ast_expr.TypeRef(str(name), size=number(size), span=self._s(meta))

    def enum_type(self, meta, *choices):
        return ast_expr.TypeRef("enum", choices=tuple(unquote(c) for c in choices), span=self._s(meta))

    def string_lit(self, meta, token):
        return ast_expr.StrLit(unquote(token), span=self._s(meta))

    def name_lit(self, meta, token):
        return ast_expr.NameLit(str(token), span=self._s(meta))

    def amount_lit(self, meta, count, color):
        return ast_expr.AmountLit(number(count), None if color.type == "ANY" else str(color), span=self._s(meta))

    def set_lit(self, meta, *names):
        return ast_expr.SetLit(tuple(str(n) for n in names if n is not None), span=self._s(meta))

    def true_lit(self, meta):
        return ast_expr.BoolLit(True, span=self._s(meta))

    def false_lit(self, meta):
        return ast_expr.BoolLit(False, span=self._s(meta))

    # expressions
    def int_lit(self, meta, token):
        return ast_expr.IntLit(number(token), span=self._s(meta))

    def ref(self, meta, token):
        return ast_expr.Ref(str(token), span=self._s(meta))

    def neg(self, meta, _minus, operand):
        return ast_expr.Neg(operand, span=self._s(meta))

    def arith(self, meta, left, op, right):
        return ast_expr.Arith(str(op), left, right, span=self._s(meta))

    def compare(self, meta, left, op, right):
        return ast_expr.Compare(str(op), left, right, span=self._s(meta))

    def member(self, meta, item, container):
        return ast_expr.Member(item, container, span=self._s(meta))

    def among(self, meta, value, rank):
        return ast_expr.Among(value, str(rank), span=self._s(meta))

    def not_expr(self, meta, operand):
        return ast_expr.Not(operand, span=self._s(meta))

    def and_expr(self, meta, left, right):
        return ast_expr.BoolOp("and", left, right, span=self._s(meta))

    def or_expr(self, meta, left, right):
        return ast_expr.BoolOp("or", left, right, span=self._s(meta))

    def cond_expr(self, meta, cond, then, otherwise):
        return ast_expr.IfExpr(cond, then, otherwise, span=self._s(meta))

    def count(self, meta, scope, where=None):
        return ast_expr.Count(str(scope), where, span=self._s(meta))

    def aggregate(self, meta, func, field, scope, where=None):
        return ast_expr.Aggregate(str(func), str(field), str(scope), where, span=self._s(meta))

    def index(self, meta, name, key):
        return ast_expr.Index(str(name), key, span=self._s(meta))

    def award_ref(self, meta, name):
        return ast_expr.AwardRef(str(name), span=self._s(meta))

    def prior(self, meta, name):
        return ast_expr.Prior(str(name), span=self._s(meta))

    def extreme(self, meta, func, *args):
        return ast_expr.Extreme(str(func), tuple(args), span=self._s(meta))

    # ---- hex maps ----
    def hexmap_decl(self, meta, name, title, *members):
        water = next((m[1] for m in members if m[0] == "water"), (None, None))
        rows = tuple(m[1] for m in members if m[0] == "row")
        return ast_sheet.HexMapDecl(str(name), unquote(title) if title else None, water[0], rows, water[1],
                              span=self._s(meta))

    def water_clause(self, meta, symbol, prefix):
        return ("water", (unquote(symbol), unquote(prefix) if prefix else None))

    def hexmap_row(self, meta, label, symbols):
        return ("row", (str(label), unquote(symbols)))

    def largest_group(self, meta, fact, *links):
        return ast_expr.LargestGroup(str(fact), tuple(links), span=self._s(meta))

    def size(self, meta, target):
        return ast_expr.Size(target, span=self._s(meta))

    def adjacent_link(self, meta):
        return ast_expr.GroupLink("adjacent", span=self._s(meta))

    def joined_link(self, meta, fact):
        return ast_expr.GroupLink("joined", fact=str(fact), span=self._s(meta))

    def water_link(self, meta, reach):
        return ast_expr.GroupLink("water", reach=reach, span=self._s(meta))

    def beside_link(self, meta, fact):
        return ast_expr.GroupLink("beside", fact=str(fact), span=self._s(meta))

    def within_link(self, meta, reach):
        return ast_expr.GroupLink("within", reach=reach, span=self._s(meta))


def parse_text(text: str, file: str) -> tuple[ast_decl.RuleFile | None, list[Diagnostic]]:
    """Parse one rule file. Returns the tree, or None and the syntax error."""
    if len(text) > MAX_SOURCE_BYTES:
        return None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most {MAX_SOURCE_BYTES:,})",
                                 span=Span(file, 1, 1))]
    parser = rules_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        return None, [_unknown_leading_word(parser, text, error, file)
                      or syntax_diagnostic(parser, error, file, RULES_WORDS)]
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    deep = _too_deep(tree)
    if deep is not None:
        return None, [Diagnostic(f"expressions nest too deeply here (at most {MAX_DEPTH} levels)",
                                 span=_span_of(file, deep) or Span(file, 1, 1))]
    try:
        return _Builder(file).transform(tree), []
    except VisitError as error:
        if isinstance(error.orig_exc, BadToken):
            return None, [Diagnostic(error.orig_exc.message, span=_span_of(file, error.orig_exc.token))]
        if isinstance(error.orig_exc, RecursionError):
            return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
        raise error.orig_exc from error  # anything else is a bug of ours, not of the rule file
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]


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


_STATEMENT_WORDS = ("include", "colors", "alias", "tile", "levels", "board", "market", "resource", "marker",
                    "option", "value", "attribute", "facedown", "family", "award", "winner", "variant")


@cache
def _keywords(parser: Lark) -> frozenset[str]:
    """Every word of the grammar (`colors`, `param`, `where` …)."""
    return frozenset(t.pattern.value for t in parser.terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


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

    files: tuple[ast_decl.RuleFile, ...]
    texts: dict[str, str]
    paths: dict[str, Path]
    # 0 for the base rules, 1 for a rule pack laid over them: a pack's declarations replace the base's.
    layers: dict[str, int] = attrs.field(factory=dict)


def _rule_files_in(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.orbis") if p.is_file())
    return [path]


class _Loader:
    """Reads rule files and their includes depth first, without recursion (an include chain may be long)."""

    def __init__(self):
        self.diagnostics: list[Diagnostic] = []
        self.files: list[ast_decl.RuleFile] = []
        self.texts: dict[str, str] = {}
        self.paths: dict[str, Path] = {}
        self.layers: dict[str, int] = {}
        self.seen: set[Path] = set()

    def read(self, path: Path, span: Span | None, layer: int, roots: tuple[Path, ...]) -> ast_decl.RuleFile | None:
        resolved = path.resolve()
        if resolved in self.seen:
            return None
        self.seen.add(resolved)
        shown = display_path(path)
        if not is_inside(path, roots):  # a symlink in a pack's folder pointing out of it: name the link
            shown = str(Path(display_path(path.parent)) / path.name)
            self.diagnostics.append(Diagnostic(f"{shown} leads outside the rule set's folder (a symlink?); "
                                               "it is not read", span=span, file=shown))
            return None
        try:
            text = read_rule_text(path, MAX_READ_BYTES)
        except FileNotFoundError:
            self.diagnostics.append(Diagnostic(f"no such rule file: {shown}", span=span, file=shown))
            return None
        except ReadRefused as error:
            self.diagnostics.append(Diagnostic(f"cannot read {shown}: {error.message}", span=span, file=shown))
            return None
        except (OSError, UnicodeDecodeError) as error:
            self.diagnostics.append(Diagnostic(f"cannot read {shown}: {error}", span=span, file=shown))
            return None
        self.texts[shown], self.paths[shown], self.layers[shown] = text, resolved, layer
        tree, errors = parse_text(text, shown)
        self.diagnostics.extend(errors)
        return tree

    def visit(self, root: Path, layer: int, roots: tuple[Path, ...]) -> None:
        # A file is appended after its includes: what a file builds on comes first.
        stack: list[tuple[ast_decl.RuleFile, list[ast_decl.Include]]] = []
        tree = self.read(root, None, layer, roots)
        if tree is not None:
            stack.append((tree, [d for d in tree.decls if isinstance(d, ast_decl.Include)]))
        while stack:
            tree, includes = stack[-1]
            if not includes:
                stack.pop()
                self.files.append(tree)
                continue
            include = includes.pop(0)
            try:
                target = resolve_include(self.paths[tree.path], include.path, roots)
            except ReadRefused as error:
                self.diagnostics.append(Diagnostic(error.message, span=include.span))
                continue
            child = self.read(target, include.span, layer, roots)
            if child is not None:
                stack.append((child, [d for d in child.decls if isinstance(d, ast_decl.Include)]))


def load_sources(paths: list[Path], pack: list[Path] | None = None) -> tuple[SourceSet, list[Diagnostic]]:
    """Parse the given files (folders: every `.orbis` below them) and, transitively, their includes;
    then the files of a rule pack, as a second layer."""
    loader = _Loader()
    for layer, group in enumerate((paths, pack or [])):
        for path in group:
            shown = display_path(path)
            if not path.exists():
                loader.diagnostics.append(Diagnostic(f"no such file or folder: {shown}", file=shown))
                continue
            found = _rule_files_in(path)
            if not found:
                loader.diagnostics.append(Diagnostic(f"no .orbis rule files in {shown}", file=shown))
            roots = allowed_roots(path)
            for file in found:
                loader.visit(file, layer, roots)
    return SourceSet(tuple(loader.files), loader.texts, loader.paths, loader.layers), loader.diagnostics
