"""The quick entry (orbis_dsl/cli/entry.py) runs `orbis score` without typer: it must print and exit exactly as the
full command line does, and leave everything it does not know to it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from orbis_dsl.cli.entry import quick_score_args

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["examples/games/4p-club-night-shared-win.json", "examples/quickstart-4p.orbisgame",
         "examples/games/3p-messy-scoresheet.orbisgame", "examples/terra-mystica/3p-air-tie.json"]
BROKEN = ["tests/corpus/games/json-bad-gain.json", "tests/corpus/games/no-such-game.orbisgame"]


@pytest.mark.parametrize("args", [
    ["--help"], ["score"], ["score", "--help"], ["score", "--rules", "p", "g.json"], ["score", "--jsn", "g.json"],
    ["score", "-j", "0", "g.json"], ["score", "--jobs"], ["score", "--jobs=x", "g.json"], ["score", "-", "g.json"],
    ["check", "rules"], ["score", "--json", "--", "g.json"],
])
def test_anything_but_plain_score_arguments_goes_to_the_full_command_line(args):
    assert quick_score_args(args) is None


def test_plain_score_arguments_are_read_as_the_full_command_line_reads_them():
    assert quick_score_args(["score", "a.json", "--json", "-j", "2", "b.orbisgame", "--strict", "--jobs=3"]) == {
        "files": [Path("a.json"), Path("b.orbisgame")], "as_json": True, "explain": False, "strict": True,
        "jobs": 3, "boards": False}
    assert quick_score_args(["score", "m.json", "--boards"])["boards"] is True


def _run(args: list[str], full: bool) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "ORBIS_FULL_CLI"}
    env.update(PYTHONIOENCODING="utf-8", COLUMNS="100", TERM="dumb")
    if full:
        env["ORBIS_FULL_CLI"] = "1"
    proc = subprocess.run([sys.executable, "-m", "orbis_dsl.cli.entry", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8")
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("args", [
    ["score", "--json", *GAMES],
    ["score", *GAMES, "--explain"],
    ["score", "--strict", GAMES[2]],
    ["score", "--json", GAMES[0], *BROKEN, GAMES[1]],
    ["score", BROKEN[0]],
])
def test_the_quick_entry_prints_and_exits_as_the_full_command_line(args):
    quick, full = _run(args, full=False), _run(args, full=True)
    assert quick == full
    assert "Traceback" not in quick[2]


# What the quick entry must not import for `score --json` (each a few ms of every start): the full command line's
# typer, click and rich (the terminal report draws with rich: it is not asked here); hashlib (OpenSSL), ast,
# string (Template's pattern), the compiler's Lark; importlib.util (the generated modules are loaded by the import
# system's own functions). typing stays: its NamedTuple makes the record and spec classes (a copy of it made without
# typing broke on Python 3.14, whose class bodies keep annotations in `__annotate__`, not `__annotations__`).
# signal (its enums, a millisecond): only a refused fork's clean-up needs it (cli/turns.py `_stop`).
_HEAVY = ("typer", "click", "rich", "hashlib", "_hashlib", "ast", "string", "lark", "inspect", "dataclasses",
          "importlib.util", "signal")


@pytest.mark.parametrize("args", [["score", "--json", GAMES[0]], ["score", "--json", GAMES[1]],
                                  ["score", "--json", *GAMES], ["score", "--json", "--jobs", "2", *GAMES],
                                  ["score", "--json", "examples/mondo/grid-advanced-2p-counts-as-active.json"]])
def test_the_quick_entry_scores_without_the_heavier_modules(args):
    script = ("import sys; sys.argv = ['orbis', *sys.argv[1:]]; from orbis_dsl.cli.entry import main\n"
              "try:\n    main()\nexcept SystemExit as end:\n"
              f"    sys.stderr.write(repr([m for m in {_HEAVY!r} if m in sys.modules]) + ' ' + str(end.code))")
    proc = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", env={k: v for k, v in os.environ.items() if k != "ORBIS_FULL_CLI"})
    assert proc.stderr.splitlines()[-1] == "[] 0"


def test_the_quick_entry_leaves_nothing_for_the_collection_at_exit():
    """What a batch keeps is frozen before the process ends: Python's collection at exit, which walks every
    object it tracks (some 25 ms of CPU after 2,000 files), then has next to nothing to walk."""
    script = ("import gc, sys; sys.argv = ['orbis', *sys.argv[1:]]; from orbis_dsl.cli.entry import main\n"
              "try:\n    main()\nexcept SystemExit as end:\n"
              "    sys.stderr.write(f'{len(gc.get_objects())} {gc.get_freeze_count()} {end.code}')")
    env = {k: v for k, v in os.environ.items() if k != "ORBIS_FULL_CLI"}
    proc = subprocess.run([sys.executable, "-c", script, "score", "--json", *GAMES], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", env=env)
    tracked, frozen, code = map(int, proc.stderr.split())
    assert code == 0
    assert frozen > 5_000 and tracked < 100  # (without the freeze: none frozen, thousands tracked)


def test_the_quick_entry_loads_and_scores_a_game_without_a_collection():
    """The package's loading sets off no collection (the collector is off from the quick entry's start: a batch
    runs it itself, every so many files)."""
    script = ("import gc, os, sys; sys.argv = ['orbis', *sys.argv[1:]]; from orbis_dsl.cli.entry import main\n"
              "runs = []\n"
              "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(info['generation']))\n"
              "try:\n    main()\nexcept SystemExit as end:\n"
              "    os.write(2, f'{runs} {end.code}'.encode())")
    env = {k: v for k, v in os.environ.items() if k != "ORBIS_FULL_CLI"}
    for game in (GAMES[0], GAMES[1]):
        proc = subprocess.run([sys.executable, "-c", script, "score", "--json", game], cwd=ROOT, capture_output=True,
                              text=True, encoding="utf-8", env=env)
        assert proc.stderr == "[] 0"
