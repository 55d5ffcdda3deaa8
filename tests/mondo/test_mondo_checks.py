"""Mondo's checks across rounds, faces and tasks (docs/rules/mondo.md §13), and the rule set's generated
handlers against the interpreter on them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.interpret import build_rules
from orbis_dsl.language.ruleset import compile_game, game_rules
from orbis_dsl.records.sheets import read_sheet_json
from orbis_dsl.runtime.sheet import refusals, score_sheet

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "mondo"
RULES = game_rules(game_named("mondo"))
CARDS = ("most_water_animals", "largest_forest", "largest_lake", "most_lakes", "most_animals")


@pytest.fixture(scope="module")
def interpreted():
    compiled = compile_game(game_named("mondo"))
    assert compiled.diagnostics == []
    return build_rules(compiled.model)


def _advanced(cards) -> str:
    doc = json.loads((EXAMPLES / "counts-advanced-3p-counts-as-active.json").read_text())
    for r, card in zip(doc["rounds"], cards):
        r["modifier"] = card
    return json.dumps(doc)


def test_a_modifier_card_twice_is_refused_at_the_round_it_comes_back():
    record, diags = read_sheet_json(_advanced(("most_lakes", "largest_forest", "most_lakes")), "x.json", RULES)
    assert record is None
    assert [(d.path, "earlier round" in d.message) for d in diags] == [("$.rounds[2].players", True)]


def test_three_different_modifier_cards_are_accepted():
    record, diags = read_sheet_json(_advanced(("most_lakes", "largest_forest", "largest_lake")), "x.json", RULES)
    assert record is not None and not diags


def test_the_generated_and_interpreted_rules_agree_on_repeated_cards(interpreted):
    rng = random.Random(13)
    base = (EXAMPLES / "counts-advanced-3p-counts-as-active.json").read_text()
    refused = accepted = 0
    for _ in range(60):
        cards = [rng.choice(CARDS[:3]) for _ in range(3)]
        # read without the refusals, so that both rule sets judge the same record
        record, _ = read_sheet_json(base, "x.json", RULES)
        record = record._replace(rounds=[[p._replace(facts={**p.facts, "card": card}) for p in players]
                                         for players, card in zip(record.rounds, cards)])
        a = [(f.round, f.message) for f in refusals(RULES, record)]
        b = [(f.round, f.message) for f in refusals(interpreted, record)]
        assert a == b
        assert bool(a) == (len(set(cards)) < 3)
        refused += bool(a)
        accepted += not a
        assert score_sheet(RULES, record, "mondo-score/1").to_json() == \
            score_sheet(interpreted, record, "mondo-score/1").to_json()
    assert refused and accepted
