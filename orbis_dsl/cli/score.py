"""What `orbis score` does once its arguments are parsed: score the files in turn, print each result as it comes,
and answer the exit code. Shared by the full command line (cli.py, typer) and the quick entry (entry.py), so the
two cannot drift apart; it imports neither typer nor, for JSON output, rich.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from orbis_dsl.cli.batch import FileResult, score_files
from orbis_dsl.cli.turns import can_take_turns, score_in_turns

Say = Callable[[str], None]


def run_score(files: list[Path], pack, as_json: bool, explain: bool, strict: bool, jobs: int | None,
              say: Say, say_error: Say, says_to_stdout: bool = False, boards: bool = False) -> int:
    """0 when every file was scored; 1 with --strict and a warning; 2 when a file could not be read.
    Each record is scored under its game's rules, or under `pack` (a `pack_game.LaidPack`, or None) when the pack
    extends that game; a record of another game than the pack's cannot be scored. `says_to_stdout`: `say` writes
    to sys.stdout, so JSON lines that workers send encoded may be written past its encoder when it writes UTF-8
    (streams.utf8_writer); else every line goes through `say` as text. `boards`: the terminal report also draws
    each player's typed boards (a grid record's), after the table."""
    say_utf8 = None
    if says_to_stdout:
        from orbis_dsl.cli.streams import utf8_writer

        say_utf8 = utf8_writer(sys.stdout)
    console = None
    if not as_json:
        from orbis_dsl.reports.terminal import make_console

        console = make_console()
    bar = _progress_bar(len(files))
    if bar is not None:
        def say_error(text: str) -> None:  # above the bar, not through it
            bar.console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)

    def show(result: FileResult) -> None:
        for text in result.errors:
            say_error(text)
        if result.data is not None:
            say_utf8(result.data)
        elif as_json and result.text is not None:
            say(result.text)
        elif result.text is not None:  # a report a worker drew
            console.file.write(result.text)
        elif result.report is not None:
            from orbis_dsl.reports.terminal import print_any_report

            print_any_report(result.report, result.rules, console, explain=explain, title=result.title,
                             boards=boards)

    if as_json and bar is None and can_take_turns():  # workers, if any, write their own lines in turn
        failed, warned = score_in_turns(files, pack, explain, jobs, show)
    else:
        failed, warned = _show_each(score_files(files, pack, as_json, explain, jobs, console,
                                                encoded=say_utf8 is not None, boards=boards), show, bar, len(files))
    if failed:
        if len(files) > 1:  # the count comes last, so that it is not lost among the reports
            say_error(f"{failed} of {len(files)} files could not be scored")
        return 2
    return 1 if strict and warned else 0


def _show_each(results: Iterator[FileResult], show: Callable[[FileResult], None], bar, total: int) -> tuple[int, int]:
    """Each result shown as it comes, the bar (if any) moved on: (files that could not be scored, files with a
    warning)."""
    failed = warned = 0
    task = bar.add_task(f"{total} files", total=total) if bar else None
    if bar:
        bar.start()
    try:
        for result in results:
            show(result)
            failed += bool(result.errors)
            warned += bool(result.warnings)
            if bar:
                bar.advance(task)
    finally:
        if bar:
            bar.stop()
    return failed, warned


def _progress_bar(total: int):
    """A progress bar on stderr for a long batch whose output goes to a file or a pipe: only when stderr is a
    terminal and stdout is not (on a terminal, the reports themselves show how far it got). Else None."""
    if total < 100 or not sys.stderr.isatty() or sys.stdout.isatty():
        return None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress("scoring {task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)
