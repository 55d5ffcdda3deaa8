"""Issue 15, item 8: move logs were not tied to their rules. A log carried no hash of its rule set, so a base-game
log replayed "ok" under another pack with other scores; the result line was optional, and of two result lines
only the last was checked. A log now names its game and the hash of its rule texts; `replay` refuses a log of
other rules (with `--rules` it warns instead), refuses a second result line and warns when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

PACK = "examples/custom/pack"


@pytest.fixture
def logs(orbis, tmp_path, monkeypatch) -> dict[str, Path]:
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    out = {}
    for name, extra in (("base", ()), ("pack", ("--rules", PACK))):
        folder = tmp_path / name
        result = orbis("simulate", "--players", "2", "--games", "1", "--seed", "5", "--logs", folder, *extra)
        assert result.exit_code == 0, result.stderr
        (out[name],) = folder.glob("*.log")
    return out


def _header(log: Path) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in log.read_text(encoding="utf-8").splitlines()[:4] if ": " in line)


def test_a_log_names_its_game_and_rules(logs):
    base, pack = _header(logs["base"]), _header(logs["pack"])
    assert base["game"] == pack["game"] == "orbis"
    assert base["rules"].startswith("sha256:") and pack["rules"].startswith("sha256:")
    assert base["rules"] != pack["rules"]


def test_a_pack_log_is_refused_under_the_base_game(orbis, logs):
    result = orbis("replay", logs["pack"])
    assert result.exit_code == 1 and result.stdout == ""
    assert ":4:8: error: the log was played under other rules" in result.stderr
    assert orbis("replay", "--rules", PACK, logs["pack"]).exit_code == 0


def test_a_base_log_under_a_pack_given_with_rules_is_replayed_with_a_warning(orbis, logs):
    result = orbis("replay", "--rules", PACK, logs["base"])
    assert "warning: the log was played under other rules than the ones given with --rules" in result.stderr
    clean = orbis("replay", logs["base"])
    assert clean.exit_code == 0 and "warning" not in clean.stderr, clean.stderr


def test_a_log_of_another_game_is_refused(orbis, logs, tmp_path):
    text = logs["base"].read_text(encoding="utf-8").replace("game: orbis", "game: mondo")
    (tmp_path / "mondo.log").write_text(text, encoding="utf-8")
    result = orbis("replay", tmp_path / "mondo.log")
    assert result.exit_code == 1 and "a log of the game 'mondo'" in result.stderr


def test_two_result_lines_are_refused(orbis, logs, tmp_path):
    lines = logs["base"].read_text(encoding="utf-8").splitlines()
    result_line = lines[-1]
    assert result_line.startswith("result: ")
    names = [part.split()[0] for part in result_line[len("result: "):].split(", ")]
    bogus = "result: " + ", ".join(f"{name} 999" for name in names)
    for order in ([bogus, result_line], [result_line, bogus]):  # the true one first or last: both refused
        (tmp_path / "two.log").write_text("\n".join(lines[:-1] + order) + "\n", encoding="utf-8")
        result = orbis("replay", tmp_path / "two.log")
        assert result.exit_code == 1 and "a second result line (the first is on line" in result.stderr


def test_a_log_without_a_result_line_is_replayed_with_a_warning(orbis, logs, tmp_path):
    lines = logs["base"].read_text(encoding="utf-8").splitlines()
    (tmp_path / "open.log").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    result = orbis("replay", tmp_path / "open.log")
    assert result.exit_code == 0
    assert "warning: the log has no result line" in result.stderr
