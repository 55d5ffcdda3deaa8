"""Issue 15, item 7: numbers that passed `str.isdigit` or `\\d` and then broke `int()` ('²', 5,000 digits) gave
tracebacks in `score`, `replay` and `enter`; `fmt` on a file it cannot write gave one too. Each is now a
located refusal."""

from __future__ import annotations

import json
import os
import re

import pytest
from robustness.hostile import ROOT, assert_refused, orbis

HUGE = "9" * 5_000


@pytest.mark.parametrize("gain", ["² red", f"{HUGE} red", "١ red", "+1 red", "1_0 red"])
def test_a_json_amount_that_is_no_plain_number(tmp_path, gain):
    record = json.loads((ROOT / "examples" / "games" / "2p-first-game-new-box.json").read_text(encoding="utf-8"))
    tiles = [t for p in record["players"] for row in p["pyramid"] for t in row]
    target = next(t for t in tiles if "gain" in t)
    target["gain"] = gain
    (tmp_path / "g.json").write_text(json.dumps(record), encoding="utf-8")
    stderr = assert_refused(orbis(tmp_path, "score", "g.json"), "g.json: $.players[")
    assert "expected an amount" in stderr


def _log() -> list[str]:
    from orbis_dsl.engine.log_write import play_logged
    from orbis_dsl.engine.policy_random import RandomPolicy
    from orbis_dsl.language.ruleset import base_rules

    return play_logged(base_rules(), "2p", 1, [RandomPolicy(0), RandomPolicy(1)])[2].splitlines()


@pytest.mark.parametrize("pattern, replacement", [
    (r"place row \d+", f"place row {HUGE}"),
    (r"tile \d+$", f"tile {HUGE}"),
    (r"take display \d+", f"take display {HUGE}"),
    (r"take display \d+", "take display ²"),
    (r"^round \d+", f"round {HUGE}"),
    (r"^pile \d+", f"pile {HUGE}"),
    (r"^pile \d+", "pile ³"),
    (r"^display: \d+", f"display: {HUGE}"),
    (r"^seed: \d+", "seed: ²"),
])
def test_replay_of_a_log_with_a_number_int_cannot_read(tmp_path, pattern, replacement):
    lines = _log()
    at = next(i for i, line in enumerate(lines) if re.search(pattern, line))
    lines[at] = re.sub(pattern, replacement, lines[at], count=1)
    (tmp_path / "g.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, stdout, stderr = orbis(tmp_path, "replay", "g.log")
    assert "Traceback" not in stderr, stderr[-3000:]
    assert code in (1, 2) and stdout == "", stderr  # 1: the log is refused, located (replay's contract)
    assert stderr.startswith("g.log:"), stderr[:300]


@pytest.mark.parametrize("answer", ["²", HUGE, "٣"])
def test_enter_asks_again_for_a_number_int_cannot_read(tmp_path, answer):
    _code, _, stderr = orbis(tmp_path, "enter", "-o", "g.orbisgame", stdin=f"\n{answer}\n")
    assert "Traceback" not in stderr, stderr[-3000:]
    assert "expected a whole number" in stderr or "too large" in stderr, stderr[-2000:]
    assert not (tmp_path / "g.orbisgame").exists()


def test_fmt_on_a_file_it_cannot_write_is_reported(tmp_path, monkeypatch):
    rules = tmp_path / "rules"
    rules.mkdir()
    target = rules / "messy.orbis"
    target.write_text("value   bonus=1\n", encoding="utf-8")
    if os.geteuid() != 0:
        rules.chmod(0o555)  # the rename into the folder fails
        target.chmod(0o444)
        result = orbis(tmp_path, "fmt", target)
        rules.chmod(0o755)
    else:  # root writes anyway: make the write fail as it would for anyone else
        from typer.testing import CliRunner

        from orbis_dsl.cli.app import app
        from orbis_dsl.common import files

        def refuse(*args):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(files.os, "replace", refuse)
        outcome = CliRunner().invoke(app, ["fmt", str(target)])
        assert outcome.exception is None or isinstance(outcome.exception, SystemExit), outcome.exc_info
        result = (outcome.exit_code, outcome.stdout, outcome.stderr)
    code, _, stderr = result
    assert code == 2 and "Traceback" not in stderr
    assert "cannot write it: Permission denied" in stderr
    assert target.read_text(encoding="utf-8") == "value   bonus=1\n"
    assert [p.name for p in rules.iterdir()] == ["messy.orbis"]  # no temporary file left


def test_fmt_does_not_read_a_device_or_fifo(tmp_path):
    os.mkfifo(tmp_path / "pipe.orbis")
    for target in ("pipe.orbis", "/dev/zero"):
        code, _, stderr = orbis(tmp_path, "fmt", target)
        assert code == 2 and "regular file" in stderr and "Traceback" not in stderr


def test_score_and_convert_do_not_read_a_device_or_fifo(tmp_path):
    os.mkfifo(tmp_path / "pipe.orbisgame")
    for command in ("score", "convert"):
        for target in ("pipe.orbisgame", "/dev/zero"):
            stderr = assert_refused(orbis(tmp_path, command, target))
            assert "regular file" in stderr


def _product(n: int) -> str:
    """999999999 multiplied n times, as a balanced tree (under the nesting limit): about 9n digits."""
    return "999999999" if n == 1 else f"({_product(n // 2)} * {_product(n - n // 2)})"


@pytest.mark.parametrize("factors", [40, 490])  # past 10^308 (a float), past 4,300 digits (str)
def test_a_rule_that_counts_past_any_report_is_bounded_with_a_warning(tmp_path, factors):
    """2026-12-02: `cp * 999999999 * …` checked clean, then `score` and `simulate` crashed writing or averaging it."""
    (tmp_path / "kind.orbis").write_text('kind stone "Sacred Stone" {\n  param cp: int = 1\n  param mystic: int?\n'
                                         f"  end: cp * {_product(factors)}\n}}\n", encoding="utf-8")
    code, stdout, stderr = orbis(tmp_path, "score", "--json", "--rules", "kind.orbis", ROOT / "examples" /
                                 "quickstart-4p.orbisgame")
    assert code == 0, stderr
    report = json.loads(stdout)
    stones = [line["cp"] for p in report["players"] for line in p["lines"] if line["what"] == "stone"]
    assert stones and set(stones) == {10**15}
    assert any("a rule counted more than 1,000,000,000,000,000" in w["message"] for w in report["warnings"])
    code, _, stderr = orbis(tmp_path, "simulate", "--rules", "kind.orbis", "--games", "4", "--players", "2")
    assert code == 0 and "Traceback" not in stderr, stderr


def test_a_score_sheet_column_past_any_report_is_bounded_with_a_warning(tmp_path):
    (tmp_path / "tm.orbis").write_text(f'extends "terra-mystica"\nscore huge "Huge": vp * {_product(490)}\n',
                                       encoding="utf-8")
    code, stdout, stderr = orbis(tmp_path, "score", "--json", "--rules", "tm.orbis",
                                 ROOT / "examples" / "terra-mystica" / "2p-basic.json")
    assert code == 0, stderr
    report = json.loads(stdout)
    assert {p["huge"] for p in report["players"]} == {10**15}
    assert [w["where"] for w in report["warnings"] if w["message"].startswith("Huge: a rule counted")] == [
        p["name"] for p in report["players"]]
