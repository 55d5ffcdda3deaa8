"""The names a handler reads, as the IR stage hands them to both back ends (issue 32, item 5).

A `DeclarationScope` is the checker's context for one declaration (a god, a tile kind, the desert, or the rules at
large with a `for each` member, an award's measure, the winner rule's `total`); each handler built for it takes a
`HandlerScope`, which lowers the handler's syntax expressions to the IR, each once, and words their explanations
(`ir.describe`). Both back ends take their declarations' contexts from here (kind, god, rule and derived-fact
scopes in one place); the interpreter also takes its `HandlerScope`s, while the compiler's `ModuleBuilder` still
builds its own lowering and `Describer` from the context. The interpreter reads nothing of the checker but this
module and `ir.checked`.
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.check import names, types
from orbis_dsl.language.check.says import CLAUSE_WORDS, placeholders
from orbis_dsl.language.ir.describe import Describer
from orbis_dsl.language.ir.lower import Lowering
from orbis_dsl.language.syntax import ast_expr


@attrs.frozen
class DeclarationScope:
    """The names of one declaration's clauses; `wild`: a desert matches every colour there."""

    context: names.Context = attrs.field(repr=False)
    wild: bool

    @property
    def option_titles(self) -> dict[str, str]:
        return self.context.option_titles

    def handler(self) -> HandlerScope:
        """A new handler's scope: its lets are its own (one node for every read of a let in the handler)."""
        return HandlerScope(self)

    def measured(self) -> DeclarationScope:
        """An award's `eligible` and tie-break: its `measure` is known too."""
        return attrs.evolve(self, context=attrs.evolve(self.context, extras={"measure": types.INT}))


class HandlerScope:
    """One handler's names. `lower` gives a syntax expression's IR, lowered at its first use and kept (the rule
    set keeps the syntax tree, so an expression's identity is its own while the handler lives)."""

    def __init__(self, declaration: DeclarationScope):
        ctx = declaration.context
        self.wild = declaration.wild
        self.option_titles = declaration.option_titles
        self.describer = Describer(set(ctx.params), self.wild, ctx.lets, ctx.vocabulary)
        self.lowering = Lowering(ctx)
        self._lowered: dict[int, tuple] = {}

    def lower(self, e):
        found = self._lowered.get(id(e))
        if found is None:
            found = self._lowered[id(e)] = (e, self.lowering.lower(e))  # (the expression kept with its IR)
        return found[1]


def rule_scope(rules, *, each: dict[str, str] | None = None, allow_awards: bool = False,
               extras: dict[str, str] | None = None) -> DeclarationScope:
    """The rules at large: an award's measure, a score column, a table check, the winner rule."""
    extra = {"each": each} if each else {}
    extra |= {"allow_awards": True} if allow_awards else {}
    extra |= {"extras": extras} if extras else {}
    return DeclarationScope(names.rule_context(rules, **extra), rules.desert.wild)


def kind_scope(rules, kind, base=None) -> DeclarationScope:
    """A tile kind's scope; `base`: the rule set's base context when the caller has built it already."""
    return DeclarationScope(names.kind_context(rules, kind, base), rules.desert.wild)


def god_scope(rules, god, base=None) -> DeclarationScope:
    """A held piece's scope; `base` as for `kind_scope`."""
    return DeclarationScope(names.god_context(rules, god, base), rules.desert.wild)


def desert_scope(rules) -> DeclarationScope:
    return DeclarationScope(names.desert_context(rules), rules.desert.wild)


def derive_scope(rules) -> DeclarationScope:
    """A derived fact's `from`: the measures of a grid record and the facts given for the round or the whole
    record; no desert there."""
    base = names.rule_context(rules)
    shared = {n: t for n, t in base.facts.items() if rules.facts[n].level is not None}
    return DeclarationScope(attrs.evolve(base, facts={**shared, **names.measure_facts(rules.grid)}), False)


def sentence_names(says: str | None) -> dict[str, ast_expr.Ref]:
    """The rules' names a clause's sentence fills in (not the clause's own words: points, why, how), each as the
    expression that reads it; none when the sentence is not one we can fill."""
    found = placeholders(says) if says else []
    return {n: ast_expr.Ref(n) for n in found if n not in CLAUSE_WORDS} if isinstance(found, list) else {}
