"""The fast greedy held to the plain one (greedy_plain.py) under a rule set's classification, made right or wrong:
shared by the tests of what a handler reads (test_place_free.py) and of what a tile keeps (test_tile_fixed.py)."""

from __future__ import annotations

import pytest
from engine.greedy_plain import PlainGreedy

from orbis_dsl.engine import bytecode
from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_greedy import GreedyPolicy, forget_shared_values
from orbis_dsl.engine.state import tables_for

# The tests that hold the readers' classification to what CPython 3.11's bytecode gives; on another Python they
# would find only that nothing was classified, which test_bytecode_gate.py checks.
needs_readable_bytecode = pytest.mark.skipif(
    not bytecode.READABLE, reason="the handlers' bytecode is read only on CPython 3.11 (engine/bytecode.py)")


def records(rules, seed, policy, players=2):
    """The record of a game of `players` seats, every seat played by `policy`."""
    return play_game(rules, f"{players}p", seed, [policy(s) for s in range(players)]).record()


def fast_differs(rules, seeds, **wrong) -> bool:
    """Whether, with the tables' classification replaced by `wrong`, the fast greedy plays any of `seeds`
    otherwise than the plain one (or fails). The values kept across turns are dropped before and after: a wrong
    one must not outlive its test in this process."""
    T = tables_for(rules)
    kept = {name: getattr(T, name) for name in wrong}
    forget_shared_values()
    try:
        for name, value in wrong.items():
            setattr(T, name, value)
        for seed in seeds:
            try:
                if records(rules, seed, GreedyPolicy) != records(rules, seed, PlainGreedy):
                    return True
            except (TypeError, AttributeError):  # e.g. a dry run that asks to be paid from no realm
                return True
        return False
    finally:
        for name, value in kept.items():
            setattr(T, name, value)
        forget_shared_values()
