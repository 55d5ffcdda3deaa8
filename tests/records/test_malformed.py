"""Game files that cannot be scored (tests/corpus/games, one mistake each): `orbis score` exits 2, prints
nothing on stdout, and says on stderr which file, where (line:column for the notation and for JSON that does
not parse, the JSON path otherwise) and what is wrong, without a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "games"
FILES = sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".json", ".orbisgame"))
# JSON that does not parse (or is not UTF-8) has no path to name: the place is its line and column.
JSON_SYNTAX = {"json-empty.json", "json-trailing-comma.json", "json-truncated.json", "json-saved-as-utf-16.json"}
ENV = {"NO_COLOR": "1", "COLUMNS": "120", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def orbis(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env=ENV)


def shown(name: str) -> str:
    return f"tests/corpus/games/{name}"


def test_the_corpus_is_large_and_mixed():
    assert len(FILES) >= 32
    assert sum(name.endswith(".json") for name in FILES) >= 16
    assert sum(name.endswith(".orbisgame") for name in FILES) >= 16


@pytest.mark.parametrize("name", FILES)
def test_score_refuses_with_a_located_message(name, snapshot):
    result = orbis("score", shown(name))
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    errors = result.stderr
    assert "Traceback" not in errors
    assert isinstance(result.exception, SystemExit)  # a clean exit, not an exception caught by the runner
    first = errors.splitlines()[0]
    if name.endswith(".orbisgame") or name in JSON_SYNTAX:
        assert re.match(rf"{re.escape(shown(name))}:\d+:\d+: error: \S", first), first
    else:
        assert re.match(rf"{re.escape(shown(name))}: \$[\w.\[\]]*: error: \S", first), first
    assert errors == snapshot


@pytest.mark.parametrize("name", FILES)
def test_convert_refuses_alike(name):
    score = orbis("score", shown(name))
    convert = orbis("convert", shown(name))
    assert convert.exit_code == 2
    assert convert.stdout == ""
    assert convert.stderr == score.stderr


# Each file holds one mistake, so it should draw one message.
@pytest.mark.parametrize("name", FILES)
def test_one_mistake_draws_one_message(name):
    errors = orbis("score", shown(name)).stderr
    assert len(re.findall(r"^\S.*: error: ", errors, flags=re.M)) == 1, errors


def test_several_files_report_every_broken_one_and_score_the_others():
    """A broken file among many costs the others nothing (issue 16): each broken one is reported on stderr,
    every other one scored on stdout in the order given, and the exit code says that something was refused."""
    broken = [shown("text-unknown-colour.orbisgame"), shown("json-unknown-colour.json")]
    good = ["examples/games/2p-sunday-lunch.orbisgame", "examples/games/4p-club-night-shared-win.json"]
    result = orbis("score", good[0], broken[0], good[1], broken[1], "--json")
    assert result.exit_code == 2
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(r["players"]) for r in reports] == [2, 4]
    for path in broken:
        assert path in result.stderr
    assert result.stderr.rstrip().endswith("2 of 4 files could not be scored")


def test_a_missing_file_is_refused():
    result = orbis("score", "tests/corpus/games/no-such-game.orbisgame")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "no-such-game.orbisgame" in result.stderr and "Traceback" not in result.stderr


# ---- known rough edges (see the report to the maintainers) -----------------------------------------------------


def test_a_header_after_the_players_is_located_where_it_was_typed():
    result = orbis("score", shown("text-header-after-players.orbisgame"))
    assert ":10:" in result.stderr.splitlines()[0]


def test_a_cut_line_says_end_of_line_not_a_raw_newline():
    result = orbis("score", shown("text-truncated-player-line.orbisgame"))
    assert "'\\n" not in result.stderr


def test_a_forest_needs_two_different_colours(tmp_path):
    game = (CORPUS / "text-forest-one-colour.orbisgame").read_text(encoding="utf-8")
    path = tmp_path / "forest.orbisgame"
    path.write_text(game.replace("green forest 2 green 3", "green forest 2 green/green 3"), encoding="utf-8")
    assert orbis("score", path).exit_code == 2
