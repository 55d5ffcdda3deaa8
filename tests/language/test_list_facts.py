"""One `list of NAME` for both kinds of list fact (a set's members, a family's held pieces) and one `for LEVEL`
for facts not per player (`for game`: the record's top level; `for round`: each round's object), each with an
optional JSON `key`: a small rule set uses them all at once, read from JSON and scored through the interpreter."""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.sheet import score_sheet

TALLY = """\
game "tally" "Tally" {
  record "tally/1"
  report "tally-score/1"
}

rounds 2
set colours: red, blue, green
value points = 1
family card "Card" for players

card C1 "One" {
  modify points = 3
}

card C2 "Two" {
  modify points = 1
}

fact palette "colours in play": list of colours for game key "in_play"
fact goal "the round's goal": "red" | "blue" for round key "goal_card"
fact seen "colours seen": list of colours?
fact cards "cards taken": list of card with done?

score seen "Seen": max(size(seen), 0) + (if red in seen and red in palette then 10 else 0)
score cards "Cards": count(cards where done) + sum(points of cards where done) + max(size(cards), 0)
winner: most total, ties shared
"""

RECORD = {
    "format": "tally/1", "game": "tally", "in_play": ["red", "Blue"],
    "rounds": [
        {"goal_card": "red", "players": [
            {"name": "Ann", "seen": ["red", "green"], "cards": [{"id": "C1", "done": True}]},
            {"name": "Bo", "seen": "blue", "cards": [{"id": "C2", "done": False}]}]},
        {"goal_card": "blue", "players": [
            {"name": "Ann", "seen": [], "cards": []},
            {"name": "Bo", "cards": [{"id": "c1", "done": True}, {"id": "C2", "done": True}]}]},
    ],
}


@pytest.fixture
def tally(check_rules):
    model, diags, _ = check_rules(TALLY, base=False)
    assert model is not None, [d.message for d in diags]
    return build_rules(model)


def test_both_kinds_of_list_and_both_levels_are_read_and_scored(tally):
    facts = {f.name: f for f in tally.facts.values()}
    assert (facts["palette"].type, facts["palette"].level, facts["palette"].json_key) == ("list", "game", "in_play")
    assert (facts["goal"].level, facts["goal"].json_key) == ("round", "goal_card")
    assert facts["seen"].choices == ("red", "blue", "green")
    assert (facts["cards"].type, facts["cards"].choices, facts["cards"].flag) == ("held", ("card",), "done")
    record, diags = read_sheet_json(json.dumps(RECORD), "t.json", tally)
    assert diags == []
    ann, bo = record.rounds[0]
    assert ann.facts["palette"] == bo.facts["palette"] == ["red", "blue"]  # given once, every player reads it
    assert [ann.facts["goal"] for ann, _ in record.rounds] == ["red", "blue"]
    report = score_sheet(tally, record, "tally-score/1").to_json()
    # Ann: round 1 seen 2 + 10 (red seen and in play), cards 1 + 3 + 1; round 2 nothing.
    # Bo: round 1 seen 1, cards 0 + 0 + 1; round 2 seen none (left out), cards 2 + (3 + 1) + 2.
    assert [(p["name"], p["rounds"], p["total"]) for p in report["players"]] == [
        ("Ann", [17, 0], 17), ("Bo", [2, 8], 10)]


@pytest.mark.parametrize("change, path, message", [
    ({"in_play": ["red", "purple"]}, "$.in_play[1]", "purple"),
    ({"in_play": None}, "$", "missing key 'in_play'"),
])
def test_a_fact_of_the_whole_record_is_read_at_the_top_under_its_key(tally, change, path, message):
    doc = {**RECORD, **change}
    if change.get("in_play", 0) is None:
        del doc["in_play"]
    record, diags = read_sheet_json(json.dumps(doc), "t.json", tally)
    assert record is None
    assert any(d.path == path and message in d.message for d in diags), [(d.path, d.message) for d in diags]


@pytest.mark.parametrize("line, message", [
    ('fact extra "extra": colours? per colours',
     "a fact of a member of colours is given once, not per member of a set"),
    ('fact extra "extra": list of colours with done', "only a list of held pieces has a flag; 'colours' is a set"),
    ('fact extra "extra": list of colour', "unknown set or family of held pieces 'colour'"),
    ('score extra "Extra": count(seen where true)',
     "'seen' lists members of colours, not held pieces: size(seen) counts them"),
])
def test_list_mistakes_are_named(check_rules, line, message):
    model, diags, _ = check_rules(TALLY + line + "\n", base=False)
    assert model is None
    assert any(d.message.startswith(message) for d in diags if d.is_error), [d.message for d in diags]
