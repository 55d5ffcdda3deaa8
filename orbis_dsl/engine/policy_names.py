"""The policies by name: what `--policy` (and a sweep's `policies`) accepts, and the player each name builds."""

from __future__ import annotations

from orbis_dsl.engine.policy import Policy
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_random import RandomPolicy

# mcts: `search.py`, flat: `search_flat.py`, loaded on use
POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "mcts": None, "flat": None}
SEARCHES = ("mcts", "flat")


def policy_problem(name: str) -> str | None:
    """None when `name` names a policy (`random`, `greedy`, `mcts`, `mcts:ROLLOUTS` or `mcts:SECONDSs`, and
    `flat` likewise), else what is wrong."""
    base, colon, budget = name.partition(":")
    if base not in POLICIES:
        return f"unknown policy '{name}'"
    if colon and base not in SEARCHES:
        return f"policy '{base}' takes no budget"
    if colon and _seconds(budget) is None and _rollouts(budget) is None:
        return (f"'{name}': the budget after '{base}:' is a whole number of rollouts per decision, at least 1 "
                f"and at most {MAX_ROLLOUTS:,}, or seconds per decision such as 0.5s")
    return None


MAX_ROLLOUTS = 1_000_000  # playouts per decision: hours a decision already, as `_seconds` stops at an hour


def _rollouts(budget: str) -> int | None:
    """'24' → 24; anything else, or a count out of 1 to MAX_ROLLOUTS, → None. (Counted by its digits before
    `int` reads it: Python refuses to read a number of over 4,300 digits, and `isdigit` takes digits such as '²'
    that `int` does not.)"""
    if not (budget.isascii() and budget.isdigit()) or len(budget.lstrip("0")) > len(str(MAX_ROLLOUTS)):
        return None
    return int(budget) if 0 < int(budget) <= MAX_ROLLOUTS else None


def _seconds(budget: str) -> float | None:
    """'0.5s' → 0.5; anything else → None."""
    try:
        seconds = float(budget[:-1]) if budget.endswith("s") else None
    except ValueError:
        return None
    return seconds if seconds is not None and 0 < seconds < 3600 else None


def make_policy(name: str, seed=None) -> Policy:
    problem = policy_problem(name)
    if problem is not None:
        raise ValueError(f"{problem} (expected one of: {', '.join(POLICIES)})")
    base, _, budget = name.partition(":")
    if base in SEARCHES:
        if base == "mcts":
            from orbis_dsl.engine.search import SearchPolicy as search
        else:
            from orbis_dsl.engine.search_flat import FlatSearchPolicy as search

        if _seconds(budget) is not None:
            return search(seed, seconds=_seconds(budget))
        return search(seed, rollouts=int(budget)) if budget else search(seed)
    return POLICIES[base](seed)
