"""Stage 2: semantic checks of a parsed rule set → the checked model (`model.RuleSet`) plus diagnostics.

Checks: every name resolves (with "did you mean"), types match, tiles give every required parameter and no unknown
one, numbers are in range, nothing is declared twice. Errors are collected, never raised.

The check is a row of passes, each a function from one frozen `Names` (check/state.py: what is known of the rule
set so far) to the next, in the order names become known:
1. `declarations.collect`: the declarations by type, what a pack replaced, names declared twice or taken;
2. `constants.constants`: colours, aliases, tile marks, levels, the board and the game's nouns;
3. `_expression_names`: the settings, tile parameters, sets and values, the hex map, facts, listed pieces and the
   top-level lets (`top_lets`), then the functions (`functions`);
4. `_declarations`: each declaration that scores (modules `pieces`, `sheets`, `variants`), reading what the
   passes before decided, and what earlier declarations of this pass gave (kinds for tiles, awards for variants).
Expressions are checked by `expr.check_expr`, which hands each node to the module of its construct (`expr`,
`lists`, `scope_forms`, `hexmap`). Diagnostics go to the pass's `Report`; this module builds the model.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.bounds import resource_limits
from orbis_dsl.language.check.constants import constants, pieces_of
from orbis_dsl.language.check.declarations import collect, record_keys_are_free, replacement_hints
from orbis_dsl.language.check.elaborate import elaborate
from orbis_dsl.language.check.functions import check_functions, function_table, placed
from orbis_dsl.language.check.grid import grid_spec
from orbis_dsl.language.check.hexmap import check_hexmap
from orbis_dsl.language.check.literals import check_option, check_param
from orbis_dsl.language.check.members import ONCE_ONLY, repeated
from orbis_dsl.language.check.model import RuleSet, type_of
from orbis_dsl.language.check.names import fact_types, listed_pieces
from orbis_dsl.language.check.pieces import check_desert, check_god, check_kind
from orbis_dsl.language.check.scope_forms import check_values
from orbis_dsl.language.check.sheets import (
    check_award,
    check_fact,
    check_score,
    check_sets,
    check_warning,
    check_winner,
    derived_facts,
    unprized_awards,
)
from orbis_dsl.language.check.state import Names
from orbis_dsl.language.check.top_lets import top_level_lets
from orbis_dsl.language.check.types import UNKNOWN, Type, required
from orbis_dsl.language.check.variants import check_tile, check_variant
from orbis_dsl.language.syntax import ast_decl, ast_sheet
from orbis_dsl.language.syntax.sources import SourceSet


def check(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic]]:
    """The checked rule set (None when there are errors) and every diagnostic found, in file order."""
    rules, diags, _ = check_expanded(sources)
    return rules, diags


def check_expanded(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic], SourceSet]:
    """`check`, and the rule files with reuse expanded (check/elaborate.py), which the back ends read as the
    rules' declarations: every small function call, link set and per-member declaration already written out."""
    rules, diags, sources, _ = checked(sources)
    return rules, diags, sources


def checked(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic], SourceSet, Names | None]:
    """`check_expanded`, and what the passes knew at the end (None when elaboration or the size limits refused
    the rules before them): what they found beyond the model, such as which declarations a pack replaced
    (`replaced`)."""
    elaboration = elaborate(sources)  # functions, link sets and per-member declarations expanded first
    if any(d.is_error for d in elaboration.diagnostics):
        return None, sorted(elaboration.diagnostics, key=_position), sources, None
    sources = elaboration.sources
    bodies = {name: body for name, (_, body) in elaboration.functions.items() if body is not None}
    too_costly = resource_limits(sources.files, bodies)  # first: the checker's own walks follow lets too
    if too_costly:
        return None, sorted(too_costly, key=_position), sources, None
    rules, env = run(Names(sources=sources, reuse=elaboration))
    diags = env.diags
    if rules is not None and env.functions:
        rules = attrs.evolve(rules, functions=dict(env.functions))
    expanded = len(diags)
    if elaboration.functions:
        check_functions(env, elaboration)  # each body once, at its definition (after the names are known)
        rules = None if any(d.is_error for d in diags) else rules
    found = placed([*elaboration.diagnostics, *diags], elaboration, env.report.misfed, diags[expanded:])
    return rules, sorted(found, key=_position), sources, env


def run(env: Names) -> tuple[RuleSet | None, Names]:
    """Every pass over the rule set `env.sources`: the model (None when there are errors), and what the passes
    knew at the end (its `report` holds the diagnostics)."""
    env = collect(env)
    _repeated_lines(env)
    # A game scored from score sheets (it declares `score` columns) needs no tiles, so no colours or board.
    _require(env, ("winner",) if env.sheet else ("colors", "board", "winner"))
    env = constants(env)
    tile_pieces, held_pieces = pieces_of(env, "tiles"), pieces_of(env, "players")
    env = _expression_names(env, tile_pieces, held_pieces)
    env = attrs.evolve(env, functions=function_table(env, env.reuse))  # (the sets known: a parameter may be a member)
    grid = grid_spec(env, env.singletons.get("grid"))
    derived_facts(env, env.by_type[ast_sheet.FactDecl], grid)
    env = attrs.evolve(env, score_names=frozenset(d.name for _, d in env.by_type[ast_sheet.ScoreDecl]))
    checked, env = _declarations(env, tile_pieces, held_pieces)
    replacement_hints(env)
    if any(d.is_error for d in env.diags):
        return None, env
    by_type = env.by_type
    decl_files = _decl_files((("KindDecl", tile_pieces), ("GodDecl", held_pieces),
                              ("AwardDecl", by_type[ast_sheet.AwardDecl]),
                              ("VariantDecl", by_type[ast_decl.VariantDecl]),
                              ("ScoreDecl", by_type[ast_sheet.ScoreDecl]),
                              ("FactDecl", by_type[ast_sheet.FactDecl])))
    return _rule_set(env, grid, checked, decl_files), env


# ---- pass 1 and 2: what each declaration must and may say ------------------------------------------------------

def _repeated_lines(env: Names) -> None:
    """An error for each once-only line a declaration gives twice."""
    for cls in ONCE_ONLY:
        for _, decl in env.by_type[cls]:
            env.diags.extend(repeated(decl))


def _require(env: Names, names) -> None:
    """An error for each declaration the game must make and does not, placed at the top of its entry file."""
    entry = env.sources.files[-1].path if env.sources.files else None
    for missing in names:
        if missing not in env.singletons:
            env.diags.append(Diagnostic(f"the rule set declares no '{missing}'", file=entry,
                                        span=Span(entry, 1, 1) if entry else None))


# ---- pass 3: what expressions may name -----------------------------------------------------------------------

def _expression_names(env: Names, tile_pieces, held_pieces) -> Names:
    """What expressions may name, in the order each becomes known: tile kinds, the settings, the parameters
    of tiles, the rounds, sets and values, the hex map, facts, listed pieces and the top-level lets."""
    by_type, singletons = env.by_type, env.singletons
    env = attrs.evolve(
        env, kind_names=frozenset(d.name for _, d in tile_pieces),
        attributes={d.name: check_param(env, d) for _, d in by_type[ast_decl.AttributeDecl]},
        options={d.name: check_option(env, f, d) for f, d in by_type[ast_decl.OptionDecl]},
        values={d.name: d.value for _, d in by_type[ast_decl.ValueDecl]},
        value_decls=tuple(d for _, d in by_type[ast_decl.ValueDecl]))  # (typed once the sets are known)
    env = attrs.evolve(env, param_types_by_name=_param_types_by_name(env, tile_pieces),
                       rounds=singletons["rounds"].value if "rounds" in singletons else None)
    env = attrs.evolve(env, sets=check_sets(env, by_type[ast_sheet.SetDecl]))
    values, value_sets, value_types = check_values(env)  # values may hold members: typed once the sets are known
    env = attrs.evolve(env, values=values, value_sets=value_sets, value_types=value_types,
                       hexmap=singletons.get("hexmap"))
    check_hexmap(env, env.hexmap)
    facts = {d.name: check_fact(env, f, d) for f, d in by_type[ast_sheet.FactDecl]}
    env = attrs.evolve(env, facts=facts, fact_types=fact_types(facts))
    record_keys_are_free(env, [d for _, d in by_type[ast_sheet.FactDecl]], by_type[ast_decl.OptionDecl], singletons)
    env = attrs.evolve(env, listed_pieces=listed_pieces(env.facts, [d.name for _, d in held_pieces],
                                                        env.vocabulary.player_family))
    lets, replaced = top_level_lets(env, [d for _, d in by_type[ast_decl.LetDecl]])
    return attrs.evolve(env, top_lets=lets, replaced=replaced)


def _param_types_by_name(env: Names, kind_decls) -> dict[str, Type]:
    """Every parameter name any tile piece declares, with its type: `sum(icons of tiles …)` reads it off any
    tile."""
    types = {name: type_of(p.type) for name, p in env.attributes.items()}
    first: dict[str, tuple[ast_decl.PieceDecl, ast_decl.ParamDecl]] = {}
    for _, decl in kind_decls:
        for member in decl.members:
            if not isinstance(member, ast_decl.ParamDecl) or member.name in env.attributes:
                continue  # (a parameter named like an attribute is told at the kind)
            if member.name not in types:
                types[member.name] = type_of(member.type)
                first[member.name] = (decl, member)
            elif required(types[member.name]) != required(type_of(member.type)) and UNKNOWN not in (
                    types[member.name], type_of(member.type)):
                other, param = first[member.name]
                env.error(f"parameter '{member.name}' is {env.words(type_of(member.type))} here, but "
                          f"{other.family} {other.name}'s parameter '{member.name}' is "
                          f"{env.words(types[member.name])}: `{member.name} of tiles` reads it off every "
                          "tile, so it has one type in every kind", member.span,
                          hint=f"{other.family} {other.name}'s is declared at {where(param.span)}: "
                               f"`{env.first_line(param.span)}`; give this parameter another name, or that type")
    return types


# ---- pass 4: the declarations that score -----------------------------------------------------------------------

def _declarations(env: Names, tile_pieces, held_pieces) -> tuple[dict, Names]:
    """Each declaration that scores, checked in order: the face-down state, tile kinds, gods, awards, score
    columns, table checks, the winner, variants and the tile list (the model's fields by name); and `env` with
    what the later ones read of the earlier ones (the kinds, the awards)."""
    by_type = env.by_type
    desert = check_desert(env, env.singletons.get("facedown"), [f for f, d in by_type[ast_decl.FacedownDecl]])
    env = attrs.evolve(env, kinds={d.name: check_kind(env, f, d) for f, d in tile_pieces})
    # (one context for every god: their checks change nothing a context is made of)
    god_ctx = env.context(self_kind="god")
    gods = {d.name: check_god(env, f, d, god_ctx) for f, d in held_pieces}
    declared = {d.name: d for _, d in by_type[ast_sheet.AwardDecl]}
    env = attrs.evolve(env, awards=declared, awards_declared=declared)
    env = attrs.evolve(env, awards={d.name: check_award(env, f, d) for f, d in by_type[ast_sheet.AwardDecl]})
    scores = {d.name: check_score(env, f, d) for f, d in by_type[ast_sheet.ScoreDecl]}
    checks = tuple(check_warning(env, f, d) for f, d in by_type[ast_sheet.WarnDecl])
    winner, winner_if = check_winner(env, env.singletons.get("winner"))
    variants = {d.name: check_variant(env, f, d, gods) for f, d in by_type[ast_decl.VariantDecl]}
    unprized_awards(env, env.awards, variants)
    tiles = tuple(check_tile(env, f, d) for f, d in by_type[ast_decl.TileDecl])
    return {"desert": desert, "kinds": env.kinds, "gods": gods, "awards": env.awards, "scores": scores,
            "checks": checks, "winner": winner, "winner_if": winner_if, "variants": variants, "tiles": tiles}, env


def _rule_set(env: Names, grid, checked: dict, decl_files: dict[str, str]) -> RuleSet:
    """The checked model: the declarations checked, the singletons' settings and what the passes decided."""
    singletons = env.singletons
    resource, marker = singletons.get("resource"), singletons.get("marker")
    return RuleSet(
        vocabulary=env.vocabulary,
        colors=env.colors, aliases=env.aliases, stars=env.stars, levels=env.levels,
        display=singletons["market"].value if "market" in singletons else 0,
        board=singletons["board"].rows if "board" in singletons else (),
        attributes=env.attributes, options=env.options, values=env.values, **checked,
        realm_limit=resource.limit if resource else None, cancel_tokens=marker.supply if marker else None,
        exchange=resource.trade if resource else (),
        files=tuple(f.path for f in env.sources.files), decl_files=decl_files,
        sets=env.sets, facts=env.facts, rounds=env.rounds,
        game=singletons.get("game"), grid=grid, lets=env.top_lets,
        rounds_also=singletons["rounds"].also if "rounds" in singletons else None,
        hexmap=singletons.get("hexmap"), value_sets=env.value_sets,
    )


def _position(d: Diagnostic):
    span = d.span
    return (span.file, span.line, span.column) if span else (d.file or "", 0, 0)


def _decl_files(labelled) -> dict[str, str]:
    """The file each kind, god, award, variant, score and fact was declared in, keyed "KindDecl:NAME"."""
    return {f"{label}:{d.name}": f for label, entries in labelled for f, d in entries}
