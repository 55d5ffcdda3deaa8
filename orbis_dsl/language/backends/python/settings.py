"""Stage 3, part 2: the `SETTINGS` of one module, from the declarations that name nothing (the game, colours, the
board, options, values, sets, the winner …), as keyword arguments of the runtime's Settings."""

from __future__ import annotations

import attrs

from orbis_dsl.language.backends.python.module_builder import (
    PLAYER_ARGS,
    TILE_ARGS,
    ModuleBuilder,
    param_spec,
    tuple_text,
)
from orbis_dsl.language.check.model import RuleSet, listed_name
from orbis_dsl.language.ir.scope import desert_scope, rule_scope
from orbis_dsl.language.ir.types import INT
from orbis_dsl.language.syntax import ast_decl, ast_sheet

# The runtime's Settings field each generic declaration fills (runtime names are internal, never shown).
_SETTING_OF = {"mark": "stars", "market": "display", "rounds": "rounds"}


def settings_fields(rules: RuleSet, builder: ModuleBuilder, decls) -> dict[str, str]:
    """The unnamed declarations a file holds (colours, board, options …), as Settings keyword arguments."""
    fields: dict[str, str] = {}
    sets: dict[str, tuple[str, ...]] = {}
    filling = _Filling(rules, builder, fields, sets)
    for decl in decls:
        fill = _FILLS.get(type(decl))
        if fill is not None:
            fill(filling, decl)
    _collected_fields(rules, decls, fields, sets)
    return fields


def _collected_fields(rules: RuleSet, decls, fields: dict[str, str], sets: dict[str, tuple[str, ...]]) -> None:
    """The fields that gather every declaration of a kind: aliases, attributes, options, values, sets."""
    attributes = [param_spec(rules.attributes[d.name]) for d in decls if isinstance(d, ast_decl.AttributeDecl)]
    options = [_option_spec(rules.options[d.name]) for d in decls if isinstance(d, ast_decl.OptionDecl)]
    values = {d.name: d.value for d in decls if isinstance(d, ast_decl.ValueDecl)}
    aliases = {d.alias: rules.aliases[d.alias] for d in decls if isinstance(d, ast_decl.AliasDecl)}
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


@attrs.define
class _Filling:
    """What a declaration's settings are written with, and into."""

    rules: RuleSet
    builder: ModuleBuilder
    fields: dict[str, str]
    sets: dict[str, tuple[str, ...]]


def _names(f: _Filling, decl: ast_decl.NamesDecl) -> None:
    f.fields[_SETTING_OF.get(decl.what, decl.what)] = repr(tuple(decl.names))


def _number(f: _Filling, decl: ast_decl.NumberDecl) -> None:
    f.fields[_SETTING_OF.get(decl.what, decl.what)] = repr(decl.value)
    if decl.also is not None:
        f.fields["rounds_also"] = repr(decl.also)


def _grid(f: _Filling, decl: ast_sheet.GridDecl) -> None:
    if f.rules.grid is not None:
        f.fields["grid"] = _grid_spec(f.rules.grid)


def _board(f: _Filling, decl: ast_decl.BoardDecl) -> None:
    f.fields["board"] = repr(decl.rows)


def _resource(f: _Filling, decl: ast_decl.ResourceDecl) -> None:
    if decl.limit is not None:
        f.fields["realm_limit"] = repr(decl.limit)
    if decl.trade:
        f.fields["exchange"] = repr(decl.trade)


def _marker(f: _Filling, decl: ast_decl.MarkerDecl) -> None:
    if decl.supply is not None:
        f.fields["cancel_tokens"] = repr(decl.supply)


def _facedown(f: _Filling, decl: ast_decl.FacedownDecl) -> None:
    ends = f.builder.end_functions("_desert", decl.ends, desert_scope(f.rules).context, TILE_ARGS, True)
    f.fields["desert_wild"] = repr(decl.wild)
    f.fields["desert_ends"] = tuple_text(ends)


def _winner(f: _Filling, decl: ast_sheet.WinnerDecl) -> None:
    f.fields["winner"] = tuple_text(_winner_keys(f.rules, f.builder, decl))
    if decl.only_if is not None:
        f.fields["winner_if"] = _winner_if(f.rules, f.builder, decl.only_if)


def _set(f: _Filling, decl: ast_sheet.SetDecl) -> None:
    f.sets[decl.name] = decl.members


def _hexmap(f: _Filling, decl: ast_sheet.HexMapDecl) -> None:
    f.fields["hexmap"] = (f"HexMapSpec({decl.name!r}, {(decl.title or decl.name)!r}, {decl.water!r}, "
                          f"{decl.rows!r}, {(decl.water_prefix or '~')!r}, {decl.player_colors!r})")


def _game(f: _Filling, decl: ast_decl.GameDecl) -> None:
    f.fields.update({"game": repr(decl.id), "title": repr(decl.title), "record_format": repr(decl.record),
                     "report_format": repr(decl.report)})


def _family(f: _Filling, decl: ast_decl.FamilyDecl) -> None:
    # (a family only held in lists, like cards taken during play, is no piece every player holds)
    if decl.role == "players" and f.rules.is_sheet and not any(
            listed_name(fact.type) == decl.name for fact in f.rules.facts.values()):
        f.fields["held_family"] = repr(decl.name)


# What each kind of declaration fills in, by its class, in the order the file declares them.
_FILLS = {
    ast_decl.NamesDecl: _names,
    ast_decl.NumberDecl: _number,
    ast_sheet.GridDecl: _grid,
    ast_decl.BoardDecl: _board,
    ast_decl.ResourceDecl: _resource,
    ast_decl.MarkerDecl: _marker,
    ast_decl.FacedownDecl: _facedown,
    ast_sheet.WinnerDecl: _winner,
    ast_sheet.SetDecl: _set,
    ast_sheet.HexMapDecl: _hexmap,
    ast_decl.GameDecl: _game,
    ast_decl.FamilyDecl: _family,
}


def _winner_keys(rules: RuleSet, builder: ModuleBuilder, decl: ast_sheet.WinnerDecl) -> list[str]:
    keys = []
    ctx = rule_scope(rules, extras={"total": INT}).context
    for i, key in enumerate(decl.keys):
        name = builder.returning(f"_winner_key_{i}", PLAYER_ARGS, ctx, key.expr, span=key.span)
        keys.append(f"({key.rank!r}, {name})")
    return keys


def _winner_if(rules: RuleSet, builder: ModuleBuilder, cond) -> str:
    ctx = rule_scope(rules, extras={"total": INT}).context
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
