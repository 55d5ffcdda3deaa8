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

Game quality (Ludii's measures), for the greedy players' games and for the search's self-play: first-player
advantage, lead changes (the leader by CP at the end of each round, counted with the finished game's scorer),
drama (how often the winner was not leading after three quarters of the rounds), decisiveness (mean winning margin
and its quartiles), shared wins, decision moves (takes whose options the greedy values tell apart by more than
1 CP) and the branching factor (legal takes per turn).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration import calibration_ms

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.engine.simulate import game_seed, policy_seed, run
from orbis_dsl.engine.state import EMPTY
from orbis_dsl.engine.stats import exact_interval
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.scoring import score_game


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


class _Watch(GreedyPolicy):
    """Greedy, counting legal takes and decision moves (options the greedy values tell apart by > 1 CP)."""

    def __init__(self, inner, counts):
        super().__init__()
        self.inner, self.counts = inner, counts

    def choose_take(self, game, me, slots, gods):
        slot_values, god_values = self.take_values(game, me, slots, gods)
        values = sorted((v for v, _ in slot_values + god_values), reverse=True)
        self.counts["turns"] += 1
        self.counts["options"] += len(values)
        self.counts["decisions"] += len(values) > 1 and values[0] - values[-1] > 1.0
        return self.inner.choose_take(game, me, slots, gods)

    def __getattribute__(self, name):
        if name.startswith("choose_") and name != "choose_take":
            return getattr(object.__getattribute__(self, "inner"), name)
        return object.__getattribute__(self, name)


def _so_far(game):
    """The record of an unfinished game, its empty places left empty (a record shows them as deserts)."""
    record = game.record()
    board = game.rules.board
    players = []
    for me, p in zip(game.players, record.players):
        rows = tuple(tuple(None if me.pc[board.position(r, i)] == EMPTY else tile for i, tile in enumerate(row))
                     for r, row in enumerate(p.pyramid))
        players.append(p._replace(pyramid=rows))
    return record._replace(players=tuple(players))


def quality(policy: str, players: int, games: int, seed: int) -> str:
    """Ludii-style measures of `games` games with every seat on `policy` (one process)."""
    rules = base_rules()
    counts = {"turns": 0, "options": 0, "decisions": 0}
    first = changes = drama = shared = 0.0
    margins = []
    for i in range(games):
        s = game_seed(seed, i)
        policies = [_Watch(make_policy(policy, policy_seed(s, k)), counts) for k in range(players)]
        game = Game(rules, deal(rules, f"{players}p", s), policies)
        leaders = []
        rounds = game.tables.rounds
        while game.round < rounds:
            game.round += 1
            for seat in range(players):
                game.turn(seat)
            totals = [p.total for p in score_game(rules, _so_far(game), explain=False, lines=False).players]
            leaders.append(max(range(players), key=lambda k: (totals[k], -k)))
        report = score_game(rules, game.record(), explain=False, lines=False)
        winners = [k for k, p in enumerate(report.players) if p.winner]
        first += (1 / len(winners)) if 0 in winners else 0
        shared += len(winners) > 1
        changes += sum(1 for x, y in itertools.pairwise(leaders) if x != y)
        drama += leaders[(3 * rounds) // 4 - 1] not in winners
        totals = sorted((p.total for p in report.players), reverse=True)
        margins.append(totals[0] - totals[1])
    q = statistics.quantiles(margins, n=4) if len(margins) > 1 else [margins[0]] * 3
    return (f"{policy} {players}p, {games} games: first player wins {first / games:.1%} (fair {1 / players:.0%}); "
            f"{changes / games:.1f} lead changes a game; winner behind after 3/4 of the rounds in "
            f"{drama / games:.0%}; winning margin mean {statistics.mean(margins):.1f} CP (quartiles {q[0]:.0f}, "
            f"{q[1]:.0f}, {q[2]:.0f}); shared wins {shared / games:.1%}; decision moves "
            f"{counts['decisions'] / counts['turns']:.0%} of takes; branching factor "
            f"{counts['options'] / counts['turns']:.1f} takes")


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
                print(quality(policy, n, args.quality_games, args.seed), flush=True)


if __name__ == "__main__":
    main()
