"""What the checker's passes hand one another: `Names`, everything a pass knows of the rule set so far, frozen;
and `Report`, where a pass writes what it finds (diagnostics, and the types it learns of `let`s).

Each pass of `checker.py` is a function from one `Names` to the next (`attrs.evolve`): the declarations
collected, then the constants, the settings, the sets, facts and lets, then the declarations checked. The
functions of the other modules of this package take the `Names` of their pass as `env`; only a `Report` changes
under them, so what a function may read is what the passes before it decided, never what a sibling happens to
have set.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span, unknown
from orbis_dsl.language.check import expr as expressions
from orbis_dsl.language.check import types
from orbis_dsl.language.check.model import BUILTIN_NAMES, Vocabulary, type_of
from orbis_dsl.language.check.names import ROUND_NAMES, Context, list_flags, set_members
from orbis_dsl.language.check.types import Type
from orbis_dsl.language.syntax import ast_decl
from orbis_dsl.language.syntax.sources import SourceSet

# Unknown names that get a "did you mean" (and the list of known names built for it): each costs a pass over
# every known name, so thousands of mistakes among thousands of names were quadratic (minutes).
HINTS = 100


@attrs.define
class Report:
    """What the passes find as they go: the diagnostics, in the order found; the type of each `let` expression
    checked (by id), which the lets after it and the pack's replacement rule read; how many "did you mean"
    hints are left; the functions whose bodies were read in each context (`functions.call_type`), and those an
    argument of the wrong type was passed to (`functions.argument_type`)."""

    diags: list[Diagnostic] = attrs.field(factory=list)
    let_types: dict[int, Type] = attrs.field(factory=dict)
    hints_left: int = HINTS
    bodies_read: dict = attrs.field(factory=dict)
    misfed: frozenset[str] = frozenset()


@attrs.frozen(kw_only=True, eq=False)
class Names:
    """Everything known of one rule set at one point of the check: set by the pass that decides it, read by
    every pass after. `report` is the one thing written to (it is not part of what the rules are)."""

    sources: SourceSet
    report: Report = attrs.field(factory=Report, eq=False, repr=False)
    # pass 1, the declarations collected (`declarations.collect`): (file, declaration) by class, the
    # one-of-a-kind declarations by key
    by_type: dict = attrs.field(factory=dict)
    singletons: dict = attrs.field(factory=dict)
    families: dict[str, ast_decl.FamilyDecl] = attrs.field(factory=dict)
    reserved: frozenset[str] = frozenset()
    replaced: dict = attrs.field(factory=dict)  # key -> (what, base declaration, the pack's)
    bound: dict = attrs.field(factory=dict)  # name -> (sort, declaration, layer, entry)
    sheet: bool = False  # scored from score sheets (it declares `score` columns)
    # pass 2, the constants
    vocabulary: Vocabulary = attrs.field(factory=Vocabulary)
    colors: tuple[str, ...] = ()
    aliases: dict[str, str] = attrs.field(factory=dict)
    stars: tuple[str, ...] = ()
    levels: int = 1
    # pass 3, the settings and what expressions may name
    attributes: dict = attrs.field(factory=dict)
    options: dict = attrs.field(factory=dict)
    values: dict = attrs.field(factory=dict)
    value_decls: tuple = ()
    value_types: dict[str, Type] = attrs.field(factory=dict)
    value_sets: dict[str, str] = attrs.field(factory=dict)
    kind_names: frozenset[str] = frozenset()
    param_types_by_name: dict[str, Type] = attrs.field(factory=dict)
    rounds: int | None = None
    sets: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    hexmap: object = None
    facts: dict = attrs.field(factory=dict)
    fact_types: dict = attrs.field(factory=dict)  # each fact's type for expressions (`names.fact_types`)
    listed_pieces: dict[str, str] = attrs.field(factory=dict)
    top_lets: dict = attrs.field(factory=dict)
    reuse: object = attrs.field(default=None, eq=False, repr=False)  # the elaboration (check/elaborate.py)
    functions: dict = attrs.field(factory=dict, eq=False, repr=False)
    score_names: frozenset[str] = frozenset()
    # pass 4, the declarations that score: what later ones read of earlier ones
    awards: dict = attrs.field(factory=dict)
    awards_declared: dict = attrs.field(factory=dict)
    kinds: dict = attrs.field(factory=dict)

    # ---- what every pass writes with ----------------------------------------------------------------------

    @property
    def diags(self) -> list[Diagnostic]:
        return self.report.diags

    @property
    def let_types(self) -> dict[int, Type]:
        return self.report.let_types

    @property
    def bodies_read(self) -> dict:
        return self.report.bodies_read

    def error(self, message: str, span: Span | None, hint: str | None = None) -> None:
        self.report.diags.append(Diagnostic(message, span=span, hint=hint))

    def warn(self, message: str, span: Span | None, hint: str | None = None) -> None:
        """A located warning: the rules check (and score), but this is very likely not what was meant."""
        self.report.diags.append(Diagnostic(message, span=span, hint=hint, severity="warning"))

    def unknown(self, what: str, name: str, choices, span) -> Diagnostic:
        """`diagnostics.unknown`; `choices` may be a function giving them, called only while hints are left."""
        if self.report.hints_left <= 0:
            return Diagnostic(f"unknown {what} '{name}'", span=span)
        self.report.hints_left -= 1
        return unknown(what, name, choices() if callable(choices) else choices, span)

    # ---- expressions -----------------------------------------------------------------------------------------

    def expr(self, e, ctx: Context) -> Type:
        """Check an expression; return its type (UNKNOWN after an error, so one mistake is reported once)."""
        return expressions.check_expr(self, e, ctx)

    def expect(self, e, ctx: Context, want: Type, what: str, none_ok: bool = True) -> None:
        """Check that `e` has type `want`; a number that may be none passes only where `none_ok`."""
        expressions.expect(self, e, ctx, want, what, none_ok)

    def words(self, t: Type) -> str:
        """A type in plain words, in the game's own nouns."""
        return types.words(t, self.vocabulary)

    def context(self, **extra) -> Context:
        """The names a clause may use, from what is known so far (`extra`: the clause's own)."""
        extra.setdefault("lets", self.top_lets)
        return Context(
            colors=frozenset(self.colors), aliases=self.aliases, kinds=self.kind_names, stars=frozenset(self.stars),
            attributes={n: type_of(p.type) for n, p in self.attributes.items()},
            options={n: type_of(o.type) for n, o in self.options.items()}, values=frozenset(self.values),
            vocabulary=self.vocabulary, facts=self.fact_types, members=set_members(self.sets),
            awards=frozenset(self.awards), scores=self.score_names, rounds=bool(self.rounds),
            list_flags=list_flags(self.facts), pieces=self.listed_pieces, value_types=self.value_types,
            functions=self.functions, **extra,
        )

    # ---- words for messages ------------------------------------------------------------------------------------

    def first_line(self, span: Span | None) -> str | None:
        """The first line of a declaration's text (for a message that names it), shortened; None if not kept."""
        text = self.sources.texts.get(span.file) if span is not None else None
        lines = text.split("\n") if text is not None else []
        if not lines or not 1 <= span.line <= len(lines):
            return None
        line = lines[span.line - 1].strip()
        return line if len(line) <= 80 else line[:79] + "…"

    def taken_by(self, name: str) -> str:
        """What a reserved name already is, in words: 'a built-in name', 'the family kind' …"""
        if name in BUILTIN_NAMES:
            return "a built-in name"
        if name in ROUND_NAMES:
            return "a built-in name of a game of rounds"
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
