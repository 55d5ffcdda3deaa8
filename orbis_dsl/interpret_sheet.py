"""The reference semantics of a score-sheet rule set: facts, columns, awards, checks and the winner rule
evaluated straight from the checked model, as `interpret.build_rules` does for a board of tiles. It mirrors what
`compile.py` writes for a sheet game (`ModuleBuilder.award`, `score`, `check`, `derive`, `_settings_fields`)."""

from __future__ import annotations

import attrs

from .describe import SheetDescriber
from .interpret import Env, Evaluator
from .model import RuleSet
from .runtime.board import Board
from .runtime.grid import measure_types
from .runtime.rules import Rules
from .runtime.specs import AwardSpec, CheckSpec, FactSpec, GodSpec, OptionSpec, ScoreSpec, Settings
from .scope import rule_context


def _evaluator(ctx, site: str) -> Evaluator:
    return Evaluator(ctx, False, site)


def _fact(rules: RuleSet, fact) -> FactSpec:
    derive = None
    if fact.derive is not None:
        rounds = {n: t for n, t in rule_context(rules).facts.items() if rules.facts[n].level == "round"}
        ev = _evaluator(attrs.evolve(rule_context(rules), facts={**rounds, **measure_types(rules.grid)}),
                        f"_derive_{fact.name}")

        def derive(g, p, trace=None, ev=ev, e=fact.derive, per=fact.per):
            value = ev.eval(e, Env(g, p, trace=trace))
            return dict(value) if per else value
    kind = fact.type
    choices = kind.choices[:1] if kind.name == "list" else kind.choices
    flag = kind.choices[1] or None if kind.name == "list" else None
    return FactSpec(fact.name, fact.title, kind.name, choices, fact.low, fact.high, rules.sets.get(fact.per, ()),
                    kind.optional, fact.level, fact.key, flag, derive)


def _award(rules: RuleSet, award) -> AwardSpec:
    each = {award.for_each.name: award.for_each.set} if award.for_each else {}
    ctx = rule_context(rules, each=each)
    inner = attrs.evolve(ctx, extras={"measure": "int"})
    prefix = f"_award_{award.name}"
    measure_ev = _evaluator(ctx, f"{prefix}_measure")

    def measure(g, p, *args, trace=None):
        return measure_ev.eval(award.measure, Env(g, p, trace=trace, each=args[0] if each else None))

    def part(expr, name):
        if expr is None:
            return None
        ev = _evaluator(inner, f"{prefix}_{name}")

        def fn(g, p, *args, trace=None):
            member, m = (args[0], args[1]) if each else (None, args[0])
            return ev.eval(expr, Env(g, p, measure=m, trace=trace, each=member))
        return fn

    return AwardSpec(award.name, award.title, measure, part(award.eligible, "eligible"),
                     part(award.tiebreak, "tiebreak"), award.ties, award.warn, award.prizes,
                     rules.sets[award.for_each.set] if each else (), award.rank, award.unless_equal)


def _score(rules: RuleSet, score) -> ScoreSpec:
    ev = _evaluator(rule_context(rules, allow_awards=True), f"_score_{score.name}")
    describer = SheetDescriber(set(rules.facts), set(rules.values))
    return ScoreSpec(score.name, score.title, lambda g, p, trace=None: ev.eval(score.expr, Env(g, p, trace=trace)),
                     describer.text(score.expr))


def _check(rules: RuleSet, check, index: int) -> CheckSpec:
    each = {check.for_each.name: check.for_each.set} if check.for_each else {}
    ev = _evaluator(rule_context(rules, each=each, allow_awards=not check.refuse), f"_check_{index}")
    members = rules.sets[check.for_each.set] if check.for_each else ()
    return CheckSpec(check.message, lambda g, p, each, trace=None: ev.eval(check.cond, Env(g, p, trace=trace,
                                                                                         each=each)),
                     check.for_each.name if check.for_each else None, members, check.refuse, check.note)


def build_sheet_rules(rules: RuleSet) -> Rules:
    winner_ctx = rule_context(rules, extras={"total": "int"})
    winner = []
    for i, key in enumerate(rules.winner):
        ev = _evaluator(winner_ctx, f"_winner_key_{i}")
        winner.append((key.rank, lambda g, p, trace=None, ev=ev, e=key.expr: ev.eval(e, Env(g, p))))
    listed = {f.type.choices[0] for f in rules.facts.values() if f.type.name == "list"}
    family = rules.vocabulary.player_family
    game = rules.game
    settings = Settings(
        options=tuple(OptionSpec(o.name, o.type.name, o.type.choices, o.default) for o in rules.options.values()),
        values=dict(rules.values), winner=tuple(winner), sets=dict(rules.sets), rounds=rules.rounds,
        held_family=family if family not in listed else None,
        game=game.id if game else None, title=game.title if game else None,
        record_format=game.record if game else None, report_format=game.report if game else None,
        rounds_also=rules.rounds_also, grid=rules.grid,
    )
    return Rules(
        settings=settings, kinds={},
        gods={g.name: GodSpec(g.name, g.title, (), None, dict(g.modifiers), False) for g in rules.gods.values()},
        awards={a.name: _award(rules, a) for a in rules.awards.values()}, variants={}, tiles=(),
        board=Board(()), facts={f.name: _fact(rules, f) for f in rules.facts.values()},
        scores={s.name: _score(rules, s) for s in rules.scores.values()},
        checks=tuple(_check(rules, c, i) for i, c in enumerate(rules.checks)),
    )
