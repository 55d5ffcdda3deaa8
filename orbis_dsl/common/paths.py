"""Questions about a path that the operating system may refuse to answer.

`Path.exists()`, `is_dir()` and `is_file()` raise for a name too long for the file system (ENAMETOOLONG) and
`Path.resolve()` for a loop of symlinks (RuntimeError on Python 3.11, OSError later); all of them raise ValueError
for a NUL in the name (`include "a\u0000b.orbis"`, a sweep spec's pack). A path a person typed is
input: these answer "no" (or give the path as it is) instead, and the read that follows, if any, reports the
operating system's own words with the file's name.
"""

from __future__ import annotations

from pathlib import Path


def exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path | None:
    """The path with every symlink followed, or None where it cannot be (a loop, a name too long)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return None


def why_unreadable(path: Path) -> str | None:
    """What the operating system says of the path when it cannot even be looked at (a loop of symlinks, a name
    too long), or None: for messages, where "no such file" would be wrong."""
    try:
        path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        return error.strerror or str(error)
    except ValueError:
        return "a file name cannot hold a NUL character"
    return None


def not_found(what: str, shown: str, path: Path) -> str:
    """"no such WHAT: SHOWN", or what the operating system said when it could not even look (a loop of
    symlinks is not missing)."""
    why = why_unreadable(path)
    return f"cannot read {shown}: {why}" if why else f"no such {what}: {shown}"
