"""Everything dealt before the first turn of a game of Orbis (docs/rules/orbis.md §3): the seats, the shuffled
piles of region tiles, the display, the gods revealed."""

from __future__ import annotations

import random

import attrs

from orbis_dsl.engine.state import tables_for
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import VariantSpec

DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


class SetupError(ValueError):
    """A variant the engine cannot set up (see `variants.check_variant` for the full static check)."""


@attrs.define
class Setup:
    """Everything dealt before the first turn. Piles are listed top first (the next tile drawn first)."""

    variant: VariantSpec
    names: list[str]
    gods: list[str]
    display: list[int]
    piles: list[list[int]]
    seed: int | None = None
    options: dict = attrs.field(factory=dict)


def shuffle(rng: random.Random, x: list) -> None:
    """`rng.shuffle(x)`, the same draws and the same order (CPython's `Random.shuffle` over
    `_randbelow_with_getrandbits`), without a Python call per item: a deal shuffles about 40 tiles and gods, and
    the bench deals every game (tests/engine/test_engine_fast.py holds it to `Random.shuffle`)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def variant_tiles(rules: Rules, variant: VariantSpec) -> list[int]:
    return rules.tile_ids_in_play(variant)


_LEVELS: dict = {}  # (rule tables, stars removed) -> `_levels_in_play`'s answer, for every deal of the process


def _levels_in_play(rules: Rules, tables, variant: VariantSpec) -> tuple:
    """(how many tiles the variant keeps, per level from the lowest its tile ids in the rule set's order), worked
    out once per rule set and stars removed: every deal of a sweep or a search asks again."""
    key = (tables, tuple(variant.removed_stars))
    held = _LEVELS.get(key)
    if held is None:
        if len(_LEVELS) >= 256:  # a sweep over many rule sets: the tables are not kept alive for ever
            _LEVELS.clear()
        ids = variant_tiles(rules, variant)
        t_level = tables.t_level
        held = _LEVELS[key] = (len(ids), tuple(tuple(i for i in ids if t_level[i] == level)
                                                for level in sorted({t_level[i] for i in ids})))
    return held


def deal(rules: Rules, variant: VariantSpec | str, seed: int, names: list[str] | None = None,
         options: dict | None = None) -> Setup:
    """Shuffle each level into its own pile, deal the display from the lowest pile, reveal the gods."""
    if isinstance(variant, str):
        if variant not in rules.variants:
            raise SetupError(f"unknown variant '{variant}'")
        variant = rules.variants[variant]
    tables = tables_for(rules)
    names = list(names) if names else list(DEFAULT_NAMES[:variant.players])
    if len(names) < variant.players:
        names += [f"P{i + 1}" for i in range(len(names), variant.players)]
    if len(names) != variant.players:
        raise SetupError(f"variant '{variant.name}' is for {variant.players} players, got {len(names)} names")
    rng = random.Random(seed)
    count, levels = _levels_in_play(rules, tables, variant)
    need = tables.display + tables.size * variant.players
    if count != need:
        raise SetupError(f"variant '{variant.name}' leaves {count} tiles; {variant.players} players need "
                         f"{tables.display} + {tables.size} x {variant.players} = {need}")
    piles = []
    for ids in levels:
        pile = list(ids)
        shuffle(rng, pile)
        piles.append(pile)
    display = []
    for _ in range(tables.display):  # from the lowest pile that has a tile (the count above leaves enough)
        for pile in piles:
            if pile:
                display.append(pile.pop(0))
                break
    gods = list(rules.gods)
    shuffle(rng, gods)
    if variant.gods_revealed > len(gods) or variant.gods_revealed < variant.players:
        raise SetupError(f"variant '{variant.name}' reveals {variant.gods_revealed} gods; "
                         f"{len(gods)} exist and {variant.players} players need one each")
    return Setup(variant, names, gods[:variant.gods_revealed], display, piles, seed, dict(options or {}))


