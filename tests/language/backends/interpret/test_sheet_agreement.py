"""A score-sheet game (Terra Mystica's final scoring) scored through its generated handlers and through the
interpreter: the same reports, lines and warnings, over many random sheets."""

from __future__ import annotations

import random

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_game, game_rules
from orbis_dsl.runtime.sheet import score_sheet
from orbis_dsl.runtime.sheet_types import SheetPlayerRecord, SheetRecord


@pytest.fixture(scope="module")
def both():
    game = game_named("terra-mystica")
    compiled = compile_game(game)
    assert compiled.diagnostics == []
    return game_rules(game), build_rules(compiled.model)


def random_sheet(rules, rng: random.Random) -> SheetRecord:
    factions = rng.sample(sorted(rules.gods), rng.randint(2, 5))
    players = []
    for i, faction in enumerate(factions):
        facts = {}
        for fact in rules.facts.values():
            if fact.type in ("cells", "crossings", "waters", "list"):
                # Lists of map cells and of set members: test_terra_mystica_properties.py draws those.
                facts[fact.name] = None
                continue
            low, high = fact.low or 0, min(fact.high if fact.high is not None else 30, 30)
            if fact.members:
                facts[fact.name] = {m: rng.randint(low, high) for m in fact.members}
            else:
                facts[fact.name] = rng.randint(low, high)
        players.append(SheetPlayerRecord(f"P{i + 1}", faction, facts))
    options = {"tiebreak": rng.choice(["shared", "resources"])}
    return SheetRecord([players], options)


def test_generated_and_interpreted_sheets_agree(both):
    generated, interpreted = both
    rng = random.Random(7)
    for _ in range(500):
        record = random_sheet(generated, rng)
        a = score_sheet(generated, record, "tm-score/1").to_json()
        b = score_sheet(interpreted, record, "tm-score/1").to_json()
        assert a == b
