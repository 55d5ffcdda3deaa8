"""What the security tests share: `orbis` in a subprocess under a memory bound, and a second local user.
(Not a test module: pytest collects only test_*.py.)"""

from __future__ import annotations

import contextlib
import os
import pwd
import resource
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEMORY_BOUND = 768 << 20  # bytes of address space: "a few hundred MB"
# Only a guard against a hang (a FIFO read, an endless loop): never a measure of speed, which the shared machines
# cannot promise. A run that needs it has failed for another reason already.
HANG_GUARD = 120.0


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BOUND, MEMORY_BOUND))


def orbis(cwd: Path, *args: str, env: dict[str, str] | None = None, stdin: str | None = None,
          module: str = "orbis_dsl.cli.app"):
    """`python -m orbis_dsl.cli.app ARGS` from `cwd` under MEMORY_BOUND: (exit code, stdout, stderr). `module`:
    orbis_dsl.cli.entry for the installed command's quick path of `orbis score`."""
    full_env = {**os.environ, "ORBIS_CACHE_DIR": str(cwd / "cache"), "PYTHONPATH": str(ROOT), "COLUMNS": "100",
                "PYTHONIOENCODING": "utf-8", **(env or {})}
    try:
        proc = subprocess.run([sys.executable, "-m", module, *map(str, args)], cwd=cwd, env=full_env,
                              capture_output=True, timeout=HANG_GUARD, preexec_fn=_limit_memory,
                              input=(stdin or "").encode())
    except subprocess.TimeoutExpired:
        pytest.fail(f"orbis {' '.join(str(a)[:40] for a in args)} hung")
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def assert_refused(result, place: str | None = None) -> str:
    """Exit 2, nothing on stdout, no traceback, a message starting with `place` when given; returns stderr."""
    code, stdout, stderr = result
    assert "Traceback" not in stderr and "MemoryError" not in stderr, stderr[-3000:]
    assert code == 2, f"exit {code}: {stderr[-2000:]}"
    assert stdout == ""
    if place is not None:
        assert stderr.startswith(place), stderr[:500]
    return stderr


@contextlib.contextmanager
def second_user():
    """A throwaway local user (pwd entry) for tests of files another user wrote; skips the test when the process
    is not root or `useradd` fails. The user is always removed again."""
    if os.geteuid() != 0 or shutil.which("useradd") is None or shutil.which("userdel") is None:
        pytest.skip("needs root and useradd to create a second user")
    name = "orbt" + secrets.token_hex(4)
    made = subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                          capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"useradd failed: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield pwd.getpwnam(name)
    finally:
        subprocess.run(["userdel", name], capture_output=True)


def other_uid() -> int:
    """A uid that is not ours, for mode and owner checks without a real second user (chown needs root)."""
    return os.geteuid() + 1 if os.geteuid() != 0 else 65534
