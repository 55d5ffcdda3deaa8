"""The search's skill ladder (issue 33): the tree search (`mcts`) at doubling budgets against itself, against the
flat search (`flat`) at equal CPU time, and against greedy, in 2-, 3- and 4-player games with seats rotated.

    python bench/bench_ladder.py                        # the full ladder: an hour or more on two cores
    python bench/bench_ladder.py --parts flat --games 400 --seconds 0.05
    python bench/bench_ladder.py --parts greedy,budgets --games 60

Each match plays `--games` games (a multiple of the players): policy A in one seat and B in the others, A's seat
rotating through every seat, each rotation from its own run seed. A's win share (a shared win counts 1/k) is
printed with its exact 95 % interval beside the fair share 1 / players. Targets: at least 60 % against the flat
search at equal time in 2-player games (400 games), at least 90 % against greedy.

Equal CPU time: both searches get the same seconds per decision (`mcts:0.05s` against `flat:0.05s`), so they
spend the same time whatever a playout costs each; such games depend on the machine's speed and are not
reproducible, unlike the games at fixed budgets. Beside every match: the calibration loop (bench/calibration.py)
before and after, the same-run baseline for the machine's speed.

Game quality (Ludii's measures, as the balance report gives them: docs/balance.md §4), for the greedy players'
games and for the search's self-play: first-player advantage, lead changes, drama (how often the winner was not
leading after three quarters of the rounds), decisiveness (mean winning margin and its quartiles), shared wins,
decision moves (takes whose options the greedy values tell apart by more than 1 CP) and the branching factor.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration import calibration_ms

from orbis_dsl.engine.simulate import run
from orbis_dsl.engine.stats import exact_interval
from orbis_dsl.engine.stats_games import game_quality


def match(a: str, b: str, players: int, games: int, jobs: int, seed: int) -> tuple[float, int]:
    """(A's win share, games): A in one seat, B in the others, A's seat rotating."""
    per = max(1, games // players)
    won = 0.0
    for seat in range(players):
        names = [b] * players
        names[seat] = a
        for r in run(f"{players}p", per, seed + 1000 * seat, names, jobs):
            won += r["players"][seat]["win"]
    return won, per * players


def show(label: str, a: str, b: str, players: int, games: int, jobs: int, seed: int, target: float | None):
    start = time.perf_counter()
    before = calibration_ms(runs=3)
    won, played = match(a, b, players, games, jobs, seed)
    low, high = exact_interval(won, played)
    verdict = "" if target is None else ("; meets" if won / played >= target else "; MISSES") + f" {target:.0%}"
    print(f"{label} {players}p: {a} against {b}: {won / played:.1%} of {played} (95 % {low:.1%}-{high:.1%}; fair "
          f"{1 / players:.0%}{verdict}) [{time.perf_counter() - start:.0f} s; calibration {before:.0f} / "
          f"{calibration_ms(runs=3):.0f} ms]", flush=True)


def quality(policy: str, players: int, games: int, seed: int, jobs: int) -> str:
    """Ludii-style measures of `games` games with every seat on `policy`, as the balance report gives them
    (`engine/stats_games.py`, from what the games record as they are played: `engine/quality_watch.py`)."""
    q = game_quality(run(f"{players}p", games, seed, policy, jobs), 1 / players)
    m = q["margin"]
    return (f"{policy} {players}p, {games} games: first player {100 * q['first_player_advantage']:+.1f} points "
            f"over fair; {q['lead_changes']:.1f} lead changes a game; winner behind after round {q['late_round']} "
            f"in {q['drama']:.0%}; winning margin mean {m['mean']:.1f} CP (quartiles {m['q1']:g}, {m['median']:g}, "
            f"{m['q3']:g}); shared wins {q['shared_win_share']:.1%}; decision moves {q['decision_moves']:.0%} of "
            f"takes; branching factor {q['branching']:.1f} takes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", default="budgets,flat,greedy,quality", help="comma-separated")
    parser.add_argument("--games", type=int, default=400, help="games per match")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--budgets", default="6,12,24,48", help="the doubling budgets of the mcts ladder")
    parser.add_argument("--seconds", type=float, default=0.05, help="seconds per decision for the equal-time match")
    parser.add_argument("--quality-games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    counts = [int(n) for n in args.players.split(",")]
    budgets = [int(b) for b in args.budgets.split(",")]
    if "budgets" in parts:
        for low, high in itertools.pairwise(budgets):
            show("ladder", f"mcts:{high}", f"mcts:{low}", 2, args.games, args.jobs, args.seed, None)
    if "flat" in parts:
        t = f"{args.seconds:g}s"
        for n in counts:
            show("equal time", f"mcts:{t}", f"flat:{t}", n, args.games, args.jobs, args.seed, 0.6 if n == 2 else None)
    if "greedy" in parts:
        for n in counts:
            show("greedy", "mcts", "greedy", n, args.games, args.jobs, args.seed, 0.9 if n == 2 else None)
    if "quality" in parts:
        for policy in ("greedy", "mcts:8"):
            for n in counts:
                print(quality(policy, n, args.quality_games, args.seed, args.jobs), flush=True)


if __name__ == "__main__":
    main()
