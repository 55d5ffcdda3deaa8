"""The per-user cache of compiled rule packs, and what makes it safe to run code from it.

Cached modules are Python that `orbis` executes, so a cache entry is used only when it is provably this user's
own and unchanged since it was written:

- the cache folder (`$ORBIS_CACHE_DIR`, else `$XDG_CACHE_HOME/orbis-dsl`) is created 0700, and refused when it
  belongs to another user or is writable by group or others (a shared folder, or one someone else prepared);
- every entry and file in it must be ours, not group- or world-writable, and no symlink;
- `manifest.json`, written last, records the sha256 of each module and of each rule file the compiler read
  (the parsed include graph, not a scan of the text); a module is executed only from the very bytes whose hash
  matched, never re-read from disk or imported (so no `__pycache__` is trusted either);
- anything missing, unreadable or different makes the entry stale: the pack is compiled again.

Nothing here raises for a bad cache: reading gives None (compile instead), writing raises only OSError, which
the caller turns into compiling in memory.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path

from orbis_dsl.common.files import write_atomic
from orbis_dsl.common.private_folders import (  # noqa: F401  (re-exported: the cache's callers name them here)
    LARK_FOLDER,
    UntrustedCache,
    checked_folder,
    not_private,
    private_folder,
    user_cache_root,
)

# The user's cache folder also keeps Lark's parse tables (see parser_cache.py), in this subfolder.

MANIFEST = "manifest.json"
FORMAT = "orbis-pack-cache/1"
_MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\.py")
# A module larger than this is not read (the compiler writes a few hundred kB for the largest packs).
_MAX_MODULE_BYTES = 64 << 20


def cache_root() -> Path:
    """The packs' cache: $ORBIS_CACHE_DIR as it is, else the user's cache folder."""
    if os.environ.get("ORBIS_CACHE_DIR"):
        return Path(os.environ["ORBIS_CACHE_DIR"])
    return user_cache_root()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_private(path: Path) -> bytes:
    """A regular file of ours that only we may write, read through one descriptor (no swap between the check
    and the read); OSError or ValueError otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if info.st_size > _MAX_MODULE_BYTES:
            raise ValueError(f"{path} is too large (a cached file has at most {_MAX_MODULE_BYTES:,} bytes)")
        problem = not_private(str(path), info)
        if problem:
            raise ValueError(problem)
        with os.fdopen(os.dup(fd), "rb") as file:
            return file.read(_MAX_MODULE_BYTES + 1)
    finally:
        os.close(fd)


def read_entry(entry: Path, key: str, source_digest) -> dict[str, str] | None:
    """The modules of a cache entry when it is complete, ours and unchanged, and every rule file it was compiled
    from still has the recorded hash (`source_digest(path)` gives the current one, or None); else None."""
    try:
        checked_folder(entry)
        manifest = json.loads(_read_private(entry / MANIFEST))
        if not _manifest_shape(manifest) or manifest["format"] != FORMAT or manifest["key"] != key:
            return None
        modules = {}
        for name, digest in manifest["modules"].items():
            if not _MODULE_NAME.fullmatch(name):
                return None
            data = _read_private(entry / name)
            if sha256(data) != digest:
                return None
            modules[name] = data.decode("utf-8")
        # every module the entry holds is listed: a manifest that lost a line must not load part of the pack
        if "__init__.py" not in modules or set(modules) != {p.name for p in entry.glob("*.py")}:
            return None
        for path, digest in manifest["sources"].items():
            if source_digest(Path(path)) != digest:
                return None
        return modules
    # RecursionError: a manifest nested thousands deep (issue 35, F14) made every later run fail, never rebuilt
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, UntrustedCache):
        return None


def _manifest_shape(manifest) -> bool:
    """Whether a manifest read back is what write_entry writes: an object of the format and key (strings), and
    modules and sources objects of strings. Anything else, however it got there, makes the entry stale."""
    if not isinstance(manifest, dict) or set(manifest) != {"format", "key", "modules", "sources"}:
        return False
    if not (isinstance(manifest["format"], str) and isinstance(manifest["key"], str)):
        return False
    return all(isinstance(part, dict) and all(isinstance(v, str) for v in part.values())
               for part in (manifest["modules"], manifest["sources"]))


def write_entry(entry: Path, key: str, modules: dict[str, str], sources: dict[str, str]) -> None:
    """Store compiled modules with their manifest (`sources`: rule file path → sha256). Raises OSError or
    UntrustedCache. The old manifest goes first and the new one comes last: an interrupted write is stale."""
    private_folder(entry)
    (entry / MANIFEST).unlink(missing_ok=True)
    for name, text in modules.items():
        write_atomic(entry / name, text, mode=0o600)  # read_entry trusts no file others may write
    manifest = {"format": FORMAT, "key": key,
                "modules": {name: sha256(text.encode("utf-8")) for name, text in sorted(modules.items())},
                "sources": dict(sorted(sources.items()))}
    write_atomic(entry / MANIFEST, json.dumps(manifest, indent=1) + "\n", mode=0o600)
