"""The Lark transformer, part 1: expressions, types and literals. Builds syntax nodes and nothing else (every check
lives in the check stage). `RuleBuilder` (parse.py) joins it with the builders of declarations and of sheets."""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType

import attrs
from lark import Token, Transformer, Tree, v_args
from lark.exceptions import GrammarError, VisitError
from lark.visitors import _vargs_meta_inline

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.syntax import ast_expr, ast_reuse
from orbis_dsl.language.syntax.literals import number, unquote


def span_of(file: str, item) -> Span | None:
    """Where a token or a subtree was written in `file`; None for an empty optional part."""
    if isinstance(item, Token):
        return new_span(Span, (file, item.line, item.column, item.end_line, item.end_column))
    meta = getattr(item, "meta", item)
    if getattr(meta, "empty", True):
        return None
    return new_span(Span, (file, meta.line, meta.column, meta.end_line, meta.end_column))


# Span's own constructor less its Python-level `__new__` (a named tuple's), called some 50,000 times for a large
# rule file: the same tuple of the same class.
new_span = tuple.__new__


def once_only(clauses) -> tuple[dict, tuple]:
    """The values of a declaration's once-only lines, each `(key, value, WrittenLine …)` (a line written twice:
    the later value), and the lines as written, in order."""
    return {c[0]: c[1] for c in clauses}, tuple(c[2] for c in clauses)


class NodeBuilder(Transformer):
    """What every builder shares: the file whose tree it builds, for spans, and a walk of Lark's tree that calls
    the builders directly.

    Every builder is declared `@v_args(meta=True, inline=True)`. Lark's `Transformer.transform` finds each node's
    builder by name and goes through its `v_args` wrapper, about 6 µs a node: a third of the time to build the
    syntax tree of a large file. `transform` here calls the function under the wrapper, with the same arguments,
    and fails as Lark's does (a `VisitError` carrying the builder's exception); a node with no builder stays a
    Lark `Tree`, as Lark's `__default__` leaves it.
    """

    def __init__(self, file: str):
        super().__init__(visit_tokens=False)  # no builder works on a bare token
        self.file = file
        self._builders: dict[str, Callable] = {}
        for cls in reversed(type(self).__mro__):  # a subclass's builder wins, as attribute lookup has it
            for name, member in vars(cls).items():
                # Lark's wrapper for `@v_args(meta=True, inline=True)`, which every builder has (a test checks)
                if getattr(member, "visit_wrapper", None) is _vargs_meta_inline:
                    self._builders[name] = MethodType(member.base_func, self)
                else:
                    self._builders.pop(name, None)

    def transform(self, tree: Tree):
        return self._build(tree)

    def _build(self, tree: Tree):
        children = [self._build(child) if isinstance(child, Tree) else child for child in tree.children]
        build = self._builders.get(tree.data)
        if build is None:
            return Tree(tree.data, children, tree.meta)
        try:
            return build(tree.meta, *children)
        except GrammarError:
            raise
        except Exception as error:
            raise VisitError(tree.data, tree, error) from error

    def _s(self, meta):
        return span_of(self.file, meta)

    def _line(self, word: str, meta) -> ast_expr.WrittenLine:
        """A once-only line of a declaration as written: its words as messages show them, and where."""
        return ast_expr.WrittenLine(word, span=span_of(self.file, meta))


@v_args(meta=True, inline=True)
class ExprBuilder(NodeBuilder):
    """Expressions, types and the literals of parameters and options."""

    def name(self, meta, token):
        return token

    def signed_int(self, meta, minus, value):
        return ast_expr.IntLit(-number(value) if minus else number(value), span=self._s(meta))

    def type(self, meta, base, qmark):
        return attrs.evolve(base, optional=qmark is not None, span=self._s(meta))

    def named_type(self, meta, name):
        return ast_expr.TypeRef(str(name), span=self._s(meta))

    def sized_type(self, meta, name, size):
        return ast_expr.TypeRef(str(name), size=number(size), span=self._s(meta))

    def enum_type(self, meta, *choices):
        return ast_expr.TypeRef("enum", choices=tuple(unquote(c) for c in choices), span=self._s(meta))

    def list_type(self, meta, family, flag):
        return ast_expr.TypeRef("list", choices=(str(family), str(flag) if flag is not None else ""),
                                span=self._s(meta))

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

    def bound_count(self, meta, binder, scope, where=None):
        return ast_expr.Count(str(scope), where, binder, span=self._s(meta))

    def member_count(self, meta, binder, set_name, where):
        return ast_expr.MemberCount(binder, str(set_name), where, set_span=span_of(self.file, set_name),
                                    span=self._s(meta))

    def member_sum(self, meta, func, expr, binder, set_name, where=None):
        return ast_expr.MemberSum(expr, str(binder), str(set_name), where, binder_span=span_of(self.file, binder),
                                  set_span=span_of(self.file, set_name), span=self._s(meta))

    def field_of(self, meta, binder, field):
        return ast_expr.FieldOf(str(binder), str(field), binder_span=span_of(self.file, binder), span=self._s(meta))

    def whose(self, meta, who, expr):
        return ast_expr.Whose(str(who), expr, span=self._s(meta))

    def given(self, meta, operand):
        return ast_expr.Given(operand, span=self._s(meta))

    def not_given(self, meta, operand):
        return ast_expr.Given(operand, negated=True, span=self._s(meta))

    def bound_aggregate(self, meta, func, field, binder, scope, where=None):
        return ast_expr.Aggregate(str(func), str(field), str(scope), where, binder, span=self._s(meta))

    def aggregate(self, meta, func, field, scope, where=None):
        return ast_expr.Aggregate(str(func), str(field), str(scope), where, span=self._s(meta))

    def index(self, meta, name, key):
        return ast_expr.Index(str(name), key, span=self._s(meta))

    def award_ref(self, meta, name):
        return ast_expr.AwardRef(str(name), span=self._s(meta))

    def prior(self, meta, name):
        return ast_expr.Prior(str(name), span=self._s(meta))

    def earlier(self, meta, name):
        return ast_expr.Earlier(str(name), span=self._s(meta))

    def extreme(self, meta, func, *args):
        return ast_expr.Extreme(str(func), tuple(args), span=self._s(meta))

    def count_held(self, meta, fact, where=None):
        return ast_expr.HeldCount("count", None, str(fact), where, span=self._s(meta))

    def sum_held(self, meta, func, field, fact, where=None):
        return ast_expr.HeldCount("sum", str(field), str(fact), where, span=self._s(meta))

    def largest_group(self, meta, fact, *rest):
        *links, measure = rest  # `[group_by]`: None when the group is measured by its cells
        by, between, parts = measure or (None, (), ())
        return ast_expr.LargestGroup(str(fact), tuple(links), by, between, parts, span=self._s(meta))

    def span_measure(self, meta, a=None, b=None):
        return ("span", (str(a), str(b)) if a is not None else (), ())

    def parts_measure(self, meta, *links):
        return ("parts", (), tuple(links))

    def border_measure(self, meta):
        return ("border", (), ())

    def size(self, meta, target):
        return ast_expr.Size(target, span=self._s(meta))

    # lists and players (ast_lists)
    def list_count(self, meta, item, fact):
        return ast_expr.ListCount(item, str(fact), fact_span=span_of(self.file, fact), span=self._s(meta))

    def list_position(self, meta, item, fact):
        return ast_expr.Position(item, str(fact), fact_span=span_of(self.file, fact), span=self._s(meta))

    def list_distinct(self, meta, fact):
        return ast_expr.Distinct(str(fact), fact_span=span_of(self.file, fact), span=self._s(meta))

    def player_sum(self, meta, func, expr, players):
        return ast_expr.PlayerSum(expr, span=self._s(meta))

    def adjacent_link(self, meta):
        return ast_expr.GroupLink("adjacent", span=self._s(meta))

    def joined_link(self, meta, fact):
        return ast_expr.GroupLink("joined", fact=str(fact), span=self._s(meta))

    def water_link(self, meta, reach, cond=None):
        return ast_expr.GroupLink("water", reach=reach, **(cond or {}), span=self._s(meta))

    def link_if(self, meta, word, cond):
        return {"cond": cond, "negate": word.type == "UNLESS"}

    def named_link(self, meta, name):
        return ast_reuse.NamedLinks(str(name), span=self._s(meta))

    def call(self, meta, name, *args):
        return ast_reuse.Call(str(name), tuple(a for a in args if a is not None), name_span=span_of(self.file, name),
                              span=self._s(meta))

    def beside_link(self, meta, fact):
        return ast_expr.GroupLink("beside", fact=str(fact), span=self._s(meta))

    def within_link(self, meta, reach, cond=None):
        return ast_expr.GroupLink("within", reach=reach, **(cond or {}), span=self._s(meta))
