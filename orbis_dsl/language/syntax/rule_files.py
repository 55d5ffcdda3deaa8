"""Reading the rule files a rule set names, which may come from someone else (a rule pack passed around).

A rule file's `include` is resolved against the including file's folder and must land, after symlinks are
resolved, inside the folders the rule set may read: the folder given on the command line (the pack's folder, or
a rule file's own folder) and the base game's rules. Only regular files are read (a FIFO would block, a device
never end), and never more than the size limit, so that neither `include "/etc/shadow"` nor a symlink to
`/proc/self/environ` can be echoed back in an error message, and `include "/dev/zero"` cannot eat the memory.
"""

from __future__ import annotations

import errno
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


class LeadsOutside(ReadRefused):
    """A rule file that is, or has become, a symlink out of the folders the rule set may read."""


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


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_OUTSIDE = "leads outside the rule set's folder (a symlink?); it is not read"
# A symlink met on the walk is a file swapped since it was resolved: resolved and walked again, a few times.
_WALK_TRIES = 3


def read_rule_text(path: Path, limit: int, encoding: str = "utf-8-sig") -> str:
    """The text of a regular file of at most `limit` bytes (a BOM dropped, by default). Raises ReadRefused for anything
    else (a folder, FIFO, device or socket; a larger file), OSError or UnicodeDecodeError."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells what was opened (no race with a
    # swap between a stat and the open).
    return _read_open(os.open(path, _READ_FLAGS), limit, encoding)


def read_confined(path: Path, roots: tuple[Path, ...], limit: int, encoding: str = "utf-8-sig") -> str:
    """`read_rule_text` for a file that must lie inside `roots` (resolved folders), with no race between the check
    and the read: the path is resolved, then opened from its root's descriptor one component at a time with no
    symlink followed (one swapped in since is met, not followed), and the descriptor's own path is checked before
    a byte is read. ReadRefused (saying it leads outside) for a file outside, whatever lies there."""
    for _ in range(_WALK_TRIES):
        real = resolved(path)
        root = next((r for r in roots if real is not None and real.is_relative_to(r)), None)
        if root is None:
            raise LeadsOutside(_OUTSIDE)
        try:
            fd = _walk_open(root, real.relative_to(root).parts)
        except OSError as error:
            if error.errno in (errno.ELOOP, errno.ENOTDIR):  # a symlink where a file or folder was resolved
                continue
            raise
        if not _lies_inside(fd, roots):
            os.close(fd)
            raise LeadsOutside(_OUTSIDE)
        return _read_open(fd, limit, encoding)
    raise ReadRefused("it keeps changing into a symlink while it is read; it is not read")


def _walk_open(root: Path, parts: tuple[str, ...]) -> int:
    """A descriptor of root/parts opened one component at a time from the root's, following no symlink."""
    if not parts or not _NOFOLLOW or os.open not in os.supports_dir_fd:
        # (a platform without openat: the resolved path, opened without following its last component)
        return os.open(root.joinpath(*parts), _READ_FLAGS | _NOFOLLOW)
    here = os.open(root, os.O_RDONLY | _DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        for part in parts[:-1]:
            down = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), dir_fd=here)
            os.close(here)
            here = down
        return os.open(parts[-1], _READ_FLAGS | _NOFOLLOW, dir_fd=here)
    finally:
        os.close(here)


def _lies_inside(fd: int, roots: tuple[Path, ...]) -> bool:
    """Whether the opened file is where the walk meant: its path as the kernel knows it (/proc/self/fd) inside a
    root. Where there is no /proc, the walk's own refusal of symlinks stands."""
    try:
        where = Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        return True
    return any(where.is_relative_to(root) for root in roots)


def _read_open(fd: int, limit: int, encoding: str) -> str:
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
