"""The scorer's shared helpers and its views of a record: parameters, defaults and labels."""

from __future__ import annotations

import copy
import pickle

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import Scorer, score_game
from orbis_dsl.runtime.support import fill

RULES = base_rules()


def test_fill_shows_a_parameter_the_tile_does_not_print_as_none():
    assert fill("{value} neighbours that are {colors} or desert", 2, {}) == "2 neighbours that are none or desert"


def test_fill_makes_one_tile_singular_and_shows_colour_sets():
    assert fill("{value} neighbours that are {colors}", 1, {"colors": ("red", "blue")}) == \
        "1 neighbour that is red/blue"


def _pyramid(tile: TileRecord):
    return tuple(tuple(tile for _ in range(width)) for width in RULES.board.rows)


def _game(tile: TileRecord) -> GameRecord:
    players = tuple(PlayerRecord(name, god, 0, _pyramid(tile)) for name, god in (("Ana", "love"), ("Bo", "fire")))
    return GameRecord(players)


def test_a_default_the_record_leaves_out_is_filled_in():
    bare = TileRecord(False, "stone", "red", {}, None, 1, "black")  # no cp printed: the kind's default, 1
    scorer = Scorer(RULES, _game(bare))
    view, _ = scorer._player_view(0, scorer.game.players[0])
    assert view.tiles[0].params == {"cp": 1}
    assert score_game(RULES, _game(bare)).players[0].categories["regions"] == RULES.board.size


def test_a_record_that_prints_every_default_is_read_as_it_is():
    printed = TileRecord(False, "stone", "red", {"cp": 2}, None, 1, "black")
    scorer = Scorer(RULES, _game(printed))
    view, _ = scorer._player_view(0, scorer.game.players[0])
    assert view.tiles[0].params is printed.params  # shared, not copied: handlers only read it
    assert score_game(RULES, _game(printed)).players[0].categories["regions"] == 2 * RULES.board.size


def test_the_scorer_unpacks_tile_records_in_this_field_order():
    # Scorer._player_view unpacks records as tuples (fast); a new field must be added there too.
    assert TileRecord._fields == ("desert", "kind", "color", "params", "cancelled", "level", "stars")


def test_records_and_reports_pickle_and_copy():
    from orbis_dsl.engine.game import play_game
    from orbis_dsl.engine.policy_random import RandomPolicy

    record = play_game(RULES, "4p", 3, [RandomPolicy(seat) for seat in range(4)]).record()
    assert pickle.loads(pickle.dumps(record)) == record
    assert copy.deepcopy(record) == record
    report = score_game(RULES, record)
    assert pickle.loads(pickle.dumps(report.to_json())) == report.to_json()
    assert TileRecord(desert=True).params is copy.deepcopy(TileRecord(desert=True)).params  # the one EMPTY


def test_a_unique_parameter_with_a_default_counts_the_tiles_that_leave_it_out():
    # Two Farms that print no colour both reduce the default one: the table has that colour twice.
    farm = RULES.kinds["farm"]
    params = tuple(p._replace(default="red", has_default=True) if p.name == "reduces" else p for p in farm.params)
    rules = RULES.replace(kinds={**RULES.kinds, "farm": farm._replace(params=params)})
    bare_farm = TileRecord(False, "farm", "blue", {}, None, 1, "black")
    stone = TileRecord(False, "stone", "blue", {"cp": 1}, None, 1, "black")
    rows = [[stone] * width for width in rules.board.rows]
    rows[0][0] = rows[0][1] = bare_farm
    pyramid = tuple(tuple(row) for row in rows)
    game = GameRecord(tuple(PlayerRecord(name, god, 0, pyramid) for name, god in (("Ana", "love"), ("Bo", "fire"))))
    messages = [w.message for w in score_game(rules, game).warnings]
    assert "4 farm tiles with reduces red: the game has only one" in messages


def test_a_token_on_a_desert_counts_among_the_tokens_on_the_table():
    # The readers never make such a record, but the API can: the table check counts what the record shows.
    marked_desert = TileRecord(desert=True, cancelled=True)
    game = GameRecord(tuple(PlayerRecord(name, god, 0, _pyramid(marked_desert))
                            for name, god in (("Ana", "love"), ("Bo", "fire"))))
    tokens = 2 * RULES.board.size
    assert tokens > RULES.settings.cancel_tokens
    messages = [w.message for w in score_game(RULES, game).warnings]
    assert f"{tokens} Cancelation tokens on the table: the game has {RULES.settings.cancel_tokens}" in messages
