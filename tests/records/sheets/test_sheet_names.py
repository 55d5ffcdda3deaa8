"""Players' names in score-sheet records: any name a JSON record may hold comes back from the text notation as it
was ('#1 fan', 'Ann # host', '"quoted"', a keyword, a line break), and a name that is not a string is told at its
path rather than failing the reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.records.sheets.notation import read_sheet_text
from orbis_dsl.records.sheets.notation_out import convert_sheet
from orbis_dsl.records.sheets.reader import read_sheet_doc

ROOT = Path(__file__).resolve().parents[3]
MONDO = "examples/mondo/counts-expert-2p-tasks.json"
TM = "examples/terra-mystica/2p-basic.json"
AWKWARD = ["#1 fan", "Ann # host", '"quoted"', 'say "hi"', "back\\slash", 'end\\', '\\"', "  spaced  ", "tab\tname",
           "two\nlines", "title", "game", "option", "player", "round", "-", "Zoë 🎲", "a\u2028b", "\\u0041", "x" * 40]
# Any text but lone surrogates (which no UTF-8 file holds), with a character that is not a space.
NAMES = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=12).filter(str.strip)


def _rules(game: str):
    return game_rules(game_named(game))


def _with_names(path: str, names: list[str]) -> dict:
    doc = json.loads((ROOT / path).read_text(encoding="utf-8"))
    for players in [r["players"] for r in doc["rounds"]] if "rounds" in doc else [doc["players"]]:
        for player, name in zip(players, names):
            player["name"] = name
    return doc


def _names_back(path: str, game: str, names: list[str]) -> list[str]:
    rules = _rules(game)
    text, diags = convert_sheet(json.dumps(_with_names(path, names)), "in.json", rules, True, "text")
    assert text is not None, diags
    record, diags = read_sheet_text(text, "out.txt", rules)
    assert record is not None, (text, [d.message for d in diags])
    return [p.name for p in record.rounds[0]]


@pytest.mark.parametrize("path, game", [(MONDO, "mondo"), (TM, "terra-mystica")])
@pytest.mark.parametrize("name", AWKWARD)
def test_an_awkward_name_comes_back_from_the_notation_as_it_was(path, game, name):
    assert _names_back(path, game, [name, "Bo"]) == [name, "Bo"]


@pytest.mark.parametrize("path, game", [(MONDO, "mondo"), (TM, "terra-mystica")])
@given(names=st.lists(NAMES, min_size=2, max_size=2, unique=True))
def test_any_names_come_back_from_the_notation_as_they_were(path, game, names):
    assert _names_back(path, game, names) == names


@pytest.mark.parametrize("name", [{}, [1, 2], True, 3, None, ""])
@pytest.mark.parametrize("round_", [0, 1])
def test_a_name_that_is_not_a_string_is_told_at_its_path(name, round_):
    doc = json.loads((ROOT / MONDO).read_text(encoding="utf-8"))
    doc["rounds"][round_]["players"][0]["name"] = name
    record, diags = read_sheet_doc(doc, "m.json", _rules("mondo"))
    assert record is None
    assert [(d.path, d.message.split(",")[0]) for d in diags] == [
        (f"$.rounds[{round_}].players[0].name", "expected the player's name")]


def test_orbis_score_refuses_a_name_that_is_not_a_string_with_exit_2(orbis, tmp_path):
    doc = json.loads((ROOT / MONDO).read_text(encoding="utf-8"))
    doc["rounds"][1]["players"][0]["name"] = {}
    (tmp_path / "m.json").write_text(json.dumps(doc))
    result = orbis("score", tmp_path / "m.json")
    assert result.exit_code == 2
    assert "$.rounds[1].players[0].name: error: expected the player's name, got an object" in result.stderr
    assert "Traceback" not in result.stderr
