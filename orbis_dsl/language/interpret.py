"""The reference semantics: evaluate the checked rule set's expressions directly, with no code generation.

`build_rules` returns the same runtime `Rules` as the generated modules, with closures in place of compiled
handlers. Tests score thousands of random games both ways and demand identical results; benchmarks time both.
It mirrors `codegen.ExprCompiler` case by case and shares its run-time helpers (`runtime.support`).
"""

from __future__ import annotations

import operator

import attrs

from orbis_dsl.language import ast_expr
from orbis_dsl.language.check_says import CLAUSE_WORDS, placeholders
from orbis_dsl.language.check_table import table_key
from orbis_dsl.language.codegen import POSITION_TABLES, operand_word, sum_terms
from orbis_dsl.language.describe import Describer, SheetDescriber, needs_parentheses
from orbis_dsl.language.interpret_lists import ListEvaluator
from orbis_dsl.language.model import RuleSet, list_spec, listed_name
from orbis_dsl.language.scope import Context, desert_context, god_context, held_names, kind_context, rule_context
from orbis_dsl.runtime import support
from orbis_dsl.runtime.board import Board
from orbis_dsl.runtime.hexmap import HexMapSpec
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import (
    AwardSpec,
    CheckSpec,
    EndSpec,
    FactSpec,
    GodSpec,
    KindSpec,
    OptionSpec,
    ParamSpec,
    ScoreSpec,
    Settings,
    TileSpec,
    VariantSpec,
)

_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": support.divide}
_EXTREMES = {"min": support.extreme_min, "max": support.extreme_max}


@attrs.frozen
class Env:
    g: object
    p: object
    t: object = None
    item: object = None
    measure: object = None
    trace: list | None = None
    each: object = None  # the member a `for each` declaration is evaluated for


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
        if b.what in ("field", "param"):
            tile = env.item if b.where == "item" else env.t
            if b.target in POSITION_TABLES:
                return getattr(env.g.board, POSITION_TABLES[b.target])[tile.pos]
            return getattr(tile, b.target) if b.what == "field" else tile.params.get(b.target)
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
                left = support.shown_sum(env.trace, terms)
            else:
                left = self.eval(e.left, env)
            return support.shown_divide(env.trace, operand_word(e.left), operand_word(e.right), left,
                                        self.eval(e.right, env), e is self.top)
        return _ARITH[e.op](self.eval(e.left, env), self.eval(e.right, env))

    def _Extreme(self, e, env):
        return _EXTREMES[e.func]([self.eval(a, env) for a in e.args])

    def _Earlier(self, e, env):
        return support.earlier(env.p.history, e.name)

    def _Size(self, e, env):
        if isinstance(e.target, ast_expr.Index):
            return support.size(env.p.facts[e.target.name], self.eval(e.target.key, env))
        return support.size(env.p.facts[e.target.name])

    def _LargestGroup(self, e, env):
        measure = {"by": e.by, "between": e.between, "parts": self._links(e.parts, env)} if e.by else {}
        return support.largest_group(env.g.board, env.p.facts[e.fact], self._links(e.links, env), env.trace,
                                     **measure)

    def _links(self, group_links, env) -> tuple:
        return tuple(
            support.link(link.kind, pairs=env.p.facts[link.fact]) if link.kind in ("joined", "beside")
            else support.link(link.kind, self.eval(link.reach, env)) if link.reach is not None
            else support.link(link.kind)
            for link in group_links)

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
        return None

    def _Compare(self, e, env):
        if e.op in ("=", "!="):
            tile, other = self._colour_tile(e.left, env), e.right
            if tile is None:
                tile, other = self._colour_tile(e.right, env), e.left
            if tile is not None and self.wild:
                test = tile.desert or tile.color == self.eval(other, env)
                return test if e.op == "=" else not test
            if isinstance(e.left, ast_expr.Ref) or isinstance(e.right, ast_expr.Ref):
                equal = self.eval(e.left, env) == self.eval(e.right, env)
                return equal if e.op == "=" else not equal
        label = self.describer.label(e.left)
        params = env.t.params if self.tile_clause and "{" in label.replace("{value}", "") else None
        return support.compare(env.trace, label, e.op, self.eval(e.left, env), self.eval(e.right, env), params)

    def _Member(self, e, env):
        tile = self._colour_tile(e.item, env)
        container = self.eval(e.container, env)
        if isinstance(e.container, ast_expr.Ref) and self.ctx.resolve(e.container.name).type.startswith("list:"):
            return support.holds(container, self.eval(e.item, env))
        if tile is not None and self.wild:
            return tile.desert or tile.color in container
        return self.eval(e.item, env) in container

    def _Among(self, e, env):
        site = f"{self.site}@{e.span.line}:{e.span.column}" if e.span else self.site
        key = (site, env.p.index, env.t.pos) if self.tile_clause else site
        return support.among(env.g, env.p, e.rank, lambda q: self.eval(e.value, attrs.evolve(env, p=q)), key,
                             env.trace, self.describer.label(e.value), env.t.params if self.tile_clause else None)

    def _tiles(self, scope, env):
        if scope == "tiles":
            return env.p.tiles
        # Inside `count(… where …)` a tile's neighbours or supports are the counted tile's.
        return getattr(support, scope)(env.g, env.p, env.item if self.ctx.in_item else env.t)

    def _selected(self, e, env):
        tiles = self._tiles(e.scope, env)
        if e.where is None:
            return tiles
        inner = attrs.evolve(self, ctx=self.ctx.item_scope())
        return [n for n in tiles if inner.eval(e.where, attrs.evolve(env, item=n))]

    def _Count(self, e, env):
        if e.scope == "players":
            if e.where is None:
                return len(env.g.players)
            return sum(1 for q in env.g.players if self.eval(e.where, attrs.evolve(env, p=q)))
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
        return getattr(support, f"aggregate_{e.func}")(values)

    def flag(self, e, env):
        """As `codegen.compile_flag`: bare statuses in an end condition say which way they went."""
        if isinstance(e, ast_expr.Ref) and self.ctx.resolve(e.name).type == "bool":
            if self.ctx.resolve(e.name).what == "option":
                return support.option_flag(env.trace, e.name, self.eval(e, env))
            return support.flag(env.trace, e.name, self.eval(e, env))
        if isinstance(e, ast_expr.Not):
            return not self.flag(e.operand, env)
        if isinstance(e, ast_expr.BoolOp):
            left = self.flag(e.left, env)
            if e.op == "and":
                return left and self.flag(e.right, env)
            return left or self.flag(e.right, env)
        return self.eval(e, env)


class _Effects:
    """Effects through the engine's api, as `codegen.compile_effect` writes them."""

    def __init__(self, evaluator: Evaluator, effects, on_tile: bool):
        self.evaluator, self.effects, self.on_tile = evaluator, effects, on_tile

    def amount(self, amount, env):
        if amount.param is not None:
            return env.t.params[amount.param]
        colour = None if amount.color is None else self.evaluator.eval(ast_expr.Ref(amount.color), env)
        return self.evaluator.eval(amount.count, env), colour

    def __call__(self, api, g, p, t=None):
        env = Env(g, p, t)
        target = t if self.on_tile else None
        for effect in self.effects:
            if effect.verb == "gain":
                api.gain(p, *self.amount(effect.amount, env))
            elif effect.verb == "reduce":
                api.reduce(p, self.evaluator.eval(effect.expr, env))
            elif effect.verb in ("pay", "destroy"):
                if not getattr(api, effect.verb)(p, *self.amount(effect.amount, env)):
                    api.cancel(p, target)
            elif not self.evaluator.eval(effect.expr, env):
                api.cancel(p, target)


def _end_specs(ends, ctx, wild, prefix, tile_clause) -> tuple[EndSpec, ...]:
    specs = []
    for i, clause in enumerate(ends):
        ev = Evaluator(ctx, wild, f"{prefix}_end_{i}", tile_clause)

        def fn(g, p, t=None, trace=None, clause=clause, ev=ev):
            if not tile_clause:
                trace, t = t, None
            env = Env(g, p, t, trace=trace)
            if clause.cond is not None and ev.flag(clause.cond, env) == clause.negate:
                return None
            return ev.eval(clause.points, env)

        text = ev.describer.text(clause.points)
        if clause.cond is not None:
            text += (" unless " if clause.negate else " if ") + ev.describer.text(clause.cond)
        names = placeholders(clause.says) if clause.says else []
        shown = [n for n in names if n not in CLAUSE_WORDS] if isinstance(names, list) else []

        def explain(g, p, t=None, clause=clause, ev=ev, shown=shown):
            env = Env(g, p, t if tile_clause else None)
            values = {"_sum": explain_value(ev, clause.points, env)}
            values.update({n: support.show(ev.eval(ast_expr.Ref(n), env)) for n in shown})
            return values

        specs.append(EndSpec(fn=fn, text=text, explain=explain, says=clause.says))
    return tuple(specs)


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
        return support.fill(ev.describer.label(e), ev.eval(e, env), env.t.params if ev.tile_clause else None)
    return ev.describer.text(e).replace("{", "").replace("}", "") + " " + support.show(ev.eval(e, env))


def _operand(ev: Evaluator, e, op: str, env: Env, right: bool = False) -> str:
    text = explain_value(ev, e, env)
    if needs_parentheses(e, op, right):
        return f"({text})"
    return text


def _param(p) -> ParamSpec:
    return ParamSpec(p.name, p.type.name, p.type.size, p.type.choices, p.type.optional, p.default, p.has_default,
                     p.unique)


def _kind(rules: RuleSet, kind) -> KindSpec:
    ctx = kind_context(rules, kind)
    wild = rules.desert.wild
    prefix = f"_kind_{kind.name}"
    placed = taken = None
    if kind.placed:
        ev = Evaluator(ctx, wild, f"{prefix}_placed", True)
        effects = kind.placed

        def placed(g, p, t, trace=None):
            env = Env(g, p, t, trace=trace)
            return all(ev.eval(e.expr, env) for e in effects)
    if kind.taken:
        taken = _Effects(Evaluator(ctx, wild, f"{prefix}_taken", True), kind.taken, True)
    moment = "placed" if kind.placed else (
        "taken" if any(e.verb in ("pay", "destroy", "require") for e in kind.taken) else None)
    return KindSpec(kind.name, kind.title, tuple(_param(p) for p in kind.params.values()),
                    tuple(sorted(kind.scoring_params)), kind.declared, _end_specs(kind.ends, ctx, wild, prefix, True),
                    placed, taken, moment)


def _god(rules: RuleSet, god) -> GodSpec:
    ctx = god_context(rules, god)
    prefix = f"_god_{god.name}"
    taken = _Effects(Evaluator(ctx, rules.desert.wild, f"{prefix}_taken"), god.taken, False) if god.taken else None
    return GodSpec(god.name, god.title, _end_specs(god.ends, ctx, rules.desert.wild, prefix, False), taken,
                   dict(god.modifiers), any(e.verb in ("pay", "destroy", "require") for e in god.taken))


def _award(rules: RuleSet, award) -> AwardSpec:
    prefix = f"_award_{award.name}"
    each = {award.for_each.name: award.for_each.set} if award.for_each else {}
    ctx = rule_context(rules, each=each)
    inner = attrs.evolve(ctx, extras={"measure": "int"})
    wild = rules.desert.wild
    measure_ev = Evaluator(ctx, wild, f"{prefix}_measure")
    if each:  # handed out per member of a set: the handlers take the member, as the generated ones do

        def measure(g, p, member, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace, each=member))
    else:

        def measure(g, p, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace))

    def part(expr, name):
        if expr is None:
            return None
        ev = Evaluator(inner, wild, f"{prefix}_{name}")
        if each:
            return lambda g, p, member, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace, each=member))
        return lambda g, p, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace))

    members = rules.sets[award.for_each.set] if award.for_each else ()
    return AwardSpec(award.name, award.title, measure, part(award.eligible, "eligible"),
                     part(award.tiebreak, "tiebreak"), award.ties, award.warn, award.prizes, members, award.rank,
                     award.unless_equal, award.says)


def _score(rules: RuleSet, score) -> ScoreSpec:
    # A column's divisions are traced step by step, as the generated column does (codegen.ExprCompiler.steps).
    ev = Evaluator(rule_context(rules, allow_awards=True), rules.desert.wild, f"_score_{score.name}", steps=True,
                   top=score.expr)
    text = SheetDescriber(set(rules.facts), set(rules.values)).text(score.expr)
    return ScoreSpec(score.name, score.title, lambda g, p, trace=None: ev.eval(score.expr, Env(g, p, trace=trace)),
                     text)


def _check(rules: RuleSet, check, index: int) -> CheckSpec:
    each = {check.for_each.name: check.for_each.set} if check.for_each else {}
    ev = Evaluator(rule_context(rules, each=each, allow_awards=not check.refuse), rules.desert.wild, f"_check_{index}")

    def fn(g, p, member, trace=None):
        return ev.eval(check.cond, Env(g, p, trace=trace, each=member))

    members = rules.sets[check.for_each.set] if check.for_each else ()
    return CheckSpec(check.message, fn, check.for_each.name if check.for_each else None, members, check.refuse,
                     check.note, table_key(rules, check))


def _fact(rules: RuleSet, f) -> FactSpec:
    kind, choices, flag = list_spec(f.type, rules.sets)
    return FactSpec(f.name, f.title, kind, choices, f.low, f.high, rules.sets.get(f.per, ()), f.type.optional,
                    f.level, f.key, flag, _derive(rules, f), f.board_only)


def _derive(rules: RuleSet, f):
    """`from EXPR` over a grid record's measures and the round's facts, as `compile.ModuleBuilder.derive`."""
    if f.derive is None:
        return None
    from orbis_dsl.runtime.grid import measure_types

    base = rule_context(rules)
    shared = {n: t for n, t in base.facts.items() if rules.facts[n].level is not None}
    ev = Evaluator(attrs.evolve(base, facts={**shared, **measure_types(rules.grid)}), False, f"_derive_{f.name}")

    def derive(g, p, trace=None):
        value = ev.eval(f.derive, Env(g, p, trace=trace))
        return dict(value) if f.per else value
    return derive


def _line(decl) -> str:
    """`file:line` of a declaration, as the generated modules record it."""
    return f"{decl.file}:{decl.span.line}" if decl.span else decl.file


def _hexmap(decl) -> HexMapSpec | None:
    if decl is None:
        return None
    return HexMapSpec(decl.name, decl.title or decl.name, decl.water, decl.rows, decl.water_prefix or "~",
                      decl.player_colors)


def _game_fields(game) -> dict:
    if game is None:
        return {}
    return {"game": game.id, "title": game.title, "record_format": game.record, "report_format": game.report}


def _winner_if(rules: RuleSet, ctx):
    if rules.winner_if is None:
        return None
    ev = Evaluator(ctx, rules.desert.wild, "_winner_if")
    return lambda g, p, trace=None: ev.eval(rules.winner_if, Env(g, p))


def _held_family(rules: RuleSet) -> str | None:
    """The family each player holds one piece of (a record's key for it); not one only held in lists."""
    family = rules.vocabulary.player_family
    listed = {listed_name(f.type) for f in rules.facts.values()}
    return family if rules.is_sheet and family not in listed else None


def build_rules(rules: RuleSet) -> Rules:
    wild = rules.desert.wild
    winner_ctx = rule_context(rules, extras={"total": "int"})
    winner = []
    for i, key in enumerate(rules.winner):
        ev = Evaluator(winner_ctx, wild, f"_winner_key_{i}")
        winner.append((key.rank, lambda g, p, trace=None, ev=ev, e=key.expr: ev.eval(e, Env(g, p))))
    settings = Settings(
        colors=rules.colors, aliases=dict(rules.aliases), stars=rules.stars, levels=rules.levels,
        display=rules.display, board=rules.board, realm_limit=rules.realm_limit,
        cancel_tokens=rules.cancel_tokens, exchange=rules.exchange,
        attributes=tuple(_param(p) for p in rules.attributes.values()),
        options=tuple(OptionSpec(o.name, o.type.name, o.type.choices, o.default) for o in rules.options.values()),
        values=dict(rules.values), desert_wild=wild,
        desert_ends=_end_specs(rules.desert.ends, desert_context(rules), wild, "_desert", True),
        winner=tuple(winner),
        sets=dict(rules.sets), rounds=rules.rounds,
        held_family=_held_family(rules), rounds_also=rules.rounds_also, grid=rules.grid,
        winner_if=_winner_if(rules, winner_ctx), hexmap=_hexmap(rules.hexmap),
        **_game_fields(rules.game),
    )
    return Rules(
        settings=settings,
        kinds={k.name: _kind(rules, k) for k in rules.kinds.values()},
        gods={g.name: _god(rules, g) for g in rules.gods.values()},
        awards={a.name: _award(rules, a) for a in rules.awards.values()},
        variants={v.name: VariantSpec(v.name, v.players, v.gods_revealed, v.removed_stars, dict(v.prizes),
                                      dict(v.options), _line(v)) for v in rules.variants.values()},
        tiles=tuple(TileSpec(t.level, t.color, t.stars, t.cost, t.kind, dict(t.params), _line(t))
                    for t in rules.tiles),
        board=Board(rules.board),
        facts={f.name: _fact(rules, f) for f in rules.facts.values()},
        scores={c.name: _score(rules, c) for c in rules.scores.values()},
        checks=tuple(_check(rules, c, i) for i, c in enumerate(rules.checks)),
    )
