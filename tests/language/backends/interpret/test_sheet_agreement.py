"""A score-sheet game (Terra Mystica's final scoring) scored through its generated handlers and through the
interpreter: the same reports, lines and warnings, over many random sheets."""

from __future__ import annotations

import random

import pytest
from language.backends.interpret.drawn_sheets import random_sheet

from orbis_dsl.common.games import game_named
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_game, game_rules
from orbis_dsl.runtime.sheet import score_sheet


@pytest.fixture(scope="module")
def both():
    game = game_named("terra-mystica")
    compiled = compile_game(game)
    assert compiled.diagnostics == []
    return game_rules(game), build_rules(compiled.model)


def test_generated_and_interpreted_sheets_agree(both):
    generated, interpreted = both
    rng = random.Random(7)
    for _ in range(500):
        record = random_sheet(generated, rng)
        a = score_sheet(generated, record, "tm-score/1").to_json()
        b = score_sheet(interpreted, record, "tm-score/1").to_json()
        assert a == b
