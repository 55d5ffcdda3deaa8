"""Functional tests of expression constructs, run through both the generated handlers and the interpreter:
nested scopes, a tile's position, `min`/`max` of values and `/`. Each case is scored by hand in its comment."""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.records.orbis.json_reader import read_json_text
from orbis_dsl.runtime.scoring import score_game

RULES = """\
colors red, blue
family kind "Tile" for tiles
board stacked 3, 2, 1
winner: most total, ties shared

kind plain "Plain" {
  end: 0
}

# The tiles below this one that themselves rest on two red tiles: the inner `supports` is the counted tile's
# (the outer count names no tile), and `s.color` the colour of each tile below it.
kind apex "Apex" {
  end: count(supports where count(s in supports where s.color = red) = 2)
}

# Where it lies: 10 per row and 1 per column, on the border only.
kind lookout "Lookout" {
  end: 10 * row + column if border
}

# 3 per red tile, capped at 8.
kind capped "Capped" {
  end: min(3 * count(t in tiles where t.color = red), 8)
}

# A point per four tiles, rounded down; and the larger of two values.
kind half "Half" {
  end: count(tiles) / 4
  end: max(count(t in tiles where t.color = blue), 1)
}
"""


def tile(kind: str, color: str) -> dict:
    return {"kind": kind, "color": color}


# Rows bottom first. The apex (row 3) rests on the lookout and the plain tile of row 2; the lookout rests on two
# red tiles, the plain one on a red and a blue: the apex scores 1 (2 if `supports` inside meant the apex's own).
PYRAMID = [
    [tile("capped", "red"), tile("half", "red"), tile("plain", "blue")],
    [tile("lookout", "red"), tile("plain", "red")],
    [tile("apex", "blue")],
]
# capped: 4 red tiles x 3 = 12, capped at 8; half: 6 tiles / 4 = 1, and max(2 blue, 1) = 2; lookout: row 2,
# column 1, on the border: 21; apex: 1. Total 8 + 1 + 2 + 21 + 1 = 33.
EXPECTED = {"capped": 8, "half": 3, "lookout": 21, "apex": 1, "plain": 0}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    path = tmp_path_factory.mktemp("expr") / "expr.orbis"
    path.write_text(RULES, encoding="utf-8")
    result = compile_paths([path])
    assert result.diagnostics == []
    return result


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_each_construct_scores_as_computed_by_hand(compiled, how):
    rules = (rules_from_modules(compiled.modules, "expr_rules") if how == "generated"
             else build_rules(compiled.model))
    record = {"format": "orbis-game/1", "players": [
        {"name": "Ann", "worshippers": 0, "pyramid": PYRAMID},
        {"name": "Bo", "worshippers": 0, "pyramid": [[tile("plain", "blue")] * 3, [tile("plain", "blue")] * 2,
                                                     [tile("plain", "blue")]]}]}
    game, diags = read_json_text(json.dumps(record), "game.json", rules)
    assert diags == []
    report = score_game(rules, game)
    ann = report.players[0]
    by_kind: dict[str, int] = {}
    for line in ann.lines:
        by_kind[line.what] = by_kind.get(line.what, 0) + line.cp
    assert by_kind == EXPECTED
    assert ann.total == 33
    assert report.winners == ["Ann"]


def test_min_of_values_passes_over_none_and_max_of_none_is_none():
    from orbis_dsl.runtime.support import divide, extreme_max, extreme_min

    assert extreme_min([None, 3, 5]) == 3
    assert extreme_max([None, None]) is None
    assert divide(7, 2) == 3 and divide(-7, 2) == -4 and divide(5, 0) == 0
