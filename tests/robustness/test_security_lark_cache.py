"""Issue 15, item 1: Lark's grammar cache (`cache=True`) unpickles a file of the shared temporary folder whose
name anyone can predict; another local user who wrote it had code run as whoever next ran `orbis check`.
The parsers are now built in the process: no file another user can write is ever unpickled."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

from robustness.hostile import ROOT, orbis, other_uid

_BUILD_WITH_LARKS_CACHE = """
from lark import Lark
from orbis_dsl.notation import GAME_PARSER_OPTIONS
from orbis_dsl.resources import grammar_path
Lark(grammar_path("rules.lark").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
     maybe_placeholders=True, cache=True)
Lark(grammar_path("game.lark").read_text(encoding="utf-8"), cache=True, **GAME_PARSER_OPTIONS)
"""


class _Payload:
    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return os.mkdir, (self.marker,)


def _plant_payloads(tmpdir: Path, marker: Path) -> list[Path]:
    """Let Lark write its cache files where it would (the names the attacker predicts), then replace their
    pickles by one that creates `marker` when unpickled, keeping the first line Lark checks."""
    env = {**os.environ, "TMPDIR": str(tmpdir), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", _BUILD_WITH_LARKS_CACHE], env=env, check=True, cwd=ROOT)
    planted = sorted(tmpdir.glob(".lark_cache_*"))
    for path in planted:
        first_line = path.read_bytes().split(b"\n", 1)[0]
        path.write_bytes(first_line + b"\n" + pickle.dumps(_Payload(marker)))
        if os.geteuid() == 0:  # as another user would have left it (no process of theirs is needed for that)
            os.chown(path, other_uid(), -1)
    return planted


def test_a_planted_lark_cache_file_is_never_unpickled(tmp_path):
    tmpdir, marker = tmp_path / "tmp", tmp_path / "RAN"
    tmpdir.mkdir()
    planted = _plant_payloads(tmpdir, marker)
    assert planted, "Lark wrote no cache file: the reproduction needs updating for this Lark"
    game = ROOT / "examples" / "quickstart-4p.orbisgame"
    env = {"TMPDIR": str(tmpdir)}
    for args in (("check", ROOT / "rules"), ("score", game), ("fmt", "--check", ROOT / "rules" / "gods.orbis")):
        code, _, stderr = orbis(tmp_path, *args, env=env)
        assert "Traceback" not in stderr
        assert not marker.exists(), f"orbis {args[0]} ran code from a planted Lark cache file"


def test_no_parser_is_built_with_larks_file_cache():
    code_lines = [(path.name, line) for path in (ROOT / "orbis_dsl").rglob("*.py")
                  for line in path.read_text(encoding="utf-8").splitlines()]
    assert not [(name, line) for name, line in code_lines if "cache=" in line.split("#", 1)[0]]
