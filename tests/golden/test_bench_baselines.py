"""The baselines bench/bench_batch.py measures `orbis score --json` against must score as orbis does, or they would
not be baselines: the plain scorer's totals, places and winners, and the plain full-report scorer's whole report,
byte for byte (the bench checks the same on every file it times; this keeps them right between runs)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_names import POLICIES
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json, read_json_text
from orbis_dsl.records.sample import random_game
from orbis_dsl.runtime.scoring import score_game

BENCH = Path(__file__).resolve().parents[2] / "bench"
RULES = base_rules()


@pytest.fixture(scope="module")
def baselines():
    sys.path.insert(0, str(BENCH))
    try:
        import plain_full_scorer
        import plain_scorer
    finally:
        sys.path.remove(str(BENCH))
    return plain_scorer, plain_full_scorer


def _docs() -> list[dict]:
    rng = random.Random(16)
    tables = [random_game(RULES, rng, rng.choice((2, 3, 4))) for _ in range(300)]
    tables += [play_game(RULES, "4p", seed, [POLICIES["random"](seed * 10 + seat) for seat in range(4)]).record()
               for seed in range(10)]
    return [game_to_json(game, RULES) for game in tables]


def test_the_plain_scorers_score_as_orbis_does(baselines):
    plain, full = baselines
    for doc in _docs():
        text = json.dumps(doc)
        game, diags = read_json_text(text, "g.json", RULES)
        assert not diags
        report = score_game(RULES, game)
        assert json.dumps(full.score(json.loads(text)), ensure_ascii=False) == report.to_json_line()
        totals = plain.score(json.loads(text))
        assert [p["total"] for p in totals["players"]] == [p.total for p in report.players]
        assert totals["winners"] == report.winners
