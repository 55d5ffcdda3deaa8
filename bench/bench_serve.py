"""The scoring pad's per-tap cost: what `POST /api/check` does after each saved tile (read the unfinished
record twice, score what lies on the table), beside its baseline in the same run: `orbis score --json`'s work
on the same finished record (read once, score). Run from the checkout: `python bench/bench_serve.py`.

Figures are the best and the median of several rounds; the machine is shared, so compare the two columns of one
run, not runs of different moments.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orbis_dsl.language.ruleset import base_rules  # noqa: E402
from orbis_dsl.records.orbis.json_reader import game_to_json, read_json_text  # noqa: E402
from orbis_dsl.records.sample import random_game  # noqa: E402
from orbis_dsl.runtime.scoring import score_game  # noqa: E402
from orbis_dsl.serve import api  # noqa: E402

GAMES, ROUNDS = 200, 7


def main() -> None:
    rules = base_rules()
    rng = random.Random(18)
    finished, unfinished = [], []
    for _ in range(GAMES):
        doc = game_to_json(random_game(rules, rng, players=4), rules)
        finished.append(json.dumps(doc))
        for player in doc["players"]:  # half-way through the entry: the top rows are still empty
            player["pyramid"][2:] = [[None] * len(row) for row in player["pyramid"][2:]]
        unfinished.append(json.dumps(doc))

    def baseline():
        for text in finished:
            game, _ = read_json_text(text, "game", rules)
            score_game(rules, game).to_json()

    def check_finished():
        for text in finished:
            api.check(text, rules)

    def check_unfinished():
        for text in unfinished:
            api.check(text, rules)

    timings = {name: [] for name in ("orbis score --json (read, score)", "check, finished table",
                                     "check, top rows empty")}
    for _ in range(ROUNDS):
        for name, work in zip(timings, (baseline, check_finished, check_unfinished)):
            start = time.perf_counter()
            work()
            timings[name].append((time.perf_counter() - start) * 1000 / GAMES)
    print(f"4-player records, {GAMES} per round, {ROUNDS} rounds: ms per record, best / median")
    for name, values in timings.items():
        print(f"  {name:<36} {min(values):6.2f} / {statistics.median(values):6.2f}")


if __name__ == "__main__":
    main()
