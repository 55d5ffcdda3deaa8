"""Engine benchmark: complete random games per second (one core), --jobs speedup (beside what two independent
processes get from the same two cores), greedy against random.

    python bench/bench_simulate.py            # about half a minute
    python bench/bench_simulate.py --games 500 --quick

A "complete game" is dealt, played for all 15 rounds and scored by the same scorer as `orbis score` (totals
only, as `orbis simulate` scores it). The same-run baseline is the calibration loop (bench/calibration.py), timed
before and after: games/s are comparable between runs only where it ran about as fast.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibration import calibration_ms

from orbis_dsl.engine.simulate import run, summarize
from orbis_dsl.language.ruleset import base_rules


def games_per_second(variant: str, games: int, jobs: int = 1, policy: str = "random", seed: int = 1,
                     repeat: int = 3) -> tuple[float, float]:
    """(best wall-clock rate, best CPU-time rate) over `repeat` runs of `games` games; the CPU rate counts this
    process only, so it means something for jobs=1 only. The best run is the least disturbed by other load."""
    rules = base_rules()
    run(variant, min(20, games), seed + 1, policy, 1, rules=rules)  # warm up
    wall = cpu = 0.0
    for r in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        run(variant, games, seed + 100 * r, policy, jobs, rules=rules)
        wall = max(wall, games / (time.perf_counter() - start))
        cpu = max(cpu, games / max(1e-9, time.process_time() - start_cpu))
    return wall, cpu


_ALONE = ("import sys, time; sys.path.insert(0, sys.argv[1]); from orbis_dsl.engine.simulate import run; "
          "from orbis_dsl.language.ruleset import base_rules; rules = base_rules(); run('4p', 20, 1, rules=rules); "
          "start = time.perf_counter(); run('4p', int(sys.argv[2]), 5, rules=rules); "
          "print(time.perf_counter() - start)")


def independent_speedup(games: int) -> float:
    """What two cores give two independent processes here: 2 × (time alone) / (time of each, both at once).
    On a shared virtual machine this is below 2, and it bounds what --jobs 2 can reach."""
    command = [sys.executable, "-c", _ALONE, str(Path(__file__).resolve().parent.parent), str(games)]
    alone = float(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    pair = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    together = max(float(p.communicate()[0]) for p in pair)
    return 2 * alone / together


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per throughput run")
    parser.add_argument("--versus", type=int, default=400, help="games for greedy against random")
    parser.add_argument("--quick", action="store_true", help="skip the --jobs measurement")
    args = parser.parse_args()
    rules = base_rules()

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    print(f"baseline: calibration loop, best of 5: {calibration_ms(runs=5):.1f} ms")
    print("complete random-policy games per second, one core (best of 3 runs; wall clock, CPU time):")
    for players in (2, 3, 4):
        wall, cpu = games_per_second(f"{players}p", args.games)
        print(f"  {players} players: {wall:8.0f} games/s   ({cpu:.0f} games per CPU-second)")

    if not args.quick:
        games = max(args.games, 2000)
        one, _ = games_per_second("4p", games, jobs=1, repeat=2)
        two, _ = games_per_second("4p", games, jobs=2, repeat=2)
        print(f"4 players, {games} games: --jobs 1 {one:.0f} games/s, --jobs 2 {two:.0f} games/s, "
              f"speedup {two / one:.2f}x ({os.cpu_count()} CPUs)")
        print(f"  for scale: two independent single-process runs at once get {independent_speedup(games // 2):.2f}x")
    print(f"baseline: calibration loop, best of 5: {calibration_ms(runs=5):.1f} ms (again)")

    print(f"greedy against random ({args.versus} games each; one greedy seat, rotating):")
    for players in (2, 4):
        wins = plays = 0.0
        for seat in range(players):
            policy = ["random"] * players
            policy[seat] = "greedy"
            results = run(f"{players}p", args.versus // players, 7 + seat, policy, 1, rules=rules)
            summary = summarize(results, f"{players}p", 7 + seat, policy, rules)
            wins += summary["win_rate_by_policy"]["greedy"]["win_rate"] * len(results)
            plays += len(results)
        print(f"  {players} players: greedy wins {wins / plays:.1%} (chance: {1 / players:.0%})")
    results = run("4p", args.versus // 4, 11, "greedy", 1, rules=rules)
    summary = summarize(results, "4p", 11, "greedy", rules)
    print(f"  4 greedy players: mean {summary['mean_cp']['total']:.1f} CP, {summary['mean_deserts']:.2f} deserts "
          f"(random players: see `orbis simulate`)")


if __name__ == "__main__":
    main()
