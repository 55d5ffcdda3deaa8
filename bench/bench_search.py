"""Search benchmark: the strength of the `mcts` policy against `greedy`, and its speed.

    python bench/bench_search.py                       # 400 2-player games on 2 processes: a few minutes
    python bench/bench_search.py --games 100 --jobs 1 --policy mcts:16
    python bench/bench_search.py --four 4 --games 0    # only the 4-player timing: a few minutes

Strength: `--games` 2-player games, half with the search in seat 1 and half in seat 2 (each half its own run
seed, so no deal is played twice), its win share with a 95 % Wilson interval. Target: at least 65 %.
Speed: decisions per second (takes decided by a search) and games per second of the searcher against greedy in
this process, beside greedy-against-greedy games per second measured in the same run (the baseline: a search
game costs that many greedy games).
Four players (`--four N`): N 4-player games with every seat on the default `mcts`, CPU seconds a game (issue 33's
target: at most 0.7 s; bench/bench_engine.py has the figure against an older engine), beside the same games with
the horizon the search had before issue 33's fifth pass (13 turns in 4-player games: the searcher's fourth take),
played in the same process in alternating order, and the playout turns each plays.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orbis_dsl.engine.policy_greedy as greedy_module
from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.engine.simulate import run
from orbis_dsl.engine.stats import wilson
from orbis_dsl.language.ruleset import base_rules


def strength(policy: str, games: int, jobs: int, seed: int) -> tuple[float, int]:
    """(win share of `policy`, games) over `games` 2-player games against greedy, seats alternated."""
    half = games // 2
    won = 0.0
    for seat, order, run_seed in ((0, f"{policy},greedy", seed), (1, f"greedy,{policy}", seed + 1)):
        for result in run("2p", half, run_seed, order, jobs):
            won += result["players"][seat]["win"]
    return won, 2 * half


def speed(policy: str, games: int, seed: int) -> tuple[float, float, float]:
    """(search decisions/s, search games/s, greedy-only games/s), one process, the same deals for both."""
    rules = base_rules()
    start = time.perf_counter()
    decisions = 0
    for i in range(games):
        searcher = make_policy(policy, seed + i)
        seats = [searcher, GreedyPolicy()] if i % 2 == 0 else [GreedyPolicy(), searcher]
        play_game(rules, "2p", seed + i, seats).score(explain=False)
        decisions += searcher.decisions
    elapsed = time.perf_counter() - start
    start = time.perf_counter()
    for i in range(games):
        play_game(rules, "2p", seed + i, [GreedyPolicy(), GreedyPolicy()]).score(explain=False)
    baseline = games / (time.perf_counter() - start)
    return decisions / elapsed, games / elapsed, baseline


def four_players(games: int, seed: int = 70) -> str:
    """CPU seconds of a 4-player game searched in every seat, at the default horizon and at 13 turns (see the
    module's docstring); every timing starts with no tile values shared from an earlier one."""
    from orbis_dsl.engine.search import SearchPolicy

    rules = base_rules()
    spent = {7: [0.0, 0, 0], 13: [0.0, 0, 0]}  # horizon -> [CPU s, playouts, playout turns]
    for i in range(games):
        for horizon in ((None, 13) if i % 2 == 0 else (13, None)):
            policies = [SearchPolicy(10 * i + s) if horizon is None else SearchPolicy(10 * i + s, horizon=horizon)
                        for s in range(4)]
            greedy_module.forget_shared_values()
            start = time.process_time()
            play_game(rules, "4p", seed + i, policies).score(explain=False)
            cell = spent[horizon or 7]
            cell[0] += time.process_time() - start
            cell[1] += sum(p.playouts for p in policies)
            cell[2] += sum(p.turns for p in policies)
    now, before = spent[7], spent[13]
    return (f"4 players ({games} games, every seat on the default mcts, one process): {now[0] / games:.2f} s of CPU "
            f"a game, {now[2] / now[1]:.1f} turns a playout; at the horizon of 13 turns {before[0] / games:.2f} s, "
            f"{before[2] / before[1]:.1f} turns a playout ({before[0] / now[0]:.2f}x); target 0.7 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games for the strength figure (even)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the strength figure")
    parser.add_argument("--speed-games", type=int, default=20, help="games for the speed figures")
    parser.add_argument("--policy", default="mcts", help="the search policy and its budget, e.g. mcts:48")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--four", type=int, default=0, help="4-player games searched in every seat, to time")
    args = parser.parse_args()
    if args.four:
        print(four_players(args.four), flush=True)
    if not args.games:
        return

    decisions, games, baseline = speed(args.policy, args.speed_games, args.seed)
    print(f"speed ({args.speed_games} 2-player games, one process): {args.policy} against greedy "
          f"{decisions:.1f} decisions/s, {games:.2f} games/s; greedy against greedy {baseline:.1f} games/s")
    start = time.perf_counter()
    won, played = strength(args.policy, args.games, args.jobs, args.seed)
    low, high = wilson(won, played)
    verdict = "meets" if won / played >= 0.65 else "MISSES"
    print(f"strength: {args.policy} won {won:g} of {played} 2-player games against greedy, seats alternated: "
          f"{won / played:.1%} (95 % interval {low:.1%}-{high:.1%}); {verdict} the 65 % target "
          f"[{time.perf_counter() - start:.0f} s on {args.jobs} process{'es' if args.jobs > 1 else ''}]")


if __name__ == "__main__":
    main()
