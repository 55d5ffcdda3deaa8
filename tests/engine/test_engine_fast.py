"""The engine's fast paths against the plain compiled handlers: the greedy policy, its quick playout form and the
search, each played beside its plain form (`greedy_plain.py`: every tile value worked out afresh, as before the
fast paths) on the same deals, under the base game and rule packs, must give the same records and scores."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from engine.greedy_plain import PlainGreedy, PlainQuickGreedy
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.engine import search
from orbis_dsl.engine.game import Game, play_game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.handler_key import handler_key
from orbis_dsl.engine.policy_greedy import GreedyPolicy, QuickGreedyPolicy
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules

ROOT = Path(__file__).resolve().parents[2]
# packs whose gods and kinds read more than the base game's: a god paid per tile of a colour, a god that pays,
# a god that looks ahead, the custom pack's own kinds, a pack whose 'when taken' effects, end clauses and
# award read the place (which the greedy policy must then weigh at every place: test_place_free.py), and one
# whose tiles read the board or the realm (never kept across turns: test_tile_fixed.py)
PACKS = ["examples/balance/sun-king", "examples/balance/miser", "examples/balance/oracle", "examples/custom/pack",
         "tests/engine/place_pack", "tests/engine/kept_pack"]
_RULES: dict = {}


def _rules(name: str | None):
    if name not in _RULES:
        _RULES[name] = base_rules() if name is None else load_pack(ROOT / name)[0]
    return _RULES[name]


def _played(rules, variant, seed, policies):
    game = play_game(rules, variant, seed, policies)
    report = game.score(explain=False)
    return game.record(), [(p.name, p.total, p.place) for p in report.players]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]), st.sampled_from([None, *PACKS]))
def test_the_fast_greedy_plays_as_the_plain_one(seed, variant, pack):
    rules = _rules(pack)
    n = int(variant[0])
    assert _played(rules, variant, seed, [GreedyPolicy(s) for s in range(n)]) == \
        _played(rules, variant, seed, [PlainGreedy(s) for s in range(n)])


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]), st.sampled_from([None, *PACKS]))
def test_the_fast_quick_greedy_plays_as_the_plain_one(seed, variant, pack):
    rules = _rules(pack)
    n = int(variant[0])
    assert _played(rules, variant, seed, [QuickGreedyPolicy(s) for s in range(n)]) == \
        _played(rules, variant, seed, [PlainQuickGreedy(s) for s in range(n)])


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([None, *PACKS]))
def test_the_search_plays_as_over_the_plain_policies(seed, pack):
    # the search's own seat ranks and plays out with the plain policies on one side, the fast ones (sharing their
    # values between playouts, copying games cheaply) on the other
    rules = _rules(pack)

    def plain(s):
        policy = search.SearchPolicy(seed + s, rollouts=5, playout=PlainGreedy)
        policy.greedy = PlainGreedy(seed + s)
        return policy

    fast = [search.SearchPolicy(seed + s, rollouts=5) for s in range(3)]
    assert _played(rules, "3p", seed, fast) == _played(rules, "3p", seed, [plain(s) for s in range(3)])


@pytest.mark.parametrize("pack", PACKS)
def test_the_packs_load(pack):
    assert _rules(pack) is not None


def test_a_copy_shares_tile_views_but_cancels_its_own():
    # `Game.clone` shares the views of tiles already laid; cancelling one of them in the copy (no rule of the base
    # game does, but a handler may name any tile) must leave the original's view as it was
    rules = _rules(None)
    game = Game(rules, deal(rules, "2p", 3), [GreedyPolicy(), GreedyPolicy()])
    for _ in range(4):
        game.round += 1
        for seat in range(2):
            game.turn(seat)
    sim = game.clone([GreedyPolicy(), GreedyPolicy()])
    me, copy = game.players[0], sim.players[0]
    tile = next(t for t in me.view.tiles if not t.desert and not t.cancelled)
    assert tile in copy.view.tiles  # shared, not copied
    sim.cancel(copy.view, tile)
    mine = copy.view.slots[tile.pos]
    assert mine is not tile and mine.cancelled and copy.cancelled[tile.pos]
    assert not tile.cancelled and not me.cancelled[tile.pos] and me.view.slots[tile.pos] is tile
    assert copy.view.tiles.count(mine) == 1 and tile not in copy.view.tiles


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]), st.sampled_from([None, *PACKS]))
def test_the_kept_handler_key_is_the_key_worked_out_afresh(seed, variant, pack):
    # each player's part of the key is kept until its stamp moves; after every turn it must equal the part worked
    # out from nothing, or the search would share a value between states the handlers can tell apart
    rules = _rules(pack)
    n = int(variant[0])
    game = Game(rules, deal(rules, variant, seed), [GreedyPolicy(s) for s in range(n)])
    while game.round < game.tables.rounds:
        game.round += 1
        for seat in range(n):
            game.turn(seat)
            kept = handler_key(game)
            for p in game.players:
                p.key_part = None
            assert handler_key(game) == kept


@pytest.mark.parametrize("variant", ["2p", "4p"])
def test_a_realm_past_the_worth_table_is_weighed_as_before(variant, monkeypatch):
    # the take loop reads a realm's worth off a table (`GreedyPolicy._worth`) and works out any realm past it (a
    # rule set without a realm limit): with a table of four counts, most takes are worked out the second way
    full = GreedyPolicy._worth
    monkeypatch.setattr(GreedyPolicy, "_worth", lambda self, T: full(self, T)[:4])
    rules = _rules(None)
    n = int(variant[0])
    for seed in range(3):
        assert _played(rules, variant, seed, [GreedyPolicy(s) for s in range(n)]) == \
            _played(rules, variant, seed, [PlainGreedy(s) for s in range(n)])


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["2p", "3p", "4p"]), st.sampled_from([None, *PACKS]))
def test_the_kept_places_are_the_places_worked_out_afresh(seed, variant, pack):
    # `PlayerState.places_by_colour` keeps its answer until a tile is laid; after every turn (a god taken lays
    # none), each colour's places must be `colour_positions`' and the least row preference theirs
    rules = _rules(pack)
    n = int(variant[0])
    game = Game(rules, deal(rules, variant, seed), [GreedyPolicy(s) for s in range(n)])
    T = game.tables
    def check(game):
        for p in game.players:
            ups, lows = p.places_by_colour(T)
            fresh = [p.colour_positions(T, c, p.open) for c in range(T.nc)]
            assert ups == fresh
            assert lows == [min([T.row_pref[q] for q in up]) if up else math.inf for up in fresh]

    while game.round < T.rounds:
        game.round += 1
        for seat in range(n):
            game.turn(seat)
            check(game)
            if game.round < T.rounds:
                # a copy plays on otherwise (the colours a place takes, `PlayerState.fits`, are the copy's own)
                other = game.clone([RandomPolicy(seed + s) for s in range(n)])
                other.turn(seat)
                check(other)
                check(game)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["base", "three colours"]))
def test_the_places_of_each_colour_under_any_number_of_colours(seed, which):
    # `places_by_colour` makes five colours' lists by one instruction each and any other number by a loop: each
    # colour's places must be `colour_positions`' on a board filled at random (colours and deserts), under the
    # base game's five colours and a rule set of three on a smaller board
    import random

    from orbis_dsl.engine.simulate import load_rules
    from orbis_dsl.engine.state import DESERT, PlayerState, tables_for
    rules = base_rules() if which == "base" else load_rules(str(ROOT / "tests/robustness/seeds/rules/mini.orbis"))
    T = tables_for(rules)
    assert T.nc == (5 if which == "base" else 3)
    rng = random.Random(seed)
    p = PlayerState(0, "P", T, dict(rules.settings.values))
    while p.open:
        ups, lows = p.places_by_colour(T)
        fresh = [p.colour_positions(T, c, p.open) for c in range(T.nc)]
        assert ups == fresh
        assert lows == [min([T.row_pref[q] for q in up]) if up else math.inf for up in fresh]
        p.lay(T, rng.choice(p.open), rng.choice([*range(T.nc), DESERT]))


def test_a_played_game_is_freed_without_the_cycle_collector():
    """`Game.play` tells each policy the game is over (`game_over`), and the greedy policies then drop the game,
    which holds them: the game goes when its last reference does, with the cycle collector off."""
    import gc
    import weakref

    rules = _rules(None)
    was = gc.isenabled()
    gc.disable()
    try:
        for policies in ([GreedyPolicy(1), QuickGreedyPolicy(2)], [search.SearchPolicy(seed=3, rollouts=2),
                                                                   GreedyPolicy(4)]):
            game = play_game(rules, "2p", 5, policies)
            game.score(explain=False)
            ref = weakref.ref(game)
            del game
            assert ref() is None
    finally:
        if was:
            gc.enable()


def test_a_policy_plays_its_next_game_as_a_fresh_one():
    """What `game_over` drops (the turn's memo, the kept table's owner) is worked out again in the next game: a
    policy reused for a second deal plays it as fresh policies do."""
    rules = _rules(None)
    reused = [GreedyPolicy(1), QuickGreedyPolicy(2)]
    play_game(rules, "2p", 7, reused)
    again = _played(rules, "2p", 8, reused)
    fresh = _played(rules, "2p", 8, [GreedyPolicy(1), QuickGreedyPolicy(2)])
    assert again == fresh


def _plain_take_from(realm, fixed, count):
    """`take_from` with the most first as it was written before `index` found the colour: the first colour
    holding the most, asked of every colour in turn."""
    left = list(realm)
    for c in fixed:
        left[c] -= 1
    out = []
    for _ in range(count):
        best = max(range(len(left)), key=left.__getitem__)
        left[best] -= 1
        out.append(best)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6), st.data())
def test_take_from_most_first_takes_the_first_colour_holding_the_most(realm, data):
    # ties are the common case (a realm of two and two): the oracle (greedy_plain.py) calls `take_from` too, so
    # only this holds its choice among equal colours
    from orbis_dsl.engine.policy import take_from

    fixed = data.draw(st.lists(st.sampled_from(range(len(realm))), max_size=sum(realm)))
    left = list(realm)
    for c in fixed:
        left[c] -= 1
    count = data.draw(st.integers(0, max(0, sum(left))))
    assert take_from(realm, fixed, count, most_first=True) == _plain_take_from(realm, fixed, count)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 70))
def test_the_deals_shuffle_draws_as_random_shuffle_does(seed, length):
    # `Random.shuffle` itself is the oracle: the same order and the generator left in the same state (the next
    # shuffle of a deal draws on from there), for lengths whose draws are retried (n just above a power of two)
    import random

    from orbis_dsl.engine.game_setup import shuffle

    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(length)), list(range(length))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


def test_a_deal_is_the_deal_of_random_shuffle():
    # every variant of the base game and a pack, dealt with the generator's own shuffle in its place
    import random

    from orbis_dsl.engine import game_setup

    for rules in (_rules(None), _rules("examples/custom/pack")):
        for variant in rules.variants:
            for seed in range(5):
                ours = game_setup.deal(rules, variant, seed)
                with pytest.MonkeyPatch.context() as m:
                    m.setattr(game_setup, "shuffle", random.Random.shuffle)
                    theirs = game_setup.deal(rules, variant, seed)
                assert (ours.display, ours.piles, ours.gods) == (theirs.display, theirs.piles, theirs.gods)


def _plain_record_rows(game) -> list:
    """Every player's rows as `Game.record` wrote them before it read `Tables.t_records` (the oracle)."""
    from orbis_dsl.engine.state import DESERT, EMPTY

    T, board = game.tables, game.rules.board
    out = []
    for me in game.players:
        rows = []
        for r, width in enumerate(board.rows):
            start = board.position(r, 0)
            row = []
            for pos in range(start, start + width):
                v = me.pc[pos]
                if v in (DESERT, EMPTY):
                    row.append(T.desert_record)
                elif T.t_cancellable[me.tid[pos]]:
                    row.append(T.rec[2][me.tid[pos]] if me.cancelled[pos] else T.rec[1][me.tid[pos]])
                else:
                    row.append(T.rec[0][me.tid[pos]])
            rows.append(tuple(row))
        out.append(tuple(rows))
    return out


@pytest.mark.parametrize("pack", [None, *PACKS])
def test_the_record_holds_the_tiles_as_laid(pack):
    # after every round (unfinished universes: empty places) and at the end, the same record objects; some tile
    # of these games is cancelled, so both records of a cancellable tile are read
    rules = _rules(pack)
    cancelled = 0

    def check(game):
        nonlocal cancelled
        assert [p.pyramid for p in game.record().players] == _plain_record_rows(game)
        assert all(a is b for p, rows in zip(game.record().players, _plain_record_rows(game))
                   for row, plain in zip(p.pyramid, rows) for a, b in zip(row, plain))
        cancelled += sum(sum(p.cancelled) for p in game.players)

    for seed in range(6):
        variant = ["2p", "3p", "4p"][seed % 3]
        players = int(variant[0])
        game = Game(rules, deal(rules, variant, seed), [GreedyPolicy() for _ in range(players)])
        game.play(after_round=check)
    assert cancelled > 0


def _plain_remove(realm, aether, colours, nc, names, name, why):
    """`TurnActions._remove` as it was written before it counted what it took (the oracle): (message or None)."""
    done = []
    for c in colours:
        if type(c) is not int or not 0 <= c < nc or realm[c] <= 0:
            for d in done:
                realm[d] += 1
                aether[d] -= 1
            if type(c) is not int or not 0 <= c < nc:
                return f"unknown colour {c!r}"
            need = sum(1 for x in colours if x == c)
            have = realm[c]
            return f"{name} has {have} {names[c]} worshipper{'s' if have != 1 else ''}, not the {need} needed {why}"
        realm[c] -= 1
        aether[c] += 1
        done.append(c)
    return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=5, max_size=5),
       st.lists(st.one_of(st.integers(-2, 6), st.booleans(), st.just("red"), st.just(1.0)), max_size=7))
def test_taking_worshippers_is_all_or_none_as_before(realm, colours):
    # bad colours (out of range, a bool, a name, a float) and more than the realm holds, at any point of the list
    from orbis_dsl.engine.game_turn import IllegalMove

    rules = _rules(None)
    game = Game(rules, deal(rules, "2p", 0), [GreedyPolicy(), GreedyPolicy()])
    me = game.players[0]
    aether = list(game.aether)
    plain_realm, plain_aether = list(realm), list(aether)
    said = _plain_remove(plain_realm, plain_aether, colours, game.tables.nc, game.tables.colors, me.name, "to test")
    for given_as in (list, tuple):  # (a policy's discard is any sized collection)
        me.realm[:] = realm
        game.aether[:] = aether
        try:
            game._remove(me, given_as(colours), "to test")
            got = None
        except IllegalMove as e:
            got = str(e)
        assert (got, me.realm, game.aether) == (said, plain_realm, plain_aether)


def test_a_discard_given_as_a_set_is_refused_as_a_list_is():
    # a set has no slices: what was taken is put back all the same, and the refusal is a message, no TypeError
    from orbis_dsl.engine.game_turn import IllegalMove

    rules = _rules(None)
    game = Game(rules, deal(rules, "2p", 0), [GreedyPolicy(), GreedyPolicy()])
    me = game.players[0]
    me.realm[:] = [1, 0, 0, 0, 0]
    aether = list(game.aether)
    with pytest.raises(IllegalMove, match="has 0 yellow"):
        game._remove(me, {0, 1}, "to discard")
    assert (me.realm, game.aether) == ([1, 0, 0, 0, 0], aether)
