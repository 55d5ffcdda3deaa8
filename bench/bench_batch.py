"""Batch scoring as users run it (issue 16): `orbis score *.json --json` as a whole process, against a plain
hand-written scorer (bench/plain_scorer.py: totals and winners) and a plain hand-written scorer that writes the
same report (bench/plain_full_scorer.py: every line with its reason, every warning), on the same files, in the
same run. That full-report scorer is also run as orbis's default batch runs, one process per usable core, each
on its share of the files: no Python program that writes these reports can do much better here, so its rate
against the baseline is the ceiling item 1 of issue 16 (≥ 1.0× the plain scorer) is measured under.
`orbis score` runs a batch of 200 files or more on one worker process per idle core by default; `--jobs 1` is
timed too (one process), and `--jobs 2` (two: what the default starts on an idle machine of two cores).

    python bench/bench_batch.py                 # 2,000 random 4-player tables, 5 rounds; about a minute
    python bench/bench_batch.py --games 500 --rounds 3

Each round runs every command once, one after the other, so that a slow moment of this shared machine hits
them all alike; the figures are the best and the median over the rounds, in games per second of wall-clock
time and of CPU time (user + system of the process and its children, which is what --jobs spends). Before
timing, the plain scorer's totals, categories and places are checked against orbis's on every file, and the full
one's reports byte for byte: a baseline that scored differently would not be a baseline.

The games are `orbis_dsl.records.sample.random_game` tables (any tile anywhere, random tokens: about 19 warnings
each, so the reports are long), or with `--tables played` the legal tables of games played out by random players,
written as JSON records and in the text notation.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def write_games(folder: Path, count: int, tables: str) -> tuple[list[str], list[str]]:
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.json_reader import game_to_json
    from orbis_dsl.records.orbis.notation import write_text
    from orbis_dsl.records.sample import random_game

    rules = base_rules()
    rng = random.Random(2018)
    json_files, text_files = [], []
    for i in range(count):
        game = random_game(rules, rng, 4) if tables == "random" else _played(rules, i)
        json_path, text_path = folder / f"g{i:05}.json", folder / f"g{i:05}.orbisgame"
        json_path.write_text(json.dumps(game_to_json(game, rules)), encoding="utf-8")
        text_path.write_text(write_text(game, rules), encoding="utf-8")
        json_files.append(str(json_path))
        text_files.append(str(text_path))
    return json_files, text_files


def _played(rules, seed: int):
    """A legal table: a 4-player game played out by random players (bench_simulate.py's games)."""
    from orbis_dsl.engine.game import play_game
    from orbis_dsl.engine.policy_names import POLICIES

    return play_game(rules, "4p", seed, [POLICIES["random"](seed * 10 + seat) for seat in range(4)]).record()


def run(command: list[str] | Split) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the process and its children, stdout). A `Split` runs its commands at once
    and gives their outputs one after the other, in the order of the commands."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    commands = command.commands if isinstance(command, Split) else [command]
    procs = [subprocess.Popen(c, stdout=subprocess.PIPE, env=ENV) for c in commands]
    # Each output read on a thread of its own: read one after the other, a process would wait on its full pipe
    # until the ones before it had finished.
    with ThreadPoolExecutor(len(procs)) as pool:
        outputs = list(pool.map(lambda proc: proc.communicate()[0], procs))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    for c, proc in zip(commands, procs):
        if proc.returncode:
            raise subprocess.CalledProcessError(proc.returncode, c)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, b"".join(outputs)


class Split(NamedTuple):
    """Commands that share a batch's files between them, run side by side (one process per core)."""

    commands: list[list[str]]


def split(command: list[str], files: list[str], parts: int) -> Split:
    """`command` run as `parts` processes at once, each on its own consecutive share of `files`."""
    size = -(-len(files) // parts)
    return Split([[*command, *files[start:start + size]] for start in range(0, len(files), size)])


# The plain full-report scorer as orbis's default batch runs (one process per usable core, each on a share of the
# files), minus orbis's reading, checks and rule handlers: what any scorer that writes the same reports in Python
# could reach here, measured in the same run as the baseline.
CEILING = "plain full-report, a process per core"
# Bytecode allowed (some sandboxes forbid writing it, which would time the compiler): see bench_scoring.py.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
FIELDS = ("total", "regions", "deserts", "god", "temple", "place", "winner")


def check_plain_against_orbis(plain_out: bytes, orbis_out: bytes, count: int) -> None:
    plain = [json.loads(line) for line in plain_out.splitlines()]
    real = [json.loads(line) for line in orbis_out.splitlines()]
    assert len(plain) == len(real) == count, (len(plain), len(real), count)
    for i, (mine, theirs) in enumerate(zip(plain, real)):
        for p, q in zip(mine["players"], theirs["players"], strict=True):
            for field in FIELDS:
                assert p[field] == q[field], f"game {i}, {p['name']}: {field} {p[field]} != {q[field]}"
        assert mine["winners"] == theirs["winners"], i
    print(f"plain scorer checked: totals, categories, places and winners equal orbis's on all {count} files")


def stages(json_files: list[str], text_files: list[str], passes: int = 3) -> None:
    """Where a game's CPU time goes, in this process (best of `passes` over the files, the cyclic collector paused as
    in a batch): orbis's stages, the plain scorer's whole loop, and the floor no reader and writer of these reports
    can go below in Python: the C JSON parser reading the file, and the C string writer writing the report's text."""
    import gc

    from orbis_dsl.cli.batch import score_run
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.inputs import read_clean, read_record, score_record

    sys.path.insert(0, str(ROOT / "bench"))
    import plain_full_scorer
    import plain_scorer

    paths = [Path(f) for f in json_files]
    text_paths = [Path(f) for f in text_files]
    rules = base_rules()
    records = [read_record(path)[0] for path in paths]
    reports = [score_record(rules, record) for record in records]
    texts = [path.read_text(encoding="utf-8") for path in paths]

    def plain() -> None:
        for path in paths:
            with open(path, encoding="utf-8") as file:
                json.dumps(plain_scorer.score(json.load(file)), ensure_ascii=False)

    def plain_full() -> None:
        for path in paths:
            with open(path, encoding="utf-8") as file:
                json.dumps(plain_full_scorer.score(json.load(file)), ensure_ascii=False)

    work = {
        # The batch reads a clean .json record by `read_clean` (no shown name worked out); `read_record` is what it
        # falls back on for anything with something to say, and what reads a notation text.
        "orbis: read the record as the batch does (file, JSON, checks)": lambda: [read_clean(path) for path in paths],
        "orbis: read the record, messages ready (read_record, JSON)": lambda: [read_record(path) for path in paths],
        "orbis: read the record (file, text notation, checks)": lambda: [read_record(path) for path in text_paths],
        "orbis: score it, with reasons and table checks": lambda: [score_record(rules, r) for r in records],
        "orbis: write the report's JSON line": lambda: [report.to_json_line() for report in reports],
        # The whole loop as `orbis score --json` runs it in one process: runs of 128 files, a stage at a time.
        "orbis: the batch's whole loop (score_run, runs of 128 files)": lambda: [
            score_run(paths[start:start + 128], None, True, False) for start in range(0, len(paths), 128)],
        "the plain scorer's whole loop (read, json.load, score, dump)": plain,
        "the plain full-report scorer's whole loop (the same, and the report)": plain_full,
        "floor: json.loads of the file's text": lambda: [json.loads(text) for text in texts],
        "floor: the report's strings through the C string writer": lambda: [
            [json.encoder.encode_basestring(line.why) for p in r.players for line in p.lines] for r in reports],
    }
    gc.disable()
    try:
        print(f"per game, CPU µs in one process (best of {passes} passes over {len(paths):,} files):")
        for label, run_once in work.items():
            best = min(_cpu(run_once) for _ in range(passes))
            print(f"  {label:<64} {best / len(paths) * 1e6:6.1f}")
    finally:
        gc.enable()


def _cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _rates(times: dict, label: str, base: str, same: str, games: int) -> str:
    median = statistics.median(times[label])
    return (f"{games / min(times[label]):6,.0f} / {games / median:6,.0f} "
            f"({statistics.median(times[base]) / median:4.2f}x, {statistics.median(times[same]) / median:4.2f}x)")


def main() -> None:
    from orbis_dsl.cli.batch import workers_for

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", choices=("random", "played"), default="random",
                        help="random: any tile anywhere, random tokens (about 19 warnings a game); played: legal "
                             "tables of games played out by random players (no warning)")
    args = parser.parse_args()
    beside = Path(sys.executable).with_name("orbis")
    orbis = str(beside) if beside.exists() else shutil.which("orbis")
    folder = Path(tempfile.mkdtemp(prefix="orbis-batch-"))
    try:
        json_files, text_files = write_games(folder, args.games, args.tables)
        plain = [sys.executable, str(ROOT / "bench" / "plain_scorer.py"), *json_files]
        full_scorer = [sys.executable, str(ROOT / "bench" / "plain_full_scorer.py")]
        full = [*full_scorer, *json_files]
        workers = workers_for(None, args.games)
        full_split = split(full_scorer, json_files, workers)
        commands = {
            "plain scorer, JSON (the baseline)": plain,
            "plain full-report scorer, JSON": full,
            CEILING: full_split,
            "orbis score --json, JSON": [orbis, "score", "--json", *json_files],
            "orbis score --json, text notation": [orbis, "score", "--json", *text_files],
            "orbis score --json --jobs 1, JSON": [orbis, "score", "--json", "--jobs", "1", *json_files],
            # What the default starts on an idle machine of two cores (this process and a forked worker).
            "orbis score --json --jobs 2, JSON": [orbis, "score", "--json", "--jobs", "2", *json_files],
            "python3 -c pass": [sys.executable, "-c", "pass"],
        }
        orbis_out = run(commands["orbis score --json, JSON"])[2]
        check_plain_against_orbis(run(plain)[2], orbis_out, args.games)
        assert run(full)[2] == orbis_out, "the plain full-report scorer must write orbis's reports byte for byte"
        assert run(full_split)[2] == orbis_out, "split over processes, it must still write the same reports"
        for label in ("orbis score --json --jobs 1, JSON", "orbis score --json --jobs 2, JSON"):
            assert run(commands[label])[2] == orbis_out, f"{label}: the same reports as the default's"
        print(f"plain full-report scorer checked: its reports are orbis's, byte for byte, on all {args.games} files "
              f"(in one process and in {len(full_split.commands)})")
        print(f"orbis score's default for {args.games:,} files: {workers} worker processes "
              f"(one per usable core, at most one per 100 files); --jobs 1: this process alone")
        for command in commands.values():  # warm the file cache and the bytecode
            run(command)
        walls = {label: [] for label in commands}
        cpus = {label: [] for label in commands}
        for _ in range(args.rounds):
            for label, command in commands.items():
                wall, cpu, _ = run(command)
                walls[label].append(wall)
                cpus[label].append(cpu)
        print(f"{args.games:,} {args.tables} 4-player tables; {args.rounds} rounds; games/s, best / median "
              f"(ratios of medians in the same run: to the plain scorer, to the plain full-report scorer):")
        base, same = "plain scorer, JSON (the baseline)", "plain full-report scorer, JSON"
        for label in commands:
            if label == "python3 -c pass":
                print(f"  {label:<40} {min(walls[label]) * 1000:5.0f} ms wall, "
                      f"{statistics.median(cpus[label]) * 1000:4.0f} ms CPU (median)")
                continue
            print(f"  {label:<40} wall {_rates(walls, label, base, same, args.games)}   "
                  f"CPU {_rates(cpus, label, base, same, args.games)}")
        text = statistics.median(walls["orbis score --json, text notation"])
        js = statistics.median(walls["orbis score --json, JSON"])
        print(f"  text notation against JSON, wall: {text / js:.2f}x the time")
        ceiling = statistics.median(walls[base]) / statistics.median(walls[CEILING])
        print(f"  the ceiling for item 1: a hand-written Python scorer of the orbis-score/1 report, its files shared "
              f"out over {len(full_split.commands)} processes at once, reaches {ceiling:.2f}x the plain scorer "
              f"here; orbis, {statistics.median(walls[base]) / js:.2f}x")
        stages(json_files, text_files)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
