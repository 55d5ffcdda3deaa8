"""The reference semantics: evaluate the checked rule set's expressions directly, with no code generation.

`build_rules` returns the same runtime `Rules` as the generated modules, with closures in place of compiled
handlers. Tests score thousands of random games both ways and demand identical results; benchmarks time both.
It imports nothing from the compiler and none of the generated handlers' run-time helpers (`runtime.support`,
`runtime.awards`): comparisons, none-handling and ranking among players are its own (`values`), and so are its
ranked awards (`awards`, handed to the scorer on each award's spec), so a slip in either back end shows as a
disagreement. What both share is the IR (each handler's scope and lowered expressions, `ir.scope`, with the words
that explain them, `ir.describe`), the spec data the checker worked out (`ir.checked`), the runtime's specs both
must produce, and the map's data (`runtime.hexmap.HexMap`: its cells, what each touches, which are water;
the groups over it are its own, `groups`).

The evaluator is `interpret_expr`; `interpret_pieces` builds the tile kinds and gods, `interpret_sheets` the
awards, score columns, table checks and facts; this module puts the whole `Rules` together.
"""

from __future__ import annotations

from orbis_dsl.language.backends.interpret.expr import Env, Evaluator
from orbis_dsl.language.backends.interpret.pieces import end_specs, god_spec, kind_spec, param_spec
from orbis_dsl.language.backends.interpret.sheets import award_spec, check_spec, fact_spec, score_spec
from orbis_dsl.language.ir.checked import RuleSet, listed_name
from orbis_dsl.language.ir.scope import DeclarationScope, desert_scope, rule_scope
from orbis_dsl.language.ir.types import INT
from orbis_dsl.runtime.board import Board
from orbis_dsl.runtime.hexmap import HexMapSpec
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import OptionSpec, Settings, TileSpec, VariantSpec


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


def _winner_if(rules: RuleSet, scope: DeclarationScope):
    if rules.winner_if is None:
        return None
    ev = Evaluator(scope.handler(), "_winner_if")
    return lambda g, p, trace=None: ev.eval(rules.winner_if, Env(g, p))


def _held_family(rules: RuleSet) -> str | None:
    """The family each player holds one piece of (a record's key for it); not one only held in lists."""
    family = rules.vocabulary.player_family
    listed = {listed_name(f.type) for f in rules.facts.values()}
    return family if rules.is_sheet and family not in listed else None


def build_rules(rules: RuleSet) -> Rules:
    wild = rules.desert.wild
    winner_scope = rule_scope(rules, extras={"total": INT})
    winner = []
    for i, key in enumerate(rules.winner):
        ev = Evaluator(winner_scope.handler(), f"_winner_key_{i}")
        winner.append((key.rank, lambda g, p, trace=None, ev=ev, e=key.expr: ev.eval(e, Env(g, p))))
    settings = Settings(
        colors=rules.colors, aliases=dict(rules.aliases), stars=rules.stars, levels=rules.levels,
        display=rules.display, board=rules.board, realm_limit=rules.realm_limit,
        cancel_tokens=rules.cancel_tokens, exchange=rules.exchange,
        attributes=tuple(param_spec(p) for p in rules.attributes.values()),
        options=tuple(OptionSpec(o.name, o.type.name, o.type.choices, o.default) for o in rules.options.values()),
        values=dict(rules.values), desert_wild=wild,
        desert_ends=end_specs(rules.desert.ends, desert_scope(rules), "_desert", True),
        winner=tuple(winner),
        sets=dict(rules.sets), rounds=rules.rounds,
        held_family=_held_family(rules), rounds_also=rules.rounds_also, grid=rules.grid,
        winner_if=_winner_if(rules, winner_scope), hexmap=_hexmap(rules.hexmap),
        **_game_fields(rules.game),
    )
    return Rules(
        settings=settings,
        kinds={k.name: kind_spec(rules, k) for k in rules.kinds.values()},
        gods={g.name: god_spec(rules, g) for g in rules.gods.values()},
        awards={a.name: award_spec(rules, a) for a in rules.awards.values()},
        variants={v.name: VariantSpec(v.name, v.players, v.gods_revealed, v.removed_stars, dict(v.prizes),
                                      dict(v.options), _line(v)) for v in rules.variants.values()},
        tiles=tuple(TileSpec(t.level, t.color, t.stars, t.cost, t.kind, dict(t.params), _line(t))
                    for t in rules.tiles),
        board=Board(rules.board),
        facts={f.name: fact_spec(rules, f) for f in rules.facts.values()},
        scores={c.name: score_spec(rules, c) for c in rules.scores.values()},
        checks=tuple(check_spec(rules, c, i) for i, c in enumerate(rules.checks)),
    )
