"""The code generator against the interpreter (issue 32, item 5): each bundled game's rules compiled now, in this
process, executed from the text the generator writes, and scored beside the interpreter over the same checked
model.

The other agreement tests load the committed modules of generated/, which a slip in the code generator leaves
as they were until `orbis compile` runs again; here the generator's output is what is scored, so a comparison,
an `is given`, a none in arithmetic or an award's handler written wrongly shows as a disagreement with the
interpreter's own semantics (and `orbis compile --check` then says the committed modules are stale).
Each test compiles the rules it scores itself, not at import nor in a shared fixture: a mutation tool that forks
each mutant from a process which already ran the tests must still compile with the mutated generator, and it runs
for a mutant only the tests that reached the mutated code (a shared fixture's compiling counts for its first user).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from language.backends.interpret.drawn_sheets import random_sheet

from orbis_dsl.common.games import all_games
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.packs.game import LaidPack
from orbis_dsl.language.ruleset import compile_game, rules_from_modules
from orbis_dsl.records.inputs import read_record, score_record
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import score_game
from orbis_dsl.runtime.sheet import score_sheet

ROOT = Path(__file__).resolve().parents[4]
EXAMPLE_DIRS = {"orbis": ("examples/games", "examples/variants"), "terra-mystica": ("examples/terra-mystica",),
                "mondo": ("examples/mondo",)}
SUFFIXES = (".json", ".orbisgame", ".tmgame", ".mondogame")


def fresh(game_id: str):
    """(game, rules from the modules generated now, interpreted rules) of a bundled game."""
    game = next(g for g in all_games() if g.id == game_id)
    compiled = compile_game(game)
    assert compiled.diagnostics == [] and compiled.model is not None
    return game, rules_from_modules(compiled.modules, f"orbis_fresh_{game.folder}"), build_rules(compiled.model)


def _report(report) -> dict:
    """Everything a score says: the JSON (totals, categories, places, winners, lines with their cp and why,
    warnings) and each line's explanation."""
    return {"json": report.to_json(),
            "lines": [[(line.where, line.what, line.cp, line.why) for line in p.lines] for p in report.players]}


# ---- Orbis: random finished pyramids -------------------------------------------------------------------------


def _orbis_game(rules, rng: random.Random) -> GameRecord:
    n = rng.randint(2, 4)
    gods = rng.sample(sorted(rules.gods), n)
    supply = rng.sample(rules.tiles, len(rules.tiles))
    players = []
    for i in range(n):
        rows = []
        for width in rules.settings.board:
            row = []
            for _ in range(width):
                if rng.random() < 0.15 or not supply:
                    row.append(TileRecord(desert=True))
                    continue
                tile = supply.pop()
                params = {k: v for k, v in tile.params.items() if v is not None}
                row.append(TileRecord(kind=tile.kind, color=tile.color, params=params, level=tile.level,
                                      stars=tile.stars, cancelled=rng.choice([None, None, False, True])))
            rows.append(tuple(row))
        god = gods[i] if rng.random() < 0.9 else None
        players.append(PlayerRecord(f"P{i + 1}", god, rng.randint(0, 10), tuple(rows),
                                    god_cancelled=rng.random() < 0.25))
    options = {option.name: rng.choice(option.choices or (False, True)) for option in rules.settings.options
               if rng.random() < 0.6}
    return GameRecord(tuple(players), rng.choice([None, f"{n}p"]), options)


def test_orbis_compiled_now_agrees_with_the_interpreter():
    _, generated, interpreted = fresh("orbis")
    rng = random.Random(5)
    for i in range(200):
        game = _orbis_game(generated, rng)
        assert _report(score_game(generated, game)) == _report(score_game(interpreted, game)), i


# ---- Terra Mystica: random score sheets ----------------------------------------------------------------------


def test_terra_mystica_compiled_now_agrees_with_the_interpreter():
    _, generated, interpreted = fresh("terra-mystica")
    rng = random.Random(11)
    for i in range(200):
        record = random_sheet(generated, rng, absent=0.3)
        a = _report(score_sheet(generated, record, "tm-score/1"))
        assert a == _report(score_sheet(interpreted, record, "tm-score/1")), i


# ---- every bundled example of the three games ----------------------------------------------------------------


def _examples(game_id: str) -> list[Path]:
    return [path for folder in EXAMPLE_DIRS[game_id] for path in sorted((ROOT / folder).rglob("*"))
            if path.suffix in SUFFIXES and path.is_file()]


def _scored(game, rules, path):
    record, rules, diags, _ = read_record(path, LaidPack("fresh", game, rules))
    if record is None:
        return ("unreadable", tuple(d.message for d in diags))
    return _report(score_record(rules, record))


@pytest.mark.parametrize("game_id", sorted(EXAMPLE_DIRS))
def test_every_example_compiled_now_scores_as_interpreted(game_id):
    game, generated, interpreted = fresh(game_id)
    paths = _examples(game_id)
    assert len(paths) >= 5
    for path in paths:
        scored = _scored(game, generated, path)
        assert isinstance(scored, dict), (path, scored)  # (read, not refused)
        assert scored == _scored(game, interpreted, path), path
