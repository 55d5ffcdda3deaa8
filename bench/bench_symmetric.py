"""The symmetric pack's acceptance figure (issue 33): ten identical gods, so every god flag is a false alarm.

    python bench/bench_symmetric.py                             # 100 seeds, greedy and mcts: long
    python bench/bench_symmetric.py --seeds 20 --games 100 --policies greedy

Plays `--seeds` runs of `--games` games of `examples/balance/symmetric` under each policy and variant, and counts
the runs whose report flags anything that is not a seat (target: at most 5 % of runs), beside the runs that flag
a seat (the seats of Orbis are not fair: that is a finding, not a false alarm) and the mean number of flags.
The same figure for the report before issue 33 (every rate tested alone, kinds included, no correction) is
worked out from the same games, as the baseline.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from orbis_dsl.engine.simulate import run
from orbis_dsl.engine.stats import balance, exact_interval, flag_of

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "examples" / "balance" / "symmetric"


def old_flags(results: list[dict]) -> tuple[int, int]:
    """(flags, flags not on a seat) of the report before issue 33: each seat, god and kind by its own exact test."""
    from orbis_dsl.engine.stats import _Tally

    players = len(results[0]["players"])
    seats, gods, kinds = _Tally(), _Tally(), _Tally()
    for r in results:
        for p in r["players"]:
            seats.add(p["seat"], p["win"])
            gods.add(p["god"], p["win"])
            for k in p["kinds"]:
                kinds.add(k, p["win"])
    count = lambda t: sum(1 for n, w in t.counts.values() if flag_of(w, n, 1 / players))  # noqa: E731
    return count(seats) + count(gods) + count(kinds), count(gods) + count(kinds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--policies", default="greedy,mcts:8", help="comma-separated")
    parser.add_argument("--variants", default="2p,4p", help="comma-separated")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=1,
                        help="seeds FIRST .. FIRST+SEEDS-1: a long run split over processes, each a range")
    parser.add_argument("--progress", action="store_true",
                        help="a line on stderr after every seed (what it flagged), so a cut run's seeds are kept")
    args = parser.parse_args()
    source = f"pack:{PACK}"
    for policy in args.policies.split(","):
        for variant in args.variants.split(","):
            start = time.perf_counter()
            other = seat = flags = old_other = old_total = 0
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                results = run(variant, args.games, seed, policy, args.jobs, rules_source=source)
                report = balance(results)
                tests = report["tests"]
                other += any(t["flag"] and t["what"] != "seat" for t in tests)
                seat += any(t["flag"] and t["what"] == "seat" for t in tests)
                flags += len(report["flags"])
                total, not_seat = old_flags(results)
                old_other += not_seat > 0
                old_total += total
                if args.progress:
                    shown = [f"{t['what']} {t.get('name', '')}".strip() for t in tests if t["flag"]]
                    print(f"{policy} {variant} seed {seed}: {len(report['flags'])} flags {shown}; before issue 33 "
                          f"{total} ({not_seat} not a seat)", file=sys.stderr, flush=True)
            n = args.seeds
            low, high = exact_interval(other, n)
            seeds = f"seeds {args.first_seed}-{args.first_seed + n - 1}"
            print(f"{policy} {variant}, {seeds}: {n} runs of {args.games} games: {other} runs ({other / n:.0%}, "
                  f"95 % interval {low:.0%}-{high:.0%}) flag something that is not a seat (target at most 5 %); "
                  f"{seat} flag a seat; {flags / n:.2f} flags a run. Before issue 33, the same games: {old_other} runs "
                  f"({old_other / n:.0%}) flagged a god or kind, {old_total / n:.2f} flags a run "
                  f"[{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
