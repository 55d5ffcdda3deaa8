"""Mondo benchmarks. Prints its figures; run from the checkout: `python bench/bench_mondo.py`.

1. reading and scoring a grid-level record (each board's regions, mismatches and marks derived) against its
   counts-level conversion (nothing to derive), the same games in the same run;
2. scoring 500 random Mondo records (both levels mixed) with the generated handlers against the interpreter.

Each figure is the best of 5 runs, beside a fixed pure-Python loop timed in the same run (the machine is shared).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "language" / "backends" / "interpret"))

from calibration import calibration_loop  # noqa: E402 (bench/, this script's folder)


def best_ms(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)




def main() -> None:
    from test_interpreter_agreement import _mondo_record

    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.backends.interpret.rules import build_rules
    from orbis_dsl.language.ruleset import compile_game, game_rules
    from orbis_dsl.records.sheets.convert import to_counts
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import score_sheet

    game = game_named("mondo")
    compiled, interpreted = game_rules(game), build_rules(compile_game(game).model)
    grid_text = (ROOT / "examples" / "mondo" / "grid-advanced-2p-counts-as-active.json").read_text()
    record, _ = read_sheet_json(grid_text, "g", compiled)
    counts_text = json.dumps(to_counts(json.loads(grid_text), compiled, record))

    def score_many(text: str, rules, n: int = 200):
        for _ in range(n):
            r, _ = read_sheet_json(text, "g", rules)
            score_sheet(rules, r, "x")

    randoms = [_mondo_record(seed, compiled.settings.grid) for seed in range(500)]
    random.Random(1).shuffle(randoms)

    def score_randoms(rules):
        for text in randoms:
            r, _ = read_sheet_json(text, "r", rules)
            if r is not None:
                score_sheet(rules, r, "x")

    print(f"calibration loop (200,000 dict steps):         {best_ms(calibration_loop):8.1f} ms")
    print(f"200 × grid record, read + scored:              {best_ms(lambda: score_many(grid_text, compiled)):8.1f} ms")
    counts_ms = best_ms(lambda: score_many(counts_text, compiled))
    print(f"200 × its counts conversion, read + scored:    {counts_ms:8.1f} ms")
    print(f"500 random records, generated handlers:        {best_ms(lambda: score_randoms(compiled), 3):8.1f} ms")
    print(f"500 random records, interpreter:               {best_ms(lambda: score_randoms(interpreted), 3):8.1f} ms")


if __name__ == "__main__":
    main()
