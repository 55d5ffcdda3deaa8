"""Lines of clauses that read their tile alone are remembered by the tile record they came from (scoring.py
`_local_line`): the reports must be exactly those worked out afresh, line by line, in any order of games."""

from __future__ import annotations

import json
import random

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json, read_json_text
from orbis_dsl.records.sample import random_game
from orbis_dsl.runtime import scoring

RULES = base_rules()


class _NoMemory(dict):
    """Remembers nothing: every line worked out afresh."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


def test_remembered_lines_are_the_lines_worked_out_afresh(monkeypatch):
    rng = random.Random(1616)
    texts = [json.dumps(game_to_json(random_game(RULES, rng, 4), RULES)) for _ in range(300)]
    games = [read_json_text(text, "g.json", RULES)[0] for text in texts]  # tiles shared between records (remembered)
    monkeypatch.setattr(scoring, "_LOCAL_LINES", {})
    first = [scoring.score_game(RULES, game).to_json() for game in games]
    assert len(scoring._LOCAL_LINES) > 100  # remembered, and met again: the same tiles at the same places …
    again = [scoring.score_game(RULES, game).to_json() for game in reversed(games)][::-1]
    monkeypatch.setattr(scoring, "_LOCAL_LINES", _NoMemory())
    afresh = [scoring.score_game(RULES, game).to_json() for game in games]
    assert first == again == afresh


def test_a_remembered_line_is_taken_only_for_its_own_clause(monkeypatch):
    """The memo's key holds the clause by its id (hashing the clause cost more than the rest of the key): an entry
    left under that id by another clause object (one since freed, whose id was taken again) is not taken."""
    rng = random.Random(32)
    game = read_json_text(json.dumps(game_to_json(random_game(RULES, rng, 4), RULES)), "g.json", RULES)[0]
    monkeypatch.setattr(scoring, "_LOCAL_LINES", {})
    right = scoring.score_game(RULES, game).to_json()
    assert scoring._LOCAL_LINES
    # Every entry now claims another clause, with a line no clause writes.
    for key, (record, values, points, line, _end) in list(scoring._LOCAL_LINES.items()):
        scoring._LOCAL_LINES[key] = (record, values, points, line._replace(why="stale"), object())
    assert scoring.score_game(RULES, game).to_json() == right
