"""Ranked awards, compiled against interpreted (issue 32, item 5): the compiled scorers hand awards out through
`runtime.awards.hand_out`, the interpreter through its own code (`backends/interpret/awards.py`, written from the
rules). These tests fail when either is changed alone: a tie rule of `runtime/awards.py` mutated makes the
generated and the interpreted reports differ on some table below.

- `hand_out` against the interpreter's, on hypothesis-drawn entries (measures, tie-breaks, prizes, every tie rule);
- a score-sheet game with an award of each tie rule, scored through its generated handlers and through the
  interpreter, on hypothesis-drawn tables full of ties;
- every bundled example of the three games, scored both ways.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orbis_dsl.common.games import all_games
from orbis_dsl.language.backends.interpret import awards as interpreted_awards
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.packs.game import LaidPack
from orbis_dsl.language.ruleset import compile_game, compile_paths, game_rules, rules_from_modules
from orbis_dsl.records.inputs import read_record, score_record
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime import awards as runtime_awards
from orbis_dsl.runtime.sheet import score_sheet

ROOT = Path(__file__).resolve().parents[4]
TIES = ("split", "each_takes", "keep_order")

# (tie-breaks mostly small, so that they tie; now and then far below any stand-in for none, which ranks last)
tiebreaks = st.one_of(st.none(), st.integers(-2, 2), st.sampled_from((-(10 ** 12), -(10 ** 9) - 1, 10 ** 12)))
entry_lists = st.lists(st.tuples(st.integers(-3, 3), tiebreaks), max_size=6)


@settings(max_examples=600, deadline=None)
@given(entries=entry_lists, prizes=st.lists(st.integers(-4, 20), max_size=5), ties=st.sampled_from(TIES),
       rank=st.sampled_from(("most", "fewest")), unless_equal=st.booleans(), extra=st.integers(0, 2))
def test_the_two_hand_outs_agree(entries, prizes, ties, rank, unless_equal, extra):
    keyed = [(f"P{i}", m, t) for i, (m, t) in enumerate(entries)]
    everyone = len(keyed) + extra  # (players who did not take part: `unless all equal` then hands out prizes)
    compiled = runtime_awards.hand_out(keyed, tuple(prizes), ties, rank, unless_equal, everyone)
    interpreted = interpreted_awards.hand_out(keyed, tuple(prizes), ties, rank, unless_equal, everyone)
    assert [tuple(p) for p in compiled] == [tuple(p) for p in interpreted]


# ---- a table game whose awards use every tie rule ---------------------------------------------------------------

TABLE = """game "stalls" "Stalls" {
  record "stalls/1"
  report "stalls-score/1"
}

set goods: bread, cloth, iron
fact sold "goods sold": int 0..4 per goods
fact coins "coins": int 0..4
fact fame "fame": int? 0..2

award sales "Sales" for each g in goods {
  measure: sold[g]
  eligible: measure > 0
  prizes: 8, 4, 2
  ties: split
}

award purse "Purse" {
  measure: coins
  tiebreak: fame
  prizes: 6, 3, 1
  ties: keep order and warn
}

award poorest "Poorest stall" {
  measure: coins + sold[bread]
  rank: fewest
  prizes: -2, -1
  ties: each takes
}

award crowd "Crowd" {
  measure: sold[cloth]
  eligible: coins > 0
  prizes: 4, -4
  ties: each takes
  unless all equal
}

score sales "Sales": award sales
score purse "Purse": award purse
score poorest "Poorest": award poorest
score crowd "Crowd": award crowd

winner: most total, ties shared
"""


@cache
def table_rules():
    import tempfile

    path = Path(tempfile.mkdtemp()) / "stalls.orbis"
    path.write_text(TABLE, encoding="utf-8")
    result = compile_paths([path])
    assert result.model is not None, [d.message for d in result.diagnostics]
    return rules_from_modules(result.modules, "award_agreement_stalls"), build_rules(result.model)


players = st.lists(st.fixed_dictionaries({
    "sold": st.fixed_dictionaries({g: st.integers(0, 2) for g in ("bread", "cloth", "iron")}),
    "coins": st.integers(0, 2), "fame": st.one_of(st.none(), st.integers(0, 1))}), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=players)
def test_generated_and_interpreted_awards_agree_on_tables_of_ties(table):
    generated, interpreted = table_rules()
    doc = {"format": "stalls/1", "game": "stalls",
           "players": [{"name": f"P{i}", **{k: v for k, v in p.items() if v is not None}} for i, p in enumerate(table)]}
    text = json.dumps(doc)
    record, diags = read_sheet_json(text, "table", generated)
    assert record is not None, [d.message for d in diags]
    again, _ = read_sheet_json(text, "table", interpreted)
    assert (score_sheet(generated, record, "stalls-score/1").to_json()
            == score_sheet(interpreted, again, "stalls-score/1").to_json())


def test_the_table_game_scores_its_awards_by_hand():
    """The table game itself, on one table scored by hand, so that both back ends agreeing on nonsense fails."""
    generated, interpreted = table_rules()
    doc = {"format": "stalls/1", "game": "stalls", "players": [
        {"name": "Ann", "sold": {"bread": 2, "cloth": 1, "iron": 0}, "coins": 2, "fame": 1},
        {"name": "Bo", "sold": {"bread": 2, "cloth": 1, "iron": 2}, "coins": 2},
        {"name": "Cy", "sold": {"bread": 0, "cloth": 1, "iron": 1}, "coins": 0}]}
    # Sales: bread Ann and Bo tie for first ((8 + 4) / 2 = 6 each), Cy sold none (not eligible); cloth all
    # three tie ((8 + 4 + 2) / 3 = 4 each); iron Bo 8, Cy 4. Purse: Ann and Bo on 2 coins, Ann's fame 1 beats
    # none: Ann 6, Bo 3, Cy 1. Poorest (coins + bread, fewest first; prizes go highest first, -1 then -2): Cy
    # on 0 takes -1; Ann and Bo tie on 4 and each takes the second place's -2. Crowd: Cy has no coins and
    # takes no part, so Ann and Bo, equal on cloth, are not all the players: each takes first place's 4.
    # Totals: Ann 6 + 4 + 6 - 2 + 4 = 18, Bo 6 + 4 + 8 + 3 - 2 + 4 = 23, Cy 4 + 4 + 1 - 1 = 8.
    for rules in (generated, interpreted):
        record, diags = read_sheet_json(json.dumps(doc), "table", rules)
        assert record is not None, [d.message for d in diags]
        report = score_sheet(rules, record, "stalls-score/1")
        assert {p.name: p.total for p in report.players} == {"Ann": 18, "Bo": 23, "Cy": 8}


# ---- every bundled example, both ways -----------------------------------------------------------------------------


@cache
def both_rules(game_id: str):
    game = next(g for g in all_games() if g.id == game_id)
    compiled = compile_game(game)
    assert compiled.model is not None
    return game, game_rules(game), build_rules(compiled.model)


EXAMPLE_DIRS = {"orbis": ("examples/games",), "terra-mystica": ("examples/terra-mystica",),
                "mondo": ("examples/mondo",)}


def _examples():
    for game_id, dirs in EXAMPLE_DIRS.items():
        for folder in dirs:
            for path in sorted((ROOT / folder).rglob("*")):
                if path.suffix in (".json", ".orbisgame", ".tmgame", ".mondogame") and path.is_file():
                    yield pytest.param(game_id, path, id=str(path.relative_to(ROOT)))


def _scored(game, rules, path):
    record, rules, diags, _ = read_record(path, LaidPack("interpreted", game, rules))
    if record is None:
        return ("unreadable", tuple(d.message for d in diags))
    return score_record(rules, record).to_json()


@pytest.mark.parametrize(("game_id", "path"), list(_examples()))
def test_every_example_scores_the_same_compiled_and_interpreted(game_id, path):
    game, generated, interpreted = both_rules(game_id)
    assert _scored(game, generated, path) == _scored(game, interpreted, path)
