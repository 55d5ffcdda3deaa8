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
    if colon and _seconds(budget) is None and not (budget.isdigit() and int(budget) > 0):
        return (f"'{name}': the budget after '{base}:' is a whole number of rollouts per decision, at least 1, "
                f"or seconds per decision such as 0.5s")
    return None


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
