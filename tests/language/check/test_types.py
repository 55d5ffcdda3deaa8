"""Types are values (issue 32, item 5): the checker gives every expression, name and fact a frozen value of
check/types.py, never a string; messages write a type by its documented name, in plain words."""

from __future__ import annotations

import pytest

from orbis_dsl.language.check import types
from orbis_dsl.language.check.model import Vocabulary
from orbis_dsl.language.check.names import Context, fact_type
from orbis_dsl.language.check.types import (
    BOOL,
    INT,
    KIND,
    MAYBE_INT,
    UNKNOWN,
    Basic,
    ListOf,
    MemberOf,
    PerMember,
    PieceOf,
    RoundValues,
    SetOf,
    Simple,
)


@pytest.mark.parametrize("value, name, words", [
    (INT, "int", "a number"), (MAYBE_INT, "int?", "a number (or none)"), (BOOL, "bool", "a yes/no condition"),
    (SetOf(Basic.COLOR), "colors", "a set of colours"), (SetOf(Basic.COLOR, True), "colors?",
                                                         "a set of colours (or none)"),
    (RoundValues(Basic.INT), "ints", "a list of numbers"), (RoundValues(Basic.STRING), "strings", "a list of strings"),
    (ListOf("cards"), "list:cards", "a list of cards"),
    (MemberOf("terrains", True), "member:terrains?", "a member of terrains (or none)"),
    (PerMember("tracks"), "per:tracks", "a value per member of tracks"), (PieceOf("card"), "piece:card", "a card"),
    (UNKNOWN, "?", "?"),
])
def test_a_type_is_a_value_that_messages_write_by_its_name(value, name, words):
    assert types.name_of(value) == name
    assert types.words(value) == words
    assert value != name  # a value, not its name


def test_none_is_a_property_of_the_type():
    assert types.required(MAYBE_INT) == INT and types.maybe(INT) == MAYBE_INT
    assert types.is_optional(MemberOf("terrains", True)) and not types.is_optional(ListOf("cards"))
    assert types.maybe(ListOf("cards")) == ListOf("cards")  # a list has no none of its own
    assert types.is_int(MAYBE_INT) and not types.is_int(BOOL)


def test_a_set_is_of_colours_pieces_or_marks_only():
    assert types.set_of(Simple(Basic.STAR)) == SetOf(Basic.STAR)
    assert types.set_of(INT) is None and types.set_of(MemberOf("terrains")) is None


def test_the_games_own_noun_names_its_pieces():
    orbis = Vocabulary(tile_family="kind")
    assert types.words(KIND, orbis) == "a kind" and types.words(SetOf(Basic.KIND), orbis) == "a set of kinds"
    assert types.words(KIND) == "a tile piece"


def test_declared_names_read_as_values():
    assert types.named("colors", optional=True) == SetOf(Basic.COLOR, True)
    assert types.named("amount") == Simple(Basic.AMOUNT)
    assert types.named("no such type") == UNKNOWN


def test_names_resolve_to_type_values():
    ctx = Context(colors=frozenset({"red"}), aliases={}, kinds=frozenset({"temple"}), stars=frozenset(),
                  attributes={}, options={"long": BOOL}, values=frozenset({"home"}), members={"black": "terrains"},
                  value_types={"home": MemberOf("terrains")})
    assert ctx.resolve("red").type == Simple(Basic.COLOR)
    assert ctx.resolve("temple").type == KIND
    assert ctx.resolve("black").type == MemberOf("terrains")
    assert ctx.resolve("home").type == MemberOf("terrains")
    assert ctx.resolve("long").type == BOOL


class _Fact:
    def __init__(self, per=None, type_name="int", choices=(), optional=False, member_of=None):
        from orbis_dsl.language.syntax.ast_expr import TypeRef

        self.per, self.member_of = per, member_of
        self.type = TypeRef(type_name, choices=choices, optional=optional)


def test_a_facts_type_says_what_it_holds():
    assert fact_type(_Fact(per="tracks")) == PerMember("tracks")
    assert fact_type(_Fact(type_name="list", choices=("cards", ""))) == ListOf("cards")
    assert fact_type(_Fact(member_of="terrains", optional=True)) == MemberOf("terrains", True)
    assert fact_type(_Fact(optional=True)) == MAYBE_INT


@pytest.mark.parametrize("game", ["orbis", "terra-mystica", "mondo"])
def test_every_name_of_a_bundled_game_has_a_type_value(game):
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.check.names import god_context, kind_context, rule_context
    from orbis_dsl.language.ruleset import compile_game

    model = compile_game(game_named(game)).model
    contexts = [rule_context(model)] + [kind_context(model, k) for k in model.kinds.values()]
    contexts += [god_context(model, g) for g in model.gods.values()]
    resolved = 0
    for ctx in contexts:
        for name in ctx.visible_names():
            binding = ctx.resolve(name)
            if binding is None:  # (a kind's own clause does not ask its own kind: visible, and refused)
                continue
            assert isinstance(binding.type, types.Type), (name, binding)  # never a string
            resolved += 1
    assert resolved > 20
