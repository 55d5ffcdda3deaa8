"""Live totals while a table is entered: any tiles missing, in any places, score without a crash, and a table
with nothing missing scores exactly as `orbis score` does."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json
from orbis_dsl.records.sample import random_game
from orbis_dsl.serve import api

RULES = base_rules()


def _record(seed: int) -> dict:
    return game_to_json(random_game(RULES, random.Random(seed)), RULES)


@FUZZ
@given(seed=st.integers(0, 2**32 - 1), gaps=st.floats(0, 1))
def test_a_table_with_places_missing_scores_what_lies_on_it(seed, gaps):
    doc = _record(seed)
    rng = random.Random(seed)
    missing = 0
    for player in doc["players"]:
        for row in player["pyramid"]:
            for i in range(len(row)):
                if rng.random() < gaps:
                    row[i] = None
                    missing += 1
    answer = api.check(json.dumps(doc), RULES)
    assert answer.status == 200, answer.body
    assert answer.body["errors"] == []
    assert answer.body["finished"] is (missing == 0)
    report = answer.body["report"]
    for player, scored in zip(doc["players"], report["players"]):
        places = {RULES.board.labels[RULES.board.position(r, i)]
                  for r, row in enumerate(player["pyramid"]) for i, tile in enumerate(row) if tile is None}
        assert not any(line["where"] in places for line in scored["lines"])  # an empty place scores nothing


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_full_table_is_scored_as_the_cli_scores_it(seed):
    text = json.dumps(_record(seed))
    checked, scored = api.check(text, RULES), api.score(text, RULES)
    assert checked.body["finished"] is True
    report = checked.body["report"]
    assert [{k: v for k, v in w.items() if k != "tiles"} for w in report["warnings"]] == scored.body["warnings"]
    assert {**report, "warnings": scored.body["warnings"]} == scored.body


def test_a_broken_tile_is_left_out_and_named_where_it_lies():
    doc = _record(7)
    doc["players"][1]["pyramid"][2][0] = {"kind": "forset", "color": "green"}
    answer = api.check(json.dumps(doc), RULES)
    assert answer.status == 200
    [error] = answer.body["errors"]
    assert error["tile"] == {"player": 1, "row": 2, "index": 0}
    assert error["hint"] == "did you mean 'forest'?"
    assert answer.body["finished"] is False
    assert not any(line["where"] == "row 3, tile 1" for line in answer.body["report"]["players"][1]["lines"])


def test_an_unfinished_record_gets_every_check_of_the_reader():
    # A key given twice would lose a value: refused, as `orbis score` refuses it, even with places missing.
    doc = _record(3)
    doc["players"][0]["pyramid"][3][1] = None
    text = json.dumps(doc).replace('"worshippers": ', '"worshippers": 1, "worshippers": ', 1)
    answer = api.check(text, RULES)
    assert answer.status == 422
    assert "given twice" in answer.body["errors"][0]["message"]


def _mangled(seed: int, cuts: int) -> str:
    """A good record with characters dropped, doubled or swapped: the mistakes of a hand-edited file."""
    rng = random.Random(seed)
    text = list(json.dumps(_record(seed)))
    for _ in range(cuts):
        i = rng.randrange(len(text))
        action = rng.choice(("drop", "double", "swap", "null"))
        if action == "drop":
            del text[i]
        elif action == "double":
            text.insert(i, text[i])
        elif action == "swap" and i + 1 < len(text):
            text[i], text[i + 1] = text[i + 1], text[i]
        else:
            text[i:i] = list("null")
    return "".join(text)


@FUZZ
@given(seed=st.integers(0, 2**32 - 1), cuts=st.integers(1, 6))
def test_a_mangled_record_is_answered_never_raised(seed, cuts):
    text = _mangled(seed, cuts)
    for answer in (api.score(text, RULES), api.check(text, RULES)):
        assert answer.status in (200, 422)
        if answer.status == 422:
            assert answer.body["errors"] and all(e["rendered"] for e in answer.body["errors"])
