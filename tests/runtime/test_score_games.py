"""A run of games scored a stage at a time (scoring.score_games: every game's views, then every game's tiles, gods,
awards, reports) gives each game the report score_game gives it alone."""

from __future__ import annotations

import json
import random

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json, read_json_text
from orbis_dsl.records.sample import random_game
from orbis_dsl.runtime import scoring

RULES = base_rules()


def _games(seed: int, count: int) -> list:
    rng = random.Random(seed)
    texts = [json.dumps(game_to_json(random_game(RULES, rng, 2 + i % 3), RULES)) for i in range(count)]
    # Read as a batch reads them: records share their tiles, so remembered lines are met across the run.
    return [read_json_text(text, "g.json", RULES)[0] for text in texts]


@pytest.mark.parametrize("explain", [True, False])
def test_a_run_scored_a_stage_at_a_time_gives_each_games_own_report(monkeypatch, explain):
    games = _games(3232, 60)
    monkeypatch.setattr(scoring, "_LOCAL_LINES", {})
    alone = [scoring.score_game(RULES, game, explain) for game in games]
    monkeypatch.setattr(scoring, "_LOCAL_LINES", {})
    together = scoring.score_games(RULES, games, explain)
    assert [r.to_json() for r in together] == [r.to_json() for r in alone]
    assert [r.to_json_line() for r in together] == [r.to_json_line() for r in alone]
    # The tiles each report keeps (what the terminal report draws) are its own game's.
    for mine, theirs in zip(together, alone):
        for p, q in zip(mine.players, theirs.players):
            assert [(t.pos, t.kind, t.color, t.cancelled, t.validated, t.points) for t in p.tiles if t] == \
                   [(t.pos, t.kind, t.color, t.cancelled, t.validated, t.points) for t in q.tiles if t]
    assert sum(len(r.warnings) for r in together) > 100  # random tables: the stages' warnings are all there


def test_a_run_of_one_and_of_none():
    game = _games(5, 1)[0]
    assert [r.to_json() for r in scoring.score_games(RULES, [game])] == [scoring.score_game(RULES, game).to_json()]
    assert scoring.score_games(RULES, []) == []
