"""The standard streams as a command may find them: closed, unable to encode what it prints, or on a full disk.

None of these is a bug in the command, so none may end in a traceback: the command runs with a closed stream's
output discarded; an ASCII stdout (a locale set to nothing, PYTHONIOENCODING=ascii) is written as UTF-8, as
click does for the commands it runs; a character another legacy encoding lacks is written as a backslash escape
(in a JSON string, JSON's own); and a write the disk refuses ends the command with one line on stderr.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
from collections.abc import Callable

# What only a write fails with, and is the disk's doing, not ours. (EPIPE, a reader gone, is handled apart: it is
# no error at all.)
_DEVICE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def usable_standard_streams() -> None:
    """Python gives None for a stream closed at start (`orbis score GAME >&-`); and an ASCII stdout cannot write
    the em dash of "Ana — Goddess of Nature". (stderr already writes escapes.)"""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives as long as the run)
    out = sys.stdout
    if getattr(out, "errors", None) != "strict" or not hasattr(out, "reconfigure"):
        return
    try:
        encoding = codecs.lookup(out.encoding).name
    except LookupError:
        encoding = "unknown"
    if encoding == "ascii":
        out.reconfigure(encoding="utf-8")
    elif encoding != "utf-8":
        out.reconfigure(errors="backslashreplace")


def is_device_failure(error: OSError) -> bool:
    return error.errno in _DEVICE_ERRNOS


def end_on_device_failure(error: OSError) -> int:
    """Say why the output stopped, and the exit code. stdout is pointed at nothing first: Python flushes it once
    more at exit, which would fail again (the recipe the signal module's documentation gives for EPIPE)."""
    # (When stdout is not a file with a descriptor, there is nothing Python would flush to it.)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        nothing = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nothing, sys.stdout.fileno())
        os.close(nothing)
    try:
        sys.stderr.write(f"error: a write failed: {error.strerror or error}\n")
        sys.stderr.flush()
    except OSError:  # stderr is on the same full disk: the exit code still says it
        pass
    return 1


def run_with_streams_guarded(command: Callable[[], object]) -> None:
    """Run the command with usable streams; a full disk, under stdout or under a file it writes, ends it with
    one line rather than a traceback."""
    usable_standard_streams()
    try:
        command()
    except OSError as error:
        if not is_device_failure(error):
            raise
        raise SystemExit(end_on_device_failure(error)) from None


def utf8_writer(stream) -> Callable[[bytes], None] | None:
    """A writer of text already encoded as UTF-8 to `stream`, past its text layer (flushed first, so that what
    was written as text stays before it); None when the stream does not write UTF-8 or has no bytes beneath it
    (then the text must go through its encoder). A batch's workers send their JSON lines so encoded, strictly:
    whatever the stream's error handler, it writes those same bytes for text that UTF-8 holds (what it cannot
    hold comes as text)."""
    buffer = getattr(stream, "buffer", None)
    try:
        utf8 = codecs.lookup(stream.encoding).name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return None
    if buffer is None or not utf8:
        return None

    def write(data: bytes) -> None:
        stream.flush()
        buffer.write(data)

    return write
