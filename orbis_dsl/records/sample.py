"""Random finished games drawn from a rule set's tile list: for property tests and benchmarks."""

from __future__ import annotations

import random

from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.rules import Rules


def random_tile(rules: Rules, rng: random.Random, desert_rate: float = 0.15) -> TileRecord:
    if rng.random() < desert_rate:
        return TileRecord(desert=True)
    spec = rng.choice(rules.tiles)
    kind = rules.kinds[spec.kind]
    cancelled = rng.random() < 0.3 if kind.cancellable_when else None
    params = {k: v for k, v in spec.params.items() if v is not None}
    return TileRecord(False, spec.kind, spec.color, params, cancelled, spec.level, spec.stars)


def random_game(rules: Rules, rng: random.Random, players: int | None = None) -> GameRecord:
    """A finished table: every pyramid full, distinct gods, any tiles (placement is not always legal)."""
    counts = sorted({v.players for v in rules.variants.values()})
    n = players or rng.choice(counts)
    gods = rng.sample(sorted(rules.gods), n)
    records = []
    for seat in range(n):
        rows = tuple(tuple(random_tile(rules, rng) for _ in range(width)) for width in rules.board.rows)
        god = gods[seat]
        cancelled = rules.gods[god].cancellable and rng.random() < 0.5
        records.append(PlayerRecord(f"P{seat + 1}", god, rng.randint(0, 12), rows, cancelled))
    options = {}
    if rng.random() < 0.5:
        options = {o.name: (rng.choice(o.choices) if o.choices else rng.choice([True, False]) if o.type == "bool"
                            else o.default) for o in rules.settings.options}
    return GameRecord(tuple(records), None, options, None)
