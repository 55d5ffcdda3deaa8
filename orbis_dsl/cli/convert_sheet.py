"""`orbis convert` of a score-sheet game's record (Terra Mystica, Mondo): JSON and the text notation both ways,
and a record of boards to the counts they give (`--to counts`). Orbis records go through `convert` itself."""

from __future__ import annotations

from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics, write_output


def convert_sheet_record(source: Path, output: Path | None, to: str | None, laid) -> bool:
    """A record of a score-sheet game (it names its game): converted here (`--to counts` too), and True; else
    False (an Orbis record, or a record of another game than the pack's)."""
    from orbis_dsl.common.games import game_named, named_game
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.language.rule_files import ReadRefused, read_rule_text
    from orbis_dsl.records.inputs import MAX_GAME_FILE_BYTES, is_json

    try:  # a regular file, bounded (not /dev/zero, not a FIFO)
        text = read_rule_text(source, MAX_GAME_FILE_BYTES)
    except (OSError, UnicodeDecodeError, ReadRefused):
        return False  # the Orbis path reports the file
    as_json = is_json(source, text)
    game = game_named(named_game(text, as_json) or "orbis")
    if game is None or game.folder == "orbis":
        return False
    from orbis_dsl.language.pack_game import rules_for
    from orbis_dsl.records.sheet_notation_out import convert_sheet

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
    if output is None:
        typer.echo(out, nl=False)
    else:
        write_output(output, out)
    from orbis_dsl.records.inputs import comment_lines

    note_comments(source, 0 if as_json else comment_lines(text))
    return True


def note_comments(source: Path, comments: int) -> None:
    """What a conversion of a notation cannot keep: its comments (JSON has none)."""
    if comments:
        typer.echo(f"note: {comments} line{'s' if comments != 1 else ''} of {source} had a comment, which "
                   f"{'is' if comments == 1 else 'are'} not kept", err=True)
