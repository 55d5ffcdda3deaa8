"""Stage 2, pass 2: the constants every expression may use before any other declaration is checked (colours and
their aliases, tile marks, the game's nouns), the number of levels and the board; and the pieces of each family.
Functions of the checker's `Names` (check/state.py), as `env`."""

from __future__ import annotations

import itertools

import attrs

from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.model import ROLES, Vocabulary
from orbis_dsl.language.syntax import ast_decl, ast_sheet


def constants(env):
    """`env` with the colours, aliases, tile marks, levels and the game's nouns (`vocabulary`) known."""
    singletons, by_type = env.singletons, env.by_type
    colors_decl = singletons.get("colors")
    colors = tuple(colors_decl.names) if colors_decl else ()
    _check_unique(env, colors_decl, "colour")
    mark_decl = singletons.get("mark")
    stars = tuple(mark_decl.names) if mark_decl else ()
    _check_unique(env, mark_decl, "tile mark")
    aliases = _aliases(env, by_type[ast_decl.AliasDecl], colors)
    if "market" in singletons and singletons["market"].value < 1:  # 0 was taken for "not set": 9 stayed
        env.error("the market must show at least 1 tile", singletons["market"].span)
    _check_board(env, singletons.get("board"))
    vocabulary = _vocabulary(env)
    _check_constants_unshadowed(env, set(colors) | set(aliases) | set(stars))
    return attrs.evolve(env, colors=colors, aliases=aliases, stars=stars, vocabulary=vocabulary,
                        levels=singletons["levels"].value if "levels" in singletons else 1)


def pieces_of(env, role: str) -> list[tuple[str, ast_decl.PieceDecl]]:
    """The pieces of the family with this role (a piece of an unknown family is reported once, here)."""
    found = []
    for f, decl in env.by_type[ast_decl.PieceDecl]:
        family = env.families.get(decl.family)
        if family is None:
            if role == ROLES[0]:
                env.diags.append(env.unknown("family", decl.family, env.families, decl.family_span or decl.span))
        elif family.role == role:
            found.append((f, decl))
    return found


def _aliases(env, decls, colors) -> dict[str, str]:
    """Each alias to the colour it stands for; an alias of no colour, or named like one, is an error."""
    aliases = {}
    for _, decl in decls:
        if decl.target not in colors:
            env.diags.append(env.unknown("colour", decl.target, colors, decl.target_span or decl.span))
        elif decl.alias in colors:
            env.error(f"'{decl.alias}' is a colour and cannot also be an alias", decl.span)
        else:
            aliases[decl.alias] = decl.target
    return aliases


def _vocabulary(env) -> Vocabulary:
    """The game's nouns, from its families (one per role), face-down state, marker, mark and resource."""
    by_role: dict[str, ast_decl.FamilyDecl] = {}
    for _, decl in env.by_type[ast_decl.FamilyDecl]:
        if decl.role in by_role:
            env.error(f"a rule set has one family for {decl.role}; '{by_role[decl.role].name}' is that family",
                      decl.span)
        else:
            by_role[decl.role] = decl
    tiles, players = by_role.get("tiles"), by_role.get("players")
    singletons = env.singletons
    facedown, marker = singletons.get("facedown"), singletons.get("marker")
    resource, mark = singletons.get("resource"), singletons.get("mark")
    return Vocabulary(
        tile_family=tiles.name if tiles else None, tile_family_title=_title(tiles),
        player_family=players.name if players else None, player_family_title=_title(players),
        facedown=facedown.name if facedown else None, facedown_title=_title(facedown),
        marker=marker.name if marker else None, marker_title=_title(marker),
        opposite=marker.opposite if marker else None, mark=mark.mark if mark else None,
        resource=resource.name if resource else None, resource_title=_title(resource),
    )


def _check_unique(env, decl, what) -> None:
    if decl is None:
        return
    seen = set()
    for name, span in zip(decl.names, decl.name_spans or [decl.span] * len(decl.names)):
        if name in seen:
            env.error(f"{what} '{name}' is listed twice", span)
        if name in env.reserved:
            env.error(f"'{name}' is {env.taken_by(name)} and cannot name a {what}", span)
        seen.add(name)


def _check_constants_unshadowed(env, constants: set[str]) -> None:
    """Colours and tile marks are names in expressions too: nothing else may take them."""
    for cls, what in ((ast_decl.PieceDecl, None), (ast_decl.OptionDecl, "option"), (ast_decl.ValueDecl, "value"),
                      (ast_decl.AttributeDecl, "attribute"), (ast_sheet.FactDecl, "fact"),
                      (ast_sheet.SetDecl, "set"), (ast_decl.LetDecl, "top-level let")):
        for path, decl in env.by_type[cls]:
            if decl.name not in constants:
                continue
            constant, constant_path = _constant_declared(env.by_type, decl.name)
            layers = env.sources.layers
            if constant is not None and layers.get(constant_path, 0) > layers.get(path, 0):
                # A pack's alias named like a base declaration: the error stands at the pack's.
                env.error(f"alias '{decl.name}' is named like the base game's {what or decl.family} "
                          f"'{decl.name}': a name means one thing", constant.span,
                          hint=f"the base game's at {where(decl.span)}: `{env.first_line(decl.span)}`; "
                               "give the alias another name")
                continue
            hint = f"declared at {where(constant.span)}: `{env.first_line(constant.span)}`" if constant else None
            env.error(f"'{decl.name}' is a colour or tile mark and cannot also name "
                      f"a {what or decl.family}", decl.span, hint=hint)


def _constant_declared(by_type, name: str) -> tuple[object | None, str | None]:
    """The declaration of a colour, alias or tile mark, and its file."""
    for path, decl in by_type[ast_decl.NamesDecl] + by_type[ast_decl.AliasDecl]:
        if name in getattr(decl, "names", ()) or name == getattr(decl, "alias", None):
            return decl, path
    return None, None


def _check_board(env, decl) -> None:
    if decl is None:
        return
    rows = decl.rows
    if not rows or rows[0] < 1:
        env.error("a stacked board needs a bottom row of at least one tile", decl.span)
    for below, above in itertools.pairwise(rows):
        if above != below - 1:
            env.error(f"each row of a stacked board is one tile shorter than the row below; "
                      f"got {below} then {above}", decl.span)
            break


def _title(decl) -> str | None:
    if decl is None:
        return None
    return decl.title or decl.name
