"""Paths the operating system refuses to look at, and standard streams a command cannot use as it expects.

A loop of symlinks (`Path.resolve()` raises RuntimeError on Python 3.11), a name longer than the file system
allows (`Path.exists()` raises ENAMETOOLONG), a folder that is a file, a closed stdout, a full disk, an ASCII
terminal: each is the user's situation, not our bug, so each gets a message and an exit code, never a traceback.
(Found by fuzzing the command line on 2026-12-02.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from robustness.hostile import ROOT, assert_refused, orbis

GAME = ROOT / "examples" / "quickstart-4p.orbisgame"
LONG = "a" * 300  # over the 255 bytes a file name may have on Linux file systems


@pytest.fixture
def loop(tmp_path) -> Path:
    """tmp_path/loop1 → loop2 → loop1."""
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    return tmp_path / "loop1"


@pytest.mark.parametrize("command", [["score"], ["score", "--json"], ["convert"], ["check"], ["fmt"], ["sweep"]])
def test_a_loop_of_symlinks_is_named_not_a_traceback(tmp_path, loop, command):
    stderr = assert_refused(orbis(tmp_path, *command, loop))
    assert "Too many levels of symbolic links" in stderr, stderr


def test_a_loop_in_a_batch_costs_the_other_files_nothing(tmp_path, loop):
    shutil.copy(GAME, tmp_path / "game.orbisgame")
    code, stdout, stderr = orbis(tmp_path, "score", "--json", "game.orbisgame", "loop1", "game.orbisgame")
    assert code == 2 and "Traceback" not in stderr, stderr
    assert len(stdout.splitlines()) == 2 and "1 of 3 files could not be scored" in stderr


def test_an_include_of_a_loop_is_refused_with_its_place(tmp_path, loop):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "main.orbis").write_text('include "l.orbis"\n', encoding="utf-8")
    (pack / "l.orbis").symlink_to("../loop1")
    for args in (["check", pack / "main.orbis"], ["check", "--rules", pack / "main.orbis"]):
        stderr = assert_refused(orbis(tmp_path, *args))
        assert "main.orbis:1:1: error: an include must stay inside" in stderr, stderr


def test_a_sweep_spec_naming_a_loop_is_a_diagnostic(tmp_path, loop):
    (tmp_path / "sweep.toml").write_text(f'games = 10\npacks = ["{loop}"]\n', encoding="utf-8")
    stderr = assert_refused(orbis(tmp_path, "sweep", "sweep.toml"))
    assert "sweep.toml:2:10: error: cannot read" in stderr and "symbolic links" in stderr, stderr


@pytest.mark.parametrize("args", [
    ["check", f"{LONG}.orbis"],
    ["fmt", f"{LONG}.orbis"],
    ["sweep", LONG],
    ["rules", "--rules", LONG],
    ["score", "--rules", LONG, GAME],
    ["variant", "check", f"{LONG}.orbis"],
    ["enter", "-o", LONG],
    ["new", "god", LONG],
    ["score", f"{LONG}.json"],
])
def test_a_name_too_long_for_the_file_system_is_refused(tmp_path, args):
    stderr = assert_refused(orbis(tmp_path, *args))
    assert "File name too long" in stderr, stderr


def test_a_new_file_in_a_folder_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    stderr = assert_refused(orbis(tmp_path, "new", "god", "sun", "-d", "notes.txt/pack"))
    assert stderr.startswith("error: cannot write notes.txt/pack/sun.orbis: Not a directory"), stderr


def _run(args: list[str], module: str, env: dict | None = None, **streams) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", module, *map(str, args)], env=full_env, stderr=subprocess.PIPE,
                          timeout=120, **streams)


QUICK, FULL = "orbis_dsl.cli.entry", "orbis_dsl.cli.app"


@pytest.mark.parametrize("module", [QUICK, FULL])
def test_a_closed_stdout_is_no_traceback(module):
    proc = _run(["score", GAME], module, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr.decode()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(("module", "args"), [(QUICK, ["score", GAME]), (QUICK, ["score", "--json", GAME]),
                                              (FULL, ["score", GAME]), (FULL, ["rules", "--json"])])
def test_a_full_disk_under_stdout_ends_with_one_line(module, args):
    with open("/dev/full", "w") as full:
        proc = _run(args, module, stdout=full)
    stderr = proc.stderr.decode()
    assert proc.returncode == 1 and "Traceback" not in stderr, stderr
    assert stderr == "error: a write failed: No space left on device\n", stderr


@pytest.mark.parametrize("args", [["score", GAME], ["score", "--json", GAME]])
def test_an_ascii_stdout_gets_utf_8_from_either_entry(args):
    """As click does for the commands it runs: the quick entry and the full command line write the same bytes."""
    quick, full = (_run(args, module, env={"PYTHONIOENCODING": "ascii"}, stdout=subprocess.PIPE)
                   for module in (QUICK, FULL))
    assert quick.returncode == full.returncode == 0 and b"Traceback" not in quick.stderr + full.stderr
    assert quick.stdout == full.stdout and quick.stdout.decode("utf-8")
    if "--json" not in args:
        assert "Ana — Goddess of Nature".encode() in quick.stdout


def test_a_latin_1_stdout_gets_backslash_escapes_for_what_it_lacks():
    proc = _run(["score", GAME], QUICK, env={"PYTHONIOENCODING": "latin-1"}, stdout=subprocess.PIPE)
    assert proc.returncode == 0 and b"Ana \\u2014 Goddess of Nature" in proc.stdout, proc.stdout[:500]
