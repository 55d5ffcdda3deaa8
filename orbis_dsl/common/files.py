"""Writing files so that a failed run never leaves half a file behind, nor a stray temporary file for long."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

# A writer's temporary file: `.NAME.PID.RANDOM.tmp` beside the file, so the next write to the same place can tell
# one whose writer was killed (no such process any more) from one being written now.
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[A-Za-z0-9_]{8}\.tmp")
# Before the writer's pid was in the name: `.NAME.RANDOM.tmp`, removed once it is this old (seconds).
_OLD_TEMP = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp")
_OLD_TEMP_AGE = 3600


def write_atomic(path: Path, text: str | bytes, mode: int | None = None) -> None:
    """Write through a temporary file and rename, so a failed run never leaves half a file.

    The file keeps the permissions it had (the temporary file is created 0600, which made a 0644 rule file
    unreadable to the group after `orbis fmt`); a new file gets what the umask gives, as `open` would; `mode`
    forces one (the pack cache writes 0600). A temporary file a killed writer left here is removed first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        mode = _mode_of(path)
    remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as handle:
                handle.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files of writes to `path` whose writer is gone (killed at the rename); the ones
    removed. A file another user's process writes, or one this process is writing, is left alone."""
    removed = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(f".{path.name}.") and name.endswith(".tmp")):
            continue
        found = _TEMP.fullmatch(name)
        if found and found.group("name") == path.name:
            stale = not _alive(int(found.group("pid")))
        else:
            old = _OLD_TEMP.fullmatch(name)
            stale = bool(old and old.group("name") == path.name and _older_than(path.parent / name, _OLD_TEMP_AGE))
        if stale and _ours(path.parent / name):
            try:
                (path.parent / name).unlink()
            except OSError:
                continue
            removed.append(path.parent / name)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # another user's process, or a number no process has: not ours to judge
    return True


def _ours(path: Path) -> bool:
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid()


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - os.lstat(path).st_mtime > seconds
    except OSError:
        return False


def _mode_of(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:  # no such file yet
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
