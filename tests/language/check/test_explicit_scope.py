"""Explicit scope and real values (issue 32, items 1 and 2), run through both the generated handlers and the
interpreter, each case scored by hand in its comment:

- the two rules a designer writes and the old language scored silently wrong: "+1 per green tile whose left
  neighbour is blue" and "+1 per player with fewer temples than me";
- a score sheet whose values are set members and flags, read with `their`/`my`, `is given`, counting and summing
  over a set's members;
- the ambiguous forms refused with both readings named, and conditions proven constant warned about.
"""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.records.orbis.json_reader import read_json_text
from orbis_dsl.runtime.scoring import score_game

TILES = """\
colors red, green, blue
family kind "Tile" for tiles
family god "God" for players
board stacked 3, 2, 1
winner: most total, ties shared

kind plain "Plain" {
  end: 0
}

kind temple "Temple" {
  end: 0
}

# 2 when the tile left of it (same row, one column left) is blue.
kind inlay "Inlay" {
  end: 2 if count(t in tiles where t.row = row and t.column = column - 1 and t.color = blue) >= 1
}

# +1 per green tile whose left neighbour is blue.
god mosaicist "The Mosaicist" {
  end: count(t in tiles where t.color = green
                              and count(u in tiles where u.color = blue
                                                         and u.row = t.row and u.column = t.column - 1) >= 1)
}

# +1 per player with fewer temples than me.
god zealot "The Zealot" {
  end: count(players where their count(tiles where kind = temple) < my count(tiles where kind = temple))
}
"""


def tile(kind: str, color: str) -> dict:
    return {"kind": kind, "color": color}


# Rows bottom first; columns from 1 at the left.
# Ann (the Mosaicist): row 1 blue, green, green: the green in column 2 has blue on its left (+1), the one in
# column 3 green (0); row 2 blue, green: +1; row 3 green: nothing on its left. 2. Her temples: 2.
ANN = [[tile("temple", "blue"), tile("plain", "green"), tile("plain", "green")],
       [tile("temple", "blue"), tile("plain", "green")],
       [tile("plain", "green")]]
# Bo (the Zealot): 3 temples; Ann has 2 (fewer: +1), Cy 3 (not fewer), Bo himself not: 1.
BO = [[tile("temple", "red"), tile("temple", "red"), tile("temple", "red")],
      [tile("plain", "red"), tile("plain", "red")],
      [tile("plain", "red")]]
# Cy (no god): inlays in row 1 column 2 (blue on the left: 2) and column 3 (green on the left: 0), row 2 column 2
# (blue on the left: 2), row 3 (nothing on the left: 0): 4. Her temples: 3.
CY = [[tile("temple", "blue"), tile("inlay", "green"), tile("inlay", "green")],
      [tile("temple", "blue"), tile("inlay", "red")],
      [tile("temple", "blue")]]
EXPECTED = {"Ann": 2, "Bo": 1, "Cy": 4}


def compiled(tmp_path, text: str, name: str):
    path = tmp_path / f"{name}.orbis"
    path.write_text(text, encoding="utf-8")
    result = compile_paths([path])
    assert [d for d in result.diagnostics if d.is_error] == []
    return result


def both(result, name: str) -> dict:
    return {"generated": rules_from_modules(result.modules, f"{name}_rules"), "interpreted": build_rules(result.model)}


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_the_two_rules_of_the_issue_score_as_computed_by_hand(tmp_path, how):
    rules = both(compiled(tmp_path, TILES, "scope"), "scope")[how]
    record = {"format": "orbis-game/1", "players": [
        {"name": "Ann", "god": "mosaicist", "worshippers": 0, "pyramid": ANN},
        {"name": "Bo", "god": "zealot", "worshippers": 0, "pyramid": BO},
        {"name": "Cy", "worshippers": 0, "pyramid": CY}]}
    game, diags = read_json_text(json.dumps(record), "game.json", rules)
    assert diags == []
    report = score_game(rules, game)
    assert {p.name: p.total for p in report.players} == EXPECTED


SHEET = """\
game "guilds" "Guilds" {
  record "guilds/1"
  report "guilds-score/1"
}

family guild "Guild" for players
set halls: north, south, east
set crafts: glass, silk, spice
set bowls: low, high

value hall: halls
value sails = false

guild weavers "Weavers" {
  modify hall = north
}

guild glaziers "Glaziers" {
  modify hall = south
  modify sails = true
}

guild drifters "Drifters" {
  modify sails = true
}

fact made "goods made": int 0..10 per crafts
fact extra "extra goods": int? 0..9 per bowls
fact stalls "stalls": int 0..9
fact bonus "bonus": int? 0..5
fact favourite "favourite craft": crafts?

score masters "Crafts at 10": 2 * count(c in crafts where made[c] = 10)
score goods "Goods": sum(made[c] for c in crafts where made[c] >= 3) / 3
score extra "Extra": sum(extra[b] for b in bowls)
score bonus "Bonus": if bonus is given then bonus else 0
score rivals "Fewer stalls": count(players where their stalls < my stalls)
score hallmates "Hall mates": count(players where their hall = my hall)
score fleet "Fleet": if sails then 3 else 0
score homeless "No hall": if hall is not given then 1 else 0
score darling "Favourite at 10": if favourite is given and made[favourite] = 10 then 1 else 0

winner: most total, ties shared
"""

# Ann, Weavers (hall north): crafts at 10: glass, spice (4); goods of 3 or more: 10 + 4 + 10 = 24 / 3 (8); extra
# low 2, high 0 (2); bonus 2; fewer stalls than her 3: Bo (1) and Cy (2): 2; hall mates (north): herself
# only, 1; no sails; a hall: 0; her favourite, glass, at 10: 1. 20.
# Bo, Glaziers (south): silk at 10 (2); goods 3 + 10 (2 left out) = 13 / 3 (4); no extra (0); no bonus (0);
# nobody has fewer than 1 stall (0); hall mates 1; sails (3); 0; no favourite (0). 10. (No extra given: every
# member none, passed over.)
# Cy, Drifters (no hall): nothing at 10 (0); goods 9 / 3 (3); extra low 1, high 1 (2); bonus 0 (0); fewer than
# 2: Bo (1); hall mates: a hall not given equals nobody's, not even her own (0); sails (3); no hall (1); her
# favourite, silk, at 0 (0). 10.
RECORD = {"format": "guilds/1", "game": "guilds", "players": [
    {"name": "Ann", "guild": "weavers", "made": {"glass": 10, "silk": 4, "spice": 10}, "extra": {"low": 2, "high": 0},
     "stalls": 3, "bonus": 2, "favourite": "glass"},
    {"name": "Bo", "guild": "glaziers", "made": {"glass": 3, "silk": 10, "spice": 2}, "stalls": 1},
    {"name": "Cy", "guild": "drifters", "made": {"glass": 9, "silk": 0, "spice": 0}, "extra": {"low": 1, "high": 1},
     "stalls": 2, "bonus": 0, "favourite": "silk"}]}
SHEET_EXPECTED = {"Ann": 20, "Bo": 10, "Cy": 10}


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_set_members_flags_and_presence_score_as_computed_by_hand(tmp_path, how):
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import score_sheet

    rules = both(compiled(tmp_path, SHEET, "guilds"), "guilds")[how]
    record, diags = read_sheet_json(json.dumps(RECORD), "r.json", rules)
    assert [d.message for d in diags] == []
    report = score_sheet(rules, record, "guilds-score/1").to_json()
    assert {p["name"]: p["total"] for p in report["players"]} == SHEET_EXPECTED
    whys = {line["what"]: line["why"] for line in report["players"][0]["lines"]}
    assert whys["masters"] == "2 * count of crafts c where made[c] = 10 = 4"
    assert whys["extra"] == "sum of extra[b] for b in bowls = 2"
    assert whys["hallmates"] == "count of players that are their hall = my hall north = 1"


# ---- refused and warned ---------------------------------------------------------------------------------


def messages(check_rules, text: str) -> list[tuple[str, str, int, int]]:
    _, diags, _ = check_rules(text)
    return [(d.severity, d.message, d.span.line, d.span.column) for d in diags]


def test_the_naive_left_neighbour_rule_is_refused_naming_both_tiles(check_rules):
    text = 'kind inlay {\n  end: 2 if count(tiles where column = column - 1 and color = blue) >= 1\n}\n'
    _, diags, _ = check_rules(text)
    assert [(d.message, d.span.column) for d in diags if d.is_error] == [
        ("'column' could mean the counted tile's column or this tile's", 31),
        ("'column' could mean the counted tile's column or this tile's", 40),
        ("'color' could mean the counted tile's color or this tile's", 55)]
    assert diags[0].hint == ("name the counted tile, `count(n in tiles where n.column …)`, and write `column` alone "
                             "for this tile's")


def test_the_naive_fewer_temples_rule_is_refused_naming_both_players(check_rules):
    text = ('god zealot "Zealot" {\n  end: count(players where count(tiles where kind = temple) < '
            'count(tiles where kind = temple))\n}\n')
    _, diags, _ = check_rules(text)
    errors = [d for d in diags if d.is_error]
    assert [(d.message, d.span.column) for d in errors] == [
        ("'count(tiles where …)' could mean the counted player's or the scored player's", 28),
        ("'count(tiles where …)' could mean the counted player's or the scored player's", 63)]
    assert errors[0].hint == ("write `their count(tiles where …)` for the counted player's, `my count(tiles where …)` "
                              "for the scored player's")


def test_a_bare_player_name_in_a_count_of_players_is_refused(check_rules):
    text = 'god g "G" {\n  end: count(players where worshippers >= 3)\n}\n'
    _, diags, _ = check_rules(text)
    assert [(d.message, d.hint) for d in diags] == [
        ("'worshippers' could mean the counted player's worshippers or the scored player's",
         "write `their worshippers` for the counted player's, `my worshippers` for the scored player's")]


def test_nested_unnamed_counts_of_tiles_are_ambiguous_too(check_rules):
    text = 'god g "G" {\n  end: count(tiles where count(neighbours where color = red) >= 1)\n}\n'
    _, diags, _ = check_rules(text)
    assert [d.message for d in diags] == ["'color' could mean the counted tile's color or the tile counted outside it"]


def test_my_and_their_outside_a_scope_over_players_are_refused(check_rules):
    _, diags, _ = check_rules('god g "G" {\n  end: my worshippers\n}\n')
    assert [d.message.split(";")[0] for d in diags] == [
        "'my' says whose a name is inside count(players where …), sum(… over players) or 'among players'"]


def test_a_counted_tile_named_like_a_known_name_is_refused(check_rules):
    _, diags, _ = check_rules('kind k {\n  param cp: int\n  end: count(cp in tiles where cp.color = red)\n}\n')
    assert diags[0].message == "'cp' already names something here: give the counted one a name of its own"


def test_an_unknown_field_of_a_counted_tile_gets_a_did_you_mean(check_rules):
    _, diags, _ = check_rules('god g "G" {\n  end: count(t in tiles where t.colour = red)\n}\n')
    assert diags[0].message == "unknown field of the counted tile 't' 'colour'"
    assert diags[0].hint == "did you mean 'color'?"


@pytest.mark.parametrize("condition, always", [
    ("t.column = t.column - 1", "false"),
    ("t.row = t.row", "true"),
    ("t.row + 1 > t.row", "true"),
    ("2 < 1", "false"),
])
def test_a_condition_proven_constant_is_a_warning(check_rules, condition, always):
    _, diags, _ = check_rules(f'god g "G" {{\n  end: count(t in tiles where {condition})\n}}\n')
    assert [(d.severity, d.message.split(":")[0]) for d in diags] == [
        ("warning", f"this condition is always {always}")]


@pytest.mark.parametrize("end, hint", [
    ("count(t in tiles where t.row = t.row)",
     "`t.row` is the counted tile's on both sides: write `row` alone for the tile outside the count"),
    ("count(players where their worshippers = their worshippers)",
     "`their …` is the same player on both sides: write `my …` on one side"),
    ("if worshippers = worshippers then 1 else 0", "if that is what you mean, write `true`, or take the condition out"),
])
def test_a_constant_condition_s_hint_fits_where_it_stands(check_rules, end, hint):
    """Outside any count, naming whose a side is cannot help: the hint says to write the outcome."""
    _, diags, _ = check_rules(f'god g "G" {{\n  end: {end}\n}}\n')
    assert [d.severity for d in diags] == ["warning"] and diags[0].hint.startswith(hint)


def test_a_constant_condition_quotes_what_was_written(check_rules):
    _, diags, _ = check_rules('god g "G" {\n  end: if worshippers + 2 = worshippers + 2 then 1 else 0\n}\n')
    assert diags[0].message == "this condition is always true: it compares 'worshippers' with itself"
    _, diags, _ = check_rules('god g "G" {\n  end: count(t in tiles where max(t.cp, 1) = max(t.cp, 1))\n}\n')
    assert diags[0].message == "this condition is always true: it compares 'max(t.cp, 1)' with itself"


def test_their_x_compared_with_my_x_is_no_comparison_with_itself(check_rules):
    _, diags, _ = check_rules('god g "G" {\n  end: count(players where their worshippers < my worshippers)\n}\n')
    assert diags == []


SHEET_MISTAKES = SHEET.replace('winner: most total, ties shared\n', '')


@pytest.mark.parametrize("line, message", [
    ("warn \"w\" if bonus >= 0",
     "'bonus >= 0' reads as 'bonus is given', but it is also false when bonus is given and below 0: "
     "say which you mean"),
    ("warn \"w\" if stalls is given", "'stalls' is always given: this condition is always true"),
    ("score s: count(c in halls where c = north) + count(c in crafts where made[c] = north)",
     "cannot compare a number with a member of halls"),
    ("score s: count(c in shelves where made[c] = 1)", "unknown set 'shelves'"),
    ("score s: if favourite = north then 1 else 0",
     "cannot compare a member of crafts (or none) with a member of halls"),
    ("score s: if bonus is given and bonus > 2 then bonus else 0", None),
    ("score s: bonus + 1", "the left side of '+' may have no value at all (a max or min of no tiles, or an optional "
                           "parameter): compare it instead, e.g. `… >= 1`"),
])
def test_presence_and_members_in_a_sheet(check_rules, line, message):
    _, diags, _ = check_rules(SHEET_MISTAKES + line + "\nwinner: most total, ties shared\n", base=False)
    assert [d.message for d in diags] == ([message] if message else [])


def test_fmt_lays_out_every_new_construct_and_keeps_its_meaning():
    from orbis_dsl.language.format.fmt import format_source
    from orbis_dsl.language.syntax.parse import parse_text

    messy = ("value   hall :halls\nvalue sails=false\nguild g {\n  modify hall=north modify sails = true\n}\n"
             "score s: count( c in crafts where made[ c ]=10 )+sum(made[c]for c in crafts where made[c]>=3)\n"
             "score t: if bonus is  given then bonus else 0\nscore u: count(players where their stalls<my stalls)\n"
             "warn \"w\" if bonus is not given and sum(cp of n in tiles where n.color=red)>(my total)\n"
             "score v: largest group(built: adjacent, by water within boats if sails, within legs unless sails)\n")
    canonical = ("value hall: halls\nvalue sails = false\n\nguild g {\n  modify hall = north\n  modify sails = true\n}"
                 "\n\nscore s: count(c in crafts where made[c] = 10) + sum(made[c] for c in crafts where made[c] >= 3)"
                 "\n"
                 "score t: if bonus is given then bonus else 0\nscore u: count(players where their stalls < my stalls)"
                 "\nwarn \"w\" if bonus is not given and sum(cp of n in tiles where n.color = red) > my total\n"
                 "score v: largest group(built: adjacent, by water within boats if sails, within legs unless sails)\n")
    once, diags = format_source(messy, "x.orbis")
    assert diags == [] and once == canonical
    assert format_source(once, "x.orbis")[0] == once
    assert parse_text(messy, "x.orbis")[0] == parse_text(once, "x.orbis")[0]


def test_terra_mystica_draws_each_faction_in_its_home_terrain_a_member_of_terrains():
    """`value home: terrains` and `player colors by home: yellow, …`: a member picks the colour at its place."""
    from pathlib import Path

    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import game_rules
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import score_sheet

    rules = game_rules(game_named("terra-mystica"))
    text = (Path(__file__).resolve().parents[3] / "examples" / "terra-mystica" / "4p-map-checks.json").read_text()
    record, diags = read_sheet_json(text, "r.json", rules)
    assert diags == []
    # Chaos Magicians red, Auren green, Swarmlings blue, Nomads yellow (docs/rules/terra-mystica.md §7)
    colours = score_sheet(rules, record, "tm-score/1").colours
    assert colours == {"Ann": "red", "Bo": "green", "Cy": "blue", "Di": "yellow"}


@pytest.mark.parametrize("line, column", [("  modify desert_penalty = true", 27), ("  modify desert_penalty = -2", 0)])
def test_a_modify_of_the_wrong_type_is_shown_at_its_value(check_rules, line, column):
    """The caret goes under what is wrong, the value given (it went under the value's name)."""
    _, diags, _ = check_rules(f'god g "G" {{\n{line}\n}}\n')
    if column == 0:
        assert diags == []
    else:
        assert [(d.span.line, d.span.column) for d in diags] == [(3, column)]  # (a header line above)
        assert diags[0].message == "value 'desert_penalty' is a number, but this gives a yes/no condition"
