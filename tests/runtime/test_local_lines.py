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


def test_a_remembered_line_holds_what_its_key_names_by_id(monkeypatch):
    """The memo's key holds the clause, the tile's record and the player's values by their ids (hashing the clause
    cost more than the rest of the key), and a line found is taken without looking at them again. That is sound
    only because each entry holds those very objects: none can be freed while the entry stands, so no other object
    can take its id. An entry that held anything else (or a copy) would let a freed clause's id name another."""
    rng = random.Random(32)
    games = [read_json_text(json.dumps(game_to_json(random_game(RULES, rng, 4), RULES)), "g.json", RULES)[0]
             for _ in range(5)]
    monkeypatch.setattr(scoring, "_LOCAL_LINES", {})
    for game in games:
        scoring.score_game(RULES, game)
    assert len(scoring._LOCAL_LINES) > 50
    clauses = {id(end): end for kind in RULES.kinds.values() for end in kind.ends}
    clauses.update((id(end), end) for end in RULES.settings.desert_ends)
    for key, (record, values, _points, line, end) in scoring._LOCAL_LINES.items():
        end_id, where, record_id, values_id = key[:4]
        assert (end_id, record_id, values_id) == (id(end), id(record), id(values))
        assert clauses[end_id] is end  # a clause of the rule set, alive as long as the rules
        assert line.where == where
