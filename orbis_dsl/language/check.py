"""Stage 2: semantic checks of a parsed rule set → the checked model (`model.RuleSet`) plus diagnostics.

Checks: every name resolves (with "did you mean"), types match, tiles give every required parameter and no unknown
one, numbers are in range, nothing is declared twice. Errors are collected, never raised.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.language import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.bounds import resource_limits
from orbis_dsl.language.check_expr import ExpressionChecker
from orbis_dsl.language.check_expr import words as _words
from orbis_dsl.language.check_grid import GridChecker
from orbis_dsl.language.check_hexmap import MAP_FACT_TYPES, HexMapChecker
from orbis_dsl.language.check_lists import ListChecker
from orbis_dsl.language.check_says import AWARD_WORDS, CLAUSE_WORDS, check_says
from orbis_dsl.language.model import (
    BASE_REPORT_KEYS,
    BUILTIN_NAMES,
    BUILTIN_TILE_FIELDS,
    EVENTS,
    PARAM_TYPES,
    ROLES,
    Award,
    Check,
    Desert,
    Fact,
    God,
    Kind,
    Option,
    Param,
    RuleSet,
    Score,
    Tile,
    Variant,
    Vocabulary,
    type_name,
)
from orbis_dsl.language.scope import Context, fact_types, list_flags, listed_pieces, set_members
from orbis_dsl.language.sources import SourceSet


class Checker(ExpressionChecker, GridChecker, HexMapChecker, ListChecker):
    def __init__(self, sources: SourceSet):
        self.sources = sources
        self.diags: list[Diagnostic] = []
        self.let_types: dict[int, str] = {}  # id of a `let` expression -> its type
        self.sets: dict[str, tuple[str, ...]] = {}
        self.facts: dict[str, Fact] = {}
        self.top_lets: dict[str, ast_expr.Expr] = {}  # a score sheet's top-level `let`s
        self.winner_if: ast_expr.Expr | None = None
        self.score_names: frozenset[str] = frozenset()
        self.awards: dict[str, object] = {}
        self.rounds: int | None = None
        self.listed_pieces: dict[str, str] = {}

    def error(self, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, span=span, hint=hint))

    # ---- pass 1: collect ----------------------------------------------------------------------------------

    def collect(self):
        """Declarations by type, and the singletons. A rule pack (a later layer) replaces what an earlier layer
        declared under the same name; within one layer a second declaration is an error. A pack that lists
        tiles replaces the whole tile list."""
        layers = self.sources.layers
        self.families = self._families()
        self.reserved = BUILTIN_NAMES | self._vocabulary_names()
        if not any(f.role == "tiles" for f in self.families.values()):
            # A game with no tiles (a score sheet's) has no tile fields: `level` may name its option.
            self.reserved -= set(BUILTIN_TILE_FIELDS)
        pack_has_tiles = any(isinstance(d, ast_decl.TileDecl) for f in self.sources.files
                             if layers.get(f.path, 0) > 0 for d in f.decls)
        entries: list[tuple[str, object] | None] = []
        owners: dict[str, tuple[int, int, str]] = {}  # key -> (layer, entry index, what)
        for file in self.sources.files:
            layer = layers.get(file.path, 0)
            for decl in file.decls:
                if isinstance(decl, ast_decl.TileDecl) and layer == 0 and pack_has_tiles:
                    continue
                key, what = self._key(decl)
                if key is not None and not self._free(key, what, decl):
                    continue
                if key is not None and key in owners:
                    first_layer, index, first_what = owners[key]
                    if first_layer >= layer:
                        shown = key.split(":", 1)[-1]
                        message = (f"'{shown}' is declared twice" if what == "singleton" else
                                   f"{what} '{shown}' is declared twice" if what == first_what else
                                   f"{what} '{shown}' is already declared as a {first_what}")
                        self.error(message, decl.span, hint=f"first declared at {_where(entries[index][1].span)}")
                        continue
                    entries[index] = None  # the pack's declaration replaces the base game's
                if key is not None:
                    owners[key] = (layer, len(entries), what)
                entries.append((file.path, decl))
        by_type: dict[type, list[tuple[str, object]]] = defaultdict(list)
        singletons: dict[str, object] = {}
        for entry in entries:
            if entry is None:
                continue
            by_type[type(entry[1])].append(entry)
            key = self._singleton_key(entry[1])
            if key is not None:
                singletons[key] = entry[1]
        return by_type, singletons

    def _key(self, decl) -> tuple[str | None, str]:
        singleton = self._singleton_key(decl)
        if singleton is not None:
            return singleton, "singleton"
        named = self._declared_name(decl)
        if named is not None:
            return named[0], named[1]
        return None, ""

    def _free(self, key: str, what: str, decl) -> bool:
        shown = key.split(":", 1)[-1]
        if what != "singleton" and shown in self.reserved and not isinstance(decl, ast_decl.FamilyDecl):
            self.error(f"'{shown}' is {self.taken_by(shown)} and cannot name a {what}", decl.span)
            return False
        return True

    def taken_by(self, name: str) -> str:
        """What a reserved name already is, in words: 'a built-in name', 'the family kind' …"""
        if name in BUILTIN_NAMES:
            return "a built-in name"
        if name in self.families:
            return f"the name of the family '{name}'"
        for cls, words in ((ast_decl.MarkerDecl, "the name of a marker"),
                           (ast_decl.FacedownDecl, "the face-down state"),
                           (ast_decl.ResourceDecl, "the name of a resource")):
            for file in self.sources.files:
                for decl in file.decls:
                    if isinstance(decl, cls) and decl.name == name:
                        return words
                    if isinstance(decl, ast_decl.MarkerDecl) and decl.opposite == name:
                        return "the opposite of a marker"
                    if isinstance(decl, ast_decl.NamesDecl) and decl.mark == name:
                        return "the tile mark"
        return "a declared name"

    def _families(self) -> dict[str, ast_decl.FamilyDecl]:
        """Every family, by name, read before anything else: a piece's declaration needs its family's role.
        (Duplicates are reported when the declarations are collected.)"""
        families = {}
        for file in self.sources.files:
            for decl in file.decls:
                if isinstance(decl, ast_decl.FamilyDecl):
                    families[decl.name] = decl
        return families

    def _vocabulary_names(self) -> set[str]:
        names = set(self.families)
        for file in self.sources.files:
            for decl in file.decls:
                if isinstance(decl, (ast_decl.MarkerDecl, ast_decl.FacedownDecl, ast_decl.ResourceDecl)):
                    names.add(decl.name)
                if isinstance(decl, ast_decl.MarkerDecl) and decl.opposite:
                    names.add(decl.opposite)
                if isinstance(decl, ast_decl.NamesDecl) and decl.mark:
                    names.add(decl.mark)
        return names

    @staticmethod
    def _singleton_key(decl) -> str | None:
        if isinstance(decl, (ast_decl.NamesDecl, ast_decl.NumberDecl)):
            return decl.what
        for cls, key in ((ast_decl.GameDecl, "game"), (ast_decl.BoardDecl, "board"), (ast_sheet.WinnerDecl, "winner"),
                         (ast_sheet.GridDecl, "grid"), (ast_sheet.HexMapDecl, "hexmap"),
                         (ast_decl.FacedownDecl, "facedown"),
                         (ast_decl.MarkerDecl, "marker"), (ast_decl.ResourceDecl, "resource")):
            if isinstance(decl, cls):
                return key
        return None

    def _declared_name(self, decl) -> tuple[str, str] | None:
        for cls, what in ((ast_decl.OptionDecl, "option"), (ast_decl.ValueDecl, "value"),
                          (ast_decl.AttributeDecl, "attribute"), (ast_decl.AliasDecl, "alias"),
                          (ast_sheet.SetDecl, "set"),
                          (ast_sheet.FactDecl, "fact")):
            if isinstance(decl, cls):
                # Tile pieces, options, values, attributes, aliases, sets and facts share the namespace of
                # expressions.
                return (decl.alias if isinstance(decl, ast_decl.AliasDecl) else decl.name, what)
        if isinstance(decl, ast_sheet.ScoreDecl):
            return (f"score:{decl.name}", "score")
        if isinstance(decl, ast_decl.PieceDecl):
            family = self.families.get(decl.family)
            if family is not None and family.role == "tiles":
                return (decl.name, decl.family)
            # Held pieces (and those of an unknown family, reported later) have a namespace per family.
            return (f"{decl.family}:{decl.name}", decl.family)
        # Families, awards and variants are never named inside expressions: each has a namespace of its own.
        for cls, what in ((ast_decl.FamilyDecl, "family"), (ast_sheet.AwardDecl, "award"),
                          (ast_decl.VariantDecl, "variant")):
            if isinstance(decl, cls):
                return (f"{what}:{decl.name}", what)
        return None



    # ---- pass 2: build the model ---------------------------------------------------------------------------

    def run(self) -> RuleSet | None:
        by_type, singletons = self.collect()
        entry = self.sources.files[-1].path if self.sources.files else None
        # A game scored from score sheets (it declares `score` columns) needs no tiles, so no colours or board.
        sheet = bool(by_type[ast_sheet.ScoreDecl])
        self.sheet = sheet
        for missing in ("winner",) if sheet else ("colors", "board", "winner"):
            if missing not in singletons:
                self.diags.append(Diagnostic(f"the rule set declares no '{missing}'", file=entry,
                                             span=Span(entry, 1, 1) if entry else None))
        colors_decl = singletons.get("colors")
        colors = tuple(colors_decl.names) if colors_decl else ()
        self._check_unique(colors_decl, "colour")
        mark_decl = singletons.get("mark")
        stars = tuple(mark_decl.names) if mark_decl else ()
        self._check_unique(mark_decl, "tile mark")
        aliases = {}
        for _, decl in by_type[ast_decl.AliasDecl]:
            if decl.target not in colors:
                self.diags.append(self.unknown("colour", decl.target, colors, decl.target_span or decl.span))
            elif decl.alias in colors:
                self.error(f"'{decl.alias}' is a colour and cannot also be an alias", decl.span)
            else:
                aliases[decl.alias] = decl.target
        levels = singletons["levels"].value if "levels" in singletons else 1
        self.levels = levels
        market = singletons["market"].value if "market" in singletons else 0
        board = singletons["board"].rows if "board" in singletons else ()
        self._check_board(singletons.get("board"))
        resource, marker = singletons.get("resource"), singletons.get("marker")
        self.vocabulary = self._vocabulary(by_type, singletons)
        self.colors, self.aliases, self.stars = colors, aliases, stars
        self._check_constants_unshadowed(by_type, set(colors) | set(aliases) | set(stars))
        tile_pieces = self._pieces(by_type, "tiles")
        held_pieces = self._pieces(by_type, "players")
        self.kind_names = frozenset(d.name for _, d in tile_pieces)
        attributes = {d.name: self._param(d) for _, d in by_type[ast_decl.AttributeDecl]}
        self.attributes = attributes
        options = {d.name: self._option(f, d) for f, d in by_type[ast_decl.OptionDecl]}
        self.options = options
        values = {d.name: d.value for _, d in by_type[ast_decl.ValueDecl]}
        self.values = values
        self.param_types_by_name = self._param_types_by_name(tile_pieces)
        self.rounds = singletons["rounds"].value if "rounds" in singletons else None
        self.sets = self._sets(by_type[ast_sheet.SetDecl])
        self.check_hexmap(singletons.get("hexmap"))
        self.facts = {d.name: self._fact(f, d) for f, d in by_type[ast_sheet.FactDecl]}
        self.listed_pieces = listed_pieces(self.facts, [d.name for _, d in held_pieces],
                                           self.vocabulary.player_family)
        self.top_lets = self._lets([d for _, d in by_type[ast_decl.LetDecl]], self.context())
        grid = self.grid_spec(singletons.get("grid"))
        self._derived_facts(by_type[ast_sheet.FactDecl], grid)
        self.score_names = frozenset(d.name for _, d in by_type[ast_sheet.ScoreDecl])
        desert = self._desert(singletons.get("facedown"), [f for f, d in by_type[ast_decl.FacedownDecl]])
        kinds = {d.name: self._kind(f, d) for f, d in tile_pieces}
        self.kinds = kinds
        gods = {d.name: self._god(f, d) for f, d in held_pieces}
        self.awards = {d.name: d for _, d in by_type[ast_sheet.AwardDecl]}
        awards = {d.name: self._award(f, d) for f, d in by_type[ast_sheet.AwardDecl]}
        self.awards = awards
        scores = {d.name: self._score(f, d) for f, d in by_type[ast_sheet.ScoreDecl]}
        checks = tuple(self._check_decl(f, d) for f, d in by_type[ast_sheet.WarnDecl])
        winner = self._winner(singletons.get("winner"))
        variants = {d.name: self._variant(f, d, gods) for f, d in by_type[ast_decl.VariantDecl]}
        tiles = tuple(self._tile(f, d) for f, d in by_type[ast_decl.TileDecl])
        decl_files = {}
        for label, entries in (("KindDecl", tile_pieces), ("GodDecl", held_pieces),
                               ("AwardDecl", by_type[ast_sheet.AwardDecl]),
                               ("VariantDecl", by_type[ast_decl.VariantDecl]),
                               ("ScoreDecl", by_type[ast_sheet.ScoreDecl]), ("FactDecl", by_type[ast_sheet.FactDecl])):
            for f, d in entries:
                decl_files[f"{label}:{d.name}"] = f
        if any(d.is_error for d in self.diags):
            return None
        return RuleSet(
            vocabulary=self.vocabulary,
            colors=colors, aliases=aliases, stars=stars, levels=levels, display=market, board=board,
            attributes=attributes, options=options, values=values, desert=desert, kinds=kinds, gods=gods,
            awards=awards, winner=winner, variants=variants, tiles=tiles,
            realm_limit=resource.limit if resource else None, cancel_tokens=marker.supply if marker else None,
            exchange=resource.trade if resource else (),
            files=tuple(f.path for f in self.sources.files), decl_files=decl_files,
            sets=self.sets, facts=self.facts, scores=scores, checks=checks, rounds=self.rounds,
            game=singletons.get("game"), grid=grid, lets=self.top_lets, winner_if=self.winner_if,
            rounds_also=singletons["rounds"].also if "rounds" in singletons else None,
            hexmap=singletons.get("hexmap"),
        )

    def _vocabulary(self, by_type, singletons) -> Vocabulary:
        """The game's nouns, from its families (one per role), face-down state, marker, mark and resource."""
        by_role: dict[str, ast_decl.FamilyDecl] = {}
        for _, decl in by_type[ast_decl.FamilyDecl]:
            if decl.role in by_role:
                self.error(f"a rule set has one family for {decl.role}; '{by_role[decl.role].name}' is that family",
                           decl.span)
            else:
                by_role[decl.role] = decl
        tiles, players = by_role.get("tiles"), by_role.get("players")
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

    def _pieces(self, by_type, role: str) -> list[tuple[str, ast_decl.PieceDecl]]:
        """The pieces of the family with this role (a piece of an unknown family is reported once, here)."""
        found = []
        for f, decl in by_type[ast_decl.PieceDecl]:
            family = self.families.get(decl.family)
            if family is None:
                if role == ROLES[0]:
                    self.diags.append(self.unknown("family", decl.family, self.families, decl.family_span or decl.span))
            elif family.role == role:
                found.append((f, decl))
        return found

    def _check_unique(self, decl, what) -> None:
        if decl is None:
            return
        seen = set()
        for name, span in zip(decl.names, decl.name_spans or [decl.span] * len(decl.names)):
            if name in seen:
                self.error(f"{what} '{name}' is listed twice", span)
            if name in self.reserved:
                self.error(f"'{name}' is {self.taken_by(name)} and cannot name a {what}", span)
            seen.add(name)

    def _check_constants_unshadowed(self, by_type, constants: set[str]) -> None:
        """Colours and tile marks are names in expressions too: nothing else may take them."""
        for cls, what in ((ast_decl.PieceDecl, None), (ast_decl.OptionDecl, "option"), (ast_decl.ValueDecl, "value"),
                          (ast_decl.AttributeDecl, "attribute")):
            for _, decl in by_type[cls]:
                if decl.name in constants:
                    self.error(f"'{decl.name}' is a colour or tile mark and cannot also name "
                               f"a {what or decl.family}", decl.span)

    def _check_board(self, decl) -> None:
        if decl is None:
            return
        rows = decl.rows
        if not rows or rows[0] < 1:
            self.error("a stacked board needs a bottom row of at least one tile", decl.span)
        for below, above in itertools.pairwise(rows):
            if above != below - 1:
                self.error(f"each row of a stacked board is one tile shorter than the row below; "
                           f"got {below} then {above}", decl.span)
                break

    def _param_types_by_name(self, kind_decls) -> dict[str, str]:
        """Every parameter name any tile piece declares, with its type: `sum(icons of tiles …)` reads it off any
        tile."""
        types = {name: type_name(p.type) for name, p in self.attributes.items()}
        for _, decl in kind_decls:
            for member in decl.members:
                if isinstance(member, ast_decl.ParamDecl) and member.name not in types:
                    types[member.name] = type_name(member.type)
        return types

    # ---- types and literals --------------------------------------------------------------------------------

    def _check_type(self, t: ast_expr.TypeRef) -> None:
        if t.name == "enum":
            if len(set(t.choices)) != len(t.choices):
                self.error("a choice is listed twice", t.span)
            return
        if t.name not in PARAM_TYPES:
            hint = did_you_mean(t.name, PARAM_TYPES) or "expected one of: " + ", ".join(sorted(PARAM_TYPES))
            self.error(f"unknown type '{t.name}'", t.span, hint=hint)
        elif t.size is not None and t.name != "colors":
            self.error(f"only 'colors' takes a size, not '{t.name}'", t.span)
        elif t.size is not None and not 1 <= t.size <= max(1, len(self.colors)):
            self.error(f"a colour set of {t.size} is impossible with {len(self.colors)} colours", t.span)

    def literal(self, lit, t: ast_expr.TypeRef, what: str):
        """The Python value of a literal of type `t`, or None after reporting a mismatch."""
        name = t.name
        if name not in PARAM_TYPES and name != "enum":
            return None  # the unknown type is reported already
        if name == "int" and isinstance(lit, ast_expr.IntLit):
            return lit.value
        if name == "bool" and isinstance(lit, ast_expr.BoolLit):
            return lit.value
        if name in ("string", "enum") and isinstance(lit, ast_expr.StrLit):
            if name == "enum" and lit.value not in t.choices:
                self.error(f"'{lit.value}' is not a choice of {what}", lit.span,
                           hint=did_you_mean(lit.value, t.choices) or "expected one of: " + ", ".join(t.choices))
                return None
            return lit.value
        if name == "color" and isinstance(lit, ast_expr.NameLit):
            return self.color(lit.name, lit.span)
        if name == "colors" and isinstance(lit, ast_expr.SetLit):
            colours = [self.color(n, lit.span) for n in lit.names]
            if None in colours:
                return None
            if len(set(colours)) != len(colours):
                self.error(f"{what} lists a colour twice", lit.span)
                return None
            if t.size is not None and len(colours) != t.size:
                self.error(f"{what} needs exactly {t.size} colours, got {len(colours)}", lit.span)
                return None
            return tuple(sorted(colours, key=self.colors.index))
        if name == "amount" and isinstance(lit, ast_expr.AmountLit):
            if lit.count < 1:
                self.error(f"{what} must be at least 1", lit.span)
                return None
            colour = None if lit.color is None else self.color(lit.color, lit.span)
            if lit.color is not None and colour is None:
                return None
            return (lit.count, colour)
        self.error(f"{what} expects {_type_words(t)}, got {_literal_words(lit)}", getattr(lit, "span", None))
        return None

    def color(self, name: str, span: Span | None) -> str | None:
        canonical = self.aliases.get(name, name)
        if canonical in self.colors:
            return canonical
        self.diags.append(self.unknown("colour", name, lambda: list(self.colors) + list(self.aliases), span))
        return None

    def _param(self, decl) -> Param:
        self._check_type(decl.type)
        default = None
        if decl.default is not None:
            default = self.literal(decl.default, decl.type, f"the default of '{decl.name}'")
        return Param(decl.name, decl.type, default, decl.default is not None, getattr(decl, "unique", False),
                     span=decl.span)

    def _option(self, file, decl) -> Option:
        self._check_type(decl.type)
        if decl.type.name not in ("bool", "int", "enum"):
            self.error("an option is a bool, an int or a choice of strings", decl.type.span)
        return Option(decl.name, decl.type, self.literal(decl.default, decl.type, f"option '{decl.name}'"), file)

    # ---- contexts and expressions ----------------------------------------------------------------------

    def context(self, **extra) -> Context:
        extra.setdefault("lets", self.top_lets)
        return Context(
            colors=frozenset(self.colors), aliases=self.aliases, kinds=self.kind_names, stars=frozenset(self.stars),
            attributes={n: type_name(p.type) for n, p in self.attributes.items()},
            options={n: type_name(o.type) for n, o in self.options.items()}, values=frozenset(self.values),
            vocabulary=self.vocabulary, facts=fact_types(self.facts), members=set_members(self.sets),
            awards=frozenset(self.awards), scores=self.score_names, rounds=bool(self.rounds),
            list_flags=list_flags(self.facts), pieces=self.listed_pieces, **extra,
        )

    # ---- clauses --------------------------------------------------------------------------------------

    def _lets(self, members, ctx: Context) -> dict[str, ast_expr.Expr]:
        lets: dict[str, ast_expr.Expr] = {}
        for m in members:
            if isinstance(m, ast_decl.LetDecl):
                if m.name in lets or m.name in ctx.params:
                    self.error(f"'{m.name}' is already defined in this block", m.span)
                    continue
                if m.name in self.reserved:
                    self.error(f"'{m.name}' is {self.taken_by(m.name)}", m.span)
                    continue
                self.let_types[id(m.expr)] = self.expr(m.expr, attrs.evolve(ctx, lets=dict(lets)))
                lets[m.name] = m.expr
        return lets

    def _ends(self, clauses, ctx: Context) -> None:
        for clause in clauses:
            self.diags.extend(check_says(clause.says, lambda name: _shows(ctx, name), CLAUSE_WORDS, clause.span))
            # Points of none (a max of no tiles) score nothing, as a failed condition does.
            self.expect(clause.points, ctx, "int", "the points of an 'end' clause")
            if clause.cond is not None:
                self.expect(clause.cond, ctx, "bool", "the condition of an 'end' clause")

    def _effects(self, clause: ast_decl.WhenClause, ctx: Context, params: dict[str, Param]) -> None:
        for effect in clause.effects:
            if effect.marker is not None and effect.marker != self.vocabulary.marker:
                markers = [self.vocabulary.marker] if self.vocabulary.marker else []
                d = self.unknown("marker", effect.marker, markers, effect.span)
                self.diags.append(d if markers else d._replace(hint="declare it: marker NAME { supply N }"))
            if effect.amount is not None:
                self._amount(effect.amount, ctx, params)
            if effect.verb == "reduce":
                self.expect(effect.expr, ctx, "color", "what 'reduce' takes")
            if effect.verb == "require":
                self.expect(effect.expr, ctx, "bool", "what 'require' checks")

    def _amount(self, amount: ast_decl.Amount, ctx: Context, params: dict[str, Param]) -> None:
        if amount.param is not None:
            param = params.get(amount.param)
            if param is None:
                self.diags.append(self.unknown("parameter", amount.param, params, amount.span))
            elif param.type.name != "amount":
                self.error(f"'{amount.param}' is {_words(type_name(param.type))}, not an amount like '2 red'",
                           amount.span)
            elif param.type.optional:
                self.error(f"'{amount.param}' may have no value at all (an optional parameter, which a tile may "
                           "leave as none): drop the '?'", amount.span)
            return
        self.expect(amount.count, ctx, "int", "how many", none_ok=False)
        if isinstance(amount.count, ast_expr.IntLit) and amount.count.value < 1:
            self.error("an amount must be at least 1", amount.count.span)
        if amount.color is not None:
            self.expect(ast_expr.Ref(amount.color, span=amount.span), ctx, "color", "the colour of an amount")

    def _when(self, members, ctx, params, allowed_events):
        taken: list[ast_decl.Effect] = []
        placed: list[ast_decl.Effect] = []
        for m in members:
            if not isinstance(m, ast_decl.WhenClause):
                continue
            if m.event not in allowed_events:
                hint = did_you_mean(m.event, allowed_events) or "expected " + " or ".join(allowed_events)
                self.error(f"unknown moment 'when {m.event}'", m.span, hint=hint)
                continue
            event_ctx = attrs.evolve(ctx, allow_validated=False) if m.event == "placed" else ctx
            self._effects(m, event_ctx, params)
            (taken if m.event == "taken" else placed).extend(m.effects)
        for effect in placed:
            if effect.verb != "require":
                self.error(f"'{effect.verb}' acts when a tile is taken; 'when placed' only takes 'require'",
                           effect.span)
        return tuple(taken), tuple(placed)

    def _kind(self, file, decl: ast_decl.PieceDecl) -> Kind:
        params: dict[str, Param] = {}
        for m in decl.members:
            if isinstance(m, ast_decl.ParamDecl):
                if m.name in params:
                    self.error(f"parameter '{m.name}' is declared twice", m.span)
                elif m.name in self.reserved:
                    self.error(f"'{m.name}' is {self.taken_by(m.name)} and cannot name a parameter", m.span)
                else:
                    attribute = self.attributes.get(m.name)
                    if attribute is not None and "?" not in (type_name(attribute.type), type_name(m.type)) \
                            and type_name(attribute.type) != type_name(m.type):
                        self.error(f"'{m.name}' is an attribute of every tile, of type "
                                   f"{_words(type_name(attribute.type))}", m.span)
                    params[m.name] = self._param(m)
        all_params = {**self.attributes, **params}
        ctx = self.context(params={n: type_name(p.type) for n, p in all_params.items()}, self_kind="tile")
        lets = self._lets(decl.members, ctx)
        ctx = attrs.evolve(ctx, lets=lets)
        taken, placed = self._when(decl.members, ctx, all_params, EVENTS)
        ends = tuple(m for m in decl.members if isinstance(m, ast_decl.EndClause))
        self._ends(ends, attrs.evolve(ctx, allow_validated=False))
        for m in decl.members:
            if isinstance(m, ast_decl.Modify):
                held = self.vocabulary.player_family or "none declared"
                self.error(f"'modify' belongs in a piece players hold ({held}): "
                           f"a {decl.family} cannot change rule values", m.span)
        used = _names_used([e.points for e in ends] + [e.cond for e in ends] + [e.expr for e in placed], lets)
        return Kind(decl.name, decl.title or decl.name, all_params, lets, taken, placed, ends,
                    frozenset(n for n in used if n in all_params), tuple(params), file, span=decl.span)

    def _god(self, file, decl: ast_decl.PieceDecl) -> God:
        ctx = self.context(self_kind="god")
        lets = self._lets(decl.members, ctx)
        ctx = attrs.evolve(ctx, lets=lets)
        taken, _ = self._when(decl.members, ctx, {}, ("taken",))
        ends = tuple(m for m in decl.members if isinstance(m, ast_decl.EndClause))
        self._ends(ends, ctx)
        modifiers = {}
        for m in decl.members:
            if isinstance(m, ast_decl.ParamDecl):
                self.error(f"a {decl.family} has no parameters; use 'let' for a named value, or 'modify' "
                           f"to change a rule value for its holder", m.span)
            elif isinstance(m, ast_decl.Modify):
                if m.name not in self.values:
                    self.diags.append(self.unknown("value", m.name, self.values, m.span))
                modifiers[m.name] = m.value
        return God(decl.name, decl.title or decl.name, lets, taken, ends, modifiers, file, span=decl.span)

    def _desert(self, decl, files) -> Desert:
        if decl is None:
            return Desert(False, (), "")
        ctx = self.context(self_kind="tile", allow_validated=False)
        self._ends(decl.ends, ctx)
        return Desert(decl.wild, decl.ends, files[0])

    def _award(self, file, decl: ast_sheet.AwardDecl) -> Award:
        ctx = self.context(each=self._each(decl.for_each))
        report_keys = self.vocabulary.report_keys
        if decl.name in report_keys:
            self.error(f"an award cannot be called '{decl.name}': the score report uses that name",
                       decl.span, hint="report keys: " + ", ".join(sorted(report_keys)))
        if decl.measure is None:
            self.error(f"award '{decl.name}' needs a 'measure'", decl.span)
        else:
            # On a score sheet a player whose measure is none takes no part in the award.
            self.expect(decl.measure, ctx, "int", "an award's measure", none_ok=self.sheet)
        inner = attrs.evolve(ctx, extras={"measure": "int"})
        if decl.eligible is not None:
            self.expect(decl.eligible, inner, "bool", "who is eligible")
        if decl.tiebreak is not None:
            self.expect(decl.tiebreak, inner, "int", "a tie-break")
        self.diags.extend(check_says(decl.says, lambda name: False, AWARD_WORDS, decl.span))
        return Award(decl.name, decl.title or decl.name, decl.measure, decl.eligible, decl.tiebreak,
                     decl.ties or "keep_order", decl.warn, decl.prizes, file, decl.for_each, decl.rank,
                     decl.unless_equal, decl.says)

    # ---- score sheets ----------------------------------------------------------------------------------

    def _sets(self, decls) -> dict[str, tuple[str, ...]]:
        sets: dict[str, tuple[str, ...]] = {}
        owner: dict[str, str] = {}
        for _, decl in decls:
            if len(set(decl.members)) != len(decl.members):
                self.error(f"set '{decl.name}' lists a member twice", decl.span)
            for member in decl.members:
                if member in owner:
                    self.error(f"'{member}' is already a member of set '{owner[member]}'", decl.span)
                elif member in self.reserved or member in self.colors:
                    self.error(f"'{member}' is {self.taken_by(member)} and cannot be a member of a set", decl.span)
                owner[member] = decl.name
            sets[decl.name] = decl.members
        return sets

    def _each(self, for_each: ast_sheet.ForEach | None) -> dict[str, str]:
        if for_each is None:
            return {}
        if for_each.set not in self.sets:
            self.diags.append(self.unknown("set", for_each.set, self.sets, for_each.span))
            return {}
        return {for_each.name: for_each.set}

    def _derived_facts(self, decls, grid) -> None:
        shared_facts = {n: t for n, t in fact_types(self.facts).items() if self.facts[n].level is not None}
        for _, decl in decls:
            if decl.derive is not None:
                self.derive(decl, grid, shared_facts)

    def _fact(self, file, decl: ast_sheet.FactDecl) -> Fact:
        kind = decl.type.name
        if kind == "list":
            # One `list of NAME` for both kinds: members of a set, or pieces of a family a player holds.
            (self.member_list_fact if decl.type.choices[0] in self.sets else self.held_list_fact)(decl)
        elif kind in MAP_FACT_TYPES:
            self.map_fact(decl)
        elif kind not in self.sets:
            self._check_type(decl.type)
        if decl.level == "round" and not self.rounds:
            self.error("a fact 'for round' needs a game of rounds: the rule set declares no 'rounds'", decl.span)
        if kind in self.sets:
            self.error(f"a list of members of {kind} is written 'list of {kind}'", decl.type.span)
        elif kind not in ("int", "bool", "enum", "list", *MAP_FACT_TYPES):
            self.error("a fact is a number (int), a yes/no (bool), a choice of strings, a list, or cells or "
                       "crossings of the hexmap", decl.type.span)
        if decl.low is not None and decl.type.name != "int":
            self.error("only a number has a range", decl.span)
        if decl.low is not None and decl.low > decl.high:
            self.error(f"the range {decl.low}..{decl.high} is empty", decl.span)
        if decl.per is not None and decl.per not in self.sets:
            self.diags.append(self.unknown("set", decl.per, self.sets, decl.span))
        return Fact(decl.name, decl.title or decl.name, decl.type, decl.low, decl.high, decl.per, file, decl.level,
                    decl.key, decl.derive, decl.board_only)

    def _score(self, file, decl: ast_sheet.ScoreDecl) -> Score:
        if decl.name in BASE_REPORT_KEYS - {"regions"}:
            self.error(f"a score cannot be called '{decl.name}': the score report uses that name", decl.span)
        ctx = self.context(allow_awards=True)
        self.expect(decl.expr, ctx, "int", f"score '{decl.name}'", none_ok=False)
        return Score(decl.name, decl.title or decl.name, decl.expr, file)

    def _check_decl(self, file, decl: ast_sheet.WarnDecl) -> Check:
        ctx = self.context(each=self._each(decl.for_each), allow_awards=not decl.refuse)
        verb = "refuse" if decl.refuse else "note" if decl.note else "warn"
        self.expect(decl.cond, ctx, "bool", f"the condition of '{verb}'")
        return Check(decl.message, decl.cond, decl.for_each, decl.refuse, file, span=decl.span, note=decl.note)

    def _winner(self, decl) -> tuple[ast_sheet.WinnerKey, ...]:
        if decl is None:
            return ()
        ctx = self.context(extras={"total": "int"})
        for key in decl.keys:
            self.expect(key.expr, ctx, "int", "a winner key", none_ok=False)
        if decl.only_if is not None:
            self.expect(decl.only_if, ctx, "bool", "the condition after 'only if'")
            self.winner_if = decl.only_if
        return decl.keys

    def _variant(self, file, decl: ast_decl.VariantDecl, gods) -> Variant:
        if decl.players is None:
            self.error(f"variant '{decl.name}' says nothing of 'players'", decl.span)
        elif decl.players < 1:
            self.error("a variant needs at least one player", decl.span)
        for star, span in zip(decl.removed_marks, decl.removed_spans or (decl.span,) * len(decl.removed_marks)):
            if star not in self.stars:
                self.diags.append(self.unknown("tile mark", star, self.stars, span))
        if decl.revealed_family is not None and decl.revealed_family != self.vocabulary.player_family:
            players_family = [self.vocabulary.player_family] if self.vocabulary.player_family else []
            self.diags.append(self.unknown("family held by players", decl.revealed_family, players_family, decl.span))
        prizes = {}
        for p in decl.prizes:
            if p.award not in self.awards:
                self.diags.append(self.unknown("award", p.award, self.awards, p.span))
            prizes[p.award] = p.prizes
        options = {}
        for o in decl.options:
            option = self.options.get(o.name)
            if option is None:
                self.diags.append(self.unknown("option", o.name, self.options, o.span))
            else:
                options[o.name] = self.literal(o.value, option.type, f"option '{o.name}'")
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
        for name, param in kind.params.items():
            if name not in values:
                if param.required:
                    self.error(f"{kind.name} needs parameter '{name}' ({_type_words(param.type)})", span)
                values[name] = param.default
        return values


def check(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic]]:
    """The checked rule set (None when there are errors) and every diagnostic found, in file order."""
    too_costly = resource_limits(sources.files)  # first: the checker's own walks follow lets too
    if too_costly:
        return None, sorted(too_costly, key=_position)
    checker = Checker(sources)
    rules = checker.run()
    return rules, sorted(checker.diags, key=_position)


def _position(d: Diagnostic):
    span = d.span
    return (span.file, span.line, span.column) if span else (d.file or "", 0, 0)


def _names_used(exprs, lets) -> set[str]:
    """Every bare name an expression mentions, following `let` bindings."""
    found: set[str] = set()

    def walk(e):
        if e is None:
            return
        if isinstance(e, ast_expr.Ref):
            found.add(e.name)
            if e.name in lets:
                walk(lets[e.name])
            return
        for field in attrs.fields(type(e)):
            value = getattr(e, field.name)
            if attrs.has(type(value)):
                walk(value)
    for e in exprs:
        walk(e)
    return found


def _shows(ctx: Context, name: str) -> bool:
    """Whether a sentence may show this name's value: a name with a value, not a constant or a per-set fact."""
    binding = ctx.resolve(name)
    return binding is not None and binding.what not in ("color", "kind", "star", "member") and \
        not binding.type.startswith("per:")


def _title(decl) -> str | None:
    if decl is None:
        return None
    return decl.title or decl.name


def _where(span: Span | None) -> str:
    return f"{span.file}:{span.line}:{span.column}" if span else "another file"


def _type_words(t: ast_expr.TypeRef) -> str:
    if t.name == "enum":
        return "one of " + ", ".join(f'"{c}"' for c in t.choices)
    if t.name == "colors" and t.size:
        return f"a set of {t.size} colours like {{red, blue}}"
    return _words(t.name)


def _literal_words(lit) -> str:
    if isinstance(lit, ast_expr.NameLit):
        return f"the name '{lit.name}'"
    if isinstance(lit, ast_expr.IntLit):
        return f"the number {lit.value}"
    if isinstance(lit, ast_expr.StrLit):
        return f'the string "{lit.value}"'
    return {ast_expr.BoolLit: "true/false", ast_expr.SetLit: "a set",
            ast_expr.AmountLit: "an amount"}.get(type(lit), "a value")
