"""The reference semantics of score-sheet games: the runtime `Rules` built from the checked model with closures
in place of the generated handlers (facts, columns, awards for each member, checks, the hex map, the winner).

It mirrors what `compile.py` writes for a sheet game, so tests can score thousands of random sheets both ways and
demand identical reports (tests/rules/test_interpreter_agreement.py).
"""

from __future__ import annotations

import attrs

from .describe import SheetDescriber
from .interpret import Env, Evaluator, _god
from .model import RuleSet
from .runtime.board import Board
from .runtime.hexmap import HexMapSpec
from .runtime.rules import Rules
from .runtime.specs import AwardSpec, CheckSpec, FactSpec, OptionSpec, ScoreSpec, Settings
from .scope import rule_context


def build_sheet_rules(rules: RuleSet) -> Rules:
    return Rules(
        settings=_settings(rules),
        kinds={}, gods={g.name: _god(rules, g) for g in rules.gods.values()},
        awards={a.name: _award(rules, a) for a in rules.awards.values()},
        variants={}, tiles=(), board=Board(()),
        facts={f.name: _fact(rules, f) for f in rules.facts.values()},
        scores={s.name: _score(rules, s) for s in rules.scores.values()},
        checks=tuple(_check(rules, c) for c in rules.checks),
    )


def _settings(rules: RuleSet) -> Settings:
    ctx = rule_context(rules, extras={"total": "int"})
    winner = []
    for i, key in enumerate(rules.winner):
        ev = Evaluator(ctx, False, f"_winner_key_{i}")
        winner.append((key.rank, lambda g, p, trace=None, ev=ev, e=key.expr: ev.eval(e, Env(g, p))))
    game, hexmap = rules.game, rules.hexmap
    return Settings(
        options=tuple(OptionSpec(o.name, o.type.name, o.type.choices, o.default) for o in rules.options.values()),
        values=dict(rules.values), winner=tuple(winner), sets=dict(rules.sets), rounds=rules.rounds,
        held_family=rules.vocabulary.player_family,
        game=game.id if game else None, title=game.title if game else None,
        record_format=game.record if game else None, report_format=game.report if game else None,
        hexmap=HexMapSpec(hexmap.name, hexmap.title or hexmap.name, hexmap.water, hexmap.rows,
                          hexmap.water_prefix or "~") if hexmap else None,
    )


def _fact(rules: RuleSet, f) -> FactSpec:
    kind, choices = ("list", rules.sets[f.type.name]) if f.type.name in rules.sets else (f.type.name, f.type.choices)
    return FactSpec(f.name, f.title, kind, choices, f.low, f.high, rules.sets.get(f.per, ()), f.type.optional)


def _award(rules: RuleSet, award) -> AwardSpec:
    each = {award.for_each.name: award.for_each.set} if award.for_each else {}
    ctx = rule_context(rules, each=each)
    inner = attrs.evolve(ctx, extras={"measure": "int"})
    measure_ev = Evaluator(ctx, False, f"_award_{award.name}_measure")
    # Handlers of an award `for each` member take the member after the player, as the generated ones do.
    if each:
        def measure(g, p, member, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace, each=member))
    else:
        def measure(g, p, trace=None):
            return measure_ev.eval(award.measure, Env(g, p, trace=trace))

    def part(expr, name):
        if expr is None:
            return None
        ev = Evaluator(inner, False, f"_award_{award.name}_{name}")
        if each:
            return lambda g, p, member, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace, each=member))
        return lambda g, p, m, trace=None: ev.eval(expr, Env(g, p, measure=m, trace=trace))

    return AwardSpec(award.name, award.title, measure, part(award.eligible, "eligible"),
                     part(award.tiebreak, "tiebreak"), award.ties, award.warn, award.prizes,
                     rules.sets[award.for_each.set] if award.for_each else (), award.rank, award.unless_equal)


def _score(rules: RuleSet, score) -> ScoreSpec:
    ev = Evaluator(rule_context(rules, allow_awards=True), False, f"_score_{score.name}")
    text = SheetDescriber(set(rules.facts), set(rules.values)).text(score.expr)
    return ScoreSpec(score.name, score.title, lambda g, p, trace=None: ev.eval(score.expr, Env(g, p, trace=trace)),
                     text)


def _check(rules: RuleSet, check) -> CheckSpec:
    each = {check.for_each.name: check.for_each.set} if check.for_each else {}
    ev = Evaluator(rule_context(rules, each=each, allow_awards=not check.refuse), False, "_check")
    members = rules.sets[check.for_each.set] if check.for_each else ()
    return CheckSpec(check.message, lambda g, p, each, trace=None: ev.eval(check.cond, Env(g, p, trace=trace,
                                                                                          each=each)),
                     check.for_each.name if check.for_each else None, members, check.refuse)
