"""A fuzzing run that keeps going: the mutation fuzzers of `tests/robustness/fuzz_inputs.py` (sweep specs, the
Dask address, the pad's HTTP requests, the pack cache's files) for a time budget, each target an equal share of
it, each input drawn from a seeded `random.Random`; then a report of the inputs tried, what became of them and
every failure (with the seed that rebuilds it). Run from the checkout:

    python bench/fuzz_budget.py --seconds 300            # five minutes, shared by the four targets
    python bench/fuzz_budget.py --seconds 60 --target pad --seed 7

Exit 1 when any input failed. Not a test: the suite runs the same targets under hypothesis
(`tests/robustness/test_fuzz_inputs.py`) for a number of examples, never for a time.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from robustness.fuzz_inputs import TARGETS  # noqa: E402

SHORT = {"sweep": "sweep spec", "dask": "Dask address", "pad": "pad HTTP", "cache": "cache files"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the budget, for all targets together")
    parser.add_argument("--seed", type=int, default=0, help="input i of a target is drawn from (seed, i)")
    parser.add_argument("--target", choices=sorted(SHORT), action="append", help="only these (default: all)")
    args = parser.parse_args()
    wanted = {SHORT[t] for t in args.target} if args.target else None
    with tempfile.TemporaryDirectory(prefix="orbis-fuzz-") as tmp:
        targets = []
        for make in TARGETS:
            if wanted is None or make.name in wanted:
                folder = Path(tmp) / make.__name__
                folder.mkdir()
                targets.append(make(folder))
        return run(targets, args.seconds, args.seed)


def run(targets, seconds: float, seed: int) -> int:
    tried = collections.Counter()
    outcomes = {t.name: collections.Counter() for t in targets}
    spent = collections.Counter()
    failures = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # each target the same share of the time: the next input is the one of the target that has had least
        for target in [min(targets, key=lambda t: spent[t.name])]:
            i = tried[target.name]
            rng = random.Random(f"{seed}:{target.name}:{i}")
            began = time.perf_counter()
            value = target.generate(rng)
            try:
                outcomes[target.name][target.run(value)] += 1
            except Exception as error:  # a failure to report, whatever it is
                outcomes[target.name]["FAILED"] += 1
                failures.append((target.name, i, repr(value)[:300], "".join(
                    traceback.format_exception_only(type(error), error)).strip()[:500]))
            spent[target.name] += time.perf_counter() - began
            tried[target.name] += 1
    elapsed = time.perf_counter() - start
    print(f"fuzz budget {seconds:g} s (ran {elapsed:.1f} s), seed {seed}")
    print(f"{'target':<14} {'inputs':>8} {'per s':>8} {'failures':>9}  outcomes")
    for target in targets:
        name = target.name
        rate = tried[name] / spent[name] if spent[name] else 0.0
        shown = ", ".join(f"{k} {v}" for k, v in outcomes[name].most_common())
        print(f"{name:<14} {tried[name]:>8,} {rate:>8.0f} {outcomes[name]['FAILED']:>9}  {shown}")
    print(f"{'all':<14} {sum(tried.values()):>8,} {'':>8} {len(failures):>9}")
    for name, i, value, error in failures[:20]:
        print(f"\nFAILED {name} input {i} (rebuild: random.Random('SEED:{name}:{i}')): {value}\n  {error}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
