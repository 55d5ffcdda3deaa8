"""Stage 2, what a game is dealt: its tile list (each tile's level, colour, mark, cost and its piece's
parameters) and its variants (players, revealed pieces, removed marks, prizes, options). Mixed into the checker
(which provides `error`, `diags`, `unknown`, `literal`, `color`, `levels`, `stars`, `aliases`, `kinds`,
`awards`, `options` and `vocabulary`)."""

from __future__ import annotations

from orbis_dsl.language.check.literals import type_words
from orbis_dsl.language.check.members import last_line
from orbis_dsl.language.check.model import Kind, Tile, Variant
from orbis_dsl.language.syntax import ast_decl


class VariantChecker:
    def _variant(self, file, decl: ast_decl.VariantDecl, gods) -> Variant:
        if decl.players is None:
            self.error(f"variant '{decl.name}' says nothing of 'players'", decl.span)
        elif decl.players < 1:
            self.error("a variant needs at least one player", last_line(decl, "players:") or decl.span)
        for star, span in zip(decl.removed_marks, decl.removed_spans or (decl.span,) * len(decl.removed_marks)):
            if star not in self.stars:
                self.diags.append(self.unknown("tile mark", star, self.stars, span))
        if decl.revealed_family is not None and decl.revealed_family != self.vocabulary.player_family:
            players_family = [self.vocabulary.player_family] if self.vocabulary.player_family else []
            self.diags.append(self.unknown("family held by players", decl.revealed_family, players_family,
                                           decl.revealed_family_span or decl.span))
        prizes, given = {}, {}
        for p in decl.prizes:
            if p.award not in self.awards:
                self.diags.append(self.unknown("award", p.award, self.awards, p.span))
            elif p.award in prizes:  # the later line would silently replace the first
                self.error(f"variant '{decl.name}' gives the prizes of award '{p.award}' twice: the first is at "
                           f"{_at(given[p.award])}", p.span)
            prizes[p.award], given[p.award] = p.prizes, given.get(p.award, p.span)
        options, set_at = {}, {}
        for o in decl.options:
            option = self.options.get(o.name)
            if o.name in options:
                self.error(f"variant '{decl.name}' sets option '{o.name}' twice: the first is at "
                           f"{_at(set_at[o.name])}", o.span)
            elif option is None:
                self.diags.append(self.unknown("option", o.name, self.options, o.span))
            else:
                options[o.name] = self.literal(o.value, option.type, f"option '{o.name}'")
                set_at[o.name] = o.span
        players = decl.players or 0
        revealed = decl.revealed if decl.revealed is not None else players + 1
        return Variant(decl.name, players, revealed, decl.removed_marks, prizes, options, file, span=decl.span)

    def _tile(self, file, decl: ast_decl.TileDecl) -> Tile | None:
        where = decl.parts.get
        if not 1 <= decl.level <= self.levels:
            self.error(f"level {decl.level} is out of range: the rule set has levels 1 to {self.levels}",
                       where("level", decl.span))
        colour = self.color(decl.color, where("color", decl.span))
        if decl.mark not in self.stars:
            self.diags.append(self.unknown("tile mark", decl.mark, self.stars, where("mark", decl.span)))
        for i, square in enumerate(decl.cost):
            if square is not None:
                self.color(square, where(f"cost{i}", decl.span))
        kind = self.kinds.get(decl.piece)
        if kind is None:
            what = self.vocabulary.tile_family or "tile piece"
            self.diags.append(self.unknown(what, decl.piece, self.kinds, where("piece", decl.span)))
            return None
        params = self.tile_params(kind, decl.args, decl.span)
        cost = tuple(self.aliases.get(s, s) if s else None for s in decl.cost)
        return Tile(decl.level, colour or "", decl.mark, cost, decl.piece, params, file,
                    span=where("level", decl.span))

    def tile_params(self, kind: Kind, args, span) -> dict[str, object]:
        values: dict[str, object] = {}
        for arg in args:
            param = kind.params.get(arg.name)
            if param is None:
                d = self.unknown("parameter", arg.name, kind.params, arg.span)
                self.diags.append(d._replace(message=f"{d.message} of {kind.name}"))
            elif arg.name in values:
                self.error(f"parameter '{arg.name}' is given twice", arg.span)
            else:
                values[arg.name] = self.literal(arg.value, param.type, f"parameter '{arg.name}'")
                self.in_range(param, values[arg.name], f"parameter '{arg.name}'", arg.span)
        for name, param in kind.params.items():
            if name not in values:
                if param.required:
                    self.error(f"{kind.name} needs parameter '{name}' ({type_words(param.type)})", span)
                values[name] = param.default
        return values


def _at(span) -> str:
    return f"{span.line}:{span.column}" if span is not None else "another line"
