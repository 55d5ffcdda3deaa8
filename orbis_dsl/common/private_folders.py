"""Folders of the user's that nobody else may write: where caches of executable things (compiled rule packs,
Lark's parse tables) may live. Anything another local user could have written is never trusted."""

from __future__ import annotations

import os
import stat
from pathlib import Path

LARK_FOLDER = "lark"  # Lark's parse tables, in the user's cache folder beside the packs' entries


def user_cache_root() -> Path:
    """orbis-dsl/ in $XDG_CACHE_HOME (default ~/.cache)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "orbis-dsl"


class UntrustedCache(Exception):
    """The cache folder cannot be trusted or created: its reason, for a warning."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def not_private(what: str, info: os.stat_result) -> str | None:
    """Why a file or folder someone else could have written must not be trusted, or None."""
    if info.st_uid != os.geteuid():
        return f"{what} belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"{what} is writable by other users (mode {stat.S_IMODE(info.st_mode):o})"
    return None


def private_folder(path: Path, follow: bool = False) -> Path:
    """Create `path` (mode 0700) or check that it is a folder of ours that nobody else may write; raises
    UntrustedCache. `follow`: the cache root itself may be a symlink to such a folder (its target is checked)."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise UntrustedCache(f"cannot create the cache folder {path}: {error.strerror or error}") from None
    return checked_folder(path, follow)


def checked_folder(path: Path, follow: bool = False) -> Path:
    """`path` when it is a folder of ours that nobody else may write; else UntrustedCache (OSError if missing)."""
    info = os.stat(path) if follow else os.lstat(path)
    if not stat.S_ISDIR(info.st_mode):
        raise UntrustedCache(f"the cache folder {path} is not a folder")
    problem = not_private(f"the cache folder {path}", info)
    if problem:
        raise UntrustedCache(problem)
    return path
