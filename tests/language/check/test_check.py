"""Stage 2: semantic checks. Each test states one mistake, the exact message, and where it must point.

Snippets are checked on top of the base game (`include` of rules/orbis/game.orbis on line 1, so a snippet's first
line is line 2 of its file) unless they declare a whole rule set of their own.
"""

from __future__ import annotations

import re

import pytest

from orbis_dsl.common.diagnostics import render

# A minimal complete rule set, for checks that need their own colours, stars or levels.
SMALL = """\
colors red, blue, green
family kind "Tile kind" for tiles
tile mark stars: black
levels 2
board stacked 2, 1
winner: most total, ties shared
"""


def locate(text: str, token: str, offset: int = 1, nth: int = 0) -> tuple[int, int]:
    """(line, column), 1-based, of the nth occurrence of `token` as a whole word in `text`, whose first line is
    line `1 + offset` of its file."""
    pattern = re.escape(token) if not token[:1].isalnum() else rf"(?<![\w]){re.escape(token)}(?![\w])"
    match = list(re.finditer(pattern, text))[nth]
    line = text.count("\n", 0, match.start()) + 1
    column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    return line + offset, column


def errors(diags):
    return [d for d in diags if d.is_error]


def one_error(diags):
    found = errors(diags)
    assert len(found) == 1, "\n".join(render(d) for d in found)
    return found[0]


def assert_diag(diag, message: str, where: tuple[int, int], shown: str, hint: str | None = "any"):
    assert diag.message == message
    assert diag.span is not None, f"no location for: {diag.message}"
    assert diag.span.file == shown
    assert (diag.span.line, diag.span.column) == where, f"{diag.message} at {diag.where()}"
    if hint != "any":
        assert diag.hint == hint


def check_one(check_rules, text: str, message: str, token: str, hint: str | None = "any", nth: int = 0,
              base: bool = True):
    model, diags, shown = check_rules(text, base=base)
    assert model is None
    diag = one_error(diags)
    assert_diag(diag, message, locate(text, token, 1 if base else 0, nth), shown, hint)
    return diag


# ---- a clean rule set ------------------------------------------------------------------------------------


def test_the_base_rules_check_clean(check_rules):
    model, diags, _ = check_rules("")
    assert diags == []
    assert len(model.kinds) == 8 and len(model.gods) == 10 and len(model.variants) == 3
    assert len(model.tiles) == 65


def test_a_small_rule_set_checks_clean(check_rules):
    model, diags, _ = check_rules(SMALL + 'kind k "K" {\n  param cp2: int = 1\n  end: cp2\n}\n'
                                  "tile 2 red black [blue, any] k()\n", base=False)
    assert diags == []
    assert model.tiles[0].params == {"cp2": 1}


# ---- unknown names, with "did you mean" -------------------------------------------------------------------


def test_unknown_name_in_an_expression(check_rules):
    text = 'god sun "Sun" {\n  end: 1 if count(tiles where kind = vilage) >= 1\n}\n'
    check_one(check_rules, text, "unknown name 'vilage'", "vilage", "did you mean 'village'?")


def test_unknown_colour_in_an_expression_is_an_unknown_name(check_rules):
    text = 'kind shrine {\n  end: 2 if count(n in neighbours where n.color = gren) >= 1\n}\n'
    check_one(check_rules, text, "unknown name 'gren'", "gren", "did you mean 'green'?")


def test_unknown_colour_of_a_tile_points_at_the_colour(check_rules):
    text = "tile 1 gren black [] stone(cp: 1)\n"
    check_one(check_rules, text, "unknown colour 'gren'", "gren", "did you mean 'green'?")


def test_unknown_colour_in_a_cost_points_at_the_square(check_rules):
    text = "tile 1 red black [blue, blu] stone(cp: 1)\n"
    check_one(check_rules, text, "unknown colour 'blu'", "blu", "did you mean 'blue'?")


def test_unknown_star_colour_of_a_tile(check_rules):
    text = "tile 1 red blak [] stone(cp: 1)\n"
    check_one(check_rules, text, "unknown tile mark 'blak'", "blak", "did you mean 'black'?")


def test_unknown_kind_of_a_tile_points_at_the_kind(check_rules):
    text = "tile 1 red black [] stne(cp: 1)\n"
    check_one(check_rules, text, "unknown kind 'stne'", "stne", "did you mean 'stone'?")


def test_an_alias_of_an_unknown_colour_points_at_the_colour(check_rules):
    text = "alias violet = purpel\n"
    check_one(check_rules, text, "unknown colour 'purpel'", "purpel",
              "expected one of: blue, green, red, white, yellow")


def test_unknown_option_in_a_variant(check_rules):
    text = 'variant "4p-strict" {\n  players: 4\n  option majority_needs_on = true\n}\n'
    check_one(check_rules, text, "unknown option 'majority_needs_on'", "option",
              "did you mean 'majority_needs_one'?", nth=0)


def test_unknown_value_in_a_modify(check_rules):
    text = 'god sun "Sun" {\n  modify desert_penalt = 0\n  end: 1\n}\n'
    check_one(check_rules, text, "unknown value 'desert_penalt'", "desert_penalt", "did you mean 'desert_penalty'?")


def test_unknown_award_in_a_variant(check_rules):
    text = 'variant "5p" {\n  players: 5\n  award temples: 13, 9, 5, 3, 1\n}\n'
    check_one(check_rules, text, "unknown award 'temples'", "award", "did you mean 'temple'?")


def test_a_variant_removing_an_unknown_star_colour_points_at_it(check_rules):
    text = 'variant "5p" {\n  players: 5\n  remove tiles marked gold\n}\n'
    check_one(check_rules, text, "unknown tile mark 'gold'", "gold", "expected one of: black, purple, white")


def test_unknown_moment(check_rules):
    text = 'kind shrine {\n  when played: gain 1 red\n}\n'
    check_one(check_rules, text, "unknown moment 'when played'", "played", "did you mean 'placed'?")


def test_unknown_type_is_one_error(check_rules):
    """One misspelt type is one mistake: no follow-on errors about the parameter's uses."""
    text = 'kind shrine {\n  param bonus: integer\n  end: bonus\n}\n'
    check_one(check_rules, text, "unknown type 'integer'", "integer", "did you mean 'int'?")


def test_unknown_type_of_an_attribute_named_parameter_is_one_error(check_rules):
    text = 'kind shrine {\n  param cp: integer\n  end: cp\n}\n'
    check_one(check_rules, text, "unknown type 'integer'", "integer", "did you mean 'int'?")


def test_unknown_name_in_an_award(check_rules):
    text = 'award relic "Relic" {\n  measure: count(tiles where kind = relik)\n}\n'
    check_one(check_rules, text, "unknown name 'relik'", "relik")


# ---- type mismatches ---------------------------------------------------------------------------------------


def test_a_colour_where_a_number_is_expected(check_rules):
    text = "tile 2 yellow black [red] village(need: red, cp: 3)\n"
    check_one(check_rules, text, "parameter 'need' expects a number, got the name 'red'", "red", nth=1)


def test_a_number_where_a_colour_is_expected_is_located(check_rules):
    text = "tile 2 yellow black [red] farm(reduces: 3)\n"
    check_one(check_rules, text, "parameter 'reduces' expects a colour, got the number 3", "3")


def test_a_number_as_an_option_default_is_located(check_rules):
    text = "option quick_game: bool = 1\n"
    check_one(check_rules, text, "option 'quick_game' expects a yes/no condition, got the number 1", "1")


def test_a_number_as_a_variant_option_is_located(check_rules):
    text = 'variant "4p-strict" {\n  players: 4\n  option majority_needs_one = 1\n}\n'
    check_one(check_rules, text, "option 'majority_needs_one' expects a yes/no condition, got the number 1", "1")


def test_points_must_be_a_number(check_rules):
    text = 'kind shrine {\n  end: cancelled\n}\n'
    check_one(check_rules, text,
              "the points of an 'end' clause must be a number, but this is a yes/no condition", "cancelled")


def test_a_condition_must_be_yes_or_no(check_rules):
    text = 'kind shrine {\n  end: 2 if level\n}\n'
    check_one(check_rules, text,
              "the condition of an 'end' clause must be a yes/no condition, but this is a number (or none)", "level")


def test_comparing_a_colour_with_a_number(check_rules):
    text = 'kind shrine {\n  end: 2 if count(n in neighbours where n.color = 2) >= 1\n}\n'
    check_one(check_rules, text, "cannot compare a colour with a number", "n.color")


def test_ordering_compares_numbers_only(check_rules):
    text = 'kind shrine {\n  end: 2 if color >= 2\n}\n'
    check_one(check_rules, text, "'>=' compares numbers, not a colour and a number", "color", nth=0)


def test_if_branches_of_different_types(check_rules):
    text = 'god sun "Sun" {\n  end: if worshippers >= 5 then 3 else red\n}\n'
    check_one(check_rules, text, "both branches of 'if' must have one type; got a number and a colour", "if")


def test_in_needs_a_set(check_rules):
    text = ('kind shrine {\n  param favourite: color\n'
            '  end: 2 if count(n in neighbours where n.color in favourite) >= 1\n}\n')
    check_one(check_rules, text, "'in' needs a set of colours, but this is a colour", "favourite", nth=1)


def test_reduce_takes_a_colour(check_rules):
    text = 'kind shrine {\n  when taken: reduce 2\n}\n'
    check_one(check_rules, text, "what 'reduce' takes must be a colour, but this is a number", "2")


def test_an_int_parameter_is_not_an_amount(check_rules):
    text = 'kind shrine {\n  param n: int\n  when taken: gain n\n}\n'
    check_one(check_rules, text, "'n' is a number, not an amount like '2 red'", "n", nth=1)


def test_an_amount_must_be_at_least_one(check_rules):
    text = 'kind shrine {\n  when taken: gain 0 red\n}\n'
    check_one(check_rules, text, "an amount must be at least 1", "0")


def test_an_option_compared_with_an_unknown_choice(check_rules):
    text = 'god sun "Sun" {\n  end: 2 if temple_count = "tile"\n}\n'
    check_one(check_rules, text, "'tile' is not a choice of option 'temple_count'", '"tile"', "did you mean 'tiles'?")


def test_a_variant_option_with_an_unknown_choice(check_rules):
    text = 'variant "4p-tiles" {\n  players: 4\n  option temple_count = "tile"\n}\n'
    check_one(check_rules, text, "'tile' is not a choice of option 'temple_count'", '"tile"', "did you mean 'tiles'?")


def test_arithmetic_on_a_value_that_may_be_none_is_refused(check_rules):
    """`max(…)` of no tile is none: `1 + none` would crash the scorer (TypeError) on a player with no such tile,
    so the checker must not let an `int?` into arithmetic."""
    text = 'god sun "Sun" {\n  end: 1 + max(mystic of tiles where color = blue)\n}\n'
    model, diags, shown = check_rules(text)
    assert model is None, "accepted: scoring a player without blue tiles raises TypeError"
    diag = one_error(diags)
    assert (diag.span.file, diag.span.line) == (shown, 3)


def test_among_needs_a_number(check_rules):
    text = 'god sun "Sun" {\n  end: 3 if cancelled is most among players\n}\n'
    check_one(check_rules, text, "what is 'most among players' must be a number, but this is a yes/no condition",
              "cancelled")


# ---- tile parameters ---------------------------------------------------------------------------------------


def test_a_missing_required_parameter(check_rules):
    text = "tile 2 yellow black [red] village(cp: 3)\n"
    check_one(check_rules, text, "village needs parameter 'need' (a number)", "tile")


def test_several_missing_parameters_are_each_reported(check_rules):
    _, diags, shown = check_rules("tile 2 red black [red] volcano(cp: 3)\n")
    assert sorted(d.message for d in errors(diags)) == [
        "volcano needs parameter 'destroys' (a colour)", "volcano needs parameter 'need' (a number)"]
    assert {(d.span.file, d.span.line) for d in diags} == {(shown, 2)}


def test_an_unknown_parameter(check_rules):
    text = "tile 1 red black [] stone(cp: 1, mystc: 3)\n"
    check_one(check_rules, text, "unknown parameter 'mystc' of stone", "mystc", "did you mean 'mystic'?")


def test_a_parameter_given_twice(check_rules):
    text = "tile 1 red black [] stone(cp: 1, cp: 2)\n"
    check_one(check_rules, text, "parameter 'cp' is given twice", "cp", nth=1)


def test_parameters_with_defaults_and_optional_ones_may_be_left_out(check_rules):
    model, diags, shown = check_rules("tile 1 red black [] stone()\n")
    assert diags == []
    (tile,) = [t for t in model.tiles if t.file == shown]
    assert tile.params == {"cp": 1, "mystic": None}


def test_an_alias_is_accepted_for_a_colour(check_rules):
    model, diags, shown = check_rules("tile 2 orange black [orange] farm(reduces: orange)\n")
    assert diags == []
    (tile,) = [t for t in model.tiles if t.file == shown]
    assert (tile.color, tile.cost, tile.params["reduces"]) == ("yellow", ("yellow",), "yellow")


# ---- duplicates ------------------------------------------------------------------------------------------


def test_a_kind_declared_twice_in_one_file(check_rules):
    text = 'kind shrine {\n  end: 1\n}\nkind shrine {\n  end: 2\n}\n'
    diag = check_one(check_rules, text, "kind 'shrine' is declared twice", "kind", nth=1)
    assert diag.hint.startswith("first declared at ") and diag.hint.endswith(":2:1")


def test_a_god_declared_twice_in_one_file(check_rules):
    text = 'god sun "Sun" {\n  end: 1\n}\ngod sun "Sun again" {\n  end: 2\n}\n'
    check_one(check_rules, text, "god 'sun' is declared twice", "god", nth=1)


def test_a_variant_giving_an_awards_prizes_twice(check_rules):
    """The later line silently replaced the first (found by fuzzing packs, 2026-12-02)."""
    text = 'variant "5p" {\n  players: 5\n  award temple: 6, 5\n  award temple: 4\n}\n'
    check_one(check_rules, text, "variant '5p' gives the prizes of award 'temple' twice: the first is at 4:3", "award",
              hint=None, nth=1)


def test_a_variant_setting_an_option_twice(check_rules):
    text = 'variant "5p" {\n  players: 5\n  option majority_needs_one = true\n  option majority_needs_one = false\n}\n'
    check_one(check_rules, text, "variant '5p' sets option 'majority_needs_one' twice: the first is at 4:3", "option",
              hint=None, nth=1)


def test_redeclaring_a_base_kind_is_reported_where_the_new_one_is(check_rules):
    """The including file's `include` comes first: its own `kind stone` is the second declaration."""
    text = 'kind stone "Standing Stone" {\n  end: 2\n}\n'
    diag = check_one(check_rules, text, "kind 'stone' is declared twice", "kind")
    assert diag.hint == "first declared at rules/orbis/kinds.orbis:5:1" or diag.hint.endswith("kinds.orbis:5:1")


def test_redeclaring_a_singleton_is_reported_where_the_new_one_is(check_rules):
    text = "levels 4\n"
    diag = check_one(check_rules, text, "'levels' is declared twice", "levels")
    assert diag.hint.endswith("orbis/game.orbis:18:1")


def test_a_name_shared_by_a_kind_and_an_option(check_rules):
    text = 'kind quick {\n  end: 1\n}\noption quick: bool = false\n'
    check_one(check_rules, text, "option 'quick' is already declared as a kind", "option")


def test_a_parameter_declared_twice(check_rules):
    text = 'kind shrine {\n  param bonus: int\n  param bonus: int\n  end: bonus\n}\n'
    check_one(check_rules, text, "parameter 'bonus' is declared twice", "bonus", nth=1)


def test_a_let_declared_twice(check_rules):
    text = 'god sun "Sun" {\n  let n = 1\n  let n = 2\n  end: n\n}\n'
    check_one(check_rules, text, "'n' is already defined in this block", "n", nth=1)


def test_a_colour_listed_twice(check_rules):
    text = SMALL.replace("colors red, blue, green", "colors red, blue, green, red")
    check_one(check_rules, text, "colour 'red' is listed twice", "red", nth=1, base=False)


def test_a_star_colour_listed_twice(check_rules):
    text = SMALL.replace("stars: black", "stars: black, white, black")
    check_one(check_rules, text, "tile mark 'black' is listed twice", "black", nth=1, base=False)


def test_an_alias_that_is_already_a_colour(check_rules):
    text = "alias red = yellow\n"
    check_one(check_rules, text, "'red' is a colour and cannot also be an alias", "alias")


def test_a_kind_named_like_a_colour_is_refused(check_rules):
    """Colours resolve before kinds, so `kind = red` could never name such a kind."""
    model, diags, shown = check_rules('kind red "Red Shrine" {\n  end: 1\n}\n')
    assert model is None
    diag = one_error(diags)
    assert "red" in diag.message and "colour" in diag.message
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, 2, 1)


def test_an_option_named_like_a_colour_is_refused(check_rules):
    """Options resolve before colours: such an option would hide the colour in every expression."""
    model, diags, shown = check_rules("option red: bool = false\n")
    assert model is None
    diag = one_error(diags)
    assert "red" in diag.message and "colour" in diag.message
    assert (diag.span.file, diag.span.line) == (shown, 2)


# ---- levels ----------------------------------------------------------------------------------------------


def test_a_level_out_of_range_points_at_the_level(check_rules):
    text = "tile 4 red black [] stone(cp: 9)\n"
    check_one(check_rules, text, "level 4 is out of range: the rule set has levels 1 to 3", "4")


def test_level_zero_is_out_of_range(check_rules):
    _, diags, shown = check_rules("tile 0 red black [] stone(cp: 1)\n")
    diag = one_error(diags)
    assert diag.message == "level 0 is out of range: the rule set has levels 1 to 3"
    assert (diag.span.file, diag.span.line) == (shown, 2)


def test_a_level_out_of_range_is_reported_alongside_other_errors(check_rules):
    _, diags, _ = check_rules("tile 4 red black [] stone(cp: 9)\ntile 1 red black [] stne(cp: 1)\n")
    messages = sorted(d.message for d in errors(diags))
    assert messages == ["level 4 is out of range: the rule set has levels 1 to 3", "unknown kind 'stne'"]


# ---- colour sets -------------------------------------------------------------------------------------------


def test_a_colour_set_with_too_many_colours(check_rules):
    text = "tile 2 green black [red] forest(threshold: 2, colors: {red, yellow, blue}, cp: 3)\n"
    check_one(check_rules, text, "parameter 'colors' needs exactly 2 colours, got 3", "{")


def test_a_colour_set_with_too_few_colours(check_rules):
    text = "tile 2 green black [red] forest(threshold: 2, colors: {red}, cp: 3)\n"
    check_one(check_rules, text, "parameter 'colors' needs exactly 2 colours, got 1", "{")


def test_a_colour_set_listing_a_colour_twice(check_rules):
    text = "tile 2 green black [red] forest(threshold: 2, colors: {red, red}, cp: 3)\n"
    check_one(check_rules, text, "parameter 'colors' lists a colour twice", "{")


def test_a_colour_set_with_an_unknown_colour(check_rules):
    text = "tile 2 green black [red] forest(threshold: 2, colors: {red, yelow}, cp: 3)\n"
    check_one(check_rules, text, "unknown colour 'yelow'", "{", "did you mean 'yellow'?")


def test_a_colour_set_type_larger_than_the_colours(check_rules):
    text = 'kind shrine {\n  param c: colors(6)\n}\n'
    check_one(check_rules, text, "a colour set of 6 is impossible with 5 colours", "colors")


def test_an_empty_colour_set_type(check_rules):
    text = 'kind shrine {\n  param c: colors(0)\n}\n'
    check_one(check_rules, text, "a colour set of 0 is impossible with 5 colours", "colors")


def test_only_colour_sets_take_a_size(check_rules):
    text = 'kind shrine {\n  param c: int(2)\n}\n'
    check_one(check_rules, text, "only 'colors' takes a size, not 'int'", "int")


def test_a_set_mixing_colours_and_kinds(check_rules):
    text = 'god sun "Sun" {\n  end: 2 if count(tiles where kind in {red, stone}) >= 1\n}\n'
    check_one(check_rules, text, "a set lists colours, kinds or tile marks, all of one sort", "{", nth=1)


# ---- reserved names ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["level", "color", "kind", "desert", "cancelled", "validated", "stars"])
def test_a_tile_field_cannot_name_a_parameter(check_rules, name):
    text = f'kind shrine {{\n  param {name}: int\n}}\n'
    taken = {"level": "a built-in name", "color": "a built-in name", "kind": "the name of the family 'kind'",
             "desert": "the face-down state", "cancelled": "the name of a marker",
             "validated": "the opposite of a marker", "stars": "the tile mark"}[name]
    check_one(check_rules, text, f"'{name}' is {taken} and cannot name a parameter", name,
              nth=1 if name == "kind" else 0)


@pytest.mark.parametrize(("decl", "what", "name"), [
    ('kind total {\n  end: 1\n}\n', "kind", "total"),
    ("option none: bool = false\n", "option", "none"),
    ("value row = 2\n", "value", "row"),
    ("attribute measure: int = 0\n", "attribute", "measure"),
])
def test_built_in_names_cannot_be_declared(check_rules, decl, what, name):
    model, diags, shown = check_rules(decl)
    assert model is None
    diag = one_error(diags)
    assert diag.message == f"'{name}' is a built-in name and cannot name a {what}"
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, 2, 1)


def test_a_let_cannot_take_a_built_in_name(check_rules):
    text = 'god sun "Sun" {\n  let worshippers = 2\n  end: 1\n}\n'
    check_one(check_rules, text, "'worshippers' is the name of a resource", "worshippers")


def test_a_colour_cannot_take_a_built_in_name(check_rules):
    text = SMALL.replace("colors red, blue, green", "colors red, column")
    check_one(check_rules, text, "'column' is a built-in name and cannot name a colour", "column", base=False)


# ---- where things may be used ----------------------------------------------------------------------------


def test_validated_in_a_kinds_end_clause(check_rules):
    text = 'kind shrine {\n  end: 2 if validated\n}\n'
    check_one(check_rules, text, "'validated' cannot be used here: a tile's own scoring decides it", "validated")


def test_validated_in_a_placement_condition(check_rules):
    text = 'kind shrine {\n  when placed: require validated else mark cancelled\n}\n'
    check_one(check_rules, text, "'validated' cannot be used here: a tile's own scoring decides it", "validated")


def test_validated_of_counted_tiles_is_fine_in_a_god(check_rules):
    _, diags, _ = check_rules('god sun "Sun" {\n  end: 1 if count(tiles where validated) >= 3\n}\n')
    assert diags == []


def test_neighbours_in_a_god(check_rules):
    text = 'god sun "Sun" {\n  end: 2 if count(neighbours where kind = stone) >= 2\n}\n'
    check_one(check_rules, text, "'neighbours' only makes sense in a kind's clause or about a counted tile",
              "count")


def test_supports_in_an_award(check_rules):
    text = 'award relic "Relic" {\n  measure: count(supports where kind = stone)\n}\n'
    check_one(check_rules, text, "'supports' only makes sense in a kind's clause or about a counted tile",
              "count")


def test_modify_in_a_kind(check_rules):
    text = 'kind shrine {\n  modify desert_penalty = 0\n}\n'
    check_one(check_rules, text, "'modify' belongs in a piece players hold (god): a kind cannot change rule values",
              "desert_penalty")


def test_a_god_has_no_parameters(check_rules):
    text = 'god sun "Sun" {\n  param bonus: int\n  end: 1\n}\n'
    check_one(check_rules, text, "a god has no parameters; use 'let' for a named value, or 'modify' to change a rule "
                                 "value for its holder", "bonus")


def test_gain_when_placed(check_rules):
    text = 'kind shrine {\n  when placed: gain 1 red\n}\n'
    check_one(check_rules, text, "'gain' acts when a tile is taken; 'when placed' only takes 'require'", "gain")


def test_a_god_acts_only_when_taken(check_rules):
    text = 'god sun "Sun" {\n  when placed: require worshippers >= 1 else mark cancelled\n}\n'
    check_one(check_rules, text, "unknown moment 'when placed'", "placed")


# ---- the shape of the rule set ---------------------------------------------------------------------------


def test_a_stacked_board_whose_rows_do_not_shrink_by_one(check_rules):
    text = SMALL.replace("board stacked 2, 1", "board stacked 5, 3")
    check_one(check_rules, text,
              "each row of a stacked board is one tile shorter than the row below; got 5 then 3", "board", base=False)


def test_a_variant_without_players(check_rules):
    text = 'variant "solo" {\n  reveal god: 2\n}\n'
    check_one(check_rules, text, "variant 'solo' says nothing of 'players'", "variant")


def test_a_rule_set_without_a_winner_names_a_file(check_rules):
    _, diags, shown = check_rules("colors red\nboard stacked 2, 1\n", base=False)
    diag = one_error(diags)
    assert diag.message == "the rule set declares no 'winner'"
    assert diag.where() != "<input>"
    assert shown in diag.where()


def test_check_collects_every_error(check_rules):
    text = ("tile 1 rde black [] stone(cp: 1)\n"
            "tile 2 yellow black [red] village(cp: 3)\n"
            'god sun "Sun" {\n  modify desert_penalt = 0\n  end: 1 if count(tiles where kind = vilage) >= 1\n}\n')
    _, diags, shown = check_rules(text)
    assert {d.span.file for d in errors(diags)} == {shown}
    found = {(d.message, d.span.line) for d in errors(diags)}
    assert found == {
        ("unknown colour 'rde'", 2),
        ("village needs parameter 'need' (a number)", 3),
        ("unknown value 'desert_penalt'", 5),
        ("unknown name 'vilage'", 6),
    }
