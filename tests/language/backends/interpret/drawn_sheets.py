"""Random Terra Mystica score sheets for the agreement tests: two to five factions, each fact drawn in its range
(at most 30), lists of map cells and of set members left out (test_terra_mystica_properties.py draws those), and
with `absent`, an optional fact left out that often (so that a none reaches the arithmetic)."""

from __future__ import annotations

import random

from orbis_dsl.runtime.sheet_types import SheetPlayerRecord, SheetRecord


def random_sheet(rules, rng: random.Random, absent: float = 0.0) -> SheetRecord:
    factions = rng.sample(sorted(rules.gods), rng.randint(2, 5))
    players = []
    for i, faction in enumerate(factions):
        facts = {}
        for fact in rules.facts.values():
            # (no draw when nothing is to be left out, so that a caller's sheets are those it drew before)
            left_out = absent and fact.optional and rng.random() < absent
            if fact.type in ("cells", "crossings", "waters", "list") or left_out:
                facts[fact.name] = None
                continue
            low, high = fact.low or 0, min(fact.high if fact.high is not None else 30, 30)
            if fact.members:
                facts[fact.name] = {m: rng.randint(low, high) for m in fact.members}
            else:
                facts[fact.name] = rng.randint(low, high)
        players.append(SheetPlayerRecord(f"P{i + 1}", faction, facts))
    return SheetRecord([players], {"tiebreak": rng.choice(["shared", "resources"])})
