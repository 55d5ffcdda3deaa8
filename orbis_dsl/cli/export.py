"""`orbis export bgstats GAME… -o plays.json`: scored games as BG Stats' import file (reports/bgstats.py makes it;
this only reads the arguments, the files and writes the result)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics, write_output
from orbis_dsl.common.paths import exists

export_cli = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                         help="Export scored games to other apps.")


def _when(value: str | None, path: Path) -> datetime | None:
    """--date as given (YYYY-MM-DD, or with HH:MM[:SS]), else the file's last change; None: --date unreadable."""
    if value is None:
        return datetime.fromtimestamp(path.stat().st_mtime)
    for shape in ("%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S"):
        try:
            return datetime.strptime(value.strip(), shape)
        except ValueError:
            continue
    return None


def _laid(pack: Path):
    """The rule pack laid over the game it extends; its errors exit 2 (as every command's --rules)."""
    from orbis_dsl.common.paths import not_found
    from orbis_dsl.language.packs.load import lay_pack

    if not exists(pack):
        typer.echo(f"error: {not_found('rule pack', str(pack), pack)}", err=True)
        raise typer.Exit(2)
    laid, compiled = lay_pack(pack)
    if compiled is not None and print_diagnostics(compiled.diagnostics, compiled.sources.texts):
        raise typer.Exit(2)
    return laid


@export_cli.command("bgstats")
def bgstats(
    files: list[Path] = typer.Argument(..., help="Game records of any bundled game, JSON or notation."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the file here (default: print it)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
    date: str | None = typer.Option(None, "--date", help="When the games were played (YYYY-MM-DD[ HH:MM]); "
                                                         "default: each file's last change."),
    location: str | None = typer.Option(None, "--location", help="Where they were played."),
    minutes: int = typer.Option(0, "--minutes", min=0, help="How long each game took."),
    me: str | None = typer.Option(None, "--me", help="Which player is you (BG Stats' owner of the app)."),
    link: bool = typer.Option(False, "--link", help="Print each game's bgstats:// create-play link instead."),
    pack: Path | None = typer.Option(None, "--rules", help="Read under a rule pack laid over the game it extends."),
) -> None:
    """Write scored games as BG Stats' import file: games, players, locations, plays with every player's score,
    place and winner. Uuids come from the games' content, so exporting the same games again adds nothing twice."""
    from orbis_dsl.records.inputs import read_record
    from orbis_dsl.reports.bgstats import bgstats_file, create_play_link, has_player, play_of_record, player_names

    if output is not None and exists(output) and not force:
        typer.echo(f"error: {output} exists; give --force to overwrite it, or -o another file", err=True)
        raise typer.Exit(2)
    laid = _laid(pack) if pack is not None else None
    plays, failed = [], 0
    for path in files:
        record, rules, diags, texts = read_record(path, laid)
        errors = print_diagnostics(diags, texts)
        if record is None or errors:
            failed += 1
            continue
        when = _when(date, path)
        if when is None:
            typer.echo(f"error: --date expects YYYY-MM-DD or YYYY-MM-DD HH:MM, got '{date}'", err=True)
            raise typer.Exit(2)
        plays.append(play_of_record(record, rules, when, minutes, location))
    if failed:
        typer.echo(f"{failed} of {len(files)} files could not be read: nothing was written", err=True)
        raise typer.Exit(2)
    if me is not None and not has_player(plays, me):
        from orbis_dsl.common.diagnostics import did_you_mean

        names = player_names(plays)
        typer.echo(f"error: --me '{me}' plays in none of these games", err=True)
        typer.echo(f"  = {did_you_mean(me, names) or 'the players are: ' + ', '.join(names)}", err=True)
        raise typer.Exit(2)
    if link:
        text = "".join(create_play_link(play) + "\n" for play in plays)
    else:
        text = json.dumps(bgstats_file(plays, me), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    write_output(output, text)
    typer.echo(f"wrote {output}: {len(plays)} play{'s' if len(plays) != 1 else ''}", err=True)
