"""Scoring a batch of game files: one file at a time and in the order given, so reports appear as they are
made; a file that cannot be read is a result like any other (its messages), so it costs the others nothing;
the files are spread over worker processes (by default one per idle core, for a long batch) and still come back in
order.

Each record names its game (inputs.read_record) and is scored under that game's rules, or under a rule pack
laid over it (`pack`, a `pack_game.LaidPack`); each game's rules load on first need. Nothing here prints: the
CLI writes each result as it comes.
"""

from __future__ import annotations

import gc
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from orbis_dsl.common.diagnostics import first_shown, render
from orbis_dsl.records.inputs import clean_text, read_clean_text, read_record, score_records


class FileResult(NamedTuple):
    path: Path
    errors: list[str]  # the file's messages, rendered with their source lines; empty when it was scored
    text: str | None  # what to print: the orbis-score/1 line with `as_json`; from a worker, the report as drawn
    report: object | None  # in this process, without `as_json`: the report to draw, under
    rules: object | None  # the rules it was scored under
    title: str | None
    warnings: int
    # With `encoded`, from a worker: the orbis-score/1 line as UTF-8 with its newline, in place of `text` (a slice
    # of the bytes the worker sent for a run of files), to be written as it is.
    data: bytes | memoryview | None = None


def score_file(path: Path, pack, as_json: bool, explain: bool) -> FileResult:
    return score_run([path], pack, as_json, explain)[0]


def score_run(paths: list[Path], pack, as_json: bool, explain: bool) -> list[FileResult]:
    """`score_file` of each path, in order, done a stage at a time over the run: every file read, then every record
    scored, then every report written. Each stage's code and tables stay warm in the processor's caches for the
    whole run, where going from reader to scorer to writer for each file evicted them: runs of 64 files took
    5-15 % less CPU than the same files one by one (docs/performance.md, batch5). Nothing else differs:
    each file is read, scored and written as `score_file` alone would."""
    # (Even reading a stage at a time: every file's text, then every record. The system calls of a file's
    # reading are what evicted the reader from the caches.)
    read = [_read(path, text, pack) for path, text in zip(paths, [clean_text(path) for path in paths])]
    # The JSON report and --explain carry each line's reasons; the coloured table does not need them.
    reasons = explain or as_json
    # (Orbis records a stage of the scorer at a time too: score_records.)
    reports = score_records(read, explain=reasons)
    results = []
    for path, (record, rules), report in zip(paths, read, reports):
        if report is None:  # a file that does not read: `_read` gave its rendered messages in the record's place
            messages = record
            results.append(FileResult(path, messages, None, None, None, None, 0))
            continue
        title = record.title or str(path)
        if as_json:
            results.append(FileResult(path, [], report.to_json_line(), None, None, title, len(report.warnings)))
        else:
            results.append(FileResult(path, [], None, report, rules, title, len(report.warnings)))
    return results


def _read(path: Path, text: str | None, pack) -> tuple:
    """(record, rules) of a file that reads (`text`: its text as `clean_text` read it); ([its messages, rendered],
    None) of one that does not."""
    # (Most files: read without working out the name a message would show.)
    clean = None if text is None else read_clean_text(text, pack)
    if clean is not None:
        return clean
    record, rules, diags, texts = read_record(path, pack)
    if record is None:
        return [render(d, texts) for d in first_shown(diags)], None
    return record, rules


def score_files(paths: list[Path], pack, as_json: bool, explain: bool, jobs: int | None = 1,
                console=None, encoded: bool = False, boards: bool = False) -> Iterator[FileResult]:
    """Each file's result, in the order of `paths`, as soon as it (and every file before it) is done. `jobs`:
    worker processes, or None for one per core on a long batch (workers_for). With workers and without
    `as_json`, each report comes drawn as `console` would draw it; with workers, `as_json` and `encoded` (the
    output takes UTF-8 bytes), each JSON line comes as `data`."""
    with collector_paused() as freezing:
        yield from _score_files(paths, pack, as_json, explain, jobs, console, freezing, encoded, boards)


@contextmanager
def collector_paused() -> Iterator[bool]:
    """The cyclic collector off for a batch (see collect_now), and what is loaded by then frozen; gives whether
    this batch freezes (not when the caller has frozen objects itself, which it then leaves alone)."""
    collecting, freezing = gc.isenabled(), gc.get_freeze_count() == 0
    gc.disable()  # scoring makes no reference cycles, and the collector's passes cost a sixth
    if freezing:  # what is loaded by now (modules, rules) lives as long as the batch: no collection walks it
        gc.freeze()
    try:
        yield freezing
    finally:
        if freezing:
            gc.unfreeze()
        if collecting:
            gc.enable()


# Scoring a game makes thousands of short-lived containers and no reference cycle (all of it is freed by reference
# counting), yet the cyclic collector, run every 700 allocations, cost about a sixth of a batch's time walking
# them. A batch runs with it switched off, and collects once every this many files, so that a cycle some other
# rule set or an error path might make is still freed; forked workers inherit the setting and do the same.
_COLLECT_EVERY = 256


# A batch in one process is scored in runs (score_run) that double from one file, so the first report comes as
# soon as it is made, up to this many files (measured whole processes, alternated: 128 took about 5 % less CPU
# than 64, 256 no less than 128; and a report waits for the rest of its run).
_RUN = 128


def serial_runs(count: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of a batch of `count` files: 1, 2, 4, … files, then _RUN at a time."""
    start, size = 0, 1
    while start < count:
        yield start, min(start + size, count)
        start += size
        size = min(2 * size, _RUN)


def collect_now(done: int, freeze: bool) -> None:
    """Every _COLLECT_EVERY files: free what cycles the files left, then freeze what is left. What survives a
    collection is what the batch keeps (the remembered tiles, lines and sentences, some thousands of objects):
    frozen, no later collection walks it again, so each one walks only what the last files made. Walking it all
    each time cost more than a tenth of a batch."""
    if done % _COLLECT_EVERY == _COLLECT_EVERY - 1:
        gc.collect()
        if freeze:  # (score_files unfreezes it all at the end; a caller that froze objects itself is left alone)
            gc.freeze()


def workers_for(jobs: int | None, files: int) -> int:
    """How many processes score a batch. `jobs` given: that many (never more than there are files, nor more than
    twice the cores: `--jobs 1000` would start a thousand processes). None (the default): one per core this
    process may run on and other programs leave idle, for a batch long enough that each worker has at least
    `_FILES_PER_WORKER` files."""
    cores = _usable_cores()
    if jobs is None:
        return max(1, min(cores, _idle_cores(cores), files // _FILES_PER_WORKER))
    return max(1, min(jobs, files, 2 * cores))


# A worker is a fork of this process (its modules and rules already loaded) and starts in about 20 ms; a game is
# scored in well under a millisecond. Below this many files a worker would cost more than it saves.
_FILES_PER_WORKER = 100


def _idle_cores(cores: int) -> int:
    """How many of `cores` other programs leave free, by the load average of the last minute. On a busy machine a
    worker only shares a core with what already runs there: the batch took no less wall time with two workers
    than with none, and 13-20 % more CPU (each worker's start, the parent passing every report on; with JSON lines
    the workers now write their own, cli/turns.py, and a second process still costs about a tenth more), so the
    default then scores in this process. `--jobs` still starts as many as asked."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here (Windows): assume the cores are free
        return cores
    return max(1, cores - int(load + 0.5))


def _usable_cores() -> int:
    try:  # the cores this process may run on (a container's or `taskset`'s share), not all the machine's
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _score_files(paths, pack, as_json, explain, jobs, console, freezing: bool,
                 encoded: bool, boards: bool = False) -> Iterator[FileResult]:
    jobs = workers_for(jobs, len(paths))
    if jobs <= 1 or not _can_fork():
        for start, end in serial_runs(len(paths)):
            yield from score_run(paths[start:end], pack, as_json, explain)
            for done in range(start, end):
                collect_now(done, freezing)
        return
    # The first file is scored here, before the workers start: that loads the game's rules and the modules that
    # read and score its records, which the forked workers then share instead of each loading them again (about
    # a tenth of a second of CPU each). What is loaded by then is frozen for the collector: it lives as long as
    # the batch, and a collection in a worker would otherwise walk it, and copy the pages it touches.
    yield score_file(paths[0], pack, as_json, explain)
    if freezing:
        gc.freeze()
    yield from _score_in_workers(paths, pack, as_json, explain, min(jobs, len(paths) - 1), console, encoded, boards)


def _score_in_workers(paths, pack, as_json, explain, jobs, console, encoded: bool,
                      boards: bool = False) -> Iterator[FileResult]:
    """The files but the first, in order, scored by `jobs` forked worker processes."""
    import multiprocessing

    # Forked workers start with what this process has loaded (a pack's rules too): nothing to compile or send.
    # The paths too: a worker is sent a run of files' indices and sends back one plain tuple per file, without
    # the path (pickling a Path, or a NamedTuple, both ways cost more than the report's text).
    _WORKER.update(pack=pack, as_json=as_json, explain=explain, console=_console_settings(console), paths=paths,
                   encoded=encoded and as_json, boards=boards)
    runs = worker_runs(len(paths), jobs)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for (start, _), (data, results) in zip(runs, pool.imap(_score_run_in_worker, runs)):
            view, at = memoryview(data), 0
            for offset, (errors, text, title, warnings, length) in enumerate(results):
                piece = None
                if length:
                    piece, at = view[at:at + length], at + length
                yield FileResult(paths[start + offset], errors, text, None, None, title, warnings, piece)


def worker_runs(count: int, jobs: int) -> list[tuple[int, int]]:
    """(start, end) of each run of a batch's files after the first, shared among `jobs` workers: runs short enough
    that the first reports come soon and the last worker is not left alone for long."""
    size = max(1, min(64, (count - 1) // (jobs * 8)))
    return [(start, min(start + size, count)) for start in range(1, count, size)]


_WORKER: dict = {}


def _score_run_in_worker(run: tuple[int, int]) -> tuple[bytes, list[tuple]]:
    """A run of files' results, and with `encoded`, their JSON lines as one run of UTF-8 bytes, each line's size
    given with its file: the lines are 8 kB each, and this process then encodes them, where the parent would
    have had to decode each from the pipe, copy it to add the newline and encode it again, all of it in the
    one process that every worker's output passes through."""
    start, end = run
    results = [_in_worker(result) for result in score_run(_WORKER["paths"][start:end], _WORKER["pack"],
                                                           _WORKER["as_json"], _WORKER["explain"])]
    if not _WORKER["encoded"]:
        return b"", [(*result, 0) for result in results]
    pieces, sized = [], []
    for errors, text, title, warnings in results:
        piece = _encoded_line(text)
        if piece is not None:
            pieces.append(piece)
            text = None
        sized.append((errors, text, title, warnings, len(piece) if piece is not None else 0))
    return b"".join(pieces), sized


def _encoded_line(text: str | None) -> bytes | None:
    """The line as UTF-8 with its newline; None for no line, or one UTF-8 cannot hold (sent as text: the parent's
    stream decides)."""
    if text is None:
        return None
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return None


def _in_worker(result: FileResult) -> tuple:
    """(errors, text, title, warnings) of one file's result, as FileResult has them: the text is drawn here unless
    it is JSON, since rules hold compiled handlers, which need not pickle."""
    _WORKER["done"] = done = _WORKER.get("done", 0) + 1
    collect_now(done, freeze=True)  # (a worker's collector is its own, and ends with it)
    if result.report is None:
        return result.errors, result.text, result.title, result.warnings
    from rich.console import Console

    from orbis_dsl.reports.terminal import print_any_report

    buffer = io.StringIO()
    console = Console(file=buffer, highlight=False, soft_wrap=True, markup=False, emoji=False,
                      **_WORKER["console"])
    print_any_report(result.report, result.rules, console, explain=_WORKER["explain"], title=result.title,
                     boards=_WORKER.get("boards", False))
    return result.errors, buffer.getvalue(), result.title, result.warnings


def _console_settings(console) -> dict:
    if console is None:
        return {}
    return {"force_terminal": console.is_terminal, "color_system": console.color_system, "width": console.width}


def _can_fork() -> bool:
    import multiprocessing

    return os.name == "posix" and "fork" in multiprocessing.get_all_start_methods()
