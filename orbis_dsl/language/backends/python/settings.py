"""Stage 3, part 2: the `SETTINGS` of one module, from the declarations that name nothing (the game, colours, the
board, options, values, sets, the winner …), as keyword arguments of the runtime's Settings."""

from __future__ import annotations

from orbis_dsl.language.backends.python.module_builder import (
    PLAYER_ARGS,
    TILE_ARGS,
    ModuleBuilder,
    param_spec,
    tuple_text,
)
from orbis_dsl.language.check.model import RuleSet, listed_name
from orbis_dsl.language.check.names import desert_context, rule_context
from orbis_dsl.language.syntax import ast_decl, ast_sheet

# The runtime's Settings field each generic declaration fills (runtime names are internal, never shown).
_SETTING_OF = {"mark": "stars", "market": "display", "rounds": "rounds"}


def settings_fields(rules: RuleSet, builder: ModuleBuilder, decls) -> dict[str, str]:
    """The unnamed declarations a file holds (colours, board, options …), as Settings keyword arguments."""
    fields: dict[str, str] = {}
    attributes = [param_spec(rules.attributes[d.name]) for d in decls if isinstance(d, ast_decl.AttributeDecl)]
    options = [_option_spec(rules.options[d.name]) for d in decls if isinstance(d, ast_decl.OptionDecl)]
    values = {d.name: d.value for d in decls if isinstance(d, ast_decl.ValueDecl)}
    aliases = {d.alias: rules.aliases[d.alias] for d in decls if isinstance(d, ast_decl.AliasDecl)}
    sets: dict[str, tuple[str, ...]] = {}
    for decl in decls:
        if isinstance(decl, ast_decl.NamesDecl):
            fields[_SETTING_OF.get(decl.what, decl.what)] = repr(tuple(decl.names))
        elif isinstance(decl, ast_decl.NumberDecl):
            fields[_SETTING_OF.get(decl.what, decl.what)] = repr(decl.value)
            if decl.also is not None:
                fields["rounds_also"] = repr(decl.also)
        elif isinstance(decl, ast_sheet.GridDecl) and rules.grid is not None:
            fields["grid"] = _grid_spec(rules.grid)
        elif isinstance(decl, ast_decl.BoardDecl):
            fields["board"] = repr(decl.rows)
        elif isinstance(decl, ast_decl.ResourceDecl):
            if decl.limit is not None:
                fields["realm_limit"] = repr(decl.limit)
            if decl.trade:
                fields["exchange"] = repr(decl.trade)
        elif isinstance(decl, ast_decl.MarkerDecl) and decl.supply is not None:
            fields["cancel_tokens"] = repr(decl.supply)
        elif isinstance(decl, ast_decl.FacedownDecl):
            ends = builder.end_functions("_desert", decl.ends, desert_context(rules), TILE_ARGS, True)
            fields["desert_wild"] = repr(decl.wild)
            fields["desert_ends"] = tuple_text(ends)
        elif isinstance(decl, ast_sheet.WinnerDecl):
            fields["winner"] = tuple_text(_winner_keys(rules, builder, decl))
            if decl.only_if is not None:
                fields["winner_if"] = _winner_if(rules, builder, decl.only_if)
        elif isinstance(decl, ast_sheet.SetDecl):
            sets[decl.name] = decl.members
        elif isinstance(decl, ast_sheet.HexMapDecl):
            fields["hexmap"] = (f"HexMapSpec({decl.name!r}, {(decl.title or decl.name)!r}, {decl.water!r}, "
                                f"{decl.rows!r}, {(decl.water_prefix or '~')!r}, {decl.player_colors!r})")
        elif isinstance(decl, ast_decl.GameDecl):
            fields.update({"game": repr(decl.id), "title": repr(decl.title), "record_format": repr(decl.record),
                           "report_format": repr(decl.report)})
        elif isinstance(decl, ast_decl.FamilyDecl) and decl.role == "players" and rules.is_sheet and not any(
                listed_name(f.type) == decl.name for f in rules.facts.values()):
            # (a family only held in lists, like cards taken during play, is no piece every player holds)
            fields["held_family"] = repr(decl.name)
    if aliases:
        fields["aliases"] = repr(dict(sorted(aliases.items())))
    if attributes:
        fields["attributes"] = tuple_text(attributes)
    if options:
        fields["options"] = tuple_text(options)
    if values:
        fields["values"] = repr(values)
    if sets:
        fields["sets"] = repr(sets)
    return fields


def _winner_keys(rules: RuleSet, builder: ModuleBuilder, decl: ast_sheet.WinnerDecl) -> list[str]:
    keys = []
    ctx = rule_context(rules, extras={"total": "int"})
    for i, key in enumerate(decl.keys):
        name = builder.returning(f"_winner_key_{i}", PLAYER_ARGS, ctx, key.expr, span=key.span)
        keys.append(f"({key.rank!r}, {name})")
    return keys


def _winner_if(rules: RuleSet, builder: ModuleBuilder, cond) -> str:
    ctx = rule_context(rules, extras={"total": "int"})
    return builder.returning("_winner_if", PLAYER_ARGS, ctx, cond)


def _option_spec(o) -> str:
    return f"OptionSpec(name={o.name!r}, type={o.type.name!r}, choices={o.type.choices!r}, default={o.default!r})"


def _grid_spec(grid) -> str:
    marks = ", ".join(f"GridMarkSpec({m.name!r}, {m.title!r}, {m.members!r}, {m.set!r}, {m.in_patch!r}"
                      + (f", {dict(m.home)!r})" if m.home else ")") for m in grid.marks)
    return (f"GridSpec(name={grid.name!r}, title={grid.title!r}, shape={grid.shape!r}, edges={grid.edges!r}, "
            f"edge_set={grid.edge_set!r}, marks=({marks}{',' if len(grid.marks) == 1 else ''}), "
            f"borders={dict(grid.borders)!r}" + (f", areas={dict(grid.areas)!r}" if grid.areas else "")
            + (f", faces={grid.faces!r})" if grid.faces else ")"))
