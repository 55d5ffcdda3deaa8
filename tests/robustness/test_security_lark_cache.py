"""Issue 15, item 1: Lark's grammar cache (`cache=True`) unpickles a file of the shared temporary folder whose
name anyone can predict; another local user who wrote it had code run as whoever next ran `orbis check`.
The parsers are now built in the process: no file another user can write is ever unpickled."""

from __future__ import annotations

import ast
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from robustness.hostile import ROOT, orbis, other_uid

_BUILD_WITH_LARKS_CACHE = """
from lark import Lark
from orbis_dsl.common.resources import grammar_path
Lark(grammar_path("rules.lark").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
     maybe_placeholders=True, cache=True)
Lark(grammar_path("game.lark").read_text(encoding="utf-8"), parser="lalr", cache=True)
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
    rules = ROOT / "rules" / "orbis"
    for args in (("check", rules), ("score", game), ("fmt", "--check", rules / "gods.orbis")):
        _code, _, stderr = orbis(tmp_path, *args, env=env)
        assert "Traceback" not in stderr
        assert not marker.exists(), f"orbis {args[0]} ran code from a planted Lark cache file"


def test_no_parser_is_built_with_larks_temporary_file_cache():
    """Every Lark(...) call of the package passes `cache=tables` (parser_cache.trusted_cache_file) or none."""
    calls = []
    for path in (ROOT / "orbis_dsl").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Lark":
                cache = next((k.value for k in node.keywords if k.arg == "cache"), None)
                calls.append((path.name, None if cache is None else ast.unparse(cache)))
    assert calls and all(cache in (None, "tables") for _, cache in calls), calls
    assert sum(cache == "tables" for _, cache in calls) == 1, calls  # the rules (the game notation has a line reader)


# ---- the tables kept in the user's private cache instead (parser_cache.py) ------------------------------------

def _tables(cache: Path) -> Path:
    (path,) = (cache / "orbis-dsl" / "lark").glob("rules-*.tables")
    return path


def test_the_tables_are_kept_private_and_reused(tmp_path):
    cache = tmp_path / "cache"
    assert orbis(tmp_path, "check", ROOT / "rules" / "orbis", env={"XDG_CACHE_HOME": str(cache)})[0] == 0
    tables = _tables(cache)
    assert stat.S_IMODE(tables.stat().st_mode) == 0o600
    assert stat.S_IMODE(tables.parent.stat().st_mode) == 0o700
    before = tables.stat().st_mtime_ns
    assert orbis(tmp_path, "check", ROOT / "rules" / "orbis", env={"XDG_CACHE_HOME": str(cache)})[0] == 0
    assert tables.stat().st_mtime_ns == before  # read, not rebuilt


@pytest.mark.parametrize("how", ["world-writable cache", "group-writable file", "file of another uid",
                                 "symlink"])
def test_tables_someone_else_could_have_written_are_not_unpickled(tmp_path, how):
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    assert orbis(tmp_path, "check", ROOT / "rules" / "orbis", env={"XDG_CACHE_HOME": str(cache)})[0] == 0
    tables = _tables(cache)
    first_line = tables.read_bytes().split(b"\n", 1)[0]
    payload = first_line + b"\n" + pickle.dumps(_Payload(marker))
    if how == "world-writable cache":
        (cache / "orbis-dsl").chmod(0o777)
        tables.write_bytes(payload)
    elif how == "group-writable file":
        tables.write_bytes(payload)
        tables.chmod(0o664)
    elif how == "file of another uid":
        if os.geteuid() != 0:
            pytest.skip("giving a file to another uid needs root")
        tables.write_bytes(payload)
        os.chown(tables, other_uid(), -1)
    else:
        elsewhere = tmp_path / "planted.tables"
        elsewhere.write_bytes(payload)
        tables.unlink()
        tables.symlink_to(elsewhere)
    code, _, stderr = orbis(tmp_path, "check", ROOT / "rules" / "orbis", env={"XDG_CACHE_HOME": str(cache)})
    assert code == 0 and "Traceback" not in stderr, stderr
    assert not marker.exists(), f"tables in a {how} were unpickled"
