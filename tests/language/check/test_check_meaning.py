"""Stage 2: rules that parse and type but do not mean what they say, and the messages that say so.

Each test states a mistake a designer made (docs/language.md says what the construct means), the message, and where
it points. Snippets are checked on top of the base game, as in test_check.py (a snippet's first line is line 2).
"""

from __future__ import annotations

import pytest
from language.check.test_check import check_one, errors, locate

NONE_HINT = "max(…, 0) scores 0 when there is none; or compare it: `end: 4 if max(…) >= 4`"
NONE_POINTS = ("the points of an 'end' clause may have no value at all (a max or min of no tiles, an optional "
               "parameter, a tile's level): an 'end' clause scores a number")


def warnings(diags):
    return [d for d in diags if not d.is_error]


# ---- points that may be none (docs/language.md, Where a tile lies) -----------------------------------------


@pytest.mark.parametrize("points, token", [
    ("max(mystic of tiles)", "max"),
    ("min(cp of tiles where kind = stone)", "min"),
    ("if worshippers > 1 then max(cp of tiles) else 0", "max"),
    ("if worshippers > 1 then 0 else if worshippers > 5 then 1 else min(cp of tiles)", "min"),
    ("level", "level"),
    ("min(max(mystic of tiles), max(cp of tiles))", "min"),
])
def test_points_that_may_be_none_are_refused(check_rules, points, token):
    kind = "god sun" if "level" not in points else "kind shrine"
    text = f'{kind} "Sun" {{\n  end: {points}\n}}\n'
    check_one(check_rules, text, NONE_POINTS, token, NONE_HINT)


@pytest.mark.parametrize("points", ["max(max(mystic of tiles), 0)", "count(tiles) + sum(cp of tiles)",
                                    "if max(cp of tiles) >= 4 then 4 else 0"])
def test_points_that_are_numbers_check(check_rules, points):
    model, diags, _ = check_rules(f'god sun "Sun" {{\n  end: {points}\n}}\n')
    assert model is not None and diags == []


def test_a_comparison_of_none_is_still_a_condition(check_rules):
    model, diags, _ = check_rules('god sun "Sun" {\n  end: 4 if max(cp of tiles where kind = stone) >= 4\n}\n')
    assert model is not None and diags == []


def test_min_with_a_value_that_may_be_none_warns_it_is_the_cap(check_rules):
    """min passes over none (docs: min and max of values): with no stones, `min(max(cp …), 8)` scores 8."""
    text = 'god sun "Sun" {\n  end: min(max(cp of tiles where kind = stone), 8)\n}\n'
    model, diags, shown = check_rules(text)
    assert model is not None
    (diag,) = warnings(diags)
    assert diag.message == ("'min' passes over a value that is none: when this has none (no such tiles, or an "
                            "optional value left out), the min is 8, not 0")
    assert diag.hint == "to count none as 0, write max(…, 0) around it inside the min"
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, *locate(text, "max"))


def test_min_of_values_that_are_numbers_does_not_warn(check_rules):
    model, diags, _ = check_rules('god sun "Sun" {\n  end: min(max(max(cp of tiles), 0), 8)\n}\n')
    assert model is not None and diags == []


# ---- a let is usable in the members after it ----------------------------------------------------------------


def test_a_let_used_above_its_declaration(check_rules):
    text = 'god sun "Sun" {\n  let bright = 2\n  end: bright + later\n  let later = 10\n}\n'
    line, column = locate(text, "later", nth=1)
    check_one(check_rules, text, f"'later' is declared below, at {line}:{column}; a let is usable after it", "later",
              "move 'let later = …' above this line")


def test_a_let_used_in_an_earlier_let_and_in_a_when_clause(check_rules):
    text = ('kind shrine {\n  let a = b + 1\n  let b = 2\n  when placed: require d >= 1 else mark cancelled\n'
            '  let d = 3\n}\n')
    _, diags, _ = check_rules(text)
    assert [(d.message, d.span.line) for d in errors(diags)] == [
        ("'b' is declared below, at 4:7; a let is usable after it", 3),
        ("'d' is declared below, at 6:7; a let is usable after it", 5)]


def test_a_let_used_in_its_own_definition(check_rules):
    text = 'god sun "Sun" {\n  let c = 1 +\n    c\n}\n'
    check_one(check_rules, text, "'c' is used in its own definition; a let is usable after it", "c", nth=1)


def test_lets_in_the_order_of_the_docs_check(check_rules):
    text = 'kind shrine {\n  let a = 1\n  let b = a + 1\n  end: a + b\n  when taken: gain 1 red\n}\n'
    model, diags, _ = check_rules(text)
    assert model is not None and diags == []


# ---- among players compares what is the player's ------------------------------------------------------------

AMONG = ("'most among players' compares a number of each player's, but this reads the tile being scored, which "
         "the other players do not have")
AMONG_HINT = ("'among players' compares what is the player's: in a god's clause, an award, or a tile's clause about "
              "the player alone (count(tiles where …), a resource, a value)")


@pytest.mark.parametrize("text, token, nth", [
    ("kind beacon {\n  param cp: int\n  end: cp if count(n in neighbours where n.color = blue) is most among "
     "players\n}\n", "count", 0),
    ("kind beacon {\n  param cp: int\n  end: cp if cp is most among players\n}\n", "cp", 2),
    ("kind beacon {\n  param cp: int\n  let near = count(supports)\n  end: cp if near is most among players\n}\n",
     "near", 1),
    ("kind beacon {\n  param hue: color\n  end: 1 if count(t in tiles where t.color = hue) is most among players\n}\n",
     "hue", 1),
])
def test_among_players_about_the_tile_being_scored_is_refused(check_rules, text, token, nth):
    check_one(check_rules, text, AMONG, token, AMONG_HINT, nth=nth)


def test_among_players_about_a_counted_tile_is_refused(check_rules):
    text = 'god sun "Sun" {\n  end: count(tiles where cp is most among players)\n}\n'
    check_one(check_rules, text, AMONG.replace("being scored", "being counted"), "cp", AMONG_HINT)


@pytest.mark.parametrize("condition", [
    "count(t in tiles where t.color = white) is most among players",  # the example pack's Shrine
    "count(tiles where count(n in neighbours where n.color = red) >= 1) is most among players",
    "worshippers is fewest among players",
])
def test_among_players_about_the_player_checks_in_a_tile_clause(check_rules, condition):
    model, diags, _ = check_rules(f"kind shrine {{\n  param cp: int\n  end: cp if {condition}\n}}\n")
    assert model is not None and diags == []


# ---- an award that hands out nothing -----------------------------------------------------------------------


def compile_pack_text(tmp_path, monkeypatch, text: str):
    """The pack of one file, TEXT, laid over the base game: (compiled, the file's shown name)."""
    from orbis_dsl.language.packs.load import compile_pack

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "pack.orbis").write_text(text, encoding="utf-8")
    compiled = compile_pack(tmp_path / "pack")
    return compiled, next(f.path for f in compiled.sources.files if f.path.endswith("pack.orbis"))


def test_an_award_without_prizes_that_no_variant_gives_warns(tmp_path, monkeypatch):
    compiled, shown = compile_pack_text(tmp_path, monkeypatch,
                                        'award relic "Relic" { measure: count(tiles where kind = stone) }\n')
    assert compiled.model is not None
    (diag,) = warnings(compiled.diagnostics)
    assert diag.message == ("award 'relic' has no 'prizes:' line and no variant gives it prizes: it hands out "
                            "nothing, and scores 0 for every player")
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, 1, 1)


def test_an_award_without_prizes_that_the_base_variants_do_not_give_warns_at_the_award(tmp_path, monkeypatch):
    text = ('award relic "Relic" { measure: count(tiles where kind = stone) }\n'
            'variant duo {\n  players: 2\n  remove tiles marked white, purple\n  award temple: 9, 4\n'
            '  award relic: 3, 1\n}\n')
    compiled, shown = compile_pack_text(tmp_path, monkeypatch, text)
    (diag,) = warnings(compiled.diagnostics)
    assert diag.message == ("award 'relic' has no 'prizes:' line and variants 4p, 3p, 2p give it none: it hands "
                            "out nothing, and scores 0 for every player in those variants")
    assert (diag.span.file, diag.span.line) == (shown, 1)


def test_a_pack_variant_that_gives_a_base_award_no_prizes_warns_at_the_variant(tmp_path, monkeypatch):
    compiled, shown = compile_pack_text(tmp_path, monkeypatch,
                                        "variant duo {\n  players: 2\n  remove tiles marked white, purple\n}\n")
    (diag,) = warnings(compiled.diagnostics)
    assert diag.message == ("variant 'duo' gives no prizes of award 'temple', which has no 'prizes:' line of its "
                            "own: in this variant the award hands out nothing")
    assert diag.hint == "add 'award temple: A, B, …' to the variant, as variant '4p' does"
    assert (diag.span.file, diag.span.line) == (shown, 1)


def test_the_base_game_s_temple_tokens_take_their_prizes_from_the_variants(check_rules):
    model, diags, _ = check_rules("")
    assert model.awards["temple"].prizes == () and diags == []


# ---- errors in the base game's files that a pack's replacement causes ---------------------------------------


def test_base_tiles_broken_by_a_pack_kind_name_the_replacement(tmp_path, monkeypatch):
    """`orbis new kind stone` replaced the Sacred Stone: the 14 base tiles of it lack the new kind's `likes`."""
    text = 'kind stone "Stone" {\n  param likes: color\n  param cp: int\n  end: cp\n}\n'
    compiled, shown = compile_pack_text(tmp_path, monkeypatch, text)
    found = errors(compiled.diagnostics)
    assert len(found) == 14 and {d.message for d in found} == {"stone needs parameter 'likes' (a colour)"}
    assert all(d.span.file.endswith("tiles.orbis") for d in found)
    kinds = next(f.path for f in compiled.sources.files if f.path.endswith("kinds.orbis"))
    assert found[0].hint == (f"kind 'stone' is the pack's, at {shown}:1:1: it replaces the base game's 'Sacred Stone' "
                             f"({kinds}:5:1), which these lines were written for; name the pack's kind otherwise to "
                             "add it beside the base one, or keep what the base one declares")


def test_a_pack_s_colours_are_refused_where_the_pack_declares_them(tmp_path, monkeypatch):
    """The base game's tiles are written for its colours: a pack's `colors` once replaced them, and every base tile
    of yellow was an error in the base game's files. Now the one error is the pack's, naming the base's line."""
    compiled, shown = compile_pack_text(tmp_path, monkeypatch, "colors red, blue, green, white\n")
    (found,) = errors(compiled.diagnostics)
    assert (found.span.file, found.span.line, found.span.column) == (shown, 1, 1)
    assert found.message.startswith("a rule pack cannot declare the colours again")
    assert found.hint.startswith("the base game's at ") and "game.orbis:15:1: `colors red, yellow, blue, green, " \
        "white`; remove this declaration from the pack" in found.hint


def test_errors_in_the_pack_itself_get_no_replacement_hint(tmp_path, monkeypatch):
    compiled, _ = compile_pack_text(tmp_path, monkeypatch, 'god love "Love" {\n  end: nothing\n}\n')
    (diag,) = errors(compiled.diagnostics)
    assert diag.message == "unknown name 'nothing'" and "the pack's" not in (diag.hint or "")


# ---- messages in the game's own words ---------------------------------------------------------------------


def test_a_kind_compared_with_a_colour_says_a_kind(check_rules):
    text = 'god sun "Sun" {\n  end: count(tiles where kind = red)\n}\n'
    check_one(check_rules, text, "cannot compare a kind with a colour", "kind")


def test_a_parameter_redeclaring_an_attribute_says_every_tile_has_it(check_rules):
    text = 'kind shrine {\n  param cp: color\n}\n'
    diag = check_one(check_rules, text, "every tile already has 'cp', a number (attribute cp), so a kind cannot "
                     "declare it again as a colour", "cp")
    assert diag.hint.startswith("the attribute is declared at ") and diag.hint.endswith(
        "game.orbis:42:1; give this parameter another name")


def test_reduce_any_says_reduce_takes_one_colour(check_rules):
    text = 'kind shrine {\n  when taken: reduce any\n}\n'
    check_one(check_rules, text, "'reduce' takes one colour: the cost squares of that colour are free from then on "
              "('any' is for gain and pay)", "any", "like: reduce red, or a parameter of type color")


def test_a_kind_asking_its_own_kind_is_told_it_is_fixed(check_rules):
    """It said "unknown name 'kind'" with the hint "did you mean 'kind'?"."""
    text = 'kind shrine {\n  end: 1 if kind = stone\n}\n'
    check_one(check_rules, text, "a kind's own clause does not ask its 'kind': every tile it scores is of this kind",
              "kind", "ask it of other tiles: count(neighbours where kind = …)", nth=1)
