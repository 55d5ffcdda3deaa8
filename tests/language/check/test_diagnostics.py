"""`orbis check` on broken rule files: one realistic mistake per file in tests/corpus/rules/.

Each corpus file states, in its first lines, where the mistake is (`# expect: LINE:COL`) and a phrase the
message must contain (`# says: …`). The full stderr is kept as a snapshot, so any change of wording shows up in
review.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "corpus" / "rules"
FILES = sorted(CORPUS.glob("*.orbis"))
BASE_INCLUDE = 'include "../../../rules/orbis/game.orbis"'
# What the count line adds when a file has syntax errors (the rule set is then not checked further).
SYNTAX_ONLY = " (syntax; names and types are checked once every file parses)"


def expectations(path: Path) -> tuple[int, int, str]:
    text = path.read_text(encoding="utf-8")
    where = re.search(r"^# expect: (\d+):(\d+)$", text, re.MULTILINE)
    says = re.search(r"^# says: (.+)$", text, re.MULTILINE)
    assert where and says, f"{path.name} must say where its mistake is and what the message says"
    return int(where.group(1)), int(where.group(2)), says.group(1)


_RESULTS: dict[str, object] = {}


def check_file(orbis, path: Path):
    """`orbis check` on a corpus file, run once per file for the tests below."""
    shown = path.relative_to(ROOT).as_posix()
    if shown not in _RESULTS:
        _RESULTS[shown] = orbis("check", shown)
    return shown, _RESULTS[shown]


def test_the_corpus_is_large_enough():
    assert len(FILES) >= 28


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_corpus_file_states_its_mistake(path):
    line, column, _ = expectations(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1
    assert not lines[line - 1].lstrip().startswith("#"), "the mistake is not in a comment"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_check_reports_the_mistake(orbis, path, snapshot):
    line, column, says = expectations(path)
    shown, result = check_file(orbis, path)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, output
    assert result.stdout == ""
    assert f"{shown}:{line}:{column}: error: " in result.stderr, result.stderr
    # the phrase must be in a message or hint: not in the file's name, nor in the echoed source line
    words = "\n".join(line for line in result.stderr.replace(shown, "<file>").splitlines()
                      if not re.match(r"^\s*\d+ \| ", line))
    assert says in words, result.stderr
    assert re.search(rf"^\d+ errors?({re.escape(SYNTAX_ONLY)})?$", result.stderr.splitlines()[-1])
    assert result.stderr == snapshot


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_mistake_is_reported_once(orbis, path):
    """One mistake, one error: no follow-on errors from the same cause. A syntax error's count says the names
    and types wait (the rule set is not checked further while a file does not parse); any other's does not."""
    _, result = check_file(orbis, path)
    assert result.stderr.splitlines()[-1] == "1 error" + ("" if _parses(path) else SYNTAX_ONLY), result.stderr


def _parses(path: Path) -> bool:
    from orbis_dsl.language.syntax.parse import parse_text

    tree, _ = parse_text(path.read_text(encoding="utf-8"), path.name)
    return tree is not None


def test_each_corpus_file_includes_the_base_game_or_stands_alone(orbis):
    """The one mistake is isolated: what a file includes checks clean on its own."""
    result = orbis("check", "rules/orbis/game.orbis")
    assert result.exit_code == 0, result.stderr
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        # standing alone: a tile game declares its colours, a score-sheet game its `game`
        assert BASE_INCLUDE in text or re.search(r'^(colors |game ")', text, re.MULTILINE), path.name


SEVERAL = """\
include "../../../rules/orbis/game.orbis"

tile 1 rde black [] stone(cp: 1)
tile 2 yellow black [red] village(cp: 3)
tile 2 green black [red] forest(threshold: 2, colors: {red}, cp: 3)
tile 1 red black [] stone(cp: 1, mystc: 3)

god sun "God of the Sun" {
  modify desert_penalt = 0
  end: 1 if count(tiles where kind = vilage) >= 1
}

variant "5p" {
  players: 5
  remove tiles marked gold
}
"""


def check_several(orbis, tmp_path):
    path = tmp_path / "several.orbis"
    include = Path(os.path.relpath(ROOT / "rules" / "orbis" / "game.orbis", tmp_path)).as_posix()
    path.write_text(SEVERAL.replace("../../../rules/orbis/game.orbis", include), encoding="utf-8")
    return str(path), orbis("check", str(path))


def test_several_mistakes_in_one_file_are_all_reported(orbis, tmp_path):
    shown, result = check_several(orbis, tmp_path)
    assert result.exit_code == 2
    located = re.findall(rf"^{re.escape(shown)}:(\d+):(\d+): error: (.*)$", result.stderr, re.MULTILINE)
    found = {(int(line), message) for line, _, message in located}
    assert found == {
        (3, "unknown colour 'rde'"),
        (4, "village needs parameter 'need' (a number)"),
        (5, "parameter 'colors' needs exactly 2 colours, got 1"),
        (6, "unknown parameter 'mystc' of stone"),
        (9, "unknown value 'desert_penalt'"),
        (10, "unknown name 'vilage'"),
        (15, "unknown tile mark 'gold'"),
    }
    assert result.stderr.splitlines()[-1] == "7 errors"


def test_several_mistakes_are_reported_in_the_order_of_the_file(orbis, tmp_path):
    shown, result = check_several(orbis, tmp_path)
    lines = [int(m) for m in re.findall(rf"^{re.escape(shown)}:(\d+):\d+: error: ", result.stderr, re.MULTILINE)]
    assert lines == sorted(lines)


def test_a_missing_file_is_a_diagnostic_not_a_traceback(orbis):
    result = orbis("check", "tests/corpus/rules/no_such_file.orbis")
    assert result.exit_code == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert "no such file or folder: tests/corpus/rules/no_such_file.orbis" in result.stderr


def test_a_clean_check_prints_a_summary(orbis):
    result = orbis("check", "rules/orbis")
    assert result.exit_code == 0
    files = len(list((ROOT / "rules" / "orbis").glob("*.orbis")))
    assert result.stdout == f"ok: {files} files, 8 kinds, 10 gods, 3 variants, 65 tiles\n"
    assert result.stderr == ""


def test_checking_rules_checks_every_game_on_its_own(orbis):
    """rules/ holds a folder per game; each is a rule set of its own, summarised in its own words."""
    result = orbis("check", "rules")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    games = sorted(p.name for p in (ROOT / "rules").iterdir() if (p / "game.orbis").is_file())
    assert len(lines) == len(games)
    orbis_line = next(line for line in lines if line.startswith("ok: rules/orbis/game.orbis: "))
    assert orbis_line.endswith("8 kinds, 10 gods, 3 variants, 65 tiles")
    assert any(line.startswith("ok: rules/terra_mystica/game.orbis: ") and "14 factions" in line for line in lines)
