"""A batch's JSON reports written by the processes that score them, each run of files in its turn.

`batch.score_files` spreads a batch over a pool of workers that send every report back to this process, which
writes them all: each 8 kB line is pickled, piped, unpickled and written again by a process that does nothing
else, and each worker is a fresh fork that copies the pages it touches. Measured on 2,000 files, two such workers
cost 20-30 % more CPU than one process (docs/performance.md, batch7). Here this process is one of the workers and
forks only the others; the runs of files go round the processes in turn, and each process writes its own run's
lines and messages to the standard streams when the run before it has been written, then hands the turn on
(a byte through a pipe, one pipe a process, in a ring). Nothing passes through another process but the turn and,
at the end, each worker's counts. The output is the same as in one process, byte for byte and in order, the
messages of a file that does not read in their place between the lines around them.

It is only for output to real files or pipes (a forked process's writes to a stream in memory would be lost),
and for JSON lines without a progress bar; the rest goes through `batch.score_files`.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path

from orbis_dsl.cli.batch import (
    FileResult,
    collect_now,
    collector_paused,
    score_file,
    score_run,
    serial_runs,
    worker_runs,
    workers_for,
)

Show = Callable[[FileResult], None]


def can_take_turns() -> bool:
    """Whether forked processes can write to this process's standard streams: both are files or pipes, and this
    system forks."""
    if os.name != "posix" or not hasattr(os, "fork"):
        return False
    try:
        sys.stdout.fileno()
        sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # (io.UnsupportedOperation is an OSError and a ValueError)
        return False
    return True


def score_in_turns(paths: list[Path], pack, explain: bool, jobs: int | None, show: Show) -> tuple[int, int]:
    """Every file's JSON result shown by `show`, in order: (files that could not be scored, files with a warning).
    `jobs`: processes, or None for the batch's default (batch.workers_for)."""
    with collector_paused() as freezing:
        processes = workers_for(jobs, len(paths))
        if processes <= 1:
            return _alone(paths, pack, explain, serial_runs(len(paths)), show, _Tally(), freezing)
        # The first file here, before any fork: that loads the game's rules and the modules that read and score
        # its records, which the forked workers then share instead of each loading them again.
        tally = _Tally()
        tally.show(score_file(paths[0], pack, True, explain), show, freezing)
        if freezing:  # what is loaded by now lives as long as the batch: no collection walks it
            gc.freeze()
        return _turns(paths, pack, explain, min(processes, len(paths) - 1), show, tally, freezing)


class _Tally:
    """A process's counts of the files it showed, and its files done (for the collector's passes)."""

    def __init__(self) -> None:
        self.failed = self.warned = self.done = 0

    def show(self, result: FileResult, show: Show, freeze: bool) -> None:
        show(result)
        self.failed += bool(result.errors)
        self.warned += bool(result.warnings)
        collect_now(self.done, freeze)
        self.done += 1


def _turns(paths, pack, explain, processes: int, show: Show, tally: _Tally, freeze: bool) -> tuple[int, int]:
    runs = worker_runs(len(paths), processes)
    turns = [os.pipe() for _ in range(processes)]  # process k waits on turns[k], then hands on to turns[k + 1]
    ends_read, ends_write = os.pipe()  # each worker's counts (or what stopped it), at its end
    os.write(turns[0][1], b"t")  # the first run's turn: this process's
    sys.stdout.flush()  # (a fork copies what is buffered: it would be written twice)
    sys.stderr.flush()
    children: list[int] = []
    try:
        for k in range(1, processes):
            pid = os.fork()
            if pid == 0:  # a worker: it never returns from here
                _worker(k, turns, ends_write, lambda k=k: _take_turns(paths, pack, explain, runs[k::processes],
                                                                      turns, k, show, _Tally(), True))
            children.append(pid)
    except OSError:  # no more processes to be had (EAGAIN, ENOMEM): this process scores the rest alone
        _stop(children, turns, (ends_read, ends_write))
        return _alone(paths, pack, explain, runs, show, tally, freeze)
    _keep_only(turns, 0)
    os.close(ends_write)
    try:
        done = _take_turns(paths, pack, explain, runs[0::processes], turns, 0, show, tally, freeze)
    finally:
        os.close(turns[0][0])
        os.close(turns[1 % processes][1])
        ends = _children_ends(children, ends_read)
    return _summed(done, ends, len(children))


def _alone(paths, pack, explain, runs, show: Show, tally: _Tally, freeze: bool) -> tuple[int, int]:
    """The files of `runs` scored and shown by this process alone, in order: (failed, warned), with `tally`'s."""
    for start, end in runs:
        for result in score_run(paths[start:end], pack, True, explain):
            tally.show(result, show, freeze)
    return tally.failed, tally.warned


def _take_turns(paths, pack, explain, mine: list[tuple[int, int]], turns, k: int, show: Show, tally: _Tally,
                freeze: bool) -> tuple[int, int] | None:
    """This process's runs, each scored and then written in its turn: (failed, warned), or None when a process
    before it stopped (its turn never came)."""
    wait, hand_on = turns[k][0], turns[(k + 1) % len(turns)][1]
    for start, end in mine:
        results = score_run(paths[start:end], pack, True, explain)
        if os.read(wait, 1) != b"t":  # every other end of this pipe closed: the process before ended early
            return None
        for result in results:
            tally.show(result, show, freeze)
        sys.stdout.flush()
        sys.stderr.flush()
        if end == len(paths):  # the batch's last run: no turn to hand on (its process may have ended)
            break
        try:
            os.write(hand_on, b"t")
        except BrokenPipeError:  # the next process ended before its turn came
            return None
    return tally.failed, tally.warned


def _stop(children: list[int], turns, ends: tuple[int, int]) -> None:
    """Stop the workers forked so far and close every pipe. They are still waiting for their first turn (only
    this process hands one on, and it has not begun), so none has written anything."""
    import signal  # (here, not at the top: it costs every batch a millisecond of start, and only this needs it)

    for pid in children:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    for fd in (*(end for pipe in turns for end in pipe), *ends):
        os.close(fd)


def _keep_only(turns, k: int) -> None:
    """Close every end of the turns' pipes but process k's two, so that a process that ends closes the last
    writing end of the pipe the next one waits on (which then reads the end of it rather than waiting for ever)."""
    hand_on = (k + 1) % len(turns)
    for i, (read, write) in enumerate(turns):
        if i != k:
            os.close(read)
        if i != hand_on:
            os.close(write)


def _worker(k: int, turns, ends_write: int, work: Callable[[], tuple[int, int] | None]) -> None:
    """A forked worker's life: its turns, then its end sent to the first process; it leaves by os._exit (the
    first process's cleanups are not its own)."""
    code = 0
    try:
        _keep_only(turns, k)
        done = work()
        end = "stopped" if done is None else f"done {done[0]} {done[1]}"
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader of the output left (`| head`): as the first process would
        end = "broken"
    except OSError as error:  # a full disk under the output, say: told to the first process, which says it
        end = f"oserror {error.errno or 0} {error.strerror or error}"
    except KeyboardInterrupt:  # Ctrl-C reaches every process of the batch: the first one says so
        end, code = "stopped", 1
    except BaseException:  # a fault: its traceback, where it happened
        import traceback

        traceback.print_exc()
        end, code = "failed", 1
    # One line of a few bytes, one write: never mixed with another worker's.
    os.write(ends_write, (" ".join(end.split()) + "\n").encode("utf-8", "replace"))
    os._exit(code)


def _children_ends(children: list[int], ends_read: int) -> list[list[str]]:
    """Each worker's end, once all have ended."""
    for pid in children:
        os.waitpid(pid, 0)
    data = bytearray()
    while chunk := os.read(ends_read, 65536):
        data += chunk
    os.close(ends_read)
    return [line.split(" ", 2) for line in data.decode("utf-8").splitlines()]


def _summed(done: tuple[int, int] | None, ends: list[list[str]], workers: int) -> tuple[int, int]:
    """The batch's counts; or what stopped a worker, raised here as it would have been in one process."""
    for end in ends:
        if end[0] == "broken":
            raise BrokenPipeError("the output's reader left")
        if end[0] == "oserror":
            raise OSError(int(end[1]), end[2] if len(end) > 2 else "")
    if done is None or len(ends) != workers or any(end[0] != "done" for end in ends):
        raise RuntimeError("a worker process of the batch failed or was stopped (a traceback above says why)")
    failed, warned = done
    for _, f, w in ends:
        failed, warned = failed + int(f), warned + int(w)
    return failed, warned
