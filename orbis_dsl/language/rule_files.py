"""Reading the rule files a rule set names, which may come from someone else (a rule pack passed around).

A rule file's `include` is resolved against the including file's folder and must land, after symlinks are
resolved, inside the folders the rule set may read: the folder given on the command line (the pack's folder, or
a rule file's own folder) and the base game's rules. Only regular files are read (a FIFO would block, a device
never end), and never more than the size limit, so that neither `include "/etc/shadow"` nor a symlink to
`/proc/self/environ` can be echoed back in an error message, and `include "/dev/zero"` cannot eat the memory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from orbis_dsl.common.paths import is_dir, is_file, resolved
from orbis_dsl.common.resources import data_dir

# Bytes read at most from one rule file: parse.MAX_SOURCE_BYTES counts characters, which take up to 4 bytes in
# UTF-8 (and a BOM 3 more). parse_text refuses the text by its character count; this only bounds the read.
RULE_SUFFIX = ".orbis"


class ReadRefused(Exception):
    """A rule file that must not be read: its reason, in words for the user."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def rule_files_in(path: Path) -> list[Path]:
    """The rule files a path names: a folder's `.orbis` files below it, sorted; any other path as it is."""
    if is_dir(path):
        return sorted(p for p in path.rglob("*" + RULE_SUFFIX) if is_file(p))
    return [path]


def allowed_roots(given: Path) -> tuple[Path, ...]:
    """The folders a rule file or folder named on the command line may read from: its own folder and the base
    game's rules (which every pack builds on)."""
    given = resolved(given) or given.absolute()
    own = given if is_dir(given) else given.parent
    return own, data_dir("rules").resolve()


def is_inside(path: Path, roots: tuple[Path, ...]) -> bool:
    # A path whose symlinks cannot be followed (a loop) is not inside: saying more would tell what lies where
    # the links point, which may be outside the roots.
    target = resolved(path)
    return target is not None and any(target.is_relative_to(root) for root in roots)


def resolve_include(including: Path, name: str, roots: tuple[Path, ...]) -> Path:
    """The file an `include "NAME"` of the file `including` names, or ReadRefused saying why it may not be read.

    The file's existence is not looked at before it is known to lie inside the roots: an error message must not
    tell whether a file outside them exists."""
    if not name.endswith(RULE_SUFFIX):
        raise ReadRefused(f"an include names a rule file ending in {RULE_SUFFIX}")
    target = including.parent / name
    if not is_inside(target, roots):
        raise ReadRefused("an include must stay inside the rule set's folder or the base game's rules "
                          f"(after following symlinks): {_shown_roots(roots)}")
    return target


def _shown_roots(roots: tuple[Path, ...]) -> str:
    from orbis_dsl.common.resources import display_path

    return ", ".join(display_path(root) for root in roots)


def read_rule_text(path: Path, limit: int, encoding: str = "utf-8-sig") -> str:
    """The text of a regular file of at most `limit` bytes (a BOM dropped, by default). Raises ReadRefused for anything
    else (a folder, FIFO, device or socket; a larger file), OSError or UnicodeDecodeError."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells what was opened (no race with a
    # swap between a stat and the open).
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ReadRefused("not a regular file (a rule file is a plain text file)")
        # One read of the size fstat gave, plus a byte: when that gives exactly the size, the file was read as it
        # stood, in one syscall (a batch reads thousands); a short read or a file that grew is read on to its end.
        chunks, left = [], limit + 1
        want = min(left, info.st_size + 1)
        while left > 0:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
            if not chunks[1:] and len(chunk) == info.st_size:
                break
            want = min(left, 1 << 16)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ReadRefused(f"the file is too large (more than {limit:,} bytes)")
    return data.decode(encoding)
