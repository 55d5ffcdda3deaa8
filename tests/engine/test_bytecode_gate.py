"""On a bytecode the engine's readers were not written for (engine/bytecode.py), nothing is classified from
instructions, and the games are the plain greedy's all the same: slower, never different."""

from __future__ import annotations

import pytest
from engine.fast_vs_plain import fast_differs, needs_readable_bytecode, records
from engine.greedy_plain import PlainGreedy

from orbis_dsl.engine import bytecode, state
from orbis_dsl.engine.policy_greedy import GreedyPolicy, forget_shared_values
from orbis_dsl.engine.state import tables_for
from orbis_dsl.language.ruleset import base_rules


@pytest.fixture
def unreadable(monkeypatch):
    """Tables built as on another Python: the readers off, and no tables or kept values from before."""
    monkeypatch.setattr(bytecode, "READABLE", False)
    monkeypatch.setattr(state, "_TABLES", {})
    forget_shared_values()
    yield
    forget_shared_values()


def test_nothing_is_classified_from_bytecode(unreadable):
    T = tables_for(base_rules())
    assert not any(T.measures_sum) and not any(T.measures_fixed)
    assert not any(T.t_kept) and all(region is None for region in T.t_region)
    assert not T.desert_kept and not T.kept_any


def test_the_games_are_the_plain_greedys(unreadable):
    rules = base_rules()
    assert not fast_differs(rules, range(3))
    assert records(rules, 5, GreedyPolicy, 3) == records(rules, 5, PlainGreedy, 3)


@needs_readable_bytecode
def test_on_python_3_11_the_readers_classify():
    """The gate is open where the readers were written: a gate shut everywhere would pass the two tests above and
    leave every game slower."""
    T = tables_for(base_rules())
    assert any(T.measures_sum) and any(T.t_kept) and T.kept_any
