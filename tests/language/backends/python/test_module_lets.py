"""A top-level `let` read in several handlers is written once, at module level (`backends/python/module_lets.py`).

Held by counting definitions in the modules of the three games (Mondo's `chip_holder` was written inside each of
four handlers), and by two oracles over every Mondo and Terra Mystica example: the same rule files with the let
written out at every read by hand (text substitution here, not the compiler) must score the same totals, columns,
winners, warnings and refusals; and the same rule files compiled with every let function kept inside its
handler (the sharing switched off) must give byte-identical reports, explanations included.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.common.resources import data_dir
from orbis_dsl.language.backends.python import module_lets
from orbis_dsl.language.ruleset import compile_game, compile_paths, rules_from_modules
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.sheet import refusals, score_sheet

ROOT = Path(__file__).resolve().parents[4]
# (game folder, its examples, the let written out by hand in the oracle, the report format)
GAMES = {
    "mondo": (ROOT / "examples" / "mondo", "chip_holder", "mondo-score/1"),
    "terra_mystica": (ROOT / "examples" / "terra-mystica", "shipping_reach", "tm-score/1"),
}


def _top_level_lets(folder: Path) -> set[str]:
    return {m.group(1) for path in folder.glob("*.orbis")
            for m in re.finditer(r"^let (\w+) =", path.read_text(encoding="utf-8"), re.M)}


@pytest.mark.parametrize("game", ["orbis", "mondo", "terra_mystica"])
def test_each_top_level_let_has_at_most_one_function_in_a_module(game):
    compiled = compile_game(game_named(game.replace("_", "-")))
    lets = _top_level_lets(data_dir("rules") / game)
    for name, text in compiled.modules.items():
        for let in lets:
            defs = re.findall(rf"^\s*def _let\d*_{let}\(", text, re.M)
            assert len(defs) <= 1, (name, let, len(defs))
        assert all(len(line) <= 120 for line in text.splitlines()), name


def test_chip_holder_is_written_once_at_module_level_and_called_by_four_handlers():
    text = compile_game(game_named("mondo")).modules["game.py"]
    assert len(re.findall(r"^def _let_chip_holder\(trace, g, p, site\):$", text, re.M)) == 1
    assert not re.search(r"^\s+def _let\d+_chip_holder", text, re.M)
    callers = {m.group(1) for m in re.finditer(r"_let\(known, \d+, trace, _let_chip_holder, g, p, '(\w+)'\)", text)}
    assert callers == {"_score_volcanoes", "_check_1", "_check_2", "_check_3"}


def _written_out(tmp_path: Path, game: str, let: str) -> Path:
    """A copy of the game's rule files with `let` written out at every read (bracketed) and its line dropped."""
    folder = tmp_path / game
    shutil.copytree(data_dir("rules") / game, folder)
    entry = folder / "game.orbis"
    text = entry.read_text(encoding="utf-8")
    declared = re.search(rf"^let {let} = (.*)\n", text, re.M)
    expr = declared.group(1)
    text = text[:declared.start()] + text[declared.end():]
    text, reads = re.subn(rf"\b{let}\b", f"({expr})", text)
    assert reads >= 1
    entry.write_text(text, encoding="utf-8")
    return entry


def _rules(entry: Path, package: str):
    compiled = compile_paths([entry], entry.parent.parent, module_root=entry.parent)
    assert [d.message for d in compiled.diagnostics if d.is_error] == []
    return compiled, rules_from_modules(compiled.modules, package)


def _numbers(report) -> dict:
    """What a report says without its words: totals, columns, places, winners, warnings."""
    out = report.to_json()
    players = [{k: v for k, v in p.items() if k not in ("lines", "why", "rounds")} for p in out["players"]]
    return {"players": players, "winners": out.get("winners"), "warnings": out.get("warnings")}


def _examples(folder: Path, rules) -> list:
    records = []
    for path in sorted(folder.glob("*.json")):
        record, _ = read_sheet_json(path.read_text(encoding="utf-8"), path.name, rules)
        if record is not None:
            records.append((path.name, record))
    assert records
    return records


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_shared_let_scores_as_the_let_written_out_by_hand(tmp_path, game):
    examples, let, fmt = GAMES[game]
    _, shared = _rules(data_dir("rules") / game / "game.orbis", f"orbis_test_shared_{game}")
    _, by_hand = _rules(_written_out(tmp_path, game, let), f"orbis_test_by_hand_{game}")
    for name, record in _examples(examples, shared):
        assert _numbers(score_sheet(shared, record, fmt)) == _numbers(score_sheet(by_hand, record, fmt)), name
        assert [(f.player, f.round, f.message) for f in refusals(shared, record)] == \
            [(f.player, f.round, f.message) for f in refusals(by_hand, record)], name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reports_and_explanations_are_those_of_a_function_inside_each_handler(monkeypatch, game):
    examples, _, fmt = GAMES[game]
    entry = data_dir("rules") / game / "game.orbis"
    shared_compiled, shared = _rules(entry, f"orbis_test_module_{game}")
    monkeypatch.setattr(module_lets.ModuleLets, "share", lambda self, *args: None)
    nested_compiled, nested = _rules(entry, f"orbis_test_nested_{game}")
    assert shared_compiled.modules != nested_compiled.modules  # (the switch did something)
    for name, record in _examples(examples, shared):
        assert score_sheet(shared, record, fmt).to_json_line() == score_sheet(nested, record, fmt).to_json_line(), name


# A tile game's pack: a top-level let ranked among players, read twice in each of an award's two handlers.
REDS = "count(tiles where color = red) is most among players"
AWARD = """award redmost "Red token" {
  measure: if reds then 2 else (if reds and true then 1 else count(tiles where color = red))
  eligible: measure >= 1 and (reds or (measure >= 2 and not reds))
  ties: keep order and warn
  prizes: 5, 2
}
"""


def test_an_orbis_pack_let_read_by_an_award_is_shared_and_scores_as_written_out(tmp_path):
    from language.backends.test_let_locals import _compile, random_game

    from orbis_dsl.runtime.scoring import score_game

    shared = _compile(tmp_path, f"let reds = {REDS}\n{AWARD}", "shared")
    text = shared.modules["pack.py"]
    assert len(re.findall(r"^def _let_reds\(trace, g, p, site\):$", text, re.M)) == 1
    assert len(re.findall(r"_let\(known, 0, trace, _let_reds, g, p, '_award_redmost_\w+'\)", text)) == 4
    by_hand = _compile(tmp_path, re.sub(r"\breds\b", f"({REDS})", AWARD), "by_hand")
    rules = (rules_from_modules(shared.modules, "orbis_test_reds"),
             rules_from_modules(by_hand.modules, "orbis_test_reds_by_hand"))
    awarded = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = random_game(rng, [None] * rng.randint(2, 4))
        a, b = (score_game(r, game).to_json() for r in rules)
        assert a == b, seed
        awarded += sum(p.get("redmost", 0) > 0 for p in a["players"])
    assert awarded > 0
