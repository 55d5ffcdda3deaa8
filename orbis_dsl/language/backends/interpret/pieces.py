"""The interpreter's pieces: tile kinds and gods as runtime specs, their `end` clauses as closures and their
`when … :` effects acting through the engine's api, as the generated modules do (`codegen.compile_effect`)."""

from __future__ import annotations

from orbis_dsl.language.backends.interpret import values as iv
from orbis_dsl.language.backends.interpret.expr import Env, Evaluator, explain_value
from orbis_dsl.language.ir.checked import RuleSet
from orbis_dsl.language.ir.scope import DeclarationScope, god_scope, kind_scope, sentence_names
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.runtime.specs import EndSpec, GodSpec, KindSpec, ParamSpec


class _Effects:
    """Effects through the engine's api, as `codegen.compile_effect` writes them."""

    def __init__(self, evaluator: Evaluator, effects, on_tile: bool):
        self.evaluator, self.effects, self.on_tile = evaluator, effects, on_tile
        # each colour named, as one expression the evaluator lowers once
        self.colours = {e.amount.color: ast_expr.Ref(e.amount.color) for e in effects
                        if getattr(e, "amount", None) is not None and e.amount.color is not None}

    def amount(self, amount, env):
        if amount.param is not None:
            return env.t.params[amount.param]
        colour = None if amount.color is None else self.evaluator.eval(self.colours[amount.color], env)
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


def end_specs(ends, scope: DeclarationScope, prefix, tile_clause) -> tuple[EndSpec, ...]:
    specs = []
    for i, clause in enumerate(ends):
        ev = Evaluator(scope.handler(), f"{prefix}_end_{i}", tile_clause)

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
        shown = sentence_names(clause.says)

        def explain(g, p, t=None, clause=clause, ev=ev, shown=shown):
            env = Env(g, p, t if tile_clause else None)
            values = {"_sum": explain_value(ev, clause.points, env)}
            values.update({n: iv.show(ev.eval(ref, env)) for n, ref in shown.items()})
            return values

        specs.append(EndSpec(fn=fn, text=text, explain=explain, says=clause.says))
    return tuple(specs)


def param_spec(p) -> ParamSpec:
    return ParamSpec(p.name, p.type.name, p.type.size, p.type.choices, p.type.optional, p.default, p.has_default,
                     p.unique, p.low, p.high)


def kind_spec(rules: RuleSet, kind) -> KindSpec:
    scope = kind_scope(rules, kind)
    prefix = f"_kind_{kind.name}"
    placed = taken = None
    if kind.placed:
        ev = Evaluator(scope.handler(), f"{prefix}_placed", True)
        effects = kind.placed

        def placed(g, p, t, trace=None):
            env = Env(g, p, t, trace=trace)
            return all(ev.eval(e.expr, env) for e in effects)
    if kind.taken:
        taken = _Effects(Evaluator(scope.handler(), f"{prefix}_taken", True), kind.taken, True)
    moment = "placed" if kind.placed else (
        "taken" if any(e.verb in ("pay", "destroy", "require") for e in kind.taken) else None)
    return KindSpec(kind.name, kind.title, tuple(param_spec(p) for p in kind.params.values()),
                    tuple(sorted(kind.scoring_params)), kind.declared, end_specs(kind.ends, scope, prefix, True),
                    placed, taken, moment)


def god_spec(rules: RuleSet, god) -> GodSpec:
    scope = god_scope(rules, god)
    prefix = f"_god_{god.name}"
    taken = _Effects(Evaluator(scope.handler(), f"{prefix}_taken"), god.taken, False) if god.taken else None
    return GodSpec(god.name, god.title, end_specs(god.ends, scope, prefix, False), taken,
                   dict(god.modifiers), any(e.verb in ("pay", "destroy", "require") for e in god.taken))
