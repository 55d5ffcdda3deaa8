"""The engine's commands: `orbis simulate`, `orbis replay LOG` and `orbis variant check [NAME|FILE]` (and
`orbis balance PACK`, in `balance.py`).

`register(app)` adds them to the main `orbis` Typer app. Exit codes:
- simulate: 0 done; 2 bad arguments (unknown variant or policy, no variant for that many players, …).
- replay: 0 the log replays and its result matches; 1 the log breaks the rules (the first illegal or mismatching
  move is printed, located); 2 the file cannot be read, or is not a move log (a JSON game record, for one).
- variant check: 0 valid (and, with --simulate, K games played cleanly); 1 the variant is invalid; 2 bad
  arguments (unknown name, a rule file that does not compile).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import typer

from orbis_dsl.cli.engine_args import (
    _check_policies,
    _check_run_size,
    _fail,
    _pack_god_marks,
    _playable_variant,
    _rules,
)
from orbis_dsl.cli.output import print_diagnostics
from orbis_dsl.common.paths import exists, is_dir, not_found


def _check_plotting(path: Path) -> None:
    """Exit 2 before any game is played when the picture could not be drawn or written."""
    from orbis_dsl.engine.plot import PlotUnavailable, require_matplotlib

    try:
        require_matplotlib()
    except PlotUnavailable as error:
        _fail(str(error))
    if path.suffix.lower() not in (".svg", ".png", ".pdf"):
        _fail(f"cannot tell the picture's format from '{path.name}'", hint="name it .svg, .png or .pdf")
    if not is_dir(path.parent):
        _fail(not_found("folder for the picture", str(path.parent), path.parent))


def _check_output_folder(folder: Path, what: str, replace: bool) -> None:
    """Create a records or logs folder; exit 2 when it holds another run's files (with --replace, remove them):
    writing into it would leave that run's later games beside this one's."""
    from orbis_dsl.engine.simulate import MANIFEST, clear_folder, written_files

    try:
        folder.mkdir(parents=True, exist_ok=True)
        names = written_files(folder)
        if names and replace:
            clear_folder(folder)
            return
    except OSError as error:
        _fail(f"cannot prepare the {what} folder {folder}: {error.strerror or error}")
    if names:
        shown = ", ".join(names[:2]) + (", …" if len(names) > 2 else "")
        _fail(f"the {what} folder {folder} already holds {len(names)} file{'s' if len(names) != 1 else ''} of "
              f"another run ({shown}); writing into it would mix the two runs",
              hint=f"give an empty folder, or --replace to remove them first (game-NNNNNN.* and {MANIFEST}, "
                   "nothing else)")


def _run_simulation(variant: str, games: int, seed: int, policy: str, jobs: int, records, source, logs=None,
                    keep_results: bool = False):
    """The summary (and the per-game results, with `keep_results`), with progress on stderr for long runs."""
    from orbis_dsl.engine.progress import Progress
    from orbis_dsl.engine.simulate import load_rules, run, summarize

    progress = Progress(games)
    try:
        results = run(variant, games, seed, policy, jobs, records, source, progress=progress.advance, logs=logs)
    finally:
        progress.close()
    summary = summarize(results, variant, seed, policy, load_rules(source))
    return (summary, results) if keep_results else summary


def simulate(
    players: int | None = typer.Option(None, "--players", "-p",
                                          help="Number of players (uses the variant '{N}p'; default 4)."),
    games: int = typer.Option(100, "--games", "-k", help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the run; game i uses a seed derived from it and i."),
    policy: str = typer.Option("random", "--policy",
                               help="random, greedy, mcts (the tree search; mcts:N: N rollouts per decision; "
                                    "mcts:0.5s: seconds per decision, not reproducible) or flat (the flat search, "
                                    "budgets alike); a comma-separated list gives one per seat, cycling."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (results do not depend on it)."),
    records: Path | None = typer.Option(None, "--records",
                                           help="Write each game as NAME.json and its score as NAME.score.json "
                                                "(NAME is game-NNNNNN), with the run's manifest orbis-run.json; "
                                                "the folder must not hold another run's files."),
    logs: Path | None = typer.Option(None, "--logs", help="Write each game's move log as NAME.log (and the "
                                                          "manifest), into a folder without another run's files."),
    replace: bool = typer.Option(False, "--replace", help="Remove the records, logs and manifest of an earlier "
                                                          "run from the --records/--logs folders first (only "
                                                          "game-NNNNNN.* and orbis-run.json)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    variant: str | None = typer.Option(None, "--variant", help="A variant by name instead of '{N}p'."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule file or folder instead of the base game."),
    plot: Path | None = typer.Option(None, "--plot", help="Also draw the report (win rates with their "
                                                         "intervals, score distribution), e.g. report.svg; "
                                                         "needs orbis-dsl[plot]."),
) -> None:
    """Play K games between policies and summarise them: win rates by seat and god with 95 % intervals (gods
    also adjusted for seat and pick order), pick rates, flags (Holm's correction across them), game quality, …"""
    _check_run_size(games, jobs)
    _check_policies(policy)
    rules, source, compiled = _rules(pack)
    name = _playable_variant(rules, players, variant)
    _check_outputs(records, logs, replace, plot)
    marks = _pack_god_marks(pack, compiled) if plot is not None and pack is not None else {}
    summary = _simulate_and_plot(name, games, seed, policy, jobs, records, source, logs, plot, rules, marks)
    _print_summary(summary, as_json)


def _check_outputs(records: Path | None, logs: Path | None, replace: bool, plot: Path | None) -> None:
    """Exit 2 before any game is played when a folder or the picture could not be written."""
    for folder, what in ((records, "records"), (logs, "logs")):
        if folder is not None:
            _check_output_folder(folder, what, replace)
    if plot is not None:
        _check_plotting(plot)


def _simulate_and_plot(name: str, games: int, seed: int, policy: str, jobs: int, records, source, logs,
                       plot: Path | None, rules, marks: dict[str, str]) -> dict:
    """The run's summary, its picture drawn with --plot; exit 2 when a file cannot be written."""
    from orbis_dsl.engine.simulate import FolderInUse

    try:
        summary, results = _run_simulation(name, games, seed, policy, jobs, records, source, logs, True)
        if plot is not None:
            from orbis_dsl.engine.plot import plot_report

            plot_report(summary, results, plot, marks, sorted(rules.gods))
    except FolderInUse as error:  # filled by someone else since it was checked
        _fail(str(error), hint="give an empty folder, or --replace")
    except OSError as error:
        _fail(f"cannot write {getattr(error, 'filename', None) or 'a file'}: {error.strerror or error}")
    return summary


def _print_summary(summary: dict, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    from orbis_dsl.common.terminal import shown_lines  # variant and god names come from the rules, which may be a pack
    from orbis_dsl.engine.summary_text import summary_text

    typer.echo(shown_lines(summary_text(summary)))


def replay(
    log: Path = typer.Argument(..., help="A game log written by the engine (or by hand in its notation)."),
    as_json: bool = typer.Option(False, "--json", help="Print the replayed game's score report as JSON."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule file or folder instead of the base game."),
) -> None:
    """Replay a game log under the rules: the first illegal move, located, or the final scores."""
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.engine.log_replay import replay as run_replay
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text
    from orbis_dsl.records.inputs import MAX_GAME_FILE_BYTES

    try:  # a regular file, bounded (not /dev/zero, not a FIFO)
        text = read_rule_text(log, MAX_GAME_FILE_BYTES, encoding="utf-8")
    except FileNotFoundError:
        _fail(f"no such file: {log}")
    except ReadRefused as error:
        _fail(f"cannot read {log}: {error.message}")
    except UnicodeDecodeError as error:
        from orbis_dsl.common.encodings import not_utf8

        problem, shown_text = not_utf8(display_path(log), error)
        print_diagnostics([problem], {display_path(log): shown_text})
        raise typer.Exit(2) from None
    except OSError as error:
        _fail(f"cannot read {log}: {error}")
    shown = display_path(log)
    from orbis_dsl.engine.log_header import not_a_log

    wrong = not_a_log(text, shown)
    if wrong is not None:  # a game record or other JSON: not a log that breaks the rules, a file replay cannot read
        print_diagnostics([wrong], {shown: text})
        raise typer.Exit(2)
    rules, _, _ = _rules(pack)
    result = run_replay(text, rules, shown, rules_chosen=pack is not None)
    print_diagnostics(result.diagnostics, {shown: text})  # the errors, or warnings (other rules, no result line)
    if not result.ok:
        raise typer.Exit(1)
    report = result.report
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
        return
    from orbis_dsl.common.terminal import shown as escaped  # player names come from the log

    game = result.game
    typer.echo(f"ok: {game.turns} turns replayed, every move legal")
    for p in report.players:
        cats = ", ".join(f"{k} {v}" for k, v in p.categories.items())
        typer.echo(escaped(f"  {p.name:<10} {p.total:>4} CP ({cats}; {p.worshippers} worshippers left)"
                           + ("  winner" if p.winner else "")))


def variant_check(
    target: str | None = typer.Argument(None, help="A variant name, or a rule file adding variants, laid over "
                                                      "the base game as --rules is (default: every variant)."),
    simulate_games: int = typer.Option(0, "--simulate", help="Also play K games of each valid variant and "
                                                               "print the balance flags."),
    seed: int = typer.Option(0, "--seed", help="Seed for --simulate."),
    policy: str = typer.Option("mcts", "--policy", help="Who plays the --simulate games (default: the search "
                                                        "policy; a comma-separated list gives one per seat)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes for --simulate."),
    pack: Path | None = typer.Option(None, "--rules", help="A rule file or folder instead of the base game."),
) -> None:
    """Check variants statically (tile counts, gods revealed, prizes, stars, options); optionally play them and
    flag the win rates (by seat, god, kind) whose 95 % interval excludes the fair rate."""
    from orbis_dsl.common.terminal import shown
    from orbis_dsl.engine.simulate import MAX_GAMES, max_jobs
    from orbis_dsl.engine.variants import check_variants, variant_spans

    if not 0 <= simulate_games <= MAX_GAMES:
        _fail(f"--simulate must be from 0 to {MAX_GAMES:,}, not {simulate_games}")
    if jobs < 1:
        _fail(f"--jobs must be at least 1, not {jobs}")
    if jobs > max_jobs():
        _fail(f"--jobs must be at most {max_jobs()} (twice this machine's cores), not {jobs}")
    _check_policies(policy)
    rules, source, compiled, names = _variants_to_check(target, pack)
    diags = check_variants(rules, variant_spans(compiled), names)
    _print_diagnostics(diags, compiled)
    bad = {name for name in names if any(f"variant '{name}':" in d.message for d in diags)}
    for name in names:
        if name not in bad and not _report_variant(rules, name, simulate_games, seed, policy, jobs, source):
            bad.add(name)
    if bad:
        typer.echo(shown(f"{len(bad)} invalid variant{'s' if len(bad) != 1 else ''}: {', '.join(sorted(bad))}"),
                   err=True)
        raise typer.Exit(1)


def _variants_to_check(target: str | None, pack: Path | None):
    """(rules, source, compiled, variant names): a rule file laid over the base game and the variants it
    declares, or the rule set (--rules or the base game) and the variant named (default: every one)."""
    path = Path(target) if target is not None else None
    if path is not None and (path.suffix == ".orbis" or exists(path)):
        if not exists(path):
            _fail(not_found("rule file", target, path))
        if pack is not None:  # one file is laid over the base game; two packs cannot be stacked
            _fail(f"give a rule file or --rules, not both: {target} is laid over the base game as --rules is")
        # Laid over the base game like --rules: `orbis new variant` writes a file that declares only its variant.
        rules, source, compiled = _rules(path)
        compiled = compiled or _compiled_for_places(path)
        from orbis_dsl.engine.variants import variants_declared_in

        return rules, source, compiled, variants_declared_in(compiled, path) or list(rules.variants)
    rules, source, compiled = _rules(pack)
    compiled = compiled or _compiled_for_places(pack)
    if target is None:
        return rules, source, compiled, list(rules.variants)
    if target not in rules.variants:
        from orbis_dsl.common.diagnostics import did_you_mean

        same = [n for n in rules.variants if n.lower() == target.lower()]
        hint = f"did you mean '{same[0]}'?" if same else did_you_mean(target, rules.variants)
        _fail(f"unknown variant '{target}'", hint=hint or "expected one of: " + ", ".join(rules.variants))
    return rules, source, compiled, [target]


def _compiled_for_places(pack: Path | None):
    """The rule set compiled again, only for its declarations' places (its rules came from the pack cache, or are
    the base game's): a pack's variant is then placed at its lines in the pack, not at the base game's files."""
    if pack is not None:
        from orbis_dsl.language.packs.load import compile_pack

        compiled = compile_pack(pack)
    else:
        from orbis_dsl.language.ruleset import compile_base

        compiled = compile_base()
    return compiled if compiled.model is not None else None


def _print_diagnostics(diags, compiled) -> None:
    texts = dict(compiled.sources.texts) if compiled is not None else {}
    for d in diags:  # a pack loaded from the cache has no texts: read the declaring file for the caret
        if d.span is not None and d.span.file not in texts:
            with contextlib.suppress(OSError, UnicodeDecodeError):
                texts[d.span.file] = Path(d.span.file).read_text(encoding="utf-8")
    print_diagnostics(diags, texts)


def _report_variant(rules, name: str, games: int, seed: int, policy: str, jobs: int, source) -> bool:
    """Print a statically valid variant's line (and, with games, its play-test and balance flags); False when
    its games could not be played."""
    from orbis_dsl.common.terminal import shown

    v = rules.variants[name]
    line = f"ok: variant {shown(name)}: {v.players} players, {v.gods_revealed} gods revealed"
    flags: list[str] = []
    if games:
        try:
            s = _run_simulation(name, games, seed, policy, jobs, None, source)
        except Exception as error:  # an engine failure on a statically valid variant is a finding
            typer.echo(f"error: variant '{name}': simulation failed: {error}", err=True)
            return False
        b = s["balance"]
        line += (f"; {games} {policy} games played, mean {s['mean_cp']['total']:.1f} CP, "
                 f"{s['mean_deserts']:.1f} deserts, ")
        if b.get("not_tested"):  # mixed policies: no rate is held to the fair rate
            line += "no rate tested (the seats play different policies)"
        else:
            line += (f"{len(b['flags']) or 'no'} flag{'s' if len(b['flags']) != 1 else ''} (Holm-corrected "
                     f"across {len(b['tests'])} tests)")
        flags = b["flags"]
    typer.echo(line)
    for flag in flags:
        typer.echo(f"  ! {flag}")
    return True


def register(app: typer.Typer) -> None:
    """Add `simulate`, `balance`, `replay` and `variant check` to the `orbis` app."""
    from orbis_dsl.cli.balance import balance
    from orbis_dsl.cli.sweep import sweep

    app.command("simulate")(simulate)
    app.command("balance")(balance)
    app.command("sweep")(sweep)
    app.command("replay")(replay)
    variant_app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                              help="Check variants of a rule set.")
    variant_app.command("check")(variant_check)
    app.add_typer(variant_app, name="variant")


def make_app() -> typer.Typer:
    """A stand-alone app with only the engine's commands (for tests and `python -m orbis_dsl.cli.engine`)."""
    app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                      help="The Orbis game engine.")
    register(app)
    return app


if __name__ == "__main__":
    make_app()()
