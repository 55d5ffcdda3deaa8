"""A score sheet still being typed (serve/sheets.py, through `api.check`): whatever the players have not typed yet,
the total so far is the score of the same sheet with each missing fact at its lowest value, scored by
`orbis score`'s own path (an independent oracle: the stand-in written into the record by hand), and what is
missing is listed, player by player, with no error."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.serve import api

ROOT = Path(__file__).resolve().parents[2]
TM = json.loads((ROOT / "examples/terra-mystica/3p-air-tie.json").read_text())
MONDO = json.loads((ROOT / "examples/mondo/counts-advanced-3p-counts-as-active.json").read_text())
RULES = base_rules()


def totals(doc) -> list[int]:
    answer = api.score(json.dumps(doc), RULES)
    assert answer.status == 200, answer.body
    return [p["total"] for p in answer.body["players"]]


@settings(max_examples=15, deadline=None)
@given(st.sets(st.integers(0, 2), min_size=1))
def test_terra_mystica_without_some_networks_scores_them_as_0(seats):
    doc = copy.deepcopy(TM)
    for seat in seats:
        del doc["players"][seat]["network"]
    answer = api.check(json.dumps(doc), RULES)
    assert answer.status == 200
    body = answer.body
    assert body["partial"] and not body["finished"] and body["errors"] == []
    assert sorted(m["player"] for m in body["missing"]) == sorted(seats)
    oracle = copy.deepcopy(doc)
    for seat in seats:
        oracle["players"][seat]["network"] = 0
    assert [p["total"] for p in body["report"]["players"]] == totals(oracle)


@settings(max_examples=15, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1))
def test_mondo_without_some_modifier_measures_scores_them_as_0_and_lists_each(places):
    doc = copy.deepcopy(MONDO)
    for round_, seat in places:
        del doc["rounds"][round_]["players"][seat]["modifier"]
    body = api.check(json.dumps(doc), RULES).body
    assert body["partial"] and body["errors"] == []
    assert sorted((m["round"], m["player"]) for m in body["missing"]) == sorted(places)
    oracle = copy.deepcopy(doc)
    for round_, seat in places:
        oracle["rounds"][round_]["players"][seat]["modifier"] = 0
    assert [p["rounds"] for p in body["report"]["players"]] == [
        p["rounds"] for p in api.score(json.dumps(oracle), RULES).body["players"]]


def test_a_sheet_that_no_stand_in_can_score_is_still_refused():
    doc = copy.deepcopy(TM)
    doc["players"][1]["name"] = doc["players"][0]["name"]  # two players of one name: not a missing fact
    answer = api.check(json.dumps(doc), RULES)
    assert answer.status == api.UNSCORABLE and answer.body["errors"]
