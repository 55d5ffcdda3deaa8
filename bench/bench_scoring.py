"""Scoring benchmarks (issue 6). Prints its figures; run from the checkout: `python bench/bench_scoring.py`.

1. cold `orbis score` of one 4-player game, against `python3 -c pass` (and `import typer`) in the same run
   (`orbis score` of game files runs without typer, see orbis_dsl/cli/entry.py; the full CLI is timed beside it);
2. compiling the whole base rule set from source;
3. in-process scoring throughput, generated handlers against the interpreter, on the same games: 10,000
   random tables (`orbis_dsl.records.sample.random_game`: any tiles anywhere, random tokens, about 19 warnings each),
   10,000 games played out by the engine with random players (the complete random-policy games of the
   simulation benchmark: legal tables, many deserts) and 1,000 played by greedy players (legal tables with few
   deserts, the closest to real records).

The machine this runs on is shared and its speed drifts by a third within minutes, so every figure is the best
and the median of several runs, and a fixed pure-Python loop is timed beside them: compare machines (or
moments) by that loop before comparing anything else.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calibration import calibration_ms  # noqa: E402 (bench/, this script's folder)


def wall_times(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
        times.append(time.perf_counter() - start)
    return times


def bench_cold(runs: int) -> None:
    # The `orbis` of this interpreter's environment, not whichever comes first on PATH.
    beside = Path(sys.executable).with_name("orbis")
    orbis = str(beside) if beside.exists() else shutil.which("orbis")
    # An installed package has its bytecode compiled at install time; a checkout compiles it on first import,
    # unless PYTHONDONTWRITEBYTECODE forbids it (as some sandboxes do), which would time the compiler instead.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    text_game = "examples/quickstart-4p.orbisgame"
    json_game = "examples/games/4p-club-night-shared-win.json"
    commands = [
        ("python3 -c pass", [sys.executable, "-c", "pass"]),
        ("python3 -c 'import typer'", [sys.executable, "-c", "import typer"]),
        ("orbis score --json GAME.json", [orbis, "score", "--json", json_game]),
        # The same through typer (the quick entry stands aside), to show what skipping typer buys.
        ("… with ORBIS_FULL_CLI=1 (typer)", ["env", "ORBIS_FULL_CLI=1", orbis, "score", "--json", json_game]),
        ("orbis score GAME.json", [orbis, "score", json_game]),
        ("orbis score --json GAME.orbisgame", [orbis, "score", "--json", text_game]),
        ("orbis score GAME.orbisgame", [orbis, "score", text_game]),
    ]
    for _, command in commands:
        wall_times(command, 1, env)  # writes the bytecode, warms the file cache
    extra = "installed" if importlib.util.find_spec("interegular") else "not installed"
    print(f"cold start, {runs} runs each ({orbis}); interegular (Lark loads it when present): {extra}")
    print(f"  {'':36} {'best':>6} {'median':>7}")
    for label, command in commands:
        times = wall_times(command, runs, env)
        print(f"  {label:<36} {min(times) * 1000:4.0f} ms {statistics.median(times) * 1000:4.0f} ms")


def bench_compile(runs: int) -> None:
    from orbis_dsl.language.ruleset import compile_base

    compile_base()  # the Lark tables are cached after the first build, as in real use
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        compiled = compile_base()
        times.append(time.perf_counter() - start)
    assert compiled.model is not None
    print(f"compile the base rule set from source (parse, check, render {len(compiled.modules)} modules): "
          f"best {min(times) * 1000:.0f} ms, median {statistics.median(times) * 1000:.0f} ms over {runs} runs")


def played_games(rules, count: int, policy: str) -> list:
    from orbis_dsl.engine.game import play_game
    from orbis_dsl.engine.policy_names import POLICIES

    return [play_game(rules, "4p", seed, [POLICIES[policy](seed * 10 + seat) for seat in range(4)]).record()
            for seed in range(count)]


def rates(rules, sample: list, lines: bool, repeat: int) -> list[float]:
    from orbis_dsl.runtime.scoring import score_game

    found = []
    for _ in range(repeat):
        start = time.perf_counter()
        for game in sample:
            score_game(rules, game, explain=False, lines=lines)
        found.append(len(sample) / (time.perf_counter() - start))
    return found


def bench_throughput(games: int, played: int, repeat: int) -> None:
    from orbis_dsl.language.backends.interpret.rules import build_rules
    from orbis_dsl.language.ruleset import base_rules, compile_base
    from orbis_dsl.records.sample import random_game

    generated = base_rules()
    interpreted = build_rules(compile_base().model)
    rng = random.Random(2018)
    samples = [(f"{games:,} random tables", [random_game(generated, rng, 4) for _ in range(games)]),
               (f"{games:,} games played by random players", played_games(generated, games, "random")),
               (f"{played:,} games played by greedy players", played_games(generated, played, "greedy"))]
    modes = (("full reports (lines, warnings)", True), ("totals, places and winners (as simulate scores)", False))
    print(f"scoring throughput, 4 players, games/s (best and median of {repeat} passes; "
          f"interpreter: one pass):")
    for sample_label, sample in samples:
        print(f"  {sample_label}:")
        for mode_label, lines in modes:
            fast = rates(generated, sample, lines, repeat)
            slow = rates(interpreted, sample, lines, 1)[0]
            print(f"    {mode_label:<48} generated {max(fast):7,.0f} / {statistics.median(fast):7,.0f}   "
                  f"interpreter {slow:5,.0f}   ratio {statistics.median(fast) / slow:4.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="cold-start runs per command")
    parser.add_argument("--games", type=int, default=10_000, help="random tables to score")
    parser.add_argument("--played", type=int, default=1_000, help="engine-played games to score")
    parser.add_argument("--repeat", type=int, default=5, help="passes over each sample")
    parser.add_argument("--only", choices=("cold", "compile", "throughput"), help="run one of the three parts")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}")
    print(f"calibration loop: {calibration_ms():.0f} ms")
    if args.only in (None, "cold"):
        bench_cold(args.runs)
    if args.only in (None, "compile"):
        bench_compile(5)
    if args.only in (None, "throughput"):
        bench_throughput(args.games, args.played, args.repeat)
    print(f"calibration loop: {calibration_ms():.0f} ms")


if __name__ == "__main__":
    main()
