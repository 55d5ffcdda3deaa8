"""Terra Mystica final-scoring benchmark. Prints its figures; run from the checkout:
`python bench/bench_terra_mystica.py`.

In-process scoring of 2,000 random Terra Mystica sheets (half typed networks, half map-level records whose
network is computed on the base map), through the generated handlers and through the interpreter, beside a fixed
pure-Python loop timed in the same run (the machine is shared: compare moments by that loop first). Each figure is
the best and the median of several runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "language"))

from calibration import calibration_ms  # noqa: E402 (bench/, this script's folder)


def timed(fn, runs: int = 5) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def main() -> None:
    from test_terra_mystica_properties import GENERATED, INTERPRETED, random_sheets

    from orbis_dsl.runtime.sheet import score_sheet

    rng = random.Random("bench")
    records = [random_sheets(rng) for _ in range(2000)]
    mapped = sum(any(p.facts["structures"] for p in r.rounds[0]) for r in records)
    print(f"{len(records)} random sheets ({mapped} with at least one map-level player)")
    print(f"baseline loop: best {calibration_ms(runs=5):.1f} ms")
    for label, rules in (("generated", GENERATED), ("interpreted", INTERPRETED)):
        for explain in (False, True):
            best, median = timed(lambda rules=rules, explain=explain: [
                score_sheet(rules, r, "tm-score/1", explain=explain) for r in records])
            print(f"{label:<12} explain={explain!s:<5} best {best:7.1f} ms  median {median:7.1f} ms  "
                  f"({best * 1000 / len(records):.0f} µs a sheet)")
    print(f"baseline loop: best {calibration_ms(runs=5):.1f} ms (again)")


if __name__ == "__main__":
    main()
