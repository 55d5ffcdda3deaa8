"""What a search's playout is worth to the searcher: the finished game's score report, or, when the playout stops
at its horizon before the end, an estimate of the standing from the live game.

A playout played to the end is scored by the same scorer as `orbis score` (`score_game`), the source of truth;
its value is the searcher's win share plus `MARGIN_WEIGHT` per CP of margin over the best other player. A playout
cut at the horizon is valued by `standing`: every player's CP if the game ended now, through the rule set's own
end clauses (a clause that cannot be decided yet counts a share of the printed CP, as the greedy policy counts
it), the god's clauses, the award measures and the realm, each weighed as the greedy policy weighs them. Its
margin becomes a win chance by a logistic curve of `SPREAD` CP, plus the same margin weight.
"""

from __future__ import annotations

import math

from orbis_dsl.engine.policy_greedy import GreedyPolicy, bounded_points
from orbis_dsl.runtime.scoring import score_game

MARGIN_WEIGHT = 0.02  # value of one CP of margin beside a win worth 1
SPREAD = 4.0  # CP of estimated margin that make a win about 73 % likely (logistic scale)


def playout_value(report, seat: int) -> float:
    """The finished game's value for `seat`: its win share plus the margin's weight."""
    me = report.players[seat]
    best_other = max((p.total for i, p in enumerate(report.players) if i != seat), default=me.total)
    share = 1.0 / len(report.winners) if me.winner and report.winners else 0.0
    return share + MARGIN_WEIGHT * (me.total - best_other)


def final_value(game, seat: int) -> float:
    """The value of a playout for `seat`: scored when the game is over, else estimated (`standing`)."""
    if game.finished:
        return playout_value(score_game(game.rules, game.record(), explain=False, lines=False), seat)
    points = standing(game)
    mine = points[seat]
    best_other = max((p for i, p in enumerate(points) if i != seat), default=mine)
    margin = mine - best_other
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / SPREAD)))) + MARGIN_WEIGHT * margin


def standing(game) -> list[float]:
    """Every player's CP as the game stands (see the module's docstring): an estimate, not a score."""
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
                    points += bounded_points(end.fn(g, view, tv) or 0)
                continue
            if tv.cancelled:
                continue
            tile = me.tid[tv.pos]
            kind = T.t_kind[tile]
            if kind is None:
                continue
            for end in kind.ends:
                v = end.fn(g, view, tv)
                points += GreedyPolicy.POTENTIAL * (T.t_params[tile].get("cp") or 0) if v is None else bounded_points(v)
        if me.god is not None and not me.god_cancelled:
            for end in rules.gods[me.god].ends:
                points += bounded_points(end.fn(g, view) or 0)
        for award in awards:
            points += GreedyPolicy.AWARD * bounded_points(award.measure(g, view) or 0)
        realm = sum(me.realm)
        points += GreedyPolicy.WORSHIPPER * (min(realm, limit) if limit is not None else realm)
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
