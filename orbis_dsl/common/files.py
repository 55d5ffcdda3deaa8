"""Writing files so that a failed run never leaves half a file behind."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Write through a temporary file and rename, so a failed run never leaves half a file.

    The file keeps the permissions it had (the temporary file is created 0600, which made a 0644 rule file
    unreadable to the group after `orbis fmt`); a new file gets what the umask gives, as `open` would; `mode`
    forces one (the pack cache writes 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        mode = _mode_of(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_of(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:  # no such file yet
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
