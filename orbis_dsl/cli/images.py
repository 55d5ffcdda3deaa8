"""`orbis score --svg FILE --png FILE`: the one game's score sheet written as images. No typer here: it answers
the message to print when a file cannot be written, and the command exits."""

from __future__ import annotations

from pathlib import Path

from orbis_dsl.reports.images import png_missing

__all__ = ["draw_images", "png_missing", "refused_outputs"]


def draw_images(path: Path, pack, images: dict[str, Path], explain: bool) -> str | None:
    """Each image asked for (svg or png → where), the game scored under its rules or `pack` (a laid pack, as
    `orbis score` was given). The game is read and scored again (a millisecond), so that scoring a batch keeps no
    game in memory. None, or why a file could not be written."""
    from orbis_dsl.common.files import write_atomic
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.records.inputs import read_record, score_record
    from orbis_dsl.reports.images import PictureTooLarge, draw

    game, rules, _, _ = read_record(path, pack)
    report = score_record(rules, game, explain=explain)
    pictures = {}
    for kind in images:  # all drawn before any is written: one refused, none written
        try:
            pictures[kind] = draw(report, game, rules, kind)
        except PictureTooLarge as error:  # the record's own size is the cause, so it is named
            return f"{display_path(path)}: error: {error}; nothing was written"
    for kind, where in images.items():
        try:
            write_atomic(where, pictures[kind])  # keeps an existing file's permissions, as every writer does
        except OSError as error:
            return f"{where}: error: cannot write the file: {error.strerror or error}"
    return None


def refused_outputs(inputs: list[Path], images: dict[str, Path], force: bool) -> str | None:
    """Why an image may not be written where it was asked (checked before anything is scored), or None: never
    over a game file given (`--svg game.json` once overwrote the record), nor over any file without --force."""
    from orbis_dsl.common.paths import exists, is_dir

    if len(images) == 2 and _same_file(images["svg"], images["png"]):
        return f"error: --svg and --png both name {images['svg']}; give each picture its own file"
    for kind, where in images.items():
        for given in inputs:
            if _same_file(where, given):
                return f"error: --{kind} {where} is the game file itself; name another file for the picture"
        if is_dir(where):
            return f"error: --{kind} {where} is a folder; name a file for the picture"
        if exists(where) and not force:
            return f"error: {where} exists; give --force to overwrite it, or --{kind} another file"
    return None


def _same_file(a: Path, b: Path) -> bool:
    import os

    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): the same only when named alike
        return os.path.abspath(a) == os.path.abspath(b)
