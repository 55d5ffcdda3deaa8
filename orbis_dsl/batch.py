"""Scoring a batch of game files: one file at a time and in the order given, so reports appear as they are
made; a file that cannot be read is a result like any other (its messages), so it costs the others nothing;
`jobs` > 1 spreads the files over worker processes and still yields them in order.

Nothing here prints: the CLI writes each result as it comes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from .diagnostics import render
from .inputs import read_game
from .runtime.rules import Rules
from .runtime.scoring import ScoreReport, score_game


class FileResult(NamedTuple):
    path: Path
    errors: list[str]  # the file's messages, rendered with their source lines; empty when it was scored
    report: ScoreReport | None  # for the coloured report (None with `as_json`: the line is all that is needed)
    json_line: str | None  # the orbis-score/1 report on one line, with `as_json`
    title: str | None
    warnings: int


def score_file(path: Path, rules: Rules, as_json: bool, explain: bool) -> FileResult:
    game, diags, texts = read_game(path, rules)
    if game is None:
        return FileResult(path, [render(d, texts) for d in diags], None, None, None, 0)
    # The JSON report and --explain carry each line's reasons; the coloured table does not need them.
    report = score_game(rules, game, explain=explain or as_json)
    if as_json:
        return FileResult(path, [], None, report.to_json_line(), game.title,
                          len(report.warnings))
    return FileResult(path, [], report, None, game.title, len(report.warnings))


def score_files(paths: list[Path], rules: Rules, as_json: bool, explain: bool, jobs: int = 1) -> Iterator[FileResult]:
    """Each file's result, in the order of `paths`, as soon as it (and every file before it) is done."""
    if jobs <= 1 or len(paths) < 2 or not _can_fork():
        for path in paths:
            yield score_file(path, rules, as_json, explain)
        return
    import multiprocessing

    # Forked workers start with the rule set already loaded (a pack's too): nothing to compile or send.
    _WORKER.update(rules=rules, as_json=as_json, explain=explain)
    # Chunks small enough that the first reports come soon and the last worker is not left alone for long.
    chunk = max(1, min(64, len(paths) // (jobs * 8)))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_score_in_worker, paths, chunksize=chunk)


_WORKER: dict = {}


def _score_in_worker(path: Path) -> FileResult:
    return score_file(path, _WORKER["rules"], _WORKER["as_json"], _WORKER["explain"])


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and os.name == "posix"
