"""Engine speed against today's engine (issue 33), both measured in this run: greedy-against-greedy playouts, the
search's playouts, and a 4-player game with every seat searching.

    python bench/bench_engine.py                      # about three minutes on a quiet machine
    python bench/bench_engine.py --baseline df31104 --games 200   # against the engine before issue 33

The baseline (`--baseline`) is acacd6a, the engine before issue 33's third pass (df31104: before the issue),
checked out into a git worktree under /tmp (once) and imported in a subprocess; this checkout is measured in
another subprocess with the same code, so each figure has its same-run baseline beside it. The two take turns,
`--repeat` subprocesses each (baseline, this checkout, baseline, ...), each timing every figure once, so that
both meet the same drift of a shared machine's speed. Every figure is CPU time of one process (one core), best
of `--repeat`: the least disturbed by the other load.
Each timing starts cold: the tile values a search shares within a process (by rules, options and handler key)
are dropped before it, so a repeat does not find the games it has just played already worked out.

- *greedy playouts*: complete 2-player games, greedy against greedy, dealt, played and scored as `orbis
  simulate` scores them (target: at least 3x the baseline);
- *search playouts*: playouts per CPU second of the default `mcts` (the baseline's `mcts` is today's `flat`),
  and playouts per decision (the baseline spent about half its budget);
- *4-player search game*: CPU seconds of one 4-player game with every seat on the default `mcts` (target: at
  most 0.7 s).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration import calibration_ms

ROOT = Path(__file__).resolve().parent.parent

_MEASURE = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1])
from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.language.ruleset import base_rules
games, search_games, repeat = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rules = base_rules()
import orbis_dsl.engine.policy_greedy as greedy_module
def cpu(f):
    best = float("inf")
    for _ in range(repeat):
        # every timing starts with no search values shared from an earlier one (the same games played again
        # would find every value known); the baseline keeps none between decisions
        getattr(greedy_module, "forget_shared_values", lambda: None)()
        start = time.process_time(); f(); best = min(best, time.process_time() - start)
    return best
def greedy():
    for i in range(games):
        play_game(rules, "2p", i, [GreedyPolicy(), GreedyPolicy()]).score(explain=False)
greedy()
out = {"greedy_games_per_s": games / cpu(greedy)}
counts = {}
def search_2p():
    counts["playouts"] = counts["decisions"] = 0
    for i in range(search_games):
        p = make_policy("mcts", 100 + i)
        play_game(rules, "2p", 50 + i, [p, GreedyPolicy()]).score(explain=False)
        counts["playouts"] += p.playouts; counts["decisions"] += p.decisions
seconds = cpu(search_2p)
out["search_playouts_per_s"] = counts["playouts"] / seconds
out["search_playouts_per_decision"] = counts["playouts"] / counts["decisions"]
def search_4p():
    for i in range(max(1, search_games // 4)):
        play_game(rules, "4p", 70 + i, [make_policy("mcts", 10 * i + s) for s in range(4)]).score(explain=False)
out["search_4p_game_s"] = cpu(search_4p) / max(1, search_games // 4)
print(json.dumps(out))
'''


def baseline_checkout(commit: str) -> Path:
    """A worktree of `commit` under /tmp, made once."""
    folder = Path("/tmp") / f"orbis-baseline-{commit}"
    if not (folder / "orbis_dsl").is_dir():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(folder), commit],
                       check=True, capture_output=True)
    return folder


def measure(checkout: Path, games: int, search_games: int, repeat: int) -> dict:
    result = subprocess.run([sys.executable, "-c", _MEASURE, str(checkout), str(games), str(search_games),
                             str(repeat)], check=True, capture_output=True, text=True, cwd=str(checkout))
    return json.loads(result.stdout)


def measure_alternately(old: Path, new: Path, games: int, search_games: int, repeat: int) -> tuple[dict, dict]:
    """Both checkouts measured `repeat` times, taking turns (baseline, this checkout, baseline, ...), one timing of
    each figure a turn, and the best of each kept (the most games or playouts per second, the fewest seconds):
    on a shared machine whose speed drifts within minutes, the two sides then meet the same drift rather than one
    side a quiet minute and the other a busy one."""
    runs: tuple[list, list] = ([], [])
    for _ in range(repeat):
        runs[0].append(measure(old, games, search_games, 1))
        runs[1].append(measure(new, games, search_games, 1))
    return tuple({"greedy_games_per_s": max(r["greedy_games_per_s"] for r in side),
                  "search_playouts_per_s": max(r["search_playouts_per_s"] for r in side),
                  "search_playouts_per_decision": side[0]["search_playouts_per_decision"],
                  "search_4p_game_s": min(r["search_4p_game_s"] for r in side)} for side in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="acacd6a", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=200, help="greedy games per timing")
    parser.add_argument("--search-games", type=int, default=8, help="2-player search games per timing (and a "
                                                                     "quarter as many 4-player ones)")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print(f"baseline: calibration loop, best of 5: {calibration_ms(runs=5):.1f} ms")
    old, new = measure_alternately(baseline_checkout(args.baseline), ROOT, args.games, args.search_games,
                                   args.repeat)
    print(f"greedy against greedy, 2 players, games per CPU second: {new['greedy_games_per_s']:.0f} "
          f"(baseline {args.baseline}: {old['greedy_games_per_s']:.0f}; "
          f"{new['greedy_games_per_s'] / old['greedy_games_per_s']:.2f}x; target 3x)")
    print(f"search playouts per CPU second, default mcts against greedy, 2 players: "
          f"{new['search_playouts_per_s']:.0f} (baseline: {old['search_playouts_per_s']:.0f}; "
          f"{new['search_playouts_per_s'] / old['search_playouts_per_s']:.2f}x); playouts per decision "
          f"{new['search_playouts_per_decision']:.1f} (baseline {old['search_playouts_per_decision']:.1f})")
    print(f"4-player game, every seat on the default mcts, CPU s: {new['search_4p_game_s']:.2f} (baseline: "
          f"{old['search_4p_game_s']:.2f}; target 0.7)")
    print(f"baseline: calibration loop, best of 5: {calibration_ms(runs=5):.1f} ms (again)")


if __name__ == "__main__":
    main()
