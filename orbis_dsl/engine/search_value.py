"""What a search's playout is worth to the searcher: the finished game's score report, or, when the playout stops
at its horizon before the end, an estimate from the live game.

A playout played to the end is scored by the same scorer as `orbis score` (`score_game`, by `Game.score`), the truth;
its value is the searcher's win share plus `MARGIN_WEIGHT` per CP of margin over the best other player. A playout
cut at the horizon is valued by `estimate`: every player's expected final CP, as a weighted sum of the parts of
`standing` (the CP its decided end clauses give now, the printed CP of a clause that cannot be decided yet, the
desert clauses, the god's clauses, the award measures, the realm, the reduction tokens, and whether a god has been
taken). The weights depend on the round: they are fitted to what greedy players' games end with
(`bench/fit_leaf.py`), so they hold the remaining rounds' worth of each part, which the standing's fixed weights do
not (in those games a clause still undecided brought nothing on average, where the standing counts 0.4 of its CP;
a god already taken was worth 1-2.5 CP more at the end than its clauses say, the turn it took being behind its
holder). The margin over the best other player becomes a win chance by a logistic curve of `SPREAD` CP, plus the
same margin weight.

`standing` with the greedy policy's weights (every player's CP if the game ended now, as greedy weighs each part)
is what the game-quality watch reads after every round (`quality_watch.py`).
"""

from __future__ import annotations

import math

from orbis_dsl.engine.policy_greedy import GreedyPolicy, bounded_points

MARGIN_WEIGHT = 0.02  # value of one CP of margin beside a win worth 1
SPREAD = 4.0  # CP of estimated margin that make a win about 73 % likely (logistic scale)


def playout_value(report, seat: int) -> float:
    """The finished game's value for `seat`: its win share plus the margin's weight."""
    me = report.players[seat]
    best_other = max((p.total for i, p in enumerate(report.players) if i != seat), default=me.total)
    share = 1.0 / len(report.winners) if me.winner and report.winners else 0.0
    return share + MARGIN_WEIGHT * (me.total - best_other)


def final_value(game, seat: int) -> float:
    """The value of a playout for `seat`: scored when the game is over, else estimated (`estimate`)."""
    if game.finished:
        return playout_value(game.score(explain=False, lines=False), seat)
    points = estimate(game)
    mine = points[seat]
    best_other = max((p for i, p in enumerate(points) if i != seat), default=mine)
    margin = mine - best_other
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / SPREAD)))) + MARGIN_WEIGHT * margin


# (the last round a row is for, the weights of the parts: decided ends, undecided printed CP, desert clauses, god's
# clauses, award measures, realm, reductions, a god taken), printed by `bench/fit_leaf.py` (its defaults)
LEAF_WEIGHTS = (
    (3, (0.79, 0.0, 0.0, -0.12, 1.23, 0.23, 0.53, 0.46)),
    (6, (1.3, -0.08, -0.31, 0.02, 1.24, 0.34, 1.17, 1.05)),
    (9, (1.17, -0.02, -1.5, -0.08, 1.23, 0.33, 1.21, 1.86)),
    (12, (1.0, -0.04, -0.35, -0.06, 1.18, 0.37, 0.78, 2.48)),
    (None, (1.01, 0.01, 0.5, 0.16, 1.35, 0.31, 0.43, 2.36)),
)
# the greedy policy's weights: what the standing counts (reductions and a god taken count nothing)
GREEDY_WEIGHTS = (1.0, GreedyPolicy.POTENTIAL, 1.0, 1.0, GreedyPolicy.AWARD, GreedyPolicy.WORSHIPPER, 0.0, 0.0)


def estimate(game) -> list[float]:
    """Every player's expected final CP (see the module's docstring): the standing with the round's fitted weights."""
    rnd = game.round
    weights = _ROUND_WEIGHTS.get(rnd)
    if weights is None:
        weights = _ROUND_WEIGHTS[rnd] = next(w for last, w in LEAF_WEIGHTS if last is None or rnd <= last)
    return standing(game, weights)


_ROUND_WEIGHTS: dict = {}  # round -> its row of LEAF_WEIGHTS, found once (every cut playout asks)


def standing(game, weights: tuple = GREEDY_WEIGHTS) -> list[float]:
    """Every player's CP as the game stands, each part weighed by `weights` (see `LEAF_WEIGHTS`; by default as the
    greedy policy weighs them: the CP each would have if the game ended now): an estimate, not a score. The
    game-quality watch's leaders use the default weights (captured in docs and tests)."""
    w_ends, w_open, w_desert, w_god, w_award, w_realm, w_reduced, w_taken = weights
    T = game.tables
    g = game.g
    rules = game.rules
    desert_ends = rules.settings.desert_ends
    awards = list(rules.awards.values())
    limit = T.realm_limit
    out = []
    for me in game.players:
        if g.cache:
            g.cache.clear()
        view = me.view
        points = 0.0
        for tv in view.tiles:
            if tv.desert:
                for end in desert_ends:
                    points += w_desert * bounded_points(end.fn(g, view, tv) or 0)
                continue
            if tv.cancelled:
                continue
            tile = me.tid[tv.pos]
            kind = T.t_kind[tile]
            if kind is None:
                continue
            for end in kind.ends:
                v = end.fn(g, view, tv)
                points += w_open * (T.t_params[tile].get("cp") or 0) if v is None else w_ends * bounded_points(v)
        if me.god is not None:
            points += w_taken
            if not me.god_cancelled:
                for end in rules.gods[me.god].ends:
                    points += w_god * bounded_points(end.fn(g, view) or 0)
        for award in awards:
            points += w_award * bounded_points(award.measure(g, view) or 0)
        realm = sum(me.realm)
        points += w_realm * (min(realm, limit) if limit is not None else realm)
        points += w_reduced * sum(me.reduced)
        out.append(points)
    if g.cache:
        g.cache.clear()
    return out


def finish_from(game, seat: int, turns: int | None = None) -> None:
    """Play on from the start of `seat`'s turn in the current round (the turn order of `Game.play`: every seat
    once per round, seat 0 first): to the end of the game, or for at most `turns` turns."""
    n = len(game.players)
    rounds = game.tables.rounds
    left = turns if turns is not None else n * (rounds + 1)
    s = seat
    while left > 0:
        if s == n:
            if game.round >= rounds:
                break
            game.round += 1
            s = 0
        game.turn(s)
        s += 1
        left -= 1
    if s == n and game.round >= rounds:
        game.finished = True
