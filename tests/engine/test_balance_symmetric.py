"""The symmetric pack of issue 33: ten identical gods, whose every god flag is a false alarm, played under greedy
players and under the search. At most 5 % of runs may raise one."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.engine.simulate import run
from orbis_dsl.engine.stats import balance

ROOT = Path(__file__).resolve().parents[2]
SYMMETRIC = f"pack:{ROOT / 'examples' / 'balance' / 'symmetric'}"


def _runs_flagging_a_god(policy: str, seeds: int, games: int, variant: str = "2p") -> tuple[int, int]:
    flagged = tested = 0
    for seed in range(1, seeds + 1):
        report = balance(run(variant, games, seed, policy, 1, rules_source=SYMMETRIC))
        tested += bool(report["tests"])
        flagged += any(t["flag"] and t["what"] != "seat" for t in report["tests"])
    return flagged, tested


@pytest.mark.parametrize(("policy", "seeds", "games"), [("greedy", 20, 100), ("mcts:2", 10, 20)])
def test_the_symmetric_pack_flags_no_god(policy, seeds, games):
    # ten identical gods: any god flag is a false alarm; at most 5 % of runs may raise one (the full figure,
    # 100 seeds, is bench/bench_symmetric.py's, recorded in docs/balance.md). Before issue 33 the report flagged
    # a god or a kind in 100 runs of 100.
    flagged, tested = _runs_flagging_a_god(policy, seeds, games)
    assert tested == seeds
    assert flagged <= 0.05 * seeds, f"{flagged} of {seeds} runs flagged a god"
