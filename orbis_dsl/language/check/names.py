"""Name resolution inside expressions, shared by the checker, the compiler and the interpreter.

An expression is read in a context: a tile piece's clause (the tile itself is `self`), a held piece's clause, the
face-down clause, an award or the winner rule. Inside `count(… where P)` and `sum(F of … where P)` a second tile,
the one being counted, comes first, and `neighbours` and `supports` there are the counted tile's. Names then
resolve, in order, to: the counted tile's fields, the clause's own tile fields and parameters, `let` bindings, the
player's fields and values, rule options, and finally colours, tile pieces and marks as constants.

Which names are tile and player fields comes from the game's vocabulary (`model.Vocabulary`): the grammar and this
module know none of them.
"""

from __future__ import annotations

from functools import cache

import attrs

from orbis_dsl.language.check import types
from orbis_dsl.language.check.model import Vocabulary, type_of
from orbis_dsl.language.check.types import Type
from orbis_dsl.language.syntax import ast_expr

# In a game of rounds: the round being scored (from 1) and how many rounds the record gives.
ROUND_NAMES = frozenset({"round", "rounds_played"})


@attrs.frozen
class Binding:
    """What a name means. `where` is 'item' (the counted tile), 'self' (the clause's tile), 'player', 'game'."""

    what: str  # field | param | let | cancelled | player | value | option | color | kind | star | measure | total
    # A field's `target` is the runtime's attribute (`kind`, `desert`, `row` …), whatever the game calls it.
    type: Type
    where: str = "game"
    target: object = None


@attrs.frozen
class Function:
    """A `def` as the checker typed it: its parameters (name, type) and result type, and its body with the small
    calls in it written out (`check/expand.py`); every larger call of it is one `Call` to this."""

    name: str
    params: tuple[tuple[str, Type], ...]
    result: Type
    body: ast_expr.Expr = attrs.field(eq=False, repr=False)


@attrs.frozen
class Context:
    """The names visible in one clause. Built by the checker from the model; copied for nested scopes."""

    colors: frozenset[str]
    aliases: dict[str, str]
    kinds: frozenset[str]
    stars: frozenset[str]
    attributes: dict[str, Type]  # name -> type
    options: dict[str, Type]
    values: frozenset[str]
    option_titles: dict[str, str] = attrs.field(factory=dict)  # option name -> its title, where it declares one
    vocabulary: Vocabulary = attrs.field(factory=Vocabulary)
    params: dict[str, Type] = attrs.field(factory=dict)
    lets: dict[str, ast_expr.Expr] = attrs.field(factory=dict)
    self_kind: str | None = None  # 'tile' in a kind or desert clause, 'god' in a god clause, None elsewhere
    in_item: bool = False
    extras: dict[str, Type] = attrs.field(factory=dict)  # e.g. `measure` in an award, `total` in the winner rule
    allow_validated: bool = True
    # Score sheets: facts (name -> type; `PerMember` for one given per member of a set), members (name -> set),
    # the `for each` name in scope (name -> set), awards and scores by name (for `award X` and `prior X`).
    facts: dict[str, Type] = attrs.field(factory=dict)
    members: dict[str, str] = attrs.field(factory=dict)
    each: dict[str, str] = attrs.field(factory=dict)
    awards: frozenset[str] = frozenset()
    scores: frozenset[str] = frozenset()
    allow_awards: bool = False  # `award X` is known in a score, once the awards are handed out
    # Inside `count(LIST where …)`: the counted held piece's names (name -> (part, type); part is `piece`,
    # `flag` or a value's name), and whether the game has rounds (`round`, `rounds_played` are then known).
    held: dict[str, tuple[str, Type]] = attrs.field(factory=dict)
    rounds: bool = False
    list_flags: dict[str, str] = attrs.field(factory=dict)  # list fact -> its items' flag ('' for none)
    optional_facts: frozenset[str] = frozenset()  # facts a record may leave out (none), for `x[m]` to read safely
    # Pieces a list fact may hold, by name (name -> family): constants, so that `count(cards where card = C1)`
    # can ask which piece is counted.
    pieces: dict[str, str] = attrs.field(factory=dict)
    # The checker's: lets of the block declared after the member being checked (name -> where), which a `let` is
    # not yet usable in (docs/language.md: "usable in the members after it").
    later: dict = attrs.field(factory=dict)
    # Explicit scope (docs/language.md, "Whose is a name"): the names `count(t in …)` gives (name -> TILE or
    # a MemberOf); the types of values (name -> type; int when not listed); what the innermost unnamed `where`
    # ranges over ('tiles' or 'players', None outside one) and the context just outside it, where a bare name
    # that both mean is ambiguous; whether the clause is inside a scope over players (`my`, `their`); and the
    # expressions a condition has shown to be given (`x is given and … x …`).
    binders: dict[str, Type] = attrs.field(factory=dict)
    value_types: dict[str, Type] = attrs.field(factory=dict)
    subject: str | None = None
    outer: Context | None = attrs.field(default=None, eq=False, repr=False)
    over_players: bool = False
    given: frozenset = frozenset()
    # how the innermost unnamed count of tiles is written with its tile named, for messages: `{name}` the field
    named_form: str = ""
    # The rule set's functions (name -> `Function`), and inside a function's body its parameters (name -> type),
    # which hide every other meaning of their names there.
    functions: dict = attrs.field(factory=dict, eq=False, repr=False)
    arguments: dict[str, Type] = attrs.field(factory=dict)

    def evolve(self, **changes) -> Context:
        """This context with `changes` (`attrs.evolve`; a copy field by field was measured no faster, 8.5 against
        8.6 µs: a context has 33 fields). What is cheaper is deriving fewer: see the checker's and the compiler's
        one context for every god."""
        return attrs.evolve(self, **changes)

    def item_scope(self) -> Context:
        return self.evolve(in_item=True)

    def counted_tile(self, scope: str = "tiles", head: str = "count(") -> Context:
        """Inside an unnamed `count(SCOPE where …)` of tiles (`head`: `sum(cp of ` for a sum): the counted tile's
        names first, the outside remembered (`subject` is the scope's word)."""
        form = f"{head}n in {scope} where n.{{name}} …)"
        return self.evolve(in_item=True, subject=scope, outer=self, named_form=form)

    def counted_player(self) -> Context:
        """Inside an unnamed `count(players where …)`: each counted player's names, the outside remembered."""
        return self.evolve(subject="players", outer=self, over_players=True)

    def bound(self, name: str, what: Type) -> Context:
        """Inside `count(NAME in …)` or `sum(… for NAME in SET)`: NAME known, bare names read as outside."""
        return self.evolve(binders={**self.binders, name: what})

    def function_body(self, fn: Function) -> Context:
        """Where a function's body is read for a call written here: the call's scopes (whose tiles and player),
        with its parameters known and no name a construct around the call binds (the body's other names mean the
        rule set's, wherever it is called)."""
        return self.evolve(binders={}, arguments=dict(fn.params), given=frozenset())

    def unscoped(self) -> Context:
        """Inside `my …` or `their …`: names say whose they are, none is ambiguous."""
        return self.evolve(subject=None, outer=None)

    def resolve(self, name: str) -> Binding | None:
        """What `name` means here, looked up from the innermost names out: those a construct binds, the tile or
        piece a clause is about, the player's names, then the game's; None when nothing is called so."""
        return (self._bound_name(name) or self._own_name(name) or self._player_name(name)
                or self._game_name(name))

    def _bound_name(self, name: str) -> Binding | None:
        """A name a construct binds: `count(NAME in …)`, a function's parameter, a held piece's part, a round's
        name."""
        if name in self.arguments:
            return Binding("argument", self.arguments[name], "game", name)
        if name in self.binders:
            return Binding("bound", self.binders[name], "game", name)
        if name in self.held:
            part, type_ = self.held[name]
            return Binding("held", type_, "item", part)
        if self.rounds and name in ROUND_NAMES:
            return Binding(name, types.INT, "game", name)
        return None

    def _own_name(self, name: str) -> Binding | None:
        """A field or parameter of the counted tile or of the clause's own tile, or a god's marker."""
        tile_fields = self.vocabulary.tile_fields
        if self.in_item:
            if name in tile_fields:
                attribute, type_ = tile_fields[name]
                return Binding("field", type_, "item", attribute)
            if name in self.attributes:
                return Binding("param", self.attributes[name], "item", name)
        if self.self_kind == "tile":
            if name in tile_fields and name != self.vocabulary.tile_family:
                attribute, type_ = tile_fields[name]
                return Binding("field", type_, "self", attribute)
            if name in self.params:
                return Binding("param", self.params[name], "self", name)
        if self.self_kind == "god" and name == self.vocabulary.marker:
            return Binding("cancelled", types.BOOL, "player", name)
        return None

    def _player_name(self, name: str) -> Binding | None:
        """A let, a `for each` member, an extra name, a fact, a player's field, a value or an option."""
        if name in self.lets:
            return Binding("let", types.UNKNOWN, "player", self.lets[name])
        if name in self.each:
            return Binding("each", types.MemberOf(self.each[name]), "game", name)
        if name in self.extras:
            return Binding(name, self.extras[name], "player", name)
        if name in self.facts:
            return Binding("fact", self.facts[name], "player", name)
        player_fields = self.vocabulary.player_fields
        if name in player_fields:
            attribute, type_ = player_fields[name]
            return Binding("player", type_, "player", attribute)
        if name in self.values:
            return Binding("value", self.value_types.get(name, types.INT), "player", name)
        if name in self.options:
            return Binding("option", self.options[name], "game", name)
        return None

    def _game_name(self, name: str) -> Binding | None:
        """A colour (or its alias), a kind, a star, a set's member or a piece."""
        canonical = self.aliases.get(name, name)
        if canonical in self.colors:
            return Binding("color", types.COLOR, "game", canonical)
        if name in self.kinds:
            return Binding("kind", types.KIND, "game", name)
        if name in self.stars:
            return Binding("star", types.STAR, "game", name)
        if name in self.members:
            return Binding("member", types.MemberOf(self.members[name]), "game", name)
        if name in self.pieces:
            return Binding("piece", types.PieceOf(self.pieces[name]), "game", name)
        return None

    def visible_names(self) -> list[str]:
        names = set(self.params) | set(self.lets) | set(self.extras) | set(self.vocabulary.player_fields)
        names |= set(self.values) | set(self.options) | set(self.colors) | set(self.aliases) | set(self.kinds)
        names |= set(self.stars) | set(self.facts) | set(self.members) | set(self.each) | set(self.held)
        names |= set(self.pieces) | set(self.binders) | set(self.arguments)
        if self.rounds:
            names |= ROUND_NAMES
        if self.in_item or self.self_kind == "tile":
            names |= set(self.vocabulary.tile_fields) | set(self.attributes)
        if self.self_kind == "god" and self.vocabulary.marker:
            names.add(self.vocabulary.marker)
        return sorted(names)


def rule_context(rules, **extra) -> Context:
    """The base context of a checked rule set (see `check.state.Names.context` for the same during checking)."""
    extra.setdefault("lets", rules.lets)
    extra.setdefault("value_types", value_types(rules.values, rules.sets, rules.value_sets))
    return Context(
        colors=frozenset(rules.colors), aliases=rules.aliases, kinds=frozenset(rules.kinds),
        stars=frozenset(rules.stars), attributes={n: type_of(p.type) for n, p in rules.attributes.items()},
        options={n: type_of(o.type) for n, o in rules.options.items()}, values=frozenset(rules.values),
        option_titles={n: o.title for n, o in rules.options.items() if o.title},
        vocabulary=rules.vocabulary, facts=fact_types(rules.facts), members=set_members(rules.sets),
        awards=frozenset(rules.awards), scores=frozenset(rules.scores), rounds=bool(rules.rounds),
        list_flags=list_flags(rules.facts),
        pieces=listed_pieces(rules.facts, rules.gods, rules.vocabulary.player_family),
        optional_facts=frozenset(n for n, f in rules.facts.items() if f.per and f.type.optional),
        functions=rules.functions, **extra,
    )


def fact_types(facts) -> dict[str, Type]:
    """Each fact's type for expressions: one per member of a set, a list, a member of a set, or its own."""
    return {name: fact_type(f) for name, f in facts.items()}


def fact_type(f) -> Type:
    return _fact_type(f.per, getattr(f, "member_of", None), f.type)


@cache
def _fact_type(per: str | None, member_of: str | None, t) -> Type:
    # (kept: each handler's context asks every fact's type again, 76 contexts of 21 facts for Mondo's module)
    if per:
        return types.PerMember(per)
    if t.name == "list":
        return types.ListOf(t.choices[0])
    if member_of:
        return types.MemberOf(member_of, t.optional)
    return type_of(t)


def value_types(values, sets, typed=None) -> dict[str, Type]:
    """Each value's type for expressions, from its default (a number, a flag, a member of a set) or its declared
    set (`typed`: name -> set, for `value NAME: SET`, none until a piece gives one)."""
    members = set_members(sets)
    found = {}
    for name, value in values.items():
        if isinstance(value, bool):
            found[name] = types.BOOL
        elif isinstance(value, str) and value in members:
            found[name] = types.MemberOf(members[value])
    for name, set_name in (typed or {}).items():
        found[name] = types.MemberOf(set_name, True)
    return found


def measure_facts(grid) -> dict[str, Type]:
    """A grid record's measures, which a derived fact's `from` reads as facts: each a number, or one per member
    of a set."""
    from orbis_dsl.runtime.grid import measure_sets  # (only a game with a grid reads it: not at every start)

    return {name: types.PerMember(per) if per else types.INT for name, per in measure_sets(grid).items()}


def set_members(sets) -> dict[str, str]:
    return {member: name for name, members in sets.items() for member in members}


def kind_context(rules, kind, base: Context | None = None) -> Context:
    """A tile kind's clauses' context; `base`: the rule set's `rule_context`, when the caller has it already."""
    base = base or rule_context(rules)
    return base.evolve(params={n: type_of(p.type) for n, p in kind.params.items()}, self_kind="tile",
                       lets=kind.lets)


def god_context(rules, god, base: Context | None = None) -> Context:
    """A held piece's clauses' context; `base` as for `kind_context`."""
    return (base or rule_context(rules)).evolve(self_kind="god", lets=god.lets)


def desert_context(rules) -> Context:
    return rule_context(rules, self_kind="tile")


def list_flags(facts) -> dict[str, str]:
    return {name: f.type.choices[1] for name, f in facts.items() if f.type.name == "list"}


def listed_pieces(facts, pieces, family: str | None) -> dict[str, str]:
    """The pieces of the players' family, by name, when a list fact lists that family (Mondo's task cards); none
    otherwise (Orbis's gods stay plain names)."""
    listed = {f.type.choices[0] for f in facts.values() if f.type.name == "list"}
    return {name: family for name in pieces} if family in listed else {}


def held_names(ctx: Context, fact: str) -> dict[str, tuple[str, Type]]:
    """The names a counted held piece answers to: its family (the piece), its flag, and every value."""
    family = ctx.facts[fact].item
    names = {family: ("piece", types.PieceOf(family)), **{v: (v, types.INT) for v in ctx.values}}
    flag = ctx.list_flags.get(fact)
    if flag:
        names[flag] = ("flag", types.BOOL)
    return names
