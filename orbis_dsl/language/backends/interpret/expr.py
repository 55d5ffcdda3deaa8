"""The interpreter's expressions: evaluate a checked expression against a game in play, with
the interpreter's own value semantics (`interpret_values`), never the compiler's or its run-time helpers; and
explain how a score came to its value, in the same words as the compiled explanations."""

from __future__ import annotations

import operator

import attrs

from orbis_dsl.language.backends.describe import Describer, needs_parentheses
from orbis_dsl.language.backends.interpret import values as iv
from orbis_dsl.language.backends.interpret.lists import ListEvaluator
from orbis_dsl.language.backends.interpret.values import POSITION_TABLES, operand_word, sum_terms
from orbis_dsl.language.check.names import Context, held_names
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.runtime import hexmap

_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": iv.divide}
_EXTREMES = {"min": iv.smallest, "max": iv.largest}


@attrs.frozen
class Env:
    g: object
    p: object
    t: object = None
    item: object = None
    measure: object = None
    trace: list | None = None
    each: object = None  # the member a `for each` declaration is evaluated for
    me: object = None  # the player being scored, once a scope over players has made `p` another (`my X`)
    bound: dict = attrs.field(factory=dict)  # `count(n in …)`, `sum(… for t in SET)`: each name's tile or member


@attrs.define
class Evaluator(ListEvaluator):
    ctx: Context
    wild: bool
    site: str
    tile_clause: bool = False
    describer: Describer | None = None
    steps: bool = False  # as codegen.ExprCompiler.steps
    top: object = None

    def __attrs_post_init__(self):
        if self.describer is None:
            self.describer = Describer(set(self.ctx.params), self.wild, self.ctx.lets, self.ctx.vocabulary)

    def eval(self, e, env: Env):
        return getattr(self, "_" + type(e).__name__)(e, env)

    def _IntLit(self, e, env):
        return e.value

    _BoolLit = _StrLit = _IntLit

    def _SetLit(self, e, env):
        return tuple(sorted(self.ctx.aliases.get(n, n) for n in e.names))

    def _Ref(self, e, env):
        b = self.ctx.resolve(e.name)
        if b.what == "let":
            return self.eval(b.target, env)
        if b.what == "held":
            return getattr(env.item, b.target) if b.target in ("piece", "flag") else env.item.values[b.target]
        if b.what in ("round", "rounds_played"):
            return getattr(env.g, b.what)
        if b.what == "bound":
            return env.bound[e.name]
        if b.what in ("field", "param"):
            return _read_tile(env, env.item if b.where == "item" else env.t, b.what, b.target)
        if b.what == "cancelled":
            return env.p.god_cancelled
        if b.what in ("player", "total"):
            return getattr(env.p, b.target)
        if b.what == "measure":
            return env.measure
        if b.what == "value":
            return env.p.values[b.target]
        if b.what == "option":
            return env.g.options[b.target]
        if b.what == "fact":
            return env.p.facts[b.target]
        if b.what == "each":
            return env.each
        return b.target

    def _FieldOf(self, e, env):
        fields = self.ctx.vocabulary.tile_fields
        what, target = ("field", fields[e.field][0]) if e.field in fields else ("param", e.field)
        return _read_tile(env, env.bound[e.binder], what, target)

    def _Whose(self, e, env):
        if e.who == "my":
            return self.eval(e.expr, attrs.evolve(env, p=_me(env)))
        return self.eval(e.expr, env)

    def _Given(self, e, env):
        present = self.eval(e.operand, env) is not None
        return not present if e.negated else present

    def _member_names(self, set_name: str) -> list:
        return [m for m, s in self.ctx.members.items() if s == set_name]

    def _MemberCount(self, e, env):
        inner = attrs.evolve(self, ctx=self.ctx.bound(e.binder.name, "member"))
        return sum(1 for m in self._member_names(e.set_name)
                   if inner.eval(e.where, attrs.evolve(env, bound={**env.bound, e.binder.name: m})))

    def _MemberSum(self, e, env):
        inner = attrs.evolve(self, ctx=self.ctx.bound(e.binder, "member"))
        total = 0
        for m in self._member_names(e.set_name):
            at = attrs.evolve(env, bound={**env.bound, e.binder: m})
            if e.where is None or inner.eval(e.where, at):
                value = inner.eval(e.expr, at)
                total += value if value is not None else 0  # a value that is none is passed over
        return total

    def _Index(self, e, env):
        return (env.p.facts[e.name] or {}).get(self.eval(e.key, env))

    def _AwardRef(self, e, env):
        return env.p.awards.get(e.name, 0)

    def _Prior(self, e, env):
        return env.p.prior.get(e.name)

    def _Neg(self, e, env):
        return -self.eval(e.operand, env)

    def _Arith(self, e, env):
        if e.op == "/" and self.steps:
            if isinstance(e.left, ast_expr.Arith) and e.left.op == "+":
                terms = [(operand_word(t), self.eval(t, env)) for t in sum_terms(e.left)]
                left = iv.shown_sum(env.trace, terms)
            else:
                left = self.eval(e.left, env)
            return iv.shown_divide(env.trace, operand_word(e.left), operand_word(e.right), left,
                                        self.eval(e.right, env), e is self.top)
        return _ARITH[e.op](self.eval(e.left, env), self.eval(e.right, env))

    def _Extreme(self, e, env):
        return _EXTREMES[e.func]([self.eval(a, env) for a in e.args])

    def _Earlier(self, e, env):
        return iv.earlier(env.p.history, e.name)

    def _Size(self, e, env):
        if isinstance(e.target, ast_expr.Index):
            return iv.size(env.p.facts[e.target.name], self.eval(e.target.key, env))
        return iv.size(env.p.facts[e.target.name])

    def _LargestGroup(self, e, env):
        measure = {"by": e.by, "between": e.between, "parts": self._links(e.parts, env)} if e.by else {}
        return hexmap.largest_group(env.g.board, env.p.facts[e.fact], self._links(e.links, env), env.trace,
                                     **measure)

    def _links(self, group_links, env) -> tuple:
        return tuple(
            hexmap.link(link.kind, pairs=env.p.facts[link.fact]) if link.kind in ("joined", "beside")
            else hexmap.link(link.kind, self._reach(link, env)) if link.reach is not None
            else hexmap.link(link.kind)
            for link in group_links)

    def _reach(self, link, env):
        """A link's reach; none (the link does not count) while its `if` fails (its `unless` holds)."""
        if link.cond is not None and bool(self.eval(link.cond, env)) == link.negate:
            return None
        return self.eval(link.reach, env)

    def _Not(self, e, env):
        return not self.eval(e.operand, env)

    def _BoolOp(self, e, env):
        left = self.eval(e.left, env)
        if e.op == "and":
            return left and self.eval(e.right, env)
        return left or self.eval(e.right, env)

    def _IfExpr(self, e, env):
        return self.eval(e.then, env) if self.eval(e.cond, env) else self.eval(e.otherwise, env)

    def _colour_tile(self, e, env):
        if isinstance(e, ast_expr.Ref):
            b = self.ctx.resolve(e.name)
            if b is not None and b.what == "field" and b.target == "color":
                return env.item if b.where == "item" else env.t
        if isinstance(e, ast_expr.FieldOf):
            found = self.ctx.vocabulary.tile_fields.get(e.field)
            if found is not None and found[0] == "color":
                return env.bound[e.binder]
        return None

    def _Compare(self, e, env):
        equal = self._equality(e, env)
        if equal is not None:
            return equal
        label, params = self._compare_label(e, env)
        return iv.compare(env.trace, label, e.op, self.eval(e.left, env), self.eval(e.right, env), params)

    def _compare_label(self, e, env):
        label = self.describer.label(e.left)
        return label, env.t.params if self.tile_clause and "{" in label.replace("{value}", "") else None

    def _equality(self, e, env) -> bool | None:
        """As `codegen.ExprCompiler.equality`: an `=` of a name or of a tile's colour, untraced; else None."""
        if e.op not in ("=", "!="):
            return None
        tile, other = self._colour_tile(e.left, env), e.right
        if tile is None:
            tile, other = self._colour_tile(e.right, env), e.left
        if tile is not None and self.wild:
            test = tile.desert or tile.color == self.eval(other, env)
            return test if e.op == "=" else not test
        if isinstance(e.left, ast_expr.Whose) or isinstance(e.right, ast_expr.Whose):
            left, right = self.eval(e.left, env), self.eval(e.right, env)
            if left is None or right is None:  # a none compares with nothing: two players without one differ
                return False
            return (left == right) == (e.op == "=")
        if isinstance(e.left, _NAMED) or isinstance(e.right, _NAMED):
            equal = self.eval(e.left, env) == self.eval(e.right, env)
            return equal if e.op == "=" else not equal
        return None

    def _Member(self, e, env):
        tile = self._colour_tile(e.item, env)
        container = self.eval(e.container, env)
        named = e.container.expr if isinstance(e.container, ast_expr.Whose) else e.container  # `their tasks`
        if isinstance(named, ast_expr.Ref) and self.ctx.resolve(named.name).type.startswith("list:"):
            return iv.contains(container, self.eval(e.item, env))
        if tile is not None and self.wild:
            return tile.desert or tile.color in container
        return self.eval(e.item, env) in container

    def _Among(self, e, env):
        site = f"{self.site}@{e.span.line}:{e.span.column}" if e.span else self.site
        key = (site, env.p.index, env.t.pos) if self.tile_clause else site
        return iv.ranks_first(env.g, env.p, e.rank,
                              lambda q: self.eval(e.value, attrs.evolve(env, p=q, me=_me(env))), key,
                             env.trace, self.describer.label(e.value), env.t.params if self.tile_clause else None)

    def _tiles(self, scope, env):
        if scope == "tiles":
            return env.p.tiles
        # Inside `count(… where …)` a tile's neighbours or supports are the counted tile's.
        return getattr(iv, scope)(env.g, env.p, env.item if self.ctx.in_item else env.t)

    def _selected(self, e, env):
        tiles = self._tiles(e.scope, env)
        if e.where is None:
            return tiles
        if getattr(e, "binder", None) is not None:  # the counted tile named: bare names keep their outer meaning
            name = e.binder.name
            inner = attrs.evolve(self, ctx=self.ctx.bound(name, "tile"))
            return [n for n in tiles if inner.eval(e.where, attrs.evolve(env, bound={**env.bound, name: n}))]
        inner = attrs.evolve(self, ctx=self.ctx.item_scope())
        return [n for n in tiles if inner.eval(e.where, attrs.evolve(env, item=n))]

    def _Count(self, e, env):
        if e.scope == "players":
            if e.where is None:
                return len(env.g.players)
            return sum(1 for q in env.g.players if self.eval(e.where, attrs.evolve(env, p=q, me=_me(env))))
        return len(self._selected(e, env))

    def _HeldCount(self, e, env):
        inner = attrs.evolve(self, ctx=attrs.evolve(self.ctx, held=held_names(self.ctx, e.fact)))
        total = 0
        for n in env.p.facts[e.fact]:
            if e.where is None or inner.eval(e.where, attrs.evolve(env, item=n)):
                total += 1 if e.func == "count" else n.values[e.field]
        return total

    def _Aggregate(self, e, env):
        values = (n.params.get(e.field) for n in self._selected(e, env))
        return getattr(iv, f"aggregate_{e.func}")(values)

    def flag(self, e, env):
        """As `codegen.compile_flag`: bare statuses in an end condition say which way they went, an `=` what it
        found, a `not` of anything else its findings as `not (…)`."""
        if self._is_status(e):
            if self.ctx.resolve(e.name).what == "option":
                return iv.option_flag(env.trace, e.name, self.eval(e, env), self.ctx.option_titles.get(e.name))
            return iv.flag(env.trace, e.name, self.eval(e, env))
        if isinstance(e, ast_expr.Not):
            if self._is_status(e.operand):
                return not self.flag(e.operand, env)
            start = iv.mark(env.trace)
            return iv.negated(env.trace, start, self.flag(e.operand, env))
        if isinstance(e, ast_expr.Compare) and (equal := self._equality(e, env)) is not None:
            label, params = self._compare_label(e, env)
            return iv.matches(env.trace, label, e.op, equal, self.eval(e.left, env), self.eval(e.right, env),
                                   params)
        if isinstance(e, ast_expr.BoolOp):
            left = self.flag(e.left, env)
            if e.op == "and":
                return left and self.flag(e.right, env)
            return left or self.flag(e.right, env)
        return self.eval(e, env)

    def _is_status(self, e) -> bool:
        return isinstance(e, ast_expr.Ref) and self.ctx.resolve(e.name).type == "bool"


# What `=` tests as it is, untraced (as codegen.NAMED): a name, a counted tile's field, a name said mine or theirs.
_NAMED = (ast_expr.Ref, ast_expr.FieldOf, ast_expr.Whose)


def _me(env: Env):
    """The player being scored: `p` until a scope over players makes `p` each player in turn."""
    return env.me if env.me is not None else env.p


def _read_tile(env: Env, tile, what: str, target: str):
    """A tile's field (a place by the board's tables) or parameter."""
    if target in POSITION_TABLES:
        return getattr(env.g.board, POSITION_TABLES[target])[tile.pos]
    return getattr(tile, target) if what == "field" else tile.params.get(target)


def explain_value(ev: Evaluator, e, env: Env) -> str:
    """As `codegen.explain_expr`: how `e` came to its value, each summand with its value, the branch taken."""
    if isinstance(e, ast_expr.IntLit):
        return str(e.value)
    if isinstance(e, ast_expr.Arith):
        return f"{_operand(ev, e.left, e.op, env)} {e.op} {_operand(ev, e.right, e.op, env, right=True)}"
    if isinstance(e, ast_expr.Neg):
        return "-" + _operand(ev, e.operand, "*", env)
    if isinstance(e, ast_expr.IfExpr):
        return explain_value(ev, e.then if ev.eval(e.cond, env) else e.otherwise, env)
    if isinstance(e, ast_expr.Extreme):
        return f"{e.func}(" + ", ".join(explain_value(ev, a, env) for a in e.args) + ")"
    if isinstance(e, ast_expr.Ref) and e.name in ev.ctx.lets:
        return explain_value(ev, ev.ctx.lets[e.name], env)
    if isinstance(e, (ast_expr.Count, ast_expr.Aggregate)):
        return iv.fill(ev.describer.label(e), ev.eval(e, env), env.t.params if ev.tile_clause else None)
    return ev.describer.text(e).replace("{", "").replace("}", "") + " " + iv.show(ev.eval(e, env))


def _operand(ev: Evaluator, e, op: str, env: Env, right: bool = False) -> str:
    text = explain_value(ev, e, env)
    if needs_parentheses(e, op, right):
        return f"({text})"
    return text
