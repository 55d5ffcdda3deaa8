"""The interpreter's end of the game: awards, score columns, table checks and facts (with the facts a grid
record derives) as runtime specs whose handlers are closures over the evaluator."""

from __future__ import annotations

from orbis_dsl.language.backends.interpret.awards import hand_out
from orbis_dsl.language.backends.interpret.expr import Env, Evaluator
from orbis_dsl.language.ir.checked import RuleSet, awards_summed, list_spec, player_key, sheet_titles, table_key
from orbis_dsl.language.ir.describe import SheetDescriber
from orbis_dsl.language.ir.scope import derive_scope, rule_scope
from orbis_dsl.runtime.specs import AwardSpec, CheckSpec, FactSpec, ScoreSpec


def award_spec(rules: RuleSet, award) -> AwardSpec:
    prefix = f"_award_{award.name}"
    each = {award.for_each.name: award.for_each.set} if award.for_each else {}
    scope = rule_scope(rules, each=each)
    inner = scope.measured()
    measure_ev = Evaluator(scope.handler(), f"{prefix}_measure")
    if each:  # handed out per member of a set: the handlers take the member, as the generated ones do

        def measure(g, p, member, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace, each=member))
    else:

        def measure(g, p, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace))

    def part(expr, name):
        if expr is None:
            return None
        ev = Evaluator(inner.handler(), f"{prefix}_{name}")
        if each:
            return lambda g, p, member, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace, each=member))
        return lambda g, p, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace))

    members = rules.sets[award.for_each.set] if award.for_each else ()
    return AwardSpec(award.name, award.title, measure, part(award.eligible, "eligible"),
                     part(award.tiebreak, "tiebreak"), award.ties, award.warn, award.prizes, members, award.rank,
                     award.unless_equal, award.says, hand_out)


def score_spec(rules: RuleSet, score) -> ScoreSpec:
    # A column's divisions are traced step by step, as the generated column does (codegen.ExprCompiler.steps).
    ev = Evaluator(rule_scope(rules, allow_awards=True).handler(), f"_score_{score.name}", steps=True,
                   top=score.expr)
    text = SheetDescriber(set(rules.facts), set(rules.values), titles=sheet_titles(rules)).column_text(score.expr)
    summed = awards_summed(score.expr)
    return ScoreSpec(score.name, score.title, lambda g, p, trace=None: ev.eval(score.expr, Env(g, p, trace=trace)),
                     text, summed)


def check_spec(rules: RuleSet, check, index: int) -> CheckSpec:
    each = {check.for_each.name: check.for_each.set} if check.for_each else {}
    ev = Evaluator(rule_scope(rules, each=each, allow_awards=not check.refuse).handler(), f"_check_{index}")

    def fn(g, p, member, trace=None):
        return ev.eval(check.cond, Env(g, p, trace=trace, each=member))

    members = rules.sets[check.for_each.set] if check.for_each else ()
    return CheckSpec(check.message, fn, check.for_each.name if check.for_each else None, members, check.refuse,
                     check.note, table_key(rules, check), player_key(rules, check))


def fact_spec(rules: RuleSet, f) -> FactSpec:
    kind, choices, flag = list_spec(f.type, rules.sets)
    return FactSpec(f.name, f.title, kind, choices, f.low, f.high, rules.sets.get(f.per, ()), f.type.optional,
                    f.level, f.key, flag, _derive(rules, f), f.board_only)


def _derive(rules: RuleSet, f):
    """`from EXPR` over a grid record's measures and the round's facts, as `compile.ModuleBuilder.derive`."""
    if f.derive is None:
        return None
    ev = Evaluator(derive_scope(rules).handler(), f"_derive_{f.name}")

    def derive(g, p, trace=None):
        value = ev.eval(f.derive, Env(g, p, trace=trace))
        return dict(value) if f.per else value
    return derive
