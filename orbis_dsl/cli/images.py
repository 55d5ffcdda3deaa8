"""`orbis score --svg FILE --png FILE`: the one game's score sheet written as images. No typer here: it answers
the message to print when a file cannot be written, and the command exits."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from orbis_dsl.reports.images import png_missing

__all__ = ["draw_images", "png_missing"]


def draw_images(path: Path, pack, images: dict[str, Path], explain: bool) -> str | None:
    """Each image asked for (svg or png → where), the game scored under its rules or `pack` (a laid pack, as
    `orbis score` was given). The game is read and scored again (a millisecond), so that scoring a batch keeps no
    game in memory. None, or why a file could not be written."""
    from orbis_dsl.common.files import write_atomic
    from orbis_dsl.records.inputs import read_record, score_record
    from orbis_dsl.reports.images import draw

    game, rules, _, _ = read_record(path, pack)
    report = score_record(rules, game, explain=explain)
    for kind, where in images.items():
        picture = draw(report, game, rules, kind)
        try:
            if isinstance(picture, bytes):
                _write_bytes(where, picture)
            else:
                write_atomic(where, picture)  # keeps an existing file's permissions
        except OSError as error:
            return f"{where}: error: cannot write the file: {error.strerror or error}"
    return None


def _write_bytes(path: Path, data: bytes) -> None:
    """Through a temporary file and a rename, so a failed run never leaves half an image; the file gets the
    permissions the umask gives, as `open` would (the temporary file is created 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
