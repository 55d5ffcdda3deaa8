"""The repository's own files, for tests that read every one of them (citations, references to outside files)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_SKIPPED_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache"}


def tracked_files() -> list[str]:
    """The tracked files, relative to the repository and with forward slashes.

    Without git (an unpacked source archive) every file outside caches and virtual environments, so that the
    tests reading them still mean something there."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        out = b""
    if out:
        return [name for name in out.decode("utf-8").split("\0") if name]
    files = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in _SKIPPED_DIRS and not d.endswith(".egg-info")]
        files += [Path(folder, n).relative_to(ROOT).as_posix() for n in names]
    return files


def read_text(name: str) -> str | None:
    """A tracked file's text (undecodable bytes replaced), or None when it is gone from the work tree."""
    path = ROOT / name
    if not path.is_file():
        return None
    return path.read_bytes().decode("utf-8", errors="replace")


def rule_files() -> list[Path]:
    """Every bundled rule file: the games' rules, the examples, and the test corpus (good and bad ones)."""
    return [*sorted((ROOT / "rules").rglob("*.orbis")), *sorted((ROOT / "examples").rglob("*.orbis")),
            *sorted((ROOT / "tests" / "corpus").rglob("*.orbis"))]
