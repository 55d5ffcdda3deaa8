"""The benchmarks' calibration loop: a fixed pure-Python workload (dict reads and writes, integer arithmetic) whose
time says how fast this shared machine is right now. A figure is only comparable with another taken while this
loop ran about as fast; the benches print it beside theirs, before and after."""

from __future__ import annotations

import time


def calibration_loop() -> None:
    table: dict[int, int] = {}
    for i in range(200_000):
        table[i & 255] = table.get(i & 127, 0) + i


def calibration_ms(runs: int = 1) -> float:
    """The best of `runs` timings of the loop, in milliseconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        calibration_loop()
        best = min(best, time.perf_counter() - start)
    return best * 1000
