"""The scoring pad's cost for the score-sheet games and the sheet images, each beside its baseline in the same run:
`orbis score --json`'s work on the same record (read it, score it). Per record: `POST /api/check` of a sheet (what
each change costs; the first check under a sheet's options also tries each fact the form might ask, `shown`, and
a sheet still being typed is scored with stand-ins for what it lacks), and drawing the score sheet as SVG and as
PNG (what a download costs; Pillow needed for PNG).
Run from the checkout: `python bench/bench_pad_sheets.py`.

Figures are the best and the median of several rounds; the machine is shared, so compare the columns of one run,
not runs of different moments.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orbis_dsl.language.ruleset import base_rules  # noqa: E402
from orbis_dsl.records.inputs import score_record  # noqa: E402
from orbis_dsl.reports.images import draw  # noqa: E402
from orbis_dsl.serve import api  # noqa: E402
from orbis_dsl.serve.records_in import read_any  # noqa: E402

RECORDS = {"Orbis, 2 players": "examples/games/2p-first-game-new-box.json",
           "Terra Mystica, 5 players": "examples/terra-mystica/5p-alchemists.json",
           "Mondo, 3 rounds, 2 players": "examples/mondo/counts-expert-2p-tasks.json",
           "Mondo advanced, 3 rounds, 3 players": "examples/mondo/counts-advanced-3p-counts-as-active.json"}
REPEAT, ROUNDS = 20, 5


def timed(work) -> tuple[float, float]:
    values = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(REPEAT):
            work()
        values.append((time.perf_counter() - start) * 1000 / REPEAT)
    return min(values), statistics.median(values)


def measure(text: str, rules) -> dict:
    read = read_any(text, rules)
    report = score_record(read.rules, read.record)

    def cli_work():  # what `orbis score --json` does with a file's text
        again = read_any(text, rules)
        score_record(again.rules, again.record).to_json()

    def first_check():  # the first sheet of its options: `shown` tried fact by fact
        api._SHOWN_CACHE.clear()
        api.check(text, rules)

    jobs = {"orbis score --json (read, score)": cli_work,
            "POST /api/check": lambda: api.check(text, rules)}
    if read.rules.is_sheet:
        typing = _being_typed(text)
        jobs["POST /api/check, first of its options"] = first_check
        jobs["POST /api/check, still being typed"] = lambda: api.check(typing, rules)
    return {**jobs,
            "sheet as SVG (scene, write)": lambda: draw(report, read.record, read.rules, "svg"),
            "sheet as PNG (scene, paint, compress)": lambda: draw(report, read.record, read.rules, "png")}


def _being_typed(text: str) -> str:
    """The record still being typed: no player's Terra Mystica network, the first player's Mondo modifier measure in
    the last round."""
    doc = json.loads(text)
    players = doc["rounds"][-1]["players"] if "rounds" in doc else doc["players"]
    for player in players:
        player.pop("network", None)
    players[0].pop("modifier", None)
    return json.dumps(doc)


def main() -> None:
    rules = base_rules()
    print(f"ms per record, best / median of {ROUNDS} rounds of {REPEAT}")
    for label, path in RECORDS.items():
        print(label)
        for name, job in measure((ROOT / path).read_text(encoding="utf-8"), rules).items():
            best, median = timed(job)
            print(f"  {name:<40} {best:8.2f} / {median:8.2f}")


if __name__ == "__main__":
    main()
