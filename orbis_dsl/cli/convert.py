"""`orbis convert`: a game record turned into the other format, JSON or the text notation; for a score-sheet
game (Terra Mystica, Mondo), also a record of boards into the counts they give (`--to counts`). A file that
exists is never written over without `--force`: converting a notation loses its comments, and the file named may
be the very one read."""

from __future__ import annotations

from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics, write_output
from orbis_dsl.common.paths import exists


def run_convert(source: Path, output: Path | None, to: str | None, laid, force: bool) -> None:
    if not convert_sheet_record(source, output, to, laid, force):
        _convert_orbis_record(source, output, to, laid, force)


def _put(source: Path, output: Path | None, text: str, force: bool) -> None:
    """The converted text on stdout, or in `output`: a new file, or with `force` any."""
    if output is None:
        typer.echo(text, nl=False)
        return
    if exists(output) and not force:
        same = " (it is the file being converted)" if _same_file(source, output) else ""
        typer.echo(f"error: {output} exists{same}; give --force to overwrite it, or -o another file", err=True)
        raise typer.Exit(2)
    write_output(output, text)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def _convert_orbis_record(source: Path, output: Path | None, to: str | None, laid, force: bool) -> None:
    from orbis_dsl.records.inputs import comment_lines, convert_record, is_json, read_record

    game, rules, diags, texts = read_record(source, laid)
    if game is None:
        print_diagnostics(diags, texts)
        raise typer.Exit(2)
    text = next(iter(texts.values()))
    if to is None:
        to = ("json" if output.suffix.lower() == ".json" else "text") if output else (
            "text" if is_json(source, text) else "json")
    if to not in ("json", "text"):
        typer.echo(f"error: --to expects json or text, got '{to}'", err=True)
        raise typer.Exit(2)
    _put(source, output, convert_record(game, rules, to), force)
    note_comments(source, 0 if is_json(source, text) else comment_lines(text))


def convert_sheet_record(source: Path, output: Path | None, to: str | None, laid, force: bool) -> bool:
    """A record of a score-sheet game (it names its game): converted here (`--to counts` too), and True; else
    False (an Orbis record, or a record of another game than the pack's)."""
    from orbis_dsl.common.games import game_named, named_game
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text
    from orbis_dsl.records.inputs import MAX_GAME_FILE_BYTES, is_json

    try:  # a regular file, bounded (not /dev/zero, not a FIFO)
        text = read_rule_text(source, MAX_GAME_FILE_BYTES)
    except (OSError, UnicodeDecodeError, ReadRefused):
        return False  # the Orbis path reports the file
    as_json = is_json(source, text)
    game = game_named(named_game(text, as_json) or "orbis")
    if game is None or game.folder == "orbis":
        return False
    from orbis_dsl.language.packs.game import rules_for
    from orbis_dsl.records.sheets.notation_out import convert_sheet

    rules = rules_for(game, laid)
    if rules is None:
        return False  # a record of another game than the pack's: read_record says so, located
    to = to or (("json" if output.suffix.lower() == ".json" else "text") if output else
                ("text" if as_json else "json"))
    if to not in ("json", "text", "counts"):
        typer.echo(f"error: --to expects json, text or counts, got '{to}'", err=True)
        raise typer.Exit(2)
    if to == "counts" and rules.settings.grid is None:
        typer.echo(f"error: --to counts turns a record of boards into the counts they give; {game.id} records "
                   "have no boards (use json or text)", err=True)
        raise typer.Exit(2)
    shown = display_path(source)
    out, diags = convert_sheet(text, shown, rules, as_json, to)
    if out is None:
        print_diagnostics(diags, {shown: text})
        raise typer.Exit(2)
    _put(source, output, out, force)
    from orbis_dsl.records.inputs import comment_lines

    note_comments(source, 0 if as_json else comment_lines(text))
    return True


def note_comments(source: Path, comments: int) -> None:
    """What a conversion of a notation cannot keep: its comments (JSON has none)."""
    if comments:
        typer.echo(f"note: {comments} line{'s' if comments != 1 else ''} of {source} had a comment, which "
                   f"{'is' if comments == 1 else 'are'} not kept", err=True)
