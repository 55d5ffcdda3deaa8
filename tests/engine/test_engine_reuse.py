"""What the engine and the greedy policy work out once and read again (issue 33, the eleventh pass), each held to
the same thing worked out afresh: the take's weighing read again by the cost and the place, the desert's worth
kept while the player's values are the same, a region key's getters, the best place without a key call, the
levels of a deal kept per rule set. The games themselves are held to the plain greedy by test_engine_fast.py."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from engine.fast_vs_plain import needs_readable_bytecode
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy, _best_then_lowest
from orbis_dsl.engine.state import tables_for
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules

ROOT = Path(__file__).resolve().parents[2]
PACKS = ["examples/balance/sun-king", "examples/custom/pack", "tests/engine/place_pack", "tests/engine/kept_pack"]
_RULES: dict = {}


def _rules(name: str | None):
    if name not in _RULES:
        _RULES[name] = base_rules() if name is None else load_pack(ROOT / name)[0]
    return _RULES[name]


class _Checked(GreedyPolicy):
    """The greedy policy, checking at every cost and place that what the take weighed (read again through
    `_place_values`) is what `_values_at` works out now, and at every turn that the kept desert's worth is
    `_desert_value`'s; it counts how often each was read again."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.reused = self.deserts = 0

    def _place_values(self, game, me, tile, places, realm, awards):
        values = super()._place_values(game, me, tile, places, realm, awards)
        held = self._weighed.get(self._slot)
        if held is not None and held[0] == tile:
            self.reused += 1
        fresh = self._values_at(game, me, tile, places, realm, self._slot, awards, None)
        assert values == fresh
        return values

    def _kept_desert(self, game, me, values):
        kept = super()._kept_desert(game, me, values)
        self.deserts += 1
        assert kept == self._desert_value(game, me)
        return kept


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]), st.sampled_from([None, *PACKS]))
def test_what_the_take_weighed_is_what_the_cost_and_place_would_weigh(seed, variant, pack):
    rules = _rules(pack)
    n = int(variant[0])
    policies = [_Checked(s) for s in range(n)]
    Game(rules, deal(rules, variant, seed), policies).play()
    assert sum(p.deserts for p in policies) >= 15 * n - n  # every turn but the few a god or nothing is forced


def test_the_take_weighing_is_read_again_in_most_games():
    # not only checked but used: in the base game the cost and place of most non-kept tiles read the take's
    policies = [_Checked(s) for s in range(2)]
    rules = _rules(None)
    for seed in range(6):
        Game(rules, deal(rules, "2p", seed), policies).play()
    assert sum(p.reused for p in policies) > 30


@needs_readable_bytecode
@pytest.mark.parametrize("pack", [None, "examples/custom/pack"])
def test_the_desert_kept_follows_a_god_that_changes_its_worth(pack):
    # the base game's and the custom pack's gods modify `desert_penalty`: the value kept before the god is taken
    # must not be read after it (the key holds the player's values)
    rules = _rules(pack)
    T = tables_for(rules)
    assert T.desert_kept
    modifying = [name for name, mods in T.god_modifiers.items() if "desert_penalty" in mods]
    assert modifying
    seen = set()
    for seed in range(12):
        policies = [_Checked(s) for s in range(2)]
        game = Game(rules, deal(rules, "2p", seed), policies).play()
        seen |= {p.god for p in game.players} & set(modifying)
    assert seen  # some game took such a god (and every turn's kept worth was checked)


@needs_readable_bytecode
def test_a_region_getter_reads_the_region_positions():
    # per place, one getter per region the tile's parts are handed, reading that region's positions in the
    # board's order (the order its helper hands the tiles in); together, the positions `t_region` lists
    T = tables_for(_rules(None))
    board = list(range(T.size))
    kept = [tile for tile, region in enumerate(T.t_region) if region is not None]
    assert kept  # the base game's Forests and Irrigations
    for tile in kept:
        names = T.t_region_reads[tile]
        for pos, (region, gets) in enumerate(zip(T.t_region[tile], T.t_region_get[tile])):
            read = []
            for name, get in zip(names, gets, strict=True):
                at = getattr(T.board, name)[pos]
                if get is None:
                    assert not at
                    continue
                got = get(board)
                assert (got if len(at) > 1 else (got,)) == tuple(at)
                read += at
            assert sorted(set(read)) == list(region)


_values = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, -0.0, 1.5, 2.5]),
                    st.integers(-3, 3))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_values, st.integers(0, 30)), min_size=1, max_size=8, unique_by=lambda e: e[1]))
def test_the_best_place_is_the_one_max_over_value_and_place_gives(pairs):
    values, places = [v for v, _ in pairs], [p for _, p in pairs]
    expected = max(zip(values, places), key=lambda e: (e[0], -e[1]))[1]
    assert _best_then_lowest(values, places) == expected


def test_the_best_place_keeps_the_lowest_of_equal_values():
    assert _best_then_lowest([1.0, 2.0, 2.0, 0.5], [7, 9, 4, 1]) == 4
    assert _best_then_lowest([math.nan, 1.0], [0, 1]) == 0  # as `max` over the pairs: a NaN first is kept


@pytest.mark.parametrize("pack", [None, "examples/custom/pack"])
def test_a_deal_is_the_deal_made_from_the_tiles_in_play(pack):
    # the levels in play are kept per rule set and stars removed; each deal shuffles copies of them in the order
    # and with the draws the plain construction makes
    rules = _rules(pack)
    T = tables_for(rules)
    for name, variant in rules.variants.items():
        for seed in (0, 1, 77):
            try:
                setup = deal(rules, name, seed)
            except ValueError:
                continue
            rng = random.Random(seed)
            ids = rules.tile_ids_in_play(variant)
            piles = []
            for level in sorted({T.t_level[i] for i in ids}):
                pile = [i for i in ids if T.t_level[i] == level]
                rng.shuffle(pile)
                piles.append(pile)
            display = []
            for _ in range(T.display):
                display.append(next(p for p in piles if p).pop(0))
            assert (setup.display, setup.piles) == (display, piles)
            again = deal(rules, name, seed)
            again.piles[0].clear()  # a deal's piles are its own: the kept levels are not changed
            assert deal(rules, name, seed).piles == piles


def _tile(rules, kind, **params) -> int:
    return next(i for i, t in enumerate(rules.tiles) if t.kind == kind and all(t.params.get(k) == v
                                                                                 for k, v in params.items()))


def _at_the_take(tile: int, realm: list[int]):
    """A 2-player base game with `tile` on the display's middle slot, the first player holding `realm`, after the
    first player's greedy take weighed every slot: (game, player, policy)."""
    rules = _rules(None)
    game = Game(rules, deal(rules, "2p", 3), [_Checked(0), _Checked(1)])
    T = game.tables
    game.display[4] = tile
    game.dw = [[0] * T.nc for _ in range(T.display)]
    me, policy = game.players[0], game.policies[0]
    me.realm[:] = realm
    game.turns += 1
    policy.take_values(game, me, list(range(T.display)), [])
    policy.note_take(game, 4)
    return game, me, policy


def test_a_volcano_is_weighed_again_after_the_take_generates_what_it_destroys():
    # the red Volcano that destroys 1 red: at the take no red lies on the other display tiles (it would be
    # cancelled); taking it generates red on the tiles beside it, so its cost and place weigh it validated
    rules = _rules(None)
    T = tables_for(rules)
    volcano = _tile(rules, "volcano", destroys="red", need=1)
    realm = [0] * T.nc
    realm[T.cidx["yellow"]] = 3  # its cost: yellow, yellow, any
    game, me, policy = _at_the_take(volcano, realm)
    assert me.can_afford(T, volcano)
    held = policy._weighed.get(4)
    took = policy._values_at(game, me, volcano, me.places_by_colour(T)[0][T.t_color[volcano]], None, 4,
                             policy._turn_parts(game, me)[1], None)
    game._generate_and_collect(me, 4, T.t_color[volcano])
    up = list(me.places_by_colour(T)[0][T.t_color[volcano]])
    now = policy._values_at(game, me, volcano, up, None, 4, policy._turn_parts(game, me)[1], None)
    assert took != now  # the generation moved its weighing
    assert held is None or held[0] != volcano  # never kept for the cost and the place
    assert policy._place_values(game, me, volcano, up, None, policy._turn_parts(game, me)[1]) == now


def test_a_village_weighed_with_another_realm_left_is_weighed_again():
    # what the take weighed a Village at holds for the realm left then; after an exchange the cost and place
    # weigh it with the realm left now
    rules = _rules(None)
    T = tables_for(rules)
    village = _tile(rules, "village", need=2, cp=3)
    realm = [0] * T.nc
    realm[T.cidx["green"]] = 6  # 3 left after its cost: enough to pay the 2 its effect asks
    game, me, policy = _at_the_take(village, realm)
    held = policy._weighed.get(4)
    assert held is not None and held[0] == village and held[1] is not None  # weighed with the realm left
    up = list(me.places_by_colour(T)[0][T.t_color[village]])
    awards = policy._turn_parts(game, me)[1]
    assert policy._place_values(game, me, village, up, held[1], awards) == held[4] or held[3] is not None
    other = [0] * T.nc  # nothing left: the Village's 'pay 2 any' fails and cancels it
    fresh = policy._values_at(game, me, village, up, other, 4, awards, None)
    assert policy._place_values(game, me, village, up, other, awards) == fresh
    assert fresh != policy._values_at(game, me, village, up, held[1], 4, awards, None)
