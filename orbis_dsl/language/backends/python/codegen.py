"""Expressions and effects → Python source text, for the generated handler modules.

Every user-written name reaches the output only as a `repr` literal (a dictionary key or a string), never as a
Python identifier, so nothing a rule file says can become code. Variables in the output are ours: `g` the game,
`p` the player, `t` the tile the clause belongs to, `n0, n1 …` the tiles being counted, `q0, q1 …` the players an
`among` compares, `m0, m1 …` the members of a set counted over, `measure` an award's measure, `trace` the list
that collects the `why` of a score.
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.backends.describe import Describer, needs_parentheses
from orbis_dsl.language.backends.python.codegen_lists import ListCompiler
from orbis_dsl.language.backends.python.codegen_scope import NAMED, ScopeCompiler, is_colour, tile_read
from orbis_dsl.language.check.names import Context, held_names
from orbis_dsl.language.syntax import ast_decl, ast_expr


@attrs.define
class ExprCompiler(ListCompiler, ScopeCompiler):
    ctx: Context
    wild: bool  # a desert matches every colour
    site: str  # where in the rules this clause is, for `among`'s per-game cache
    tile_clause: bool = False
    player: str = "p"
    item: str | None = None
    depth: int = 0
    describer: Describer | None = None
    steps: bool = False  # a score-sheet column: each division (and the sum it divides) is traced step by step
    top: object = None  # the column's whole expression: its last step leaves the result to the column's line
    bound: dict = attrs.field(factory=dict)  # `count(n in …)`, `sum(… for t in SET)`: each name's variable (ours)

    def __attrs_post_init__(self):
        if self.describer is None:
            self.describer = Describer(set(self.ctx.params), self.wild, self.ctx.lets, self.ctx.vocabulary)

    def _nested(self, **changes) -> ExprCompiler:
        return attrs.evolve(self, **changes)

    def compile(self, e) -> str:
        return getattr(self, "_" + type(e).__name__)(e)

    # literals and names
    def _IntLit(self, e):
        return repr(e.value)

    def _BoolLit(self, e):
        return repr(e.value)

    def _StrLit(self, e):
        return repr(e.value)

    def _SetLit(self, e):
        return repr(tuple(sorted(self.ctx.aliases.get(n, n) for n in e.names)))

    def _Ref(self, e):
        b = self.ctx.resolve(e.name)
        if b.what == "let":
            return self.compile(b.target)
        if b.what == "held":
            part = b.target
            return f"{self.item}.{part}" if part in ("piece", "flag") else f"{self.item}.values[{part!r}]"
        if b.what in ("round", "rounds_played"):
            return f"g.{b.what}"
        if b.what == "bound":
            return self.bound[e.name]
        if b.what in ("field", "param"):
            return tile_read(self.item if b.where == "item" else "t", b.what, b.target)
        if b.what == "cancelled":
            return f"{self.player}.god_cancelled"
        if b.what == "player":
            return f"{self.player}.{b.target}"
        if b.what == "total":
            return f"{self.player}.total"
        if b.what == "measure":
            return "measure"
        if b.what == "value":
            return f"{self.player}.values[{b.target!r}]"
        if b.what == "option":
            return f"g.options[{b.target!r}]"
        if b.what == "fact":
            return f"{self.player}.facts[{b.target!r}]"
        if b.what == "each":
            return "each"  # the member a `for each` declaration is handled for (user names never become code)
        return repr(b.target)  # a colour, kind, star colour or member of a set

    def _Index(self, e):
        fact = f"{self.player}.facts[{e.name!r}]"
        if self.ctx.optional_facts and e.name in self.ctx.optional_facts:
            return f"({fact} or {{}}).get({self.compile(e.key)})"  # a fact the record may leave out: none
        return f"{fact}[{self.compile(e.key)}]"

    def _AwardRef(self, e):
        return f"{self.player}.awards.get({e.name!r}, 0)"

    def _Prior(self, e):
        return f"{self.player}.prior.get({e.name!r})"

    # operators
    def _Neg(self, e):
        return f"(-{self.compile(e.operand)})"

    def _Arith(self, e):
        if e.op == "/" and self.steps:
            left = self._shown_sum(e.left) if _is_sum(e.left) else self.compile(e.left)
            return (f"_shown_divide(trace, {operand_word(e.left)!r}, {operand_word(e.right)!r}, {left}, "
                    f"{self.compile(e.right)}, {e is self.top!r})")
        if e.op == "/":
            return f"_divide({self.compile(e.left)}, {self.compile(e.right)})"
        return f"({self.compile(e.left)} {e.op} {self.compile(e.right)})"

    def _shown_sum(self, e) -> str:
        terms = ", ".join(f"({operand_word(t)!r}, {self.compile(t)})" for t in sum_terms(e))
        return f"_shown_sum(trace, ({terms},))"

    def _Extreme(self, e):
        return f"_extreme_{e.func}(({', '.join(self.compile(a) for a in e.args)},))"

    def _Not(self, e):
        return f"(not {self.compile(e.operand)})"

    def _BoolOp(self, e):
        return f"({self.compile(e.left)} {e.op} {self.compile(e.right)})"

    def _IfExpr(self, e):
        return f"({self.compile(e.then)} if {self.compile(e.cond)} else {self.compile(e.otherwise)})"

    def _colour_field(self, e) -> str | None:
        """The tile variable when `e` is some tile's `color`: deserts then match every colour."""
        if isinstance(e, ast_expr.Ref):
            b = self.ctx.resolve(e.name)
            if b is not None and b.what == "field" and b.target == "color":
                return self.item if b.where == "item" else "t"
        if isinstance(e, ast_expr.FieldOf) and is_colour(self.ctx, e.field):
            return self.bound[e.binder]
        return None

    def _Compare(self, e):
        test = self.equality(e)
        if test is not None:
            return test
        label, params = self.compare_label(e)
        return (f"_compare(trace, {label!r}, {e.op!r}, {self.compile(e.left)}, {self.compile(e.right)}"
                f"{params})")

    def compare_label(self, e) -> tuple[str, str]:
        """How a comparison's left side is shown in a trace, and the tile's parameters if the label names any."""
        label = self.describer.label(e.left)
        return label, ", t.params" if self.tile_clause and "{" in label.replace("{value}", "") else ""

    def equality(self, e) -> str | None:
        """An `=` or `!=` of a name (or of a tile's colour, which a desert matches), tested as it is, untraced: a
        `where` filter runs it for every tile counted. None for any other comparison."""
        if e.op not in ("=", "!="):
            return None
        tile = self._colour_field(e.left)
        other = e.right
        if tile is None:
            tile, other = self._colour_field(e.right), e.left
        if tile is not None and self.wild:
            test = f"({tile}.desert or {tile}.color == {self.compile(other)})"
            return test if e.op == "=" else f"(not {test})"
        if isinstance(e.left, ast_expr.Whose) or isinstance(e.right, ast_expr.Whose):  # two players' values
            return f"_both_equal({self.compile(e.left)}, {self.compile(e.right)}, {e.op == '='!r})"
        if isinstance(e.left, NAMED) or isinstance(e.right, NAMED):
            return f"({self.compile(e.left)} {'==' if e.op == '=' else '!='} {self.compile(e.right)})"
        return None

    def _Member(self, e):
        tile = self._colour_field(e.item)
        container = self.compile(e.container)
        named = e.container.expr if isinstance(e.container, ast_expr.Whose) else e.container  # `their tasks`
        if isinstance(named, ast_expr.Ref) and self.ctx.resolve(named.name).type.startswith("list:"):
            return f"_holds({container}, {self.compile(e.item)})"
        if tile is not None and self.wild:
            return f"({tile}.desert or {tile}.color in {container})"
        return f"({self.compile(e.item)} in {container})"

    def _Among(self, e):
        q = f"q{self.depth}"
        inner = self._nested(player=q, depth=self.depth + 1).compile(e.value)
        site = repr(f"{self.site}@{e.span.line}:{e.span.column}" if e.span else self.site)
        key = f"({site}, p.index, t.pos)" if self.tile_clause else site
        label = self.describer.label(e.value)
        params = ", t.params" if self.tile_clause else ""
        return f"_among(g, {self.player}, {e.rank!r}, lambda {q}: {inner}, {key}, trace, {label!r}{params})"

    # counting over tiles
    def _scope(self, scope: str) -> str:
        if scope == "tiles":
            return f"{self.player}.tiles"
        # Inside `count(… where …)` a tile's neighbours or supports are the counted tile's.
        return f"_{scope}(g, {self.player}, {self.item or 't'})"

    def _filtered(self, e) -> tuple[str, str]:
        n = f"n{self.depth}"
        cond = ""
        if e.where is not None:
            inner = self._nested(item=n, depth=self.depth + 1, ctx=self.ctx.item_scope())
            cond = f" if {inner.compile(e.where)}"
        return n, cond

    def _Count(self, e):
        if e.scope == "players":
            q = f"q{self.depth}"
            if e.where is None:
                return "len(g.players)"
            inner = self._nested(player=q, depth=self.depth + 1).compile(e.where)
            return f"sum(1 for {q} in g.players if {inner})"
        if e.where is None:
            return f"len({self._scope(e.scope)})"
        if e.binder is not None:  # the counted tile named: bare names keep their outer meaning
            n = f"n{self.depth}"
            inner = self._nested(ctx=self.ctx.bound(e.binder.name, "tile"), bound={**self.bound, e.binder.name: n},
                                 depth=self.depth + 1)
            return f"sum(1 for {n} in {self._scope(e.scope)} if {inner.compile(e.where)})"
        n, cond = self._filtered(e)
        return f"sum(1 for {n} in {self._scope(e.scope)}{cond})"

    def _Earlier(self, e):
        return f"_earlier({self.player}.history, {e.name!r})"

    def _Size(self, e):
        if isinstance(e.target, ast_expr.Index):
            return f"_size({self.player}.facts[{e.target.name!r}], {self.compile(e.target.key)})"
        return f"_size({self.player}.facts[{e.target.name!r}])"

    def _LargestGroup(self, e):
        measure = ""
        if e.by is not None:  # `by span|parts|border`: what is largest over the groups (runtime.hexmap_measures)
            measure = f", by={e.by!r}, between={e.between!r}, parts={self._links(e.parts)}"
        return f"_largest_group(g.board, {self.player}.facts[{e.fact!r}], {self._links(e.links)}, trace{measure})"

    def _links(self, group_links) -> str:
        links = []
        for link in group_links:
            if link.kind in ("joined", "beside"):
                links.append(f"_link({link.kind!r}, pairs={self.player}.facts[{link.fact!r}])")
            elif link.reach is not None and link.cond is not None:  # a reach of none: the link does not count
                test = f"not {self.compile(link.cond)}" if link.negate else self.compile(link.cond)
                links.append(f"_link({link.kind!r}, ({self.compile(link.reach)} if {test} else None))")
            elif link.reach is not None:
                links.append(f"_link({link.kind!r}, {self.compile(link.reach)})")
            else:
                links.append(f"_link({link.kind!r})")
        return f"({', '.join(links)},)" if links else "()"

    def _Aggregate(self, e):
        if e.binder is not None and e.where is not None:
            n = f"n{self.depth}"
            inner = self._nested(ctx=self.ctx.bound(e.binder.name, "tile"), bound={**self.bound, e.binder.name: n},
                                 depth=self.depth + 1)
            return (f"_aggregate_{e.func}({n}.params.get({e.field!r}) for {n} in {self._scope(e.scope)} "
                    f"if {inner.compile(e.where)})")
        n, cond = self._filtered(e)
        return f"_aggregate_{e.func}({n}.params.get({e.field!r}) for {n} in {self._scope(e.scope)}{cond})"

    def _HeldCount(self, e):
        n = f"n{self.depth}"
        cond = ""
        if e.where is not None:
            inner = self._nested(item=n, depth=self.depth + 1, ctx=self._held_scope(e))
            cond = f" if {inner.compile(e.where)}"
        what = "1" if e.func == "count" else f"{n}.values[{e.field!r}]"
        return f"sum({what} for {n} in {self.player}.facts[{e.fact!r}]{cond})"

    def _held_scope(self, e) -> Context:
        return attrs.evolve(self.ctx, held=held_names(self.ctx, e.fact))


def _is_sum(e) -> bool:
    return isinstance(e, ast_expr.Arith) and e.op == "+"


def sum_terms(e) -> list:
    """The terms of an `a + b + c` chain, left to right."""
    return sum_terms(e.left) + sum_terms(e.right) if _is_sum(e) else [e]


def operand_word(e) -> str:
    """How a traced step names an operand before its value: `coins 5`, `power[II] 6`; a computed one shows only
    its value."""
    if isinstance(e, ast_expr.Ref):
        return f"{e.name} "
    if isinstance(e, ast_expr.Index) and isinstance(e.key, ast_expr.Ref):
        return f"{e.name}[{e.key.name}] "
    return ""


def compile_flag(compiler: ExprCompiler, e) -> str:
    """A condition of an `end` clause, traced: a bare status like `cancelled` says which way it went, an `=`
    what the name was and what it needed, a `not` of anything else what it found, as `not (…)`."""
    if _is_status(compiler, e):
        if compiler.ctx.resolve(e.name).what == "option":
            title = compiler.ctx.option_titles.get(e.name)
            return f"_option_flag(trace, {e.name!r}, {compiler.compile(e)}" + (f", {title!r})" if title else ")")
        return f"_flag(trace, {e.name!r}, {compiler.compile(e)})"
    if isinstance(e, ast_expr.Not):
        if _is_status(compiler, e.operand):  # a status already says which way it went: `not cancelled`
            return f"(not {compile_flag(compiler, e.operand)})"
        return f"_negated(trace, _mark(trace), {compile_flag(compiler, e.operand)})"
    if isinstance(e, ast_expr.BoolOp):
        return f"({compile_flag(compiler, e.left)} {e.op} {compile_flag(compiler, e.right)})"
    if isinstance(e, ast_expr.Compare) and (test := compiler.equality(e)) is not None:
        label, params = compiler.compare_label(e)
        return (f"_matches(trace, {label!r}, {e.op!r}, {test}, {compiler.compile(e.left)}, "
                f"{compiler.compile(e.right)}{params})")
    return compiler.compile(e)


def _is_status(compiler: ExprCompiler, e) -> bool:
    return isinstance(e, ast_expr.Ref) and compiler.ctx.resolve(e.name).type == "bool"


def compile_amount(compiler: ExprCompiler, amount: ast_decl.Amount) -> tuple[str, str]:
    """(count, colour-or-None) source for an effect's amount."""
    if amount.param is not None:
        return f"t.params[{amount.param!r}][0]", f"t.params[{amount.param!r}][1]"
    colour = "None" if amount.color is None else compiler.compile(ast_expr.Ref(amount.color))
    return compiler.compile(amount.count), colour


def compile_effect(compiler: ExprCompiler, effect: ast_decl.Effect, target: str) -> list[str]:
    """Statements performing one effect through the engine's `api`; failed costs cancel `target`."""
    if effect.verb == "gain":
        count, colour = compile_amount(compiler, effect.amount)
        return [f"api.gain(p, {count}, {colour})"]
    if effect.verb == "reduce":
        return [f"api.reduce(p, {compiler.compile(effect.expr)})"]
    if effect.verb in ("pay", "destroy"):
        count, colour = compile_amount(compiler, effect.amount)
        return [f"if not api.{effect.verb}(p, {count}, {colour}):", f"    api.cancel(p, {target})"]
    if effect.verb == "require":
        return [f"if not {compiler.compile(effect.expr)}:", f"    api.cancel(p, {target})"]
    raise AssertionError(effect.verb)


# ---- explanations: what a scoring line says it added up ---------------------------------------------------

def explain_expr(compiler: ExprCompiler, e) -> str:
    """Python source of the text that explains how `e` came to its value: each summand with its value, and of an
    `if`, the branch taken (`cp 3 + 3 neighbours that are blue`). Run only when a line's reasons are shown."""
    d = compiler.describer
    if isinstance(e, ast_expr.IntLit):
        return repr(str(e.value))
    if isinstance(e, ast_expr.Arith):
        return (f"{_operand(compiler, e.left, e.op)} + {' ' + e.op + ' '!r} + "
                f"{_operand(compiler, e.right, e.op, right=True)}")
    if isinstance(e, ast_expr.Neg):
        return f"'-' + {_operand(compiler, e.operand, '*')}"
    if isinstance(e, ast_expr.IfExpr):
        return f"({explain_expr(compiler, e.then)} if {compiler.compile(e.cond)} else " \
               f"{explain_expr(compiler, e.otherwise)})"
    if isinstance(e, ast_expr.Extreme):
        args = ", ".join(explain_expr(compiler, a) for a in e.args)
        return f"{e.func + '('!r} + ', '.join([{args}]) + ')'"
    if isinstance(e, ast_expr.Ref) and e.name in compiler.ctx.lets:
        return explain_expr(compiler, compiler.ctx.lets[e.name])
    params = ", t.params" if compiler.tile_clause else ", None"
    if isinstance(e, (ast_expr.Count, ast_expr.Aggregate)):
        return f"_fill({d.label(e)!r}, {compiler.compile(e)}{params})"
    # any other value: its name as written, then the value it had
    return f"{d.text(e).replace('{', '').replace('}', '') + ' '!r} + _show({compiler.compile(e)})"


def _operand(compiler: ExprCompiler, e, op: str, right: bool = False) -> str:
    text = explain_expr(compiler, e)
    if needs_parentheses(e, op, right):
        return f"'(' + {text} + ')'"
    return text
