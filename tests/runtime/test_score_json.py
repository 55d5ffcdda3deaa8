"""The score report's JSON line (runtime/score_json.py) is byte for byte what `json.dumps` writes of `to_json()`:
the `orbis-score/1` contract, and tests/golden, hold the bytes."""

from __future__ import annotations

import json
import random

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.sample import random_game
from orbis_dsl.runtime.score_json import report_line
from orbis_dsl.runtime.scoring import Line, Warning, score_game

RULES = base_rules()


def dumped(report) -> str:
    return json.dumps(report.to_json(), ensure_ascii=False)


def test_random_tables_are_written_as_json_dumps_writes_them():
    rng = random.Random(11)
    for _ in range(200):
        report = score_game(RULES, random_game(RULES, rng))
        assert report_line(report) == dumped(report)


def test_quotes_controls_and_other_scripts_are_escaped_as_json_dumps_escapes_them():
    report = score_game(RULES, random_game(RULES, random.Random(3), 2))
    odd = 'Zoë "the\\ßig"\n\t\x00\u2028 日本'
    player = report.players[0]._replace(name=odd, lines=[Line(odd, "what", -3, odd), *player_lines(report)])
    report = report._replace(players=[player, *report.players[1:]], winners=[odd], variant=odd,
                             warnings=[Warning(odd, odd)])
    assert report_line(report) == dumped(report)


def player_lines(report) -> list:
    return list(report.players[0].lines)


def test_what_the_templates_do_not_cover_is_written_by_json_dumps():
    report = score_game(RULES, random_game(RULES, random.Random(4), 2))
    first = report.players[0]
    for player in (first._replace(categories={**first.categories, "total": 3}),
                   first._replace(lines=[Line("a", "b", True, "c")]), first._replace(winner=1),
                   first._replace(categories={**first.categories, "god": 1.5}), first._replace(name=None),
                   first._replace(categories={})):
        changed = report._replace(players=[player, *report.players[1:]])
        assert report_line(changed) == dumped(changed)
