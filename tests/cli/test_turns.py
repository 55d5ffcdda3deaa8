"""A batch's workers write their own JSON lines in turn (orbis_dsl/cli/turns.py): what `orbis score --json` prints
with workers is what it prints in one process, byte for byte and in order, messages in their place, and the exit
code counts every worker's files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli.test_batch import _games

from orbis_dsl.cli import turns

ROOT = Path(__file__).resolve().parents[2]


def _orbis(args: list[str], merged: bool = False, **run) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "ORBIS_FULL_CLI"}
    return subprocess.run([sys.executable, "-m", "orbis_dsl.cli.entry", *args], cwd=ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                          check=False, **run)


@pytest.fixture(scope="module")
def batch_files(tmp_path_factory) -> list[str]:
    # Files 0 (in the first process, before any fork), 7 and 150 (in the workers' runs) do not read.
    return list(map(str, _games(tmp_path_factory.mktemp("turns"), 210, {0, 7, 150})))


@pytest.mark.parametrize("jobs", ["2", "3", "7"])
def test_workers_in_turn_print_what_one_process_prints(batch_files, jobs):
    one = _orbis(["score", "--json", "--jobs", "1", *batch_files])
    more = _orbis(["score", "--json", "--jobs", jobs, *batch_files])
    assert (more.returncode, more.stdout, more.stderr) == (one.returncode, one.stdout, one.stderr)
    assert one.returncode == 2 and one.stderr.decode().endswith("3 of 210 files could not be scored\n")
    assert len(one.stdout.splitlines()) == 207
    # stdout and stderr on one pipe: each message between the lines of the files around it, as in one process
    merged_one = _orbis(["score", "--json", "--jobs", "1", *batch_files], merged=True)
    merged_more = _orbis(["score", "--json", "--jobs", jobs, *batch_files], merged=True)
    assert merged_more.stdout == merged_one.stdout


def test_a_file_only_a_worker_reads_still_sets_the_exit_code(batch_files):
    """The counts come back from the workers: a broken file in a worker's run alone makes the exit code 2, and a
    warning in a worker's run alone makes --strict's 1."""
    files = [batch_files[1], *batch_files[8:150], batch_files[150], *batch_files[151:200]]
    run = _orbis(["score", "--json", "--jobs", "2", *files])
    assert run.returncode == 2
    assert run.stderr.decode().splitlines()[-1] == f"1 of {len(files)} files could not be scored"
    clean = [batch_files[1], *batch_files[8:150]]
    assert _orbis(["score", "--json", "--jobs", "2", *clean]).returncode == 0
    assert _orbis(["score", "--json", "--strict", "--jobs", "2", *clean]).returncode == 1


def test_the_workers_write_their_own_lines_and_no_pool_passes_them_on(batch_files):
    """With workers, the JSON lines are written by the processes that score them: no multiprocessing pool
    is started (it would send every line through this process), and more than one process writes."""
    script = ("import os, sys; sys.argv = ['orbis', *sys.argv[1:]]\n"
              "from orbis_dsl.cli import batch\n"
              "real = batch.score_run\n"
              "def traced(paths, *rest):\n"
              "    os.write(2, f'pid {os.getpid()}\\n'.encode())\n"
              "    return real(paths, *rest)\n"
              "batch.score_run = traced\n"
              "from orbis_dsl.cli.entry import main\n"
              "try:\n    main()\nexcept SystemExit as end:\n"
              "    os.write(2, f'pool {\"multiprocessing\" in sys.modules} {end.code}\\n'.encode())\n")
    files = batch_files[1:]
    run = subprocess.run([sys.executable, "-c", script, "score", "--json", "--jobs", "2", *files], cwd=ROOT,
                         capture_output=True, check=False)
    lines = run.stderr.decode().splitlines()
    assert lines[-1] == "pool False 2"
    assert len({line for line in lines if line.startswith("pid ")}) == 2
    assert run.stdout == _orbis(["score", "--json", "--jobs", "1", *files]).stdout


def test_a_reader_that_leaves_ends_the_batch_quietly(batch_files):
    """`orbis score --json … | head -c 100`: the batch stops as one process does, without a traceback."""
    for jobs in ("1", "2"):
        proc = subprocess.Popen([sys.executable, "-m", "orbis_dsl.cli.entry", "score", "--json", "--jobs", jobs,
                                 *batch_files], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.read(100)
        proc.stdout.close()
        error = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 1
        assert "Traceback" not in error


def test_what_stopped_a_worker_is_raised_in_the_first_process():
    assert turns._summed((1, 2), [["done", "3", "4"], ["done", "0", "1"]], 2) == (4, 7)
    with pytest.raises(BrokenPipeError):
        turns._summed((1, 2), [["done", "3", "4"], ["broken"]], 2)
    with pytest.raises(OSError) as raised:
        turns._summed((1, 2), [["oserror", "28", "No space left on device"]], 1)
    assert raised.value.errno == 28 and raised.value.strerror == "No space left on device"
    for done, ends in (((1, 2), [["failed"]]), (None, [["done", "0", "0"]]), ((1, 2), []),
                       ((1, 2), [["stopped"]])):
        with pytest.raises(RuntimeError):
            turns._summed(done, ends, 1)


def test_streams_in_memory_take_no_turns(monkeypatch):
    """A forked process's writes to a stream in memory (a test runner's) would be lost: no turns then."""
    import io

    assert turns.can_take_turns() == (os.name == "posix")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not turns.can_take_turns()


@pytest.mark.parametrize("forks", [0, 1])
def test_a_fork_refused_leaves_this_process_to_score_the_rest(batch_files, forks):
    """`os.fork` refused after `forks` workers (too many processes, no memory): the workers forked are stopped
    before their first turn, and this process scores every file itself: the same bytes and exit code as one
    process, no traceback."""
    script = ("import os, sys; sys.argv = ['orbis', *sys.argv[1:]]\n"
              "real, made = os.fork, []\n"
              "def fork():\n"
              f"    if len(made) >= {forks}:\n"
              "        raise BlockingIOError(11, 'Resource temporarily unavailable')\n"
              "    made.append(1)\n"
              "    return real()\n"
              "os.fork = fork\n"
              "from orbis_dsl.cli.entry import main\n"
              "main()\n")
    run = subprocess.run([sys.executable, "-c", script, "score", "--json", "--jobs", "3", *batch_files], cwd=ROOT,
                         capture_output=True, check=False, timeout=300)
    one = _orbis(["score", "--json", "--jobs", "1", *batch_files])
    assert (run.returncode, run.stdout, run.stderr) == (one.returncode, one.stdout, one.stderr)
