"""A god (or a faction) is found by its id or its title in any letter case, whatever case its id was declared in
(docs/notation.md: "the god's id or its English name in quotes, in any letter case"), by every reader: the JSON
reader, the notation, the score-sheet readers and `orbis enter`; the id is kept as declared."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.records.names import find_god
from orbis_dsl.records.orbis.enter import Session
from orbis_dsl.records.orbis.json_reader import RecordReader, game_to_json, read_json_text
from orbis_dsl.records.orbis.notation import read_text

ROOT = Path(__file__).resolve().parents[2]
DUEL = (ROOT / "examples" / "custom" / "duel.orbisgame").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def seer_rules(tmp_path_factory):
    """The custom pack, and one more god and one more kind whose ids have a capital letter."""
    pack = tmp_path_factory.mktemp("seer") / "pack"
    shutil.copytree(ROOT / "examples" / "custom" / "pack", pack)
    with (pack / "gods.orbis").open("a", encoding="utf-8") as file:
        file.write('\ngod Seer "The Seer" {\n  end: 1\n}\n')
    with (pack / "kinds.orbis").open("a", encoding="utf-8") as file:
        file.write('\nkind Spire "Spire" {\n  param cp: int\n  end: cp\n}\n')
    rules, compiled = load_pack(pack)
    assert rules is not None, compiled.diagnostics
    return rules


@pytest.mark.parametrize("typed", ["Seer", "seer", "SEER", " seer ", "The Seer", "the seer", "THE SEER"])
def test_find_god_takes_any_case_and_gives_the_declared_id(seer_rules, typed):
    assert find_god(seer_rules, typed) == "Seer"


def test_a_lower_case_id_still_wins_and_titles_are_found(seer_rules):
    assert find_god(seer_rules, "SAGE") == "sage"
    assert find_god(seer_rules, "goddess of wisdom") == "sage"
    assert find_god(seer_rules, "Seeer") is None


@pytest.mark.parametrize("typed", ["Seer", "seer", "SEER", '"The Seer"', '"the seer"'])
def test_the_notation_reads_the_god_in_any_case(seer_rules, typed):
    text = DUEL.replace("god sage", f"god {typed}")
    game, diags = read_text(text, "duel.orbisgame", seer_rules)
    assert diags == [], diags
    assert game.players[0].god == "Seer"


@pytest.mark.parametrize("typed", ["Seer", "seer", "SEER", "The Seer", "the seer"])
def test_the_json_reader_reads_the_god_in_any_case_from_a_document_and_a_text(seer_rules, typed):
    game, _ = read_text(DUEL, "duel.orbisgame", seer_rules)
    doc = game_to_json(game, seer_rules)
    doc["players"][0]["god"] = typed
    text = json.dumps(doc)
    reader = RecordReader(seer_rules, "g.json")
    general = reader.game(doc)
    assert reader.diags == [] and general.players[0].god == "Seer"
    assert read_json_text(text, "g.json", seer_rules) == (general, [])
    assert game_to_json(general, seer_rules)["players"][0]["god"] == "Seer"  # written as declared


def test_enter_takes_the_god_in_any_case(seer_rules):
    session = Session(seer_rules, ask=lambda _: "", say=lambda _: None)
    assert session.parse_god("seer") == ("Seer", None)
    assert session.parse_god("the SEER") == ("Seer", None)


@pytest.mark.parametrize("typed", ["Halflings", "HALFLINGS", '"Chaos Magicians"', '"chaos magicians"'])
def test_a_score_sheet_reads_the_faction_in_any_case(typed):
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import game_rules
    from orbis_dsl.records.sheets.notation import read_sheet_text

    rules = game_rules(game_named("terra-mystica"))
    text = (ROOT / "examples" / "terra-mystica" / "3p-map-shipping-bridge.tmgame").read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("Ann "))
    faction = first.split()[1]
    record, diags = read_sheet_text(text.replace(f"Ann {faction} ", f"Ann {typed} ", 1), "typed", rules)
    assert diags == [], diags
    assert record.rounds[0][0].piece == ("chaosmagicians" if "haos" in typed else "halflings")


# ---- the notation's marks and kinds ------------------------------------------------------------------------

QUICKSTART = (ROOT / "examples" / "quickstart-4p.orbisgame").read_text(encoding="utf-8")


def _base():
    from orbis_dsl.language.ruleset import base_rules

    return base_rules()


@pytest.mark.parametrize(("lower", "upper"), [("yellow 4 x", "yellow 4 X"), ("| desert", "| Desert"),
                                              ("| desert", "| DESERT"), ("yellow village", "Yellow Village"),
                                              ("green proselytism", "green PROSELYTISM")])
def test_marks_desert_and_kinds_are_read_in_any_case(lower, upper):
    assert lower in QUICKSTART
    text = QUICKSTART.replace(lower, upper)
    expected = read_text(QUICKSTART, "q.orbisgame", _base())
    assert expected[1] == []
    assert read_text(text, "q.orbisgame", _base()) == expected


def test_ok_and_a_gods_token_in_capitals():
    text = QUICKSTART.replace("yellow 4 x", "yellow 4 OK")
    game, diags = read_text(text, "q.orbisgame", _base())
    assert diags == []
    ok = read_text(QUICKSTART.replace("yellow 4 x", "yellow 4 ok"), "q.orbisgame", _base())[0]
    assert game == ok
    game, diags = read_text(QUICKSTART.replace("god fire", "god death X"), "q.orbisgame", _base())
    assert diags == [] and game.players[1].god == "death" and game.players[1].god_cancelled


def test_a_word_a_mark_only_begins_is_a_word():
    text = QUICKSTART.replace("red volcano 2 yellow 4 x", "red volcano 2 yellow xenon")
    _, diags = read_text(text, "q.orbisgame", _base())
    assert [d.message for d in diags] == ['expected a whole number, got the string "xenon"']


def test_a_value_that_reads_as_a_mark_is_written_quoted():
    from orbis_dsl.records.orbis.notation import _value

    assert _value("X") == '"X"' and _value("Ok") == '"Ok"' and _value("Xavier") == "Xavier"


@pytest.mark.parametrize("typed", ["Spire", "spire", "SPIRE"])
def test_a_kind_whose_id_has_a_capital_letter_is_found_in_any_case(seer_rules, typed):
    from orbis_dsl.records.names import find_kind

    assert find_kind(seer_rules, typed) == "Spire" and find_kind(seer_rules, "GROVE") == "grove"
    text = DUEL.replace("white stone mystic=9", f"white {typed} 2 mystic=9")
    game, diags = read_text(text, "d.orbisgame", seer_rules)
    assert diags == [], diags
    tile = game.players[0].pyramid[3][1]
    assert (tile.kind, tile.params["cp"]) == ("Spire", 2)
