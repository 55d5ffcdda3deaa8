"""Issue 15, item 9: `write_atomic` turned 0644 files into 0600; player names and rule titles carrying terminal
escapes (`\\x1b]0;…`, `\\x1b[2J`), CR, NUL or bidi controls were printed raw. Files now keep their mode, and
everything printed for people shows such characters as escapes."""

from __future__ import annotations

import json
import os
import stat

import pytest
from robustness.hostile import ROOT, orbis

HOSTILE = ["\x1b]0;owned\x07", "\x1b[2J", "\r", "\x00", "\u202e", "\u2066", "\x9b"]
RAW = ("\x1b", "\r", "\x00", "\u202e", "\u2066", "\x9b", "\x07")


def _assert_nothing_raw(text: str) -> None:
    assert not [c for c in RAW if c in text], repr(text[:2000])


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o755, 0o600])
def test_write_atomic_keeps_the_mode(tmp_path, mode):
    from orbis_dsl.common.files import write_atomic

    path = tmp_path / "f.orbis"
    path.write_text("old\n")
    path.chmod(mode)
    write_atomic(path, "new\n")
    assert stat.S_IMODE(path.stat().st_mode) == mode and path.read_text() == "new\n"


def test_a_new_file_gets_what_the_umask_gives(tmp_path):
    from orbis_dsl.common.files import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.orbis", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.orbis").stat().st_mode) == 0o644


def test_fmt_and_convert_keep_a_shared_files_mode(tmp_path):
    rule = tmp_path / "messy.orbis"
    rule.write_text("value   bonus=1\n", encoding="utf-8")
    rule.chmod(0o644)
    assert orbis(tmp_path, "fmt", rule)[0] == 0
    assert rule.read_text(encoding="utf-8") != "value   bonus=1\n" and stat.S_IMODE(rule.stat().st_mode) == 0o644
    out = tmp_path / "game.json"
    out.write_text("{}")
    out.chmod(0o664)
    assert orbis(tmp_path, "convert", ROOT / "examples" / "quickstart-4p.orbisgame", "-o", out, "--force")[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o664


def _hostile_record(tmp_path):
    record = json.loads((ROOT / "examples" / "games" / "2p-first-game-new-box.json").read_text(encoding="utf-8"))
    record["title"] = "Night " + "".join(HOSTILE)
    for i, player in enumerate(record["players"]):
        player["name"] = f"P{i}" + HOSTILE[i % len(HOSTILE)] + HOSTILE[(i + 2) % len(HOSTILE)]
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_score_shows_names_and_titles_escaped(tmp_path):
    path = _hostile_record(tmp_path)
    for extra in ((), ("--explain",)):
        code, stdout, stderr = orbis(tmp_path, "score", path, *extra)
        assert code == 0, stderr
        _assert_nothing_raw(stdout + stderr)
        assert "\\x1b]0;owned\\x07" in stdout and "P0" in stdout
    code, stdout, _ = orbis(tmp_path, "score", path, "--json")  # JSON escapes controls itself; the data stays
    assert code == 0 and "\\u001b]0;owned" in stdout


def test_rule_titles_and_variant_names_are_shown_escaped(tmp_path):
    (tmp_path / "pack.orbis").write_text(
        'god trick "Trick\\x1b]0;owned\\x07\\u202e" {\n  end: 1\n}\n'
        'variant "2p\\x1b[2J" {\n  players: 2\n  reveal god: 3\n  remove tiles marked white, purple\n}\n',
        encoding="utf-8")
    for args in (("rules", "--rules", "pack.orbis"), ("variant", "check", "--rules", "pack.orbis")):
        _code, stdout, stderr = orbis(tmp_path, *args)
        assert "Traceback" not in stderr
        _assert_nothing_raw(stdout + stderr)
    assert "Trick\\x1b]0;owned\\x07\\u202e" in orbis(tmp_path, "rules", "--rules", "pack.orbis")[1]


def test_diagnostics_show_names_escaped_and_keep_the_caret(tmp_path):
    (tmp_path / "bad.orbis").write_text('god g "G" {\n  end: 1 if temple_count = "\u202eicons"\n}\n',
                                        encoding="utf-8")
    code, _, stderr = orbis(tmp_path, "check", "--rules", "bad.orbis")
    assert code == 2
    _assert_nothing_raw(stderr)
    assert "'\\u202eicons' is not a choice of option 'temple_count'" in stderr
    source, caret = [line for line in stderr.splitlines() if line.startswith("   2 |") or set(line.strip()) == {"^"}]
    assert source.index('"\ufffdicons"') == caret.index("^")  # one column per replaced character


def test_replay_shows_player_names_escaped(tmp_path):
    from orbis_dsl.engine.log_write import play_logged
    from orbis_dsl.engine.policy_random import RandomPolicy
    from orbis_dsl.language.ruleset import base_rules

    names = ["Ana\x1b[2J", "Ben\u202e"]
    _, _, text = play_logged(base_rules(), "2p", 3, [RandomPolicy(0), RandomPolicy(1)], names=names)
    (tmp_path / "g.log").write_text(text, encoding="utf-8")
    code, stdout, stderr = orbis(tmp_path, "replay", "g.log")
    assert code == 0, stderr
    _assert_nothing_raw(stdout + stderr)
    assert "Ana\\x1b[2J" in stdout and "Ben\\u202e" in stdout


def test_a_score_sheet_game_shows_names_and_titles_escaped(tmp_path):
    record = json.loads((ROOT / "examples" / "terra-mystica" / "3p-air-tie.json").read_text(encoding="utf-8"))
    record["title"] = "Air \x1b]0;owned\x07"
    record["players"][0]["name"] = "Ann\x1b[2J\u202e"
    (tmp_path / "tm.json").write_text(json.dumps(record), encoding="utf-8")
    for extra in ((), ("--explain",)):
        code, stdout, stderr = orbis(tmp_path, "score", "tm.json", *extra)
        assert code in (0, 1) and "Traceback" not in stderr, stderr
        _assert_nothing_raw(stdout + stderr)
        assert "Ann\\x1b[2J\\u202e" in stdout


def test_convert_keeps_an_existing_file_unless_forced(tmp_path):
    """Converting a notation loses its comments: a file already there (the very file read, say) is kept."""
    game = tmp_path / "game.orbisgame"
    text = (ROOT / "examples" / "quickstart-4p.orbisgame").read_text(encoding="utf-8")
    game.write_text(text, encoding="utf-8")
    code, *_ = orbis(tmp_path, "convert", game, "-o", game)
    assert code == 2 and game.read_text(encoding="utf-8") == text
    other = tmp_path / "game.json"
    other.write_text("{}")
    assert orbis(tmp_path, "convert", game, "-o", other)[0] == 2 and other.read_text() == "{}"
    assert orbis(tmp_path, "convert", game, "-o", other, "--force")[0] == 0 and other.read_text() != "{}"
