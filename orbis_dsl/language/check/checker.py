"""Stage 2: semantic checks of a parsed rule set → the checked model (`model.RuleSet`) plus diagnostics.

Checks: every name resolves (with "did you mean"), types match, tiles give every required parameter and no unknown
one, numbers are in range, nothing is declared twice. Errors are collected, never raised.

The checker is one class put together from a mixin per kind of declaration: `check_declarations` (pass 1: collect,
names declared twice), `check_literals` (types and literals), `check_pieces` (tile kinds, gods and their clauses),
`check_sheets` (awards, facts, score columns, table checks, the winner), `check_variants` (the tile list and
variants), `check_expr` (expressions), `check_lists` (the list constructs), `check_grid` and `check_hexmap` (boards
as data). Two helpers are plain functions: `check_among` (what `is most among players` may read) and
`check_members` (a declaration's lines as the syntax tree keeps them: once-only lines given twice, messages placed
inside a line). This module runs the passes in order and builds the model.
"""

from __future__ import annotations

import itertools

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.bounds import resource_limits
from orbis_dsl.language.check.declarations import DeclarationCollector
from orbis_dsl.language.check.elaborate import elaborate
from orbis_dsl.language.check.expr import ExpressionChecker
from orbis_dsl.language.check.functions import check_functions, function_table, placed
from orbis_dsl.language.check.grid import GridChecker
from orbis_dsl.language.check.hexmap import HexMapChecker
from orbis_dsl.language.check.lists import ListChecker
from orbis_dsl.language.check.literals import LiteralChecker
from orbis_dsl.language.check.members import ONCE_ONLY, repeated
from orbis_dsl.language.check.model import ROLES, Fact, RuleSet, Vocabulary, type_name
from orbis_dsl.language.check.names import Context, fact_types, list_flags, listed_pieces, set_members
from orbis_dsl.language.check.pieces import PieceChecker
from orbis_dsl.language.check.scope_forms import ScopeChecker
from orbis_dsl.language.check.sheets import SheetChecker
from orbis_dsl.language.check.variants import VariantChecker
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.syntax.sources import SourceSet


class Checker(DeclarationCollector, LiteralChecker, PieceChecker, SheetChecker, VariantChecker, ExpressionChecker,
              GridChecker, HexMapChecker, ListChecker, ScopeChecker):
    """The whole semantic pass over one rule set: `run` collects the declarations (pass 1), then checks each kind
    of declaration in the order their names become known (pass 2), building the model as it goes. Each mixin
    checks one kind of declaration; this class owns the shared state and the order."""

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
        self.value_types: dict[str, str] = {}
        self.value_sets: dict[str, str] = {}
        self.value_decls: list = []
        self.reuse = None  # what elaboration expanded (check/elaborate.py), for the function checks
        self.functions: dict = {}  # name -> names.Function, each call not written out refers to
        self.bodies_read: dict = {}  # (function, id(context)) -> context: each body read once per context

    def error(self, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, span=span, hint=hint))

    def warn(self, message: str, span: Span | None, hint: str | None = None) -> None:
        """A located warning: the rules check (and score), but this is very likely not what was meant."""
        self.diags.append(Diagnostic(message, span=span, hint=hint, severity="warning"))


    # ---- pass 2: build the model ---------------------------------------------------------------------------

    def run(self) -> RuleSet | None:
        by_type, singletons = self.collect()
        self._repeated_lines(by_type)
        # A game scored from score sheets (it declares `score` columns) needs no tiles, so no colours or board.
        self.sheet = bool(by_type[ast_sheet.ScoreDecl])
        self._require(singletons, ("winner",) if self.sheet else ("colors", "board", "winner"))
        self._constants(by_type, singletons)
        tile_pieces = self._pieces(by_type, "tiles")
        held_pieces = self._pieces(by_type, "players")
        self._names_before_expressions(by_type, singletons, tile_pieces, held_pieces)
        self.functions.update(function_table(self, self.reuse))  # (the sets known: a parameter may be a member)
        grid = self.grid_spec(singletons.get("grid"))
        self._derived_facts(by_type[ast_sheet.FactDecl], grid)
        self.score_names = frozenset(d.name for _, d in by_type[ast_sheet.ScoreDecl])
        checked = self._declarations(by_type, singletons, tile_pieces, held_pieces)
        decl_files = _decl_files((("KindDecl", tile_pieces), ("GodDecl", held_pieces),
                                  ("AwardDecl", by_type[ast_sheet.AwardDecl]),
                                  ("VariantDecl", by_type[ast_decl.VariantDecl]),
                                  ("ScoreDecl", by_type[ast_sheet.ScoreDecl]),
                                  ("FactDecl", by_type[ast_sheet.FactDecl])))
        self.replacement_hints()
        if any(d.is_error for d in self.diags):
            return None
        return self._rule_set(singletons, grid, checked, decl_files)

    def _repeated_lines(self, by_type) -> None:
        """An error for each once-only line a declaration gives twice."""
        for cls in ONCE_ONLY:
            for _, decl in by_type[cls]:
                self.diags.extend(repeated(decl))

    def _names_before_expressions(self, by_type, singletons, tile_pieces, held_pieces) -> None:
        """What expressions may name, in the order each becomes known: tile kinds, the settings, the parameters
        of tiles, the rounds, sets, the hex map, facts, listed pieces and the top-level lets."""
        self.kind_names = frozenset(d.name for _, d in tile_pieces)
        self._settings(by_type)
        self.param_types_by_name = self._param_types_by_name(tile_pieces)
        self.rounds = singletons["rounds"].value if "rounds" in singletons else None
        self.sets = self._sets(by_type[ast_sheet.SetDecl])
        self.check_hexmap(singletons.get("hexmap"))
        self.facts = self._facts(by_type, singletons)
        self.listed_pieces = listed_pieces(self.facts, [d.name for _, d in held_pieces],
                                           self.vocabulary.player_family)
        self.top_lets = self.top_level_lets([d for _, d in by_type[ast_decl.LetDecl]])

    def _declarations(self, by_type, singletons, tile_pieces, held_pieces) -> dict:
        """Each declaration that scores, checked in order: the face-down state, tile kinds, gods, awards, score
        columns, table checks, the winner, variants and the tile list (the model's fields by name)."""
        desert = self._desert(singletons.get("facedown"), [f for f, d in by_type[ast_decl.FacedownDecl]])
        kinds = {d.name: self._kind(f, d) for f, d in tile_pieces}
        self.kinds = kinds
        # (one context for every god: their checks change nothing a context is made of)
        god_ctx = self.context(self_kind="god")
        gods = {d.name: self._god(f, d, god_ctx) for f, d in held_pieces}
        self.awards = self.awards_declared = {d.name: d for _, d in by_type[ast_sheet.AwardDecl]}
        awards = {d.name: self._award(f, d) for f, d in by_type[ast_sheet.AwardDecl]}
        self.awards = awards
        scores = {d.name: self._score(f, d) for f, d in by_type[ast_sheet.ScoreDecl]}
        checks = tuple(self._check_decl(f, d) for f, d in by_type[ast_sheet.WarnDecl])
        winner = self._winner(singletons.get("winner"))
        variants = {d.name: self._variant(f, d, gods) for f, d in by_type[ast_decl.VariantDecl]}
        self._unprized_awards(awards, variants)
        tiles = tuple(self._tile(f, d) for f, d in by_type[ast_decl.TileDecl])
        return {"desert": desert, "kinds": kinds, "gods": gods, "awards": awards, "scores": scores,
                "checks": checks, "winner": winner, "variants": variants, "tiles": tiles}

    def _rule_set(self, singletons, grid, checked: dict, decl_files: dict[str, str]) -> RuleSet:
        """The checked model: the declarations checked, the singletons' settings and the shared state."""
        resource, marker = singletons.get("resource"), singletons.get("marker")
        return RuleSet(
            vocabulary=self.vocabulary,
            colors=self.colors, aliases=self.aliases, stars=self.stars, levels=self.levels,
            display=singletons["market"].value if "market" in singletons else 0,
            board=singletons["board"].rows if "board" in singletons else (),
            attributes=self.attributes, options=self.options, values=self.values, **checked,
            realm_limit=resource.limit if resource else None, cancel_tokens=marker.supply if marker else None,
            exchange=resource.trade if resource else (),
            files=tuple(f.path for f in self.sources.files), decl_files=decl_files,
            sets=self.sets, facts=self.facts, rounds=self.rounds,
            game=singletons.get("game"), grid=grid, lets=self.top_lets, winner_if=self.winner_if,
            rounds_also=singletons["rounds"].also if "rounds" in singletons else None,
            hexmap=singletons.get("hexmap"), value_sets=self.value_sets,
        )

    def _facts(self, by_type, singletons) -> dict[str, Fact]:
        """Each fact, checked; each reads a key of the record of its own (and no option of a score sheet takes one)."""
        facts = {d.name: self._fact(f, d) for f, d in by_type[ast_sheet.FactDecl]}
        self.record_keys_are_free([d for _, d in by_type[ast_sheet.FactDecl]], by_type[ast_decl.OptionDecl], singletons)
        return facts

    def _constants(self, by_type, singletons) -> None:
        """The names every expression may use before any other declaration is checked: colours and their
        aliases, tile marks, the game's nouns; and the number of levels and the board."""
        colors_decl = singletons.get("colors")
        colors = tuple(colors_decl.names) if colors_decl else ()
        self._check_unique(colors_decl, "colour")
        mark_decl = singletons.get("mark")
        stars = tuple(mark_decl.names) if mark_decl else ()
        self._check_unique(mark_decl, "tile mark")
        aliases = self._aliases(by_type[ast_decl.AliasDecl], colors)
        self.levels = singletons["levels"].value if "levels" in singletons else 1
        if "market" in singletons and singletons["market"].value < 1:  # 0 was taken for "not set": 9 stayed
            self.error("the market must show at least 1 tile", singletons["market"].span)
        self._check_board(singletons.get("board"))
        self.vocabulary = self._vocabulary(by_type, singletons)
        self.colors, self.aliases, self.stars = colors, aliases, stars
        self._check_constants_unshadowed(by_type, set(colors) | set(aliases) | set(stars))

    def _settings(self, by_type) -> None:
        """What a game's rules may be set to: the attributes of every tile, the options a game is played with and
        the values a held piece may modify."""
        self.attributes = {d.name: self._param(d) for _, d in by_type[ast_decl.AttributeDecl]}
        self.options = {d.name: self._option(f, d) for f, d in by_type[ast_decl.OptionDecl]}
        self.values = {d.name: d.value for _, d in by_type[ast_decl.ValueDecl]}
        self.value_decls = [d for _, d in by_type[ast_decl.ValueDecl]]  # typed once the sets are known

    def _require(self, singletons, names) -> None:
        """An error for each declaration the game must make and does not, placed at the top of its entry file."""
        entry = self.sources.files[-1].path if self.sources.files else None
        for missing in names:
            if missing not in singletons:
                self.diags.append(Diagnostic(f"the rule set declares no '{missing}'", file=entry,
                                             span=Span(entry, 1, 1) if entry else None))

    def _aliases(self, decls, colors) -> dict[str, str]:
        """Each alias to the colour it stands for; an alias of no colour, or named like one, is an error."""
        aliases = {}
        for _, decl in decls:
            if decl.target not in colors:
                self.diags.append(self.unknown("colour", decl.target, colors, decl.target_span or decl.span))
            elif decl.alias in colors:
                self.error(f"'{decl.alias}' is a colour and cannot also be an alias", decl.span)
            else:
                aliases[decl.alias] = decl.target
        return aliases

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
                          (ast_decl.AttributeDecl, "attribute"), (ast_sheet.FactDecl, "fact"),
                          (ast_sheet.SetDecl, "set"), (ast_decl.LetDecl, "top-level let")):
            for path, decl in by_type[cls]:
                if decl.name not in constants:
                    continue
                constant, constant_path = self._constant_declared(by_type, decl.name)
                layers = self.sources.layers
                if constant is not None and layers.get(constant_path, 0) > layers.get(path, 0):
                    # A pack's alias named like a base declaration: the error stands at the pack's.
                    self.error(f"alias '{decl.name}' is named like the base game's {what or decl.family} "
                               f"'{decl.name}': a name means one thing", constant.span,
                               hint=f"the base game's at {where(decl.span)}: `{self.first_line(decl.span)}`; "
                                    "give the alias another name")
                    continue
                hint = f"declared at {where(constant.span)}: `{self.first_line(constant.span)}`" if constant else None
                self.error(f"'{decl.name}' is a colour or tile mark and cannot also name "
                           f"a {what or decl.family}", decl.span, hint=hint)

    @staticmethod
    def _constant_declared(by_type, name: str) -> tuple[object | None, str | None]:
        """The declaration of a colour, alias or tile mark, and its file."""
        for path, decl in by_type[ast_decl.NamesDecl] + by_type[ast_decl.AliasDecl]:
            if name in getattr(decl, "names", ()) or name == getattr(decl, "alias", None):
                return decl, path
        return None, None

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
        first: dict[str, tuple[ast_decl.PieceDecl, ast_decl.ParamDecl]] = {}
        for _, decl in kind_decls:
            for member in decl.members:
                if not isinstance(member, ast_decl.ParamDecl) or member.name in self.attributes:
                    continue  # (a parameter named like an attribute is told at the kind)
                if member.name not in types:
                    types[member.name] = type_name(member.type)
                    first[member.name] = (decl, member)
                elif types[member.name].rstrip("?") != type_name(member.type).rstrip("?") and "?" not in (
                        types[member.name], type_name(member.type)):
                    other, param = first[member.name]
                    self.error(f"parameter '{member.name}' is {self.words(type_name(member.type))} here, but "
                               f"{other.family} {other.name}'s parameter '{member.name}' is "
                               f"{self.words(types[member.name])}: `{member.name} of tiles` reads it off every "
                               "tile, so it has one type in every kind", member.span,
                               hint=f"{other.family} {other.name}'s is declared at {where(param.span)}: "
                                    f"`{self.first_line(param.span)}`; give this parameter another name, or that type")
        return types

    # ---- contexts and expressions ----------------------------------------------------------------------

    def context(self, **extra) -> Context:
        extra.setdefault("lets", self.top_lets)
        return Context(
            colors=frozenset(self.colors), aliases=self.aliases, kinds=self.kind_names, stars=frozenset(self.stars),
            attributes={n: type_name(p.type) for n, p in self.attributes.items()},
            options={n: type_name(o.type) for n, o in self.options.items()}, values=frozenset(self.values),
            vocabulary=self.vocabulary, facts=fact_types(self.facts), members=set_members(self.sets),
            awards=frozenset(self.awards), scores=self.score_names, rounds=bool(self.rounds),
            list_flags=list_flags(self.facts), pieces=self.listed_pieces, value_types=self.value_types,
            functions=self.functions, **extra,
        )


def check(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic]]:
    """The checked rule set (None when there are errors) and every diagnostic found, in file order."""
    rules, diags, _ = check_expanded(sources)
    return rules, diags


def check_expanded(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic], SourceSet]:
    """`check`, and the rule files with reuse expanded (check/elaborate.py), which the back ends read as the
    rules' declarations: every small function call, link set and per-member declaration already written out."""
    rules, diags, sources, _ = checked(sources)
    return rules, diags, sources


def checked(sources: SourceSet) -> tuple[RuleSet | None, list[Diagnostic], SourceSet, Checker | None]:
    """`check_expanded`, and the checker that ran (None when elaboration or the size limits refused the rules
    before it): what it found beyond the model, such as which declarations a pack replaced (`replaced`)."""
    elaboration = elaborate(sources)  # functions, link sets and per-member declarations expanded first
    if any(d.is_error for d in elaboration.diagnostics):
        return None, sorted(elaboration.diagnostics, key=_position), sources, None
    sources = elaboration.sources
    bodies = {name: body for name, (_, body) in elaboration.functions.items() if body is not None}
    too_costly = resource_limits(sources.files, bodies)  # first: the checker's own walks follow lets too
    if too_costly:
        return None, sorted(too_costly, key=_position), sources, None
    checker = Checker(sources)
    checker.reuse = elaboration
    rules = checker.run()
    if rules is not None and checker.functions:
        rules = attrs.evolve(rules, functions=dict(checker.functions))
    expanded = len(checker.diags)
    if elaboration.functions:
        check_functions(checker, elaboration)  # each body once, at its definition (after the names are known)
        rules = None if any(d.is_error for d in checker.diags) else rules
    diags = placed([*elaboration.diagnostics, *checker.diags], elaboration, getattr(checker, "misfed", ()),
                   checker.diags[expanded:])
    return rules, sorted(diags, key=_position), sources, checker


def _position(d: Diagnostic):
    span = d.span
    return (span.file, span.line, span.column) if span else (d.file or "", 0, 0)


def _decl_files(labelled) -> dict[str, str]:
    """The file each kind, god, award, variant, score and fact was declared in, keyed "KindDecl:NAME"."""
    return {f"{label}:{d.name}": f for label, entries in labelled for f, d in entries}


def _title(decl) -> str | None:
    if decl is None:
        return None
    return decl.title or decl.name
