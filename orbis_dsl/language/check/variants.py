"""Stage 2, what a game is dealt: its tile list (each tile's level, colour, mark, cost and its piece's parameters)
and its variants (players, revealed pieces, removed marks, prizes, options). Functions of the checker's `Names`
(check/state.py), as `env`."""

from __future__ import annotations

from orbis_dsl.language.check.literals import color, in_range, literal, type_words
from orbis_dsl.language.check.members import last_line
from orbis_dsl.language.check.model import Kind, Tile, Variant
from orbis_dsl.language.syntax import ast_decl


def check_variant(env, file, decl: ast_decl.VariantDecl, gods) -> Variant:
    if decl.players is None:
        env.error(f"variant '{decl.name}' says nothing of 'players'", decl.span)
    elif decl.players < 1:
        env.error("a variant needs at least one player", last_line(decl, "players:") or decl.span)
    for star, span in zip(decl.removed_marks, decl.removed_spans or (decl.span,) * len(decl.removed_marks)):
        if star not in env.stars:
            env.diags.append(env.unknown("tile mark", star, env.stars, span))
    if decl.revealed_family is not None and decl.revealed_family != env.vocabulary.player_family:
        players_family = [env.vocabulary.player_family] if env.vocabulary.player_family else []
        env.diags.append(env.unknown("family held by players", decl.revealed_family, players_family,
                                     decl.revealed_family_span or decl.span))
    prizes, given = {}, {}
    for p in decl.prizes:
        if p.award not in env.awards:
            env.diags.append(env.unknown("award", p.award, env.awards, p.span))
        elif p.award in prizes:  # the later line would silently replace the first
            env.error(f"variant '{decl.name}' gives the prizes of award '{p.award}' twice: the first is at "
                      f"{_at(given[p.award])}", p.span)
        prizes[p.award], given[p.award] = p.prizes, given.get(p.award, p.span)
    options, set_at = {}, {}
    for o in decl.options:
        option = env.options.get(o.name)
        if o.name in options:
            env.error(f"variant '{decl.name}' sets option '{o.name}' twice: the first is at "
                      f"{_at(set_at[o.name])}", o.span)
        elif option is None:
            env.diags.append(env.unknown("option", o.name, env.options, o.span))
        else:
            options[o.name] = literal(env, o.value, option.type, f"option '{o.name}'")
            set_at[o.name] = o.span
    players = decl.players or 0
    revealed = decl.revealed if decl.revealed is not None else players + 1
    return Variant(decl.name, players, revealed, decl.removed_marks, prizes, options, file, span=decl.span)


def check_tile(env, file, decl: ast_decl.TileDecl) -> Tile | None:
    where = decl.parts.get
    if not 1 <= decl.level <= env.levels:
        env.error(f"level {decl.level} is out of range: the rule set has levels 1 to {env.levels}",
                  where("level", decl.span))
    colour = color(env, decl.color, where("color", decl.span))
    if decl.mark not in env.stars:
        env.diags.append(env.unknown("tile mark", decl.mark, env.stars, where("mark", decl.span)))
    for i, square in enumerate(decl.cost):
        if square is not None:
            color(env, square, where(f"cost{i}", decl.span))
    kind = env.kinds.get(decl.piece)
    if kind is None:
        what = env.vocabulary.tile_family or "tile piece"
        env.diags.append(env.unknown(what, decl.piece, env.kinds, where("piece", decl.span)))
        return None
    params = tile_params(env, kind, decl.args, decl.span)
    cost = tuple(env.aliases.get(s, s) if s else None for s in decl.cost)
    return Tile(decl.level, colour or "", decl.mark, cost, decl.piece, params, file,
                span=where("level", decl.span))


def tile_params(env, kind: Kind, args, span) -> dict[str, object]:
    values: dict[str, object] = {}
    for arg in args:
        param = kind.params.get(arg.name)
        if param is None:
            d = env.unknown("parameter", arg.name, kind.params, arg.span)
            env.diags.append(d._replace(message=f"{d.message} of {kind.name}"))
        elif arg.name in values:
            env.error(f"parameter '{arg.name}' is given twice", arg.span)
        else:
            values[arg.name] = literal(env, arg.value, param.type, f"parameter '{arg.name}'")
            in_range(env, param, values[arg.name], f"parameter '{arg.name}'", arg.span)
    for name, param in kind.params.items():
        if name not in values:
            if param.required:
                env.error(f"{kind.name} needs parameter '{name}' ({type_words(param.type)})", span)
            values[name] = param.default
    return values


def _at(span) -> str:
    return f"{span.line}:{span.column}" if span is not None else "another line"
