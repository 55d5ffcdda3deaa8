"""`Game.score` makes the record and the scorer's views of it in one pass over the engine's boards
(`EndOfGame._scored_player`) instead of writing the record and reading it back: it must give the views the scorer's
own `_player_view` makes from `Game.record()` (the oracle), field for field, and the same reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.state import _scored_fields
from orbis_dsl.language.packs.load import load_pack
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import Scorer, score_game
from orbis_dsl.runtime.views import PlayerView, TileView

ROOT = Path(__file__).resolve().parents[2]
PACKS = [None, "examples/balance/sun-king", "examples/balance/miser", "examples/balance/oracle",
         "examples/custom/pack", "tests/engine/place_pack", "tests/engine/kept_pack"]
_RULES: dict = {}


def _rules(name):
    if name not in _RULES:
        _RULES[name] = base_rules() if name is None else load_pack(ROOT / name)[0]
    return _RULES[name]


def _fields(view, slots) -> tuple:
    return tuple(getattr(view, name) for name in slots)


def _same_views(game) -> tuple[int, int]:
    """Checks every player's view and tiles to settle against the scorer's own from the record; (tiles settled,
    empty places) seen."""
    record = game.record()
    scorer = Scorer(game.rules, record)
    settled = empty = 0
    for i, me in enumerate(game.players):
        want_record = record.players[i]
        got_record, view, settle = game._scored_player(game.tables, game.rules, me)
        want, want_settle = scorer._player_view(i, want_record)
        assert got_record == want_record
        assert all(a is b for row, rows in zip(got_record.pyramid, want_record.pyramid) for a, b in zip(row, rows))
        other = tuple(n for n in PlayerView.__slots__ if n not in ("slots", "tiles"))
        assert _fields(view, other) == _fields(want, other)
        assert view.tiles is view.slots and want.tiles is want.slots  # (no gaps: one list, as the scorer makes)
        assert len(view.slots) == len(want.slots)
        for got_tile, want_tile in zip(view.slots, want.slots):
            assert type(got_tile) is TileView
            assert _fields(got_tile, TileView.__slots__) == _fields(want_tile, TileView.__slots__)
            assert got_tile.record is want_tile.record
            empty += me.pc[got_tile.pos] == -1
        assert [t.pos for t in settle] == [t.pos for t in want_settle]
        assert all(t in view.slots for t in settle)  # the views themselves, not copies
        settled += len(settle)
    return settled, empty


def _same_reports(game) -> None:
    record = game.record()
    for explain in (True, False):
        assert game.score(explain).to_json() == score_game(game.rules, record, explain).to_json()
    assert game.score(False, lines=False).to_json() == score_game(game.rules, record, False, False).to_json()


@pytest.mark.parametrize("pack", PACKS)
def test_the_engine_scores_its_own_boards_as_the_scorer_reads_the_record(pack):
    # after every round (unfinished universes: empty places, scored as deserts) and at the end; greedy and random
    # players, so that tiles are cancelled and tokens lie on the table
    rules = _rules(pack)
    seen = [0, 0]

    def check(game):
        settled, empty = _same_views(game)
        seen[0] += settled
        seen[1] += empty
        _same_reports(game)

    for seed in range(4):
        variant = ["2p", "3p", "4p"][seed % 3]
        players = int(variant[0])
        policy = GreedyPolicy if seed % 2 else RandomPolicy
        game = Game(rules, deal(rules, variant, seed), [policy(seed * 10 + i) for i in range(players)])
        game.play(after_round=check)
        _same_reports(game)
        _same_reports(game)  # scored twice: the views are made afresh each time
    assert seen[1] > 0
    if pack in (None, "examples/custom/pack"):
        assert seen[0] > 0


def test_a_record_missing_a_default_is_read_with_the_scorers_filled_parameters():
    # the rule set's own tiles print every default (the loader fills them in), so a tile id whose record lacks one
    # is made here: each kind's tile with its parameters dropped, cancelled or not, against `_player_view`
    rules = _rules(None)
    board = rules.board
    for kind in rules.kinds:
        tile = next(t for t in rules.tiles if t.kind == kind)
        for cancelled in (None, False, True):
            bare = TileRecord(False, kind, tile.color, {}, cancelled, tile.level, tile.stars)
            got = _scored_fields(rules, bare)
            rows = tuple(tuple(bare for _ in range(width)) for width in board.rows)
            player = PlayerRecord("a", None, 0, rows)
            view, settle = Scorer(rules, GameRecord((player,), "2p"))._player_view(0, player)
            want = view.slots[0]
            assert got[:8] == (bare, want.kind, want.color, want.params, want.cancelled, want.level, want.stars,
                               want.recorded)
            assert got[8] == (want in settle)
            assert got[3] == {**rules.param_fills[kind], **got[3]}
