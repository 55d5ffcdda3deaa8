"""The `orbis` command line. It parses arguments, calls the pipeline, prints results; it holds no game logic.

Imports of the heavier stages happen inside each command, so `orbis score` never loads the rules compiler.
"""

from __future__ import annotations

from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics as _print_diagnostics
from orbis_dsl.cli.output import write_output as _write
from orbis_dsl.common.paths import exists, not_found, why_unreadable

app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="Score, check and play-test tile-laying board games (Orbis, Terra Mystica's final scoring, Mondo's "
         "rounds) from rules written in the Orbis rules language.",
)


def _fail_with(diagnostics, sources=None, code: int = 2, unparsed: bool = False) -> None:
    """Print the diagnostics; when any is an error, count them and exit with `code`. `unparsed`: some rule files
    have syntax errors, so the rule set's names and types were not checked (`SourceSet.unparsed`): the count
    says so, lest a clean-looking rest be taken for checked."""
    errors = _print_diagnostics(diagnostics, sources)
    if errors:
        why = " (syntax; names and types are checked once every file parses)" if unparsed else ""
        typer.echo(f"{errors} error{'s' if errors != 1 else ''}{why}", err=True)
        raise typer.Exit(code)


@app.command()
def check(
    paths: list[Path] | None = typer.Argument(None, help="Rule files or folders of .orbis files."),
    pack: Path | None = typer.Option(None, "--rules", help="Check a rule pack laid over the game it extends."),
) -> None:
    """Check rule files: exit 0 when clean, 2 with located messages when not."""
    if not paths and pack is None:
        typer.echo("error: give rule files or folders to check, or --rules PACK", err=True)
        raise typer.Exit(2)
    from orbis_dsl.language.ruleset import compile_paths, rule_sets_in, summary

    if pack is not None:
        from orbis_dsl.language.packs.load import compile_pack

        results = [compile_pack(pack)]
    else:
        groups = rule_sets_in(paths)
        results = [compile_paths(group) for group in groups]
        if len(paths) == 1 and len(results) == 1 and results[0].model is None:
            results = _as_a_pack(paths[0], results[0])
    diagnostics = [d for compiled in results for d in compiled.diagnostics]
    _fail_with(diagnostics, {k: v for compiled in results for k, v in compiled.sources.texts.items()},
               unparsed=any(compiled.sources.unparsed for compiled in results))
    for compiled in results:
        shown = f"{compiled.sources.files[-1].path}: " if len(results) > 1 else ""
        typer.echo(f"ok: {shown}{len(compiled.sources.files)} files, {summary(compiled.model)}")


_SHOWN_FOR_A_PACK = 5  # errors shown before the hint when a pack is checked without --rules


def _bundled_rules(name: str):
    """The rules of a bundled game by its id; an unknown name exits 2 with "did you mean"."""
    from orbis_dsl.common.diagnostics import did_you_mean
    from orbis_dsl.common.games import all_games, game_named
    from orbis_dsl.language.ruleset import game_rules

    found = game_named(name)
    if found is None:
        known = [g.id for g in all_games()]
        typer.echo(f"error: unknown game '{name}'", err=True)
        typer.echo(f"  = {did_you_mean(name, known) or 'expected one of: ' + ', '.join(known)}", err=True)
        raise typer.Exit(2)
    return game_rules(found)


def _as_a_pack(path: Path, compiled) -> list:
    """Files that say which game they extend are a pack: checked laid over that game, as --rules does (with a
    note). Files that only look like a pack fail with a few errors and the hint to use --rules."""
    from orbis_dsl.language.packs.game import said_to_be_a_pack
    from orbis_dsl.language.packs.load import compile_pack

    if said_to_be_a_pack(str(path), compiled.sources) is None:
        _fail_if_a_pack(path, compiled)
        return [compiled]
    typer.echo(f"note: {path} is a rule pack (it says `extends`): checked laid over the game it extends", err=True)
    return [compile_pack(path)]


def _fail_if_a_pack(path: Path, compiled) -> None:
    """A pack checked on its own fails with hundreds of errors: show a few and say to use --rules."""
    from orbis_dsl.cli.pack_hint import pack_hint
    from orbis_dsl.language.ruleset import base_rules

    hint = pack_hint(str(path), compiled.diagnostics, base_rules())
    if hint is None:
        return
    errors = [d for d in compiled.diagnostics if d.is_error]
    _print_diagnostics(errors[:_SHOWN_FOR_A_PACK], compiled.sources.texts)
    if len(errors) > _SHOWN_FOR_A_PACK:
        typer.echo(f"… and {len(errors) - _SHOWN_FOR_A_PACK} more errors", err=True)
    _print_diagnostics([hint])
    typer.echo(f"{len(errors)} error{'s' if len(errors) != 1 else ''} when checked on its own", err=True)
    raise typer.Exit(2)


@app.command("compile")
def compile_command(
    check_only: bool = typer.Option(False, "--check", help="Exit 1 naming every stale, missing or orphaned module."),
) -> None:
    """Regenerate generated/: each game's handler modules from rules/GAME/."""
    from orbis_dsl.common.games import all_games
    from orbis_dsl.common.resources import data_dir
    from orbis_dsl.language.backends.python.generated_modules import compare, orphaned_folders, write
    from orbis_dsl.language.ruleset import compile_game, generated_files

    games = all_games()
    expected = {}
    for game in games:
        compiled = compile_game(game)
        _fail_with(compiled.diagnostics, compiled.sources.texts, unparsed=bool(compiled.sources.unparsed))
        expected[game.folder] = generated_files(compiled, game)
    total = sum(len(files) for files in expected.values())
    if check_only:
        stray = orphaned_folders(data_dir("generated"), set(expected))
        for name in stray:
            typer.echo(f"orphaned: generated/{name}/", err=True)
        ok = not stray
        for game in games:
            result = compare(expected[game.folder], game.generated)
            for label, names in (("stale", result.stale), ("missing", result.missing),
                                 ("orphaned", result.orphaned)):
                for name in names:
                    typer.echo(f"{label}: generated/{game.folder}/{name}", err=True)
            ok = ok and result.ok
        if not ok:
            typer.echo("run `orbis compile` to regenerate", err=True)
            raise typer.Exit(1)
        typer.echo(f"generated/ is current ({len(games)} games, {total} modules)")
        return
    changed = [f"{game.folder}/{name}" for game in games
               for name in write(expected[game.folder], game.generated)]
    typer.echo(f"wrote {len(changed)} of {total} modules"
               + (": " + ", ".join(changed) if changed else " (all current)"))


@app.command()
def rules(
    as_json: bool = typer.Option(False, "--json", help="Print the rule set as JSON."),
    schema: str | None = typer.Option(None, "--schema", metavar="game|score",
                                      help="Print the JSON Schema of this rule set's game records or score reports."),
    pack: Path | None = typer.Option(None, "--rules",
                                     help="A rule pack (file or folder), laid over the game it extends."),
    game: str | None = typer.Option(None, "--game", help="A bundled game (orbis, terra-mystica, mondo) instead of "
                                                         "Orbis."),
) -> None:
    """List a rule set: Orbis's kinds, gods, variants and tiles, or a score-sheet game's facts, columns and
    awards (or print the JSON Schemas of its records)."""
    import json

    from orbis_dsl.records.orbis.schema import SCHEMA_KINDS
    from orbis_dsl.reports.listing import describe_rules, describe_sheet_rules, listing_lines, sheet_listing_lines

    if game is not None and pack is not None:
        typer.echo("error: give --game or --rules, not both: a pack names the game it extends", err=True)
        raise typer.Exit(2)
    if schema is not None and schema not in SCHEMA_KINDS:
        typer.echo(f"error: --schema expects game or score, got '{schema}'", err=True)
        raise typer.Exit(2)
    chosen = (_lay_pack(pack).rules if pack is not None else
              _bundled_rules(game) if game is not None else _load_rules(None, "rules"))
    if chosen.scores:  # a game of score sheets: its facts, columns and awards, and its generated schemas
        from orbis_dsl.records.sheets.schema import record_schema, report_schema

        if schema is not None:
            made = record_schema(chosen) if schema == "game" else report_schema(chosen)
            typer.echo(json.dumps(made, indent=2, ensure_ascii=False))
            return
        from orbis_dsl.common.terminal import shown  # titles are a pack's text: no terminal controls

        summary = describe_sheet_rules(chosen)
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False) if as_json else
                   "\n".join(shown(line) for line in sheet_listing_lines(summary)))
        return
    if schema is not None:
        from orbis_dsl.records.orbis.schema import schema_for

        typer.echo(json.dumps(schema_for(chosen, schema), indent=2, ensure_ascii=False))
        return
    summary = describe_rules(chosen)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    from orbis_dsl.common.terminal import shown  # titles and variant names are a pack's text: no terminal controls

    typer.echo("\n".join(shown(line) for line in listing_lines(summary)))


@app.command()
def score(
    files: list[Path] = typer.Argument(..., help="Game records: JSON (orbis-game/1, tm-final/1, mondo-rounds/1) or a "
                                                          "game's text notation; each names its game."),
    as_json: bool = typer.Option(False, "--json", help="Print each game's JSON report (orbis-score/1, tm-score/1, "
                                                              "mondo-score/1), one line per file."),
    explain: bool = typer.Option(False, "--explain", help="Add one line per scoring item saying why."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when there are warnings."),
    boards: bool = typer.Option(False, "--boards", help="Also draw each player's typed boards (a Mondo grid "
                                                        "record's), round by round, after the table."),
    pack: Path | None = typer.Option(None, "--rules", help="Score under a rule pack laid over the game it extends "
                                                           "(a record of another game is refused)."),
    svg: Path | None = typer.Option(None, "--svg", help="Also draw the score sheet (one game) as an SVG image."),
    png: Path | None = typer.Option(None, "--png", help="Also draw the score sheet (one game) as a PNG image "
                                                        "(needs Pillow: the [png] extra)."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1,
                                    show_default="one per idle core, at most one per 100 files",
                                    help="Worker processes for a batch (the output is the same)."),
    force: bool = typer.Option(False, "--force", help="Let --svg and --png overwrite an existing file (never the "
                                                      "game file itself)."),
) -> None:
    """Score finished games of any bundled game: totals, a breakdown that reads like the rulebook, the winner by
    the game's tie-break, and a warning for every rule inconsistency seen on the table.

    Files are scored and printed one at a time, in order. A file that cannot be read is reported on stderr and
    the others are still scored; the exit code is then 2."""
    from orbis_dsl.cli.score import run_score

    # A pack is checked first (its mistakes come before any record's); each game's rules load when a file needs them.
    laid = _lay_pack(pack) if pack is not None else None

    images = {kind: path for kind, path in (("svg", svg), ("png", png)) if path is not None}
    if images and len(files) != 1:
        typer.echo(f"error: --{next(iter(images))} draws one game; give one game file", err=True)
        raise typer.Exit(2)
    from orbis_dsl.cli.images import draw_images, png_missing, refused_outputs

    if png is not None and (missing := png_missing()) is not None:
        typer.echo(f"error: {missing}", err=True)
        raise typer.Exit(2)
    if images and (refused := refused_outputs(files, images, force)) is not None:
        typer.echo(refused, err=True)
        raise typer.Exit(2)
    code = run_score(files, laid, as_json, explain, strict, jobs, say=typer.echo,
                     say_error=lambda text: typer.echo(text, err=True), says_to_stdout=True, boards=boards)
    if images and code != 2 and (problem := draw_images(files[0], laid, images, explain or as_json)):
        typer.echo(problem, err=True)
        raise typer.Exit(2)
    if code:
        raise typer.Exit(code)


@app.command()
def convert(
    source: Path = typer.Argument(..., help="A game file, JSON or notation."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here (.json → JSON, else notation)."),
    to: str | None = typer.Option(None, "--to", help="json, text (default: the other format), or counts (a "
                                                     "grid record's boards as the facts derived from them)."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule pack laid over the game it extends."),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
) -> None:
    """Turn a game record into the game notation, or the notation into a JSON record: the whole game, but not the
    comments of a notation file (a note says how many lines had one). An existing file is kept unless --force."""
    from orbis_dsl.cli.convert import run_convert

    run_convert(source, output, to, _lay_pack(pack) if pack is not None else None, force)


@app.command()
def enter(
    output: Path = typer.Option(Path("game.orbisgame"), "--output", "-o", help="Where to write the game."),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule pack laid over the game it extends."),
) -> None:
    """Type a finished game at the table: players, gods, then each pyramid row by row; then score it."""
    from orbis_dsl.records.orbis.enter import enter_game
    from orbis_dsl.reports.terminal import print_report
    from orbis_dsl.runtime.scoring import score_game

    # Before the questions: a whole game typed in for nothing is worse.
    if exists(output) and not force:
        typer.echo(f"error: {output} exists; give --force to overwrite it, or -o another file", err=True)
        raise typer.Exit(2)
    if (why := why_unreadable(output)) is not None:  # a name too long, a loop of symlinks
        typer.echo(f"error: cannot write {output}: {why}", err=True)
        raise typer.Exit(2)
    rules = _load_rules(pack, "enter")
    try:
        game, text, refused = enter_game(rules, ask=lambda q: typer.prompt(q, default="", show_default=False),
                                         say=lambda text: typer.echo(text, err=True))
    except (typer.Abort, EOFError):
        typer.echo("\nstopped: nothing was written", err=True)
        raise typer.Exit(1) from None
    if refused:
        _print_diagnostics(refused, {"the entered game": text})
        typer.echo("orbis score would refuse this game: nothing was written", err=True)
        raise typer.Exit(2)
    _write(output, text)
    typer.echo(f"wrote {output}")
    print_report(score_game(rules, game), rules, _console(), title=game.title)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: phones on the network too)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule pack laid over the game it extends."),
    offline: Path | None = typer.Option(None, "--offline", help="Also serve this build of `orbis pad build` (the pad "
                                                                "scoring in the browser) at /offline/."),
) -> None:
    """A scoring pad in the browser, for the table: Orbis's pyramids tile by tile, Terra Mystica's and Mondo's score
    sheets field by field; see the totals, share the sheet."""
    from orbis_dsl.serve import is_local, missing_extra, run, unusable_address, urls

    if (missing := missing_extra()) is not None:
        typer.echo(f"error: `orbis serve` needs {missing}: pip install 'orbis-dsl[serve]'", err=True)
        raise typer.Exit(2)
    rules = _load_rules(pack, "serve")
    if offline is not None:
        from orbis_dsl.serve.offline_mount import not_a_build

        if (why := not_a_build(offline)) is not None:
            typer.echo(f"error: {why}", err=True)
            raise typer.Exit(2)
    if (problem := unusable_address(host, port)) is not None:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    typer.echo(f"scoring pad on {' or '.join(urls(host, port))}  (Ctrl-C stops it)")
    if offline is not None:
        typer.echo(f"offline pad (scoring in the browser) on {' or '.join(u + 'offline/' for u in urls(host, port))}")
    if not is_local(host):
        typer.echo(f"warning: listening on {host}: anyone on this network can open the pad and read the games "
                   "entered in it; there is no password", err=True)
    run(rules, host, port, *([offline] if offline is not None else []))


def _console():
    from orbis_dsl.reports.terminal import make_console

    return make_console()


def _lay_pack(pack: Path):
    """A rule pack laid over the game it extends (`language.packs.lay_pack`); its errors exit 2, a warning (a cache
    that could not be used) is printed."""
    from orbis_dsl.language.packs.load import lay_pack

    if not exists(pack):
        typer.echo(f"error: {not_found('rule pack', str(pack), pack)}", err=True)
        raise typer.Exit(2)
    laid, compiled = lay_pack(pack)
    if compiled is not None:
        _fail_with(compiled.diagnostics, compiled.sources.texts, unparsed=bool(compiled.sources.unparsed))
    return laid


def _load_rules(pack: Path | None, command: str):
    """The rules of a command made for games of tiles (entering a game, the web pad, the schemas): the base game,
    or a pack laid over a game of tiles."""
    from orbis_dsl.language.ruleset import base_rules

    if pack is None:
        return base_rules()
    laid = _lay_pack(pack)
    if laid.rules.is_sheet:
        typer.echo(f"error: `orbis {command}` is made for games of tiles; the rule pack {laid.shown} extends "
                   f"{laid.game.id}, a game of score sheets", err=True)
        raise typer.Exit(2)
    return laid.rules


def _register_subcommands() -> None:
    """Commands whose modules live beside their stage; each imports only typer until it runs."""
    from orbis_dsl.cli.engine import register
    from orbis_dsl.cli.export import export_cli
    from orbis_dsl.cli.fmt import fmt_cli
    from orbis_dsl.cli.pad import pad_cli
    from orbis_dsl.cli.scaffold import new_cli

    register(app)
    app.command("fmt")(fmt_cli)
    app.command("new")(new_cli)
    app.add_typer(export_cli, name="export")
    app.add_typer(pad_cli, name="pad")


_register_subcommands()


def main() -> None:
    from orbis_dsl.cli.streams import run_with_streams_guarded

    run_with_streams_guarded(app)


if __name__ == "__main__":
    main()
