"""God win rates adjusted for seat and pick order: a logistic regression of winning on god, seat and pick order.

A god's raw win rate mixes what the god does with who takes it and when. A strong god is taken early, often by
the first seat, and the seats do not win alike (in 2-player games the second seat wins more). So in a pack of
identical gods, the god a search happened to take first looked weak: it was held most often from the losing
seat. The model separates them:

    logit P(win) = intercept + god effect + seat effect + pick-order effect

with one observation per player (a shared win counts its 1/k share, as a fractional binomial response), gods in
sum-to-zero coding (each god's effect is measured against the average god, so no god is the reference), and
seat and pick order (1 = the first god taken in the game) as treatment dummies (a seat or pick-order column
that the others already determine is left out). The players of one game are not independent (one wins when
another loses, so a god's holder and its rivals move in opposite ways), so the standard errors are
cluster-robust by game: plain ones were too small, and flagged a god that did nothing in a synthetic run.

The test of a god is the Wald test of its effect (H0: it is the average god). Gods held fewer than `MIN_HELD`
times are left out of the model (their raw exact test stands), and a fit that does not converge to finite,
moderate effects (separation, in small runs) gives no adjusted rates at all. A god's **adjusted win rate** is
the model's win rate of every observed player had they held that god, averaged over the players (marginal
standardization), with the interval from the effect's interval taken through the same average.

statsmodels fits it (the `balance` extra: `pip install 'orbis-dsl[balance]'`); without it `adjusted_gods`
returns None and the report says so.
"""

from __future__ import annotations

import importlib.util
import math
import warnings

Z95 = 1.959963984540054
MIN_HELD = 10  # a god held fewer times is left out of the model (and tested by its raw rate)
MAX_EFFECT = 8.0  # a log-odds beyond this is a fit running away (separation), not an estimate


def statsmodels_available() -> bool:
    """Whether statsmodels is installed: looked up, not imported (importing it and the scipy and pandas it brings
    costs a second or more of CPU, and a run too small to fit the model only needs this for its note)."""
    return importlib.util.find_spec("statsmodels") is not None


def pick_orders(game: dict) -> dict[int, int]:
    """seat → the order its god was taken in among the game's gods (1 = first): by round, then by seat (the
    turn order within a round)."""
    taken = sorted((p.get("god_round", 0), p["seat"]) for p in game["players"] if p["god"] is not None)
    return {seat: i + 1 for i, (_, seat) in enumerate(taken)}


def adjusted_gods(results: list[dict]) -> dict | None:
    """{god: {effect, low, high, p, rate, rate_low, rate_high}} from the model above; None when statsmodels is
    missing or the model cannot be fitted (fewer than two gods, no variation in winning, separation)."""
    rows = _rows(results)
    gods = sorted({row[0] for row in rows})
    if len(gods) < 2 or len({row[3] for row in rows}) < 2:
        return None  # nothing to fit: decided before paying for statsmodels' import
    try:  # the GLM and its family alone, not statsmodels.api (every model and the formula interface)
        import numpy as np
        from scipy.special import expit
        from statsmodels.genmod.families import Binomial
        from statsmodels.genmod.generalized_linear_model import GLM
    except ImportError:
        return None
    levels = (gods, sorted({row[1] for row in rows}), sorted({row[2] for row in rows}))
    X = _design(np, rows, levels, None)
    k = len(gods)
    keep = _independent_columns(np, X, k)
    if keep is None:
        return None
    X = X[:, keep]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # separation or fractional responses: the fit is still the MLE asked for
        try:
            fit = GLM(np.array([row[3] for row in rows], dtype=float), X, family=Binomial()).fit(
                cov_type="cluster", cov_kwds={"groups": np.array([row[4] for row in rows])})
        except (ValueError, np.linalg.LinAlgError):
            return None
    params, cov = fit.params, fit.cov_params()
    if not fit.converged or not np.all(np.isfinite(params)) or np.max(np.abs(params)) > MAX_EFFECT:
        return None  # (quasi-)separation: no finite estimate to test
    out = {}
    for gi, god in enumerate(gods):
        c = np.zeros(X.shape[1])
        c[1:k] = -1.0 if gi == k - 1 else 0.0  # sum-to-zero: the last god is minus all the others
        if gi < k - 1:
            c[1 + gi] = 1.0
        effect = float(c @ params)
        se = float(math.sqrt(max(0.0, c @ cov @ c)))
        low, high = effect - Z95 * se, effect + Z95 * se
        p = math.erfc(abs(effect) / se / math.sqrt(2)) if se > 0 else 1.0
        base = _design(np, rows, levels, god)[:, keep] @ params - effect  # everyone holding god, its effect out
        rate = [round(float(np.mean(expit(base + shift))), 4) for shift in (effect, low, high)]
        out[god] = {"effect": round(effect, 4), "low": round(low, 4), "high": round(high, 4), "p": round(p, 6),
                    "rate": rate[0], "rate_low": rate[1], "rate_high": rate[2]}
    return out


def _rows(results: list[dict]) -> list[tuple]:
    """(god, seat, pick order, win, game) per player holding a god held at least MIN_HELD times: a god held a
    few times can make the fit diverge (held once and lost, its effect runs to minus infinity, and IRLS then
    reports nonsense standard errors), so it is left to its raw test."""
    rows = [(p["god"], p["seat"], order.get(p["seat"], 0), p["win"], i)
            for i, r in enumerate(results) for order in (pick_orders(r),) for p in r["players"]
            if p["god"] is not None]
    held: dict[str, int] = {}
    for g, *_ in rows:
        held[g] = held.get(g, 0) + 1
    return [row for row in rows if held[row[0]] >= MIN_HELD]


def _design(np, rows, levels, god: str | None):
    """The design matrix: intercept, gods in sum-to-zero coding, seat and pick-order dummies (first level the
    reference); with `god`, every row as if its player held that god."""
    gods, seats, orders = levels
    k = len(gods)
    g_index = {g: i for i, g in enumerate(gods)}
    X = np.zeros((len(rows), k + len(seats) - 1 + len(orders) - 1))
    X[:, 0] = 1.0
    for i, (g, s, o, _, _) in enumerate(rows):
        gi = g_index[god if god is not None else g]
        if gi < k - 1:
            X[i, 1 + gi] = 1.0
        else:
            X[i, 1:k] = -1.0
        si, oi = seats.index(s), orders.index(o)
        if si > 0:
            X[i, k + si - 1] = 1.0
        if oi > 0:
            X[i, k + len(seats) - 2 + oi] = 1.0
    return X


def _independent_columns(np, X, k: int) -> list[int] | None:
    """The columns to fit: the intercept and gods (None if even they are dependent), then each seat or pick-order
    column that adds to the others (in 2-player games where the first seat always takes the first god, seat and
    pick order are one thing)."""
    if np.linalg.matrix_rank(X[:, :k]) < k:
        return None
    keep = list(range(k))
    for column in range(k, X.shape[1]):
        if np.linalg.matrix_rank(X[:, [*keep, column]]) == len(keep) + 1:
            keep.append(column)
    return keep
