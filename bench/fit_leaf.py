"""Fit the search's leaf weights (`search_value.LEAF_WEIGHTS`): what each part of the standing is worth at the end.

    python bench/fit_leaf.py                 # 400 games each of 2, 3 and 4 players: about a minute of CPU
    python bench/fit_leaf.py --games 100

A search's playout stops at its horizon, rounds before the end, and is valued by an estimate of every player's
final CP. This plays greedy games (each seat the greedy policy or the search's playout policy, alternating, as a
search's playouts and its opponents play), takes every player's parts of the standing after every round (the
CP of decided end clauses, the printed CP of undecided ones, desert clauses, the god's clauses, award measures,
the realm, reduction tokens, whether a god is taken: `search_value.standing` with one part weighed 1 and the
rest 0), and fits, for each bucket of rounds, the final CP over the other players' mean by the same difference
of parts: least squares with a light ridge (`--ridge`), which keeps a part that rarely varies in a bucket (a
desert in the first rounds) from taking a wild weight. It prints the table `LEAF_WEIGHTS` holds, and each bucket's
spread of the final margin left unexplained, beside what the greedy weights (the standing) leave.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy, QuickGreedyPolicy
from orbis_dsl.engine.search_value import GREEDY_WEIGHTS, standing
from orbis_dsl.language.ruleset import base_rules

PARTS = len(GREEDY_WEIGHTS)
BUCKETS = (3, 6, 9, 12, None)  # the last round of each bucket (None: to the end)


def parts(game) -> np.ndarray:
    """[player, part]: each part of every player's standing, through `standing` itself (one part weighed 1)."""
    unit = np.eye(PARTS)
    return np.array([standing(game, tuple(unit[k])) for k in range(PARTS)]).T


def samples(games: int) -> list[tuple[int, np.ndarray, list[float]]]:
    """(round, parts, final totals) after every round of `games` games of each of 2, 3 and 4 players."""
    rules = base_rules()
    out = []
    for n in (2, 3, 4):
        for i in range(games):
            policies = [QuickGreedyPolicy(1000 * n + 10 * i + s) if (i + s) % 2 else GreedyPolicy(s) for s in range(n)]
            game = Game(rules, deal(rules, f"{n}p", 60000 + 1000 * n + i), policies)
            snaps = []
            game.play(after_round=lambda g, snaps=snaps: snaps.append((g.round, parts(g))))
            totals = [p.total for p in game.score(explain=False).players]
            out += [(r, p, totals) for r, p in snaps]
    return out


def rows(data, low: int, high: int | None):
    """(X, y): each player's parts less the others' mean, and its final CP less theirs, in rounds low..high."""
    xs, ys = [], []
    for r, p, totals in data:
        if r < low or (high is not None and r > high):
            continue
        n = len(totals)
        for i in range(n):
            others = [j for j in range(n) if j != i]
            xs.append(p[i] - p[others].mean(0))
            ys.append(totals[i] - np.mean([totals[j] for j in others]))
    return np.array(xs), np.array(ys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games of each player count")
    parser.add_argument("--ridge", type=float, default=50.0)
    args = parser.parse_args()
    data = samples(args.games)
    low = 1
    print("LEAF_WEIGHTS = (")
    for high in BUCKETS:
        x, y = rows(data, low, high)
        w = np.linalg.solve(x.T @ x + args.ridge * np.eye(PARTS), x.T @ y)
        s = x @ np.array(GREEDY_WEIGHTS)
        slope, icpt = np.polyfit(s, y, 1)
        left, by_standing = np.std(y - x @ w), np.std(y - slope * s - icpt)
        print(f"    ({high}, ({', '.join(f'{v:.2f}'.rstrip('0').rstrip('.') for v in w)})),  # rounds {low}-"
              f"{high or 'end'}: unexplained {left:.2f} CP, by the standing {by_standing:.2f}")
        low = (high or 0) + 1
    print(")")


if __name__ == "__main__":
    main()
