"""Properties every game must have, over seeded loops and hypothesis-drawn seeds, for every player count."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.log_replay import replay
from orbis_dsl.engine.log_write import Recorder, play_logged
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.state import DESERT, EMPTY, tables_for
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import game_to_json

RULES = base_rules()
T = tables_for(RULES)


class Checker(Recorder):
    """A recorder that checks the table after every turn (and logs, so replays can be compared)."""

    def __init__(self):
        super().__init__()
        self.total = None
        self.turns = 0

    def begin(self, game, me):
        super().begin(game, me)
        if self.total is None:
            self.total = game.conserved_total()
        self.before = (me.placed, me.god)

    def end(self, game, me):
        super().end(game, me)
        self.turns += 1
        # worshippers: aether + realms + display never change
        assert game.conserved_total() == self.total
        assert all(n >= 0 for p in game.players for n in p.realm)
        assert all(n >= 0 for w in game.dw for n in w)
        # no realm above the limit at the end of a turn
        assert sum(me.realm) <= T.realm_limit
        # exactly one thing taken: a region tile or a god
        placed, god = self.before
        assert (me.placed == placed + 1 and me.god == god) or (me.placed == placed and god is None and me.god)
        # the display is full while the piles last
        assert all(t >= 0 for t in game.display)
        check_board(me)


def check_board(me):
    """Every placement legal: row 1 connected; every upper tile on two tiles, one of its colour or a desert."""
    pc = me.pc
    assert sorted(me.open) == me.open_positions(T)  # the incremental open places match a full scan
    base = [pos for pos in T.base if pc[pos] != EMPTY]
    if base:
        assert base == list(range(base[0], base[-1] + 1))
    for pos in range(T.size):
        if pc[pos] == EMPTY or not T.supports[pos]:
            continue
        below = [pc[q] for q in T.supports[pos]]
        assert EMPTY not in below
        if pc[pos] != DESERT:
            assert pc[pos] in below or DESERT in below
    assert me.view.tiles == [t for t in me.view.slots if t is not None] or \
        sorted(t.pos for t in me.view.tiles) == [p for p in range(T.size) if me.view.slots[p] is not None]


def policies_for(names, seed):
    return [GreedyPolicy(seed + i) if n == "greedy" else RandomPolicy(seed + i) for i, n in enumerate(names)]


def play_checked(players: int, seed: int, names):
    variant = f"{players}p"
    checker = Checker()
    setup = deal(RULES, variant, seed)
    game = Game(RULES, setup, policies_for(names[:players], seed), checker).play()
    return game, checker


def check_finished(game, checker):
    players = len(game.players)
    assert checker.turns == T.rounds * players
    for me in game.players:
        assert me.placed == T.size == 14 and EMPTY not in me.pc  # 14 regions each
        assert me.god is not None  # and one god
    assert len({me.god for me in game.players}) == players
    assert len(game.gods) == game.variant.gods_revealed - players
    # the supply is used up exactly: the piles are empty and the display still full
    assert all(not pile for pile in game.piles)
    assert all(t >= 0 for t in game.display)
    taken = [t for me in game.players for t in me.tid if t >= 0]
    assert len(taken) + sum(me.deserts for me in game.players) == T.size * players
    report = game.score()
    # the engine plays by the rules the checker knows: nothing on the table is inconsistent
    assert [w for w in report.warnings if "tie" not in w.message] == []


def test_seeded_games_for_every_player_count():
    for players in (2, 3, 4):
        for seed in range(60):
            names = ["random"] * 4 if seed % 5 else ["greedy", "random", "greedy", "random"]
            game, checker = play_checked(players, 1000 * players + seed, names)
            check_finished(game, checker)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**48), players=st.sampled_from([2, 3, 4]),
       names=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4))
def test_any_seed_and_mix_of_policies(seed, players, names):
    game, checker = play_checked(players, seed, names)
    check_finished(game, checker)


def test_replaying_a_log_reproduces_the_game():
    for players in (2, 3, 4):
        for seed in range(15):
            names = ["greedy", "random", "random", "greedy"] if seed % 2 else ["random"] * 4
            game, report, text = play_logged(RULES, f"{players}p", seed, policies_for(names[:players], seed))
            result = replay(text, RULES, "game.log")
            assert result.ok, result.diagnostics
            assert result.report.to_json() == report.to_json()
            assert game_to_json(result.game.record(), RULES) == game_to_json(game.record(), RULES)
            assert [p.realm for p in result.game.players] == [p.realm for p in game.players]
            assert result.game.conserved_total() == game.conserved_total()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_replay_any_random_game(seed, players):
    _game, report, text = play_logged(RULES, f"{players}p", seed, policies_for(["random"] * players, seed))
    result = replay(text, RULES)
    assert result.ok and result.report.to_json() == report.to_json()


def test_same_seed_same_game():
    for players in (2, 3, 4):
        names = (["greedy", "random"] * 2)[:players]
        a = play_logged(RULES, f"{players}p", 99, policies_for(names, 5))
        b = play_logged(RULES, f"{players}p", 99, policies_for(names, 5))
        assert a[2] == b[2]
        assert json.dumps(a[1].to_json()) == json.dumps(b[1].to_json())
    c = play_logged(RULES, "4p", 100, policies_for(["random"] * 4, 5))
    assert c[2] != a[2]
