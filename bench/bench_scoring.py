"""Scoring benchmarks (issue 6). Prints its figures; run from the checkout: `python bench/bench_scoring.py`.

1. cold `orbis score` of one 4-player game, against `python3 -c pass`, in the same run (median of N);
2. compiling the whole base rule set from source;
3. in-process scoring throughput on the same 10,000 random 4-player games: generated handlers vs interpreter.
"""

from __future__ import annotations

import argparse
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


def median_wall(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_cold(runs: int) -> None:
    # The `orbis` of this interpreter's environment, not whichever comes first on PATH.
    beside = Path(sys.executable).with_name("orbis")
    orbis = str(beside) if beside.exists() else shutil.which("orbis")
    text_game = "examples/quickstart-4p.orbisgame"
    json_game = "examples/games/4p-club-night-shared-win.json"
    baseline = median_wall([sys.executable, "-c", "pass"], runs)
    print(f"cold start, median of {runs} runs ({orbis}): python3 -c pass {baseline * 1000:.0f} ms")
    for label, command in (("orbis score --json GAME.json", [orbis, "score", "--json", json_game]),
                           ("orbis score GAME.json", [orbis, "score", json_game]),
                           ("orbis score --json GAME.orbisgame", [orbis, "score", "--json", text_game]),
                           ("orbis score GAME.orbisgame", [orbis, "score", text_game])):
        print(f"  {label:<36} {median_wall(command, runs) * 1000:5.0f} ms")


def bench_compile(runs: int) -> None:
    from orbis_dsl.ruleset import compile_base

    compile_base()  # the Lark tables are cached after the first build, as in real use
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        compiled = compile_base()
        times.append(time.perf_counter() - start)
    assert compiled.model is not None
    print(f"compile the base rule set from source (parse, check, render {len(compiled.modules)} modules): "
          f"median {statistics.median(times) * 1000:.0f} ms over {runs} runs")


def bench_throughput(games: int) -> None:
    from orbis_dsl.interpret import build_rules
    from orbis_dsl.ruleset import base_rules, compile_base
    from orbis_dsl.runtime.scoring import score_game
    from orbis_dsl.sample import random_game

    generated = base_rules()
    interpreted = build_rules(compile_base().model)
    rng = random.Random(2018)
    sample = [random_game(generated, rng, 4) for _ in range(games)]
    for mode, lines in (("full reports (lines, warnings)", True), ("totals, places and winners", False)):
        rates = {}
        print(f"{mode}:")
        for label, rules in (("generated", generated), ("interpreter", interpreted)):
            start = time.perf_counter()
            for game in sample:
                score_game(rules, game, explain=False, lines=lines)
            elapsed = time.perf_counter() - start
            rates[label] = games / elapsed
            print(f"  {label:>11}: {games} four-player games in {elapsed:.2f} s = {rates[label]:,.0f} games/s")
        print(f"  generated / interpreter = {rates['generated'] / rates['interpreter']:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    bench_cold(args.runs)
    bench_compile(5)
    bench_throughput(args.games)


if __name__ == "__main__":
    main()
