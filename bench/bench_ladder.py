"""The search's skill ladder (issue 33): the tree search (`mcts`) at doubling budgets against itself, against the
flat search (`flat`) at equal CPU time, and against greedy, in 2-, 3- and 4-player games with seats rotated.

    python bench/bench_ladder.py                        # the full ladder: an hour or more on two cores
    python bench/bench_ladder.py --parts flat --games 400 --seconds 0.05
    python bench/bench_ladder.py --parts greedy,budgets --games 60
    python bench/bench_ladder.py --parts watch          # what recording game quality costs a greedy game

Each match plays `--games` games (a multiple of the players): policy A in one seat and B in the others, A's seat
rotating through every seat, each rotation from its own run seed. A's win share (a shared win counts 1/k) is
printed with its exact 95 % interval beside the fair share 1 / players. Targets: at least 60 % against the flat
search at equal time in 2-player games (400 games), at least 90 % against greedy.

Equal CPU time: both searches get the same CPU seconds per decision (`mcts:0.05s` against `flat:0.05s`; a time
budget counts the process's CPU time, so a loaded machine slows both alike), so they spend the same time whatever
a playout costs each; such games depend on the machine's speed and are not reproducible, unlike the games at
fixed budgets. Parity is checked, not assumed: every match prints each side's CPU milliseconds per searched take
(timed around the choice), since a search may overrun its budget by its last iteration (`flat` finishes its pass
over every candidate). Beside every match: the calibration loop (bench/calibration.py)
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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration import calibration_ms

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.engine.quality_watch import play_watched
from orbis_dsl.engine.simulate import game_seed, policy_seed, run
from orbis_dsl.engine.stats import exact_interval
from orbis_dsl.engine.stats_games import game_quality
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.scoring import score_game


def _timed_game(job) -> tuple[list[float], list[list[float]]]:
    """One game of a match: each seat's win share, and each seat's [CPU seconds, takes] spent on takes with more
    than one option (what a search searches), timed around the policy's choice."""
    names, seed, index = job
    rules = base_rules()
    s = game_seed(seed, index)
    policies = [make_policy(name, policy_seed(s, seat)) for seat, name in enumerate(names)]
    spent = [[0.0, 0] for _ in names]
    for policy, cell in zip(policies, spent):
        def timed(game, me, slots, gods, inner=policy.choose_take, cell=cell):
            start = time.process_time()
            choice = inner(game, me, slots, gods)
            if len(slots) + len(gods) > 1:
                cell[0] += time.process_time() - start
                cell[1] += 1
            return choice
        policy.choose_take = timed
    game = Game(rules, deal(rules, f"{len(names)}p", s), policies).play()
    report = score_game(rules, game.record(), explain=False, lines=False)
    share = 1 / len(report.winners)
    return [share if p.winner else 0.0 for p in report.players], spent


def match(a: str, b: str, players: int, games: int, jobs: int, seed: int) -> tuple[float, int, float, float]:
    """(A's win share, games, A's and B's CPU seconds per searched take): A in one seat, B in the others, A's
    seat rotating, each rotation from its own run seed (the games `simulate.run` would deal and play)."""
    per = max(1, games // players)
    jobs_list, seats = [], []
    for seat in range(players):
        names = [b] * players
        names[seat] = a
        jobs_list += [(names, seed + 1000 * seat, i) for i in range(per)]
        seats += [seat] * per
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        outcomes = list(pool.map(_timed_game, jobs_list, chunksize=4))
    won = 0.0
    cpu = {"a": [0.0, 0], "b": [0.0, 0]}
    for seat, (shares, spent) in zip(seats, outcomes):
        won += shares[seat]
        for k, (seconds, takes) in enumerate(spent):
            side = cpu["a" if k == seat else "b"]
            side[0] += seconds
            side[1] += takes
    per_take = {k: v[0] / v[1] if v[1] else 0.0 for k, v in cpu.items()}
    return won, per * players, per_take["a"], per_take["b"]


def show(label: str, a: str, b: str, players: int, games: int, jobs: int, seed: int, target: float | None):
    start = time.perf_counter()
    before = calibration_ms(runs=3)
    won, played, cpu_a, cpu_b = match(a, b, players, games, jobs, seed)
    low, high = exact_interval(won, played)
    verdict = "" if target is None else ("; meets" if won / played >= target else "; MISSES") + f" {target:.0%}"
    print(f"{label} {players}p: {a} against {b}: {won / played:.1%} of {played} (95 % {low:.1%}-{high:.1%}; fair "
          f"{1 / players:.0%}{verdict}); CPU a searched take {1000 * cpu_a:.1f} ms against {1000 * cpu_b:.1f} ms "
          f"[{time.perf_counter() - start:.0f} s; calibration {before:.0f} / {calibration_ms(runs=3):.0f} ms]",
          flush=True)


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


def watch_cost(blocks: int = 12, per: int = 20) -> str:
    """What recording the game-quality measures costs a greedy game (`quality_watch.play_watched` against
    `Game.play`): the same 2-player games both ways, in alternating blocks, CPU time of this process."""
    rules = base_rules()
    spent = [0.0, 0.0]
    for block in range(blocks):
        for watched in ((False, True) if block % 2 == 0 else (True, False)):
            start = time.process_time()
            for i in range(block * per, (block + 1) * per):
                game = Game(rules, deal(rules, "2p", i), [make_policy("greedy", 10 * i + k) for k in range(2)])
                play_watched(game) if watched else game.play()
            spent[watched] += time.process_time() - start
    return (f"watch: {blocks * per} greedy 2-player games: Game.play {spent[0]:.2f} s of CPU, watched "
            f"{spent[1]:.2f} s ({spent[1] / spent[0]:.3f}x)")


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
        for n in counts:
            for low, high in itertools.pairwise(budgets):
                show("ladder", f"mcts:{high}", f"mcts:{low}", n, args.games, args.jobs, args.seed, None)
    if "flat" in parts:
        t = f"{args.seconds:g}s"
        for n in counts:
            show("equal time", f"mcts:{t}", f"flat:{t}", n, args.games, args.jobs, args.seed, 0.6 if n == 2 else None)
    if "greedy" in parts:
        for n in counts:
            show("greedy", "mcts", "greedy", n, args.games, args.jobs, args.seed, 0.9 if n == 2 else None)
    if "watch" in parts:
        print(watch_cost(), flush=True)
    if "quality" in parts:
        for policy in ("greedy", "mcts:8"):
            for n in counts:
                print(quality(policy, n, args.quality_games, args.seed, args.jobs), flush=True)


if __name__ == "__main__":
    main()
