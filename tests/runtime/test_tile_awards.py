"""Ranked awards in a game of tiles follow every rule of their declaration, as in a score-sheet game (both hand
out through runtime/awards.py): `rank: fewest`, `ties: split | each takes | keep order`, `and warn`, `unless all
equal`. Each case is worked out by hand in its comment. Run through the generated handlers and the interpreter."""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.records.orbis.json_reader import read_json_text
from orbis_dsl.runtime.scoring import score_game

HEAD = """\
colors red, blue
family kind "Tile" for tiles
board stacked 3
winner: most total, ties shared

kind gem "Gem" {
  end: 0
}
kind rock "Rock" {
  end: 0
}
"""


def _score(tmp_path, award: str, gems: list[int], how: str):
    """Each player's (award prize, award line) with `gems[i]` gems among their three tiles."""
    path = tmp_path / "awards.orbis"
    path.write_text(HEAD + award, encoding="utf-8")
    compiled = compile_paths([path])
    assert compiled.diagnostics == []
    rules = (rules_from_modules(compiled.modules, f"tile_awards_{abs(hash(award))}") if how == "generated"
             else build_rules(compiled.model))
    players = [{"name": name, "worshippers": 0, "pyramid": [
        [{"kind": "gem" if i < count else "rock", "color": "red"} for i in range(3)]]}
        for name, count in zip(("Ann", "Bo", "Cy"), gems)]
    game, diags = read_json_text(json.dumps({"format": "orbis-game/1", "players": players}), "g.json", rules)
    assert diags == []
    report = score_game(rules, game)
    prizes = [p.categories["shine"] for p in report.players]
    lines = [next(line.why for line in p.lines if line.what == "shine") for p in report.players]
    return prizes, lines, [w.message for w in report.warnings]  # (a game of no gods warns of none held)


def award(clauses: str) -> str:
    return f'award shine "Shine" {{\n  measure: count(tiles where kind = gem)\n{clauses}\n  prizes: 6, 3\n}}\n'


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_fewest_first(tmp_path, how):
    # Cy has 0 gems, Bo 1, Ann 3: the fewest take 6 and 3
    prizes, lines, _ = _score(tmp_path, award("  rank: fewest"), [3, 1, 0], how)
    assert prizes == [0, 3, 6]
    assert lines[2] == "Shine: measure 0, rank 1"


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_split_shares_the_places_prizes_and_its_warning_says_so(tmp_path, how):
    # Ann and Bo tie on 2 gems for places 1 and 2: (6 + 3) / 2 = 4 each; Cy third
    prizes, lines, warnings = _score(tmp_path, award("  ties: split and warn"), [2, 2, 1], how)
    assert prizes == [4, 4, 0]
    assert lines[0] == lines[1] == "Shine: measure 2, rank 1, shared with 1"
    assert warnings == ["Ann, Bo tie on 2 and the tie-break does not separate them: they share the prizes of "
                        "their places, rounded down"]


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_each_takes_the_prize_of_the_shared_place(tmp_path, how):
    # Ann and Bo share place 1: 6 each; Cy is third: no prize left for place 3
    prizes, _, warnings = _score(tmp_path, award("  ties: each takes and warn"), [2, 2, 1], how)
    assert prizes == [6, 6, 0]
    assert warnings[0].endswith("each takes the prize of the place they share")


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_keep_order_gives_consecutive_prizes_in_record_order(tmp_path, how):
    prizes, lines, warnings = _score(tmp_path, award("  ties: keep order and warn"), [2, 2, 1], how)
    assert prizes == [6, 3, 0]
    assert lines[:2] == ["Shine: measure 2, rank 1", "Shine: measure 2, rank 2"]
    assert warnings[0].endswith("they keep their order in the record")


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_unless_all_equal_nobody_takes_a_prize_and_nothing_is_warned(tmp_path, how):
    prizes, lines, warnings = _score(tmp_path, award("  ties: split and warn\n  unless all equal"), [1, 1, 1], how)
    assert prizes == [0, 0, 0] and warnings == []
    assert lines[0] == "Shine: measure 1, rank 1 (every player ties: no prize)"


def test_a_game_without_gods_asks_no_player_to_hold_one(tmp_path):
    *_, warnings = _score(tmp_path, award("  ties: split"), [2, 1, 0], "generated")
    assert warnings == []
