"""Batches of game files (issue 16): streamed one file at a time, a broken file costs the others nothing, and
`--jobs` changes nothing in the output."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from orbis_dsl.cli import batch
from orbis_dsl.cli.app import app
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json
from orbis_dsl.records.sample import random_game

RULES = base_rules()


def _games(folder: Path, count: int, broken: set[int]) -> list[Path]:
    import random

    rng = random.Random(16)
    paths = []
    for i in range(count):
        path = folder / f"g{i:03}.json"
        doc = game_to_json(random_game(RULES, rng, 4), RULES)
        if i in broken:
            doc["players"][0]["pyramid"][1][2] = {"kind": "stone", "color": "mauve"}
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(path)
    return paths


def test_files_are_read_one_at_a_time_as_results_are_taken(tmp_path, monkeypatch):
    paths = _games(tmp_path, 5, set())
    read, careful = [], []
    real, real_careful = batch.clean_text, batch.read_record
    monkeypatch.setattr(batch, "clean_text", lambda path: (read.append(path), real(path))[1])
    monkeypatch.setattr(batch, "read_record",
                        lambda path, pack: (careful.append(path), real_careful(path, pack))[1])
    results = batch.score_files(paths, None, as_json=True, explain=False)
    first = next(results)
    assert read == paths[:1] and first.path == paths[0] and first.text.startswith('{"format": "orbis-score/1"')
    assert [r.path for r in results] == paths[1:]
    assert read == paths
    assert careful == []  # clean files: no shown name worked out, no second read


def test_a_file_with_something_to_say_is_read_again_by_the_careful_reader(tmp_path, monkeypatch):
    paths = _games(tmp_path, 3, {1})
    careful = []
    real = batch.read_record
    monkeypatch.setattr(batch, "read_record", lambda path, pack: (careful.append(path), real(path, pack))[1])
    results = list(batch.score_files(paths, None, as_json=True, explain=False))
    assert careful == [paths[1]]
    assert results[1].text is None and "unknown colour 'mauve'" in results[1].errors[0]
    assert [r.errors for r in results[::2]] == [[], []]


def test_a_broken_file_among_many_is_reported_and_the_others_scored_in_order(tmp_path):
    paths = _games(tmp_path, 30, {3, 17})
    result = CliRunner().invoke(app, ["score", "--json", *map(str, paths)])
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert len(lines) == 28
    assert "g003.json: $.players[0].pyramid[1][2].color: error: unknown colour 'mauve'" in result.stderr
    assert "g017.json" in result.stderr and "g016.json" not in result.stderr
    assert result.stderr.rstrip().endswith("2 of 30 files could not be scored")
    assert "Traceback" not in result.stderr


def test_jobs_change_nothing_in_what_is_printed(tmp_path):
    paths = list(map(str, _games(tmp_path, 40, {11})))
    one = CliRunner().invoke(app, ["score", "--json", *paths])
    two = CliRunner().invoke(app, ["score", "--json", "--jobs", "2", *paths])
    assert (one.exit_code, one.stdout, one.stderr) == (two.exit_code, two.stdout, two.stderr)
    assert len(two.stdout.splitlines()) == 39
    plain_one = CliRunner().invoke(app, ["score", *paths[:12]])
    plain_two = CliRunner().invoke(app, ["score", "-j", "2", *paths[:12]])
    assert plain_one.stdout == plain_two.stdout and "Winner" in plain_two.stdout


def test_the_progress_bar_shows_only_for_a_long_batch_written_to_a_file_from_a_terminal(monkeypatch):
    from orbis_dsl.cli import score as score_command

    class Stream:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            return self.tty

    def bar(total, stdout_tty, stderr_tty):
        monkeypatch.setattr(score_command.sys, "stdout", Stream(stdout_tty))
        monkeypatch.setattr(score_command.sys, "stderr", Stream(stderr_tty))
        shown = score_command._progress_bar(total)
        monkeypatch.undo()
        return shown is not None

    assert bar(100, stdout_tty=False, stderr_tty=True)  # `orbis score *.json --json > out.jsonl` at a terminal
    assert not bar(99, stdout_tty=False, stderr_tty=True)  # short batches are over before a bar says anything
    assert not bar(5000, stdout_tty=True, stderr_tty=True)  # the reports scroll by on the terminal
    assert not bar(5000, stdout_tty=False, stderr_tty=False)  # in a pipeline or a log: nothing but messages


def test_a_batch_of_several_games_prints_the_same_with_workers():
    """Records of other games (a Terra Mystica score sheet) among Orbis ones: each under its own rules, drawn by
    the workers as this process would draw them."""
    paths = ["examples/terra-mystica/3p-air-tie.json", "examples/games/4p-club-night-shared-win.json",
             "examples/quickstart-4p.orbisgame", "examples/terra-mystica/3p-air-tie.json"]
    for extra in ([], ["--json"], ["--explain"]):
        one = CliRunner().invoke(app, ["score", *extra, *paths])
        two = CliRunner().invoke(app, ["score", "--jobs", "2", *extra, *paths])
        assert one.exit_code == 0, one.stderr
        assert (one.exit_code, one.stdout, one.stderr) == (two.exit_code, two.stdout, two.stderr)


def test_a_long_batch_takes_one_worker_per_core_by_default_and_a_short_one_none(monkeypatch):
    monkeypatch.setattr(batch, "_usable_cores", lambda: 4)
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (0.3, 0.0, 0.0))  # an idle machine
    assert batch.workers_for(None, 1) == 1  # one game: no worker to start
    assert batch.workers_for(None, 199) == 1
    assert batch.workers_for(None, 200) == 2  # at least 100 files a worker
    assert batch.workers_for(None, 10_000) == 4
    assert batch.workers_for(3, 10_000) == 3  # --jobs: as asked
    assert batch.workers_for(1000, 10_000) == 8  # at most twice the cores
    assert batch.workers_for(8, 5) == 5  # no more workers than files
    monkeypatch.setattr(batch, "_usable_cores", lambda: 1)
    assert batch.workers_for(None, 10_000) == 1


def test_a_busy_machine_scores_a_long_batch_in_one_process_unless_jobs_says_otherwise(monkeypatch):
    monkeypatch.setattr(batch, "_usable_cores", lambda: 4)
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (2.6, 0.0, 0.0))  # three of the four cores busy
    assert batch.workers_for(None, 10_000) == 1
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (1.2, 0.0, 0.0))  # one busy: the three others
    assert batch.workers_for(None, 10_000) == 3
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (11.0, 0.0, 0.0))
    assert batch.workers_for(None, 10_000) == 1
    assert batch.workers_for(3, 10_000) == 3  # --jobs: as asked, busy or not

    def no_load_average():
        raise OSError("no load average")

    monkeypatch.setattr(batch.os, "getloadavg", no_load_average)
    assert batch.workers_for(None, 10_000) == 4


def test_a_long_batch_prints_the_same_with_its_default_workers(tmp_path, monkeypatch):
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # workers even on a busy test machine
    paths = list(map(str, _games(tmp_path, 210, {7, 150})))
    serial = CliRunner().invoke(app, ["score", "--json", "--jobs", "1", *paths])
    default = CliRunner().invoke(app, ["score", "--json", *paths])
    assert serial.exit_code == default.exit_code == 2
    assert serial.stdout == default.stdout and serial.stderr == default.stderr
    assert len(default.stdout.splitlines()) == 208


def test_workers_send_json_lines_encoded_and_messages_keep_their_place(tmp_path):
    """The quick entry, stdout and stderr on one pipe: the workers' lines come as UTF-8 bytes written past the
    text layer, and each message still stands where its file is, between the lines of the files around it."""
    import subprocess
    import sys

    paths = list(map(str, _games(tmp_path, 210, {0, 7, 150})))
    # --jobs 2: workers even where the load average would keep a default batch in one process
    run = subprocess.run([sys.executable, "-m", "orbis_dsl.cli.entry", "score", "--json", "--jobs", "2", *paths],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    assert run.returncode == 2
    lines = run.stdout.decode("utf-8").splitlines()
    reports = 0
    reports_before = {}  # each refused file: how many reports came before its message
    for line in lines:
        if line.startswith('{"format": "orbis-score/1"'):
            reports += 1
        elif ": error: " in line:
            reports_before[Path(line.split(":")[0]).name] = reports
    # g000 refused in this process before the workers start; the others among the workers' lines
    assert reports_before == {"g000.json": 0, "g007.json": 6, "g150.json": 148}
    assert reports == 207 and lines[-1] == "3 of 210 files could not be scored"


def test_the_utf8_writer_is_for_utf8_streams_only_and_keeps_the_text_before_it():
    import io

    from orbis_dsl.cli.streams import utf8_writer

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape")
    stream.write("first\n")
    utf8_writer(stream)(b"second \xe2\x80\x94\n")
    stream.write("third\n")
    stream.flush()
    assert raw.getvalue().decode("utf-8") == "first\nsecond —\nthird\n"
    assert utf8_writer(io.TextIOWrapper(io.BytesIO(), encoding="latin-1")) is None  # its encoder decides
    assert utf8_writer(io.StringIO()) is None  # no bytes beneath it


def test_a_line_utf8_cannot_hold_is_sent_as_text():
    assert batch._encoded_line('{"name": "Ana \u2014"}') == '{"name": "Ana \u2014"}\n'.encode()
    assert batch._encoded_line("a lone \udc80") is None
    assert batch._encoded_line(None) is None


def test_a_batch_in_runs_gives_what_each_file_gives_alone(tmp_path):
    """In one process a batch is scored in runs of files a stage at a time (batch.score_run: all read, then all
    scored, then all written), the runs doubling from one file: the results are each file's alone, in order,
    broken files among them, with or without JSON."""
    paths = _games(tmp_path, 80, {0, 5, 6, 40, 79})
    assert list(batch.serial_runs(80)) == [(0, 1), (1, 3), (3, 7), (7, 15), (15, 31), (31, 63), (63, 80)]
    for as_json in (True, False):
        alone = [batch.score_file(path, None, as_json, explain=False) for path in paths]
        together = list(batch.score_files(paths, None, as_json, explain=False, jobs=1))
        assert [r.path for r in together] == paths
        for one, run in zip(alone, together):
            assert (run.errors, run.text, run.title, run.warnings) == (one.errors, one.text, one.title, one.warnings)
            assert (run.report is None) == (one.report is None) == (as_json or bool(one.errors))
            if run.report is not None:
                assert run.report.to_json_line() == one.report.to_json_line()
        assert sum(bool(r.errors) for r in together) == 5
