"""The scorer's quick builder of tile views (views.scored_tile) makes the same view as the class's constructor."""

import pytest

from orbis_dsl.runtime.views import TileView, scored_tile

CASES = [
    (0, None, None, {}, True, False, None, None, None, None),
    (7, "forest", "green", {"n": 2}, False, True, 2, 1, True, ("a record's tile",)),
    (55, "temple", "gold", {}, False, False, 3, None, False, None),
]


@pytest.mark.parametrize("args", CASES)
def test_a_scored_tile_is_the_constructors_view(args):
    pos, kind, color, params, desert, cancelled, level, stars, recorded, record = args
    made = TileView(pos, kind, color, params, desert, cancelled, level, stars, (), recorded, record)
    quick = scored_tile(*args)
    assert type(quick) is TileView
    # Every slot, so a field the builder forgot (unset: AttributeError) or set otherwise fails here.
    for name in TileView.__slots__:
        assert getattr(quick, name) == getattr(made, name), name
    assert quick.params is params and quick.record is record


def test_the_scorers_views_are_the_constructors_views():
    """The scorer writes scored_tile's body out for a tile that is not a desert (scoring.Scorer._player_view): every
    view of a table's players, before scoring, is TileView's constructor's view of its record's tile."""
    import random

    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.sample import random_game
    from orbis_dsl.runtime.scoring import Scorer

    rules = base_rules()
    rng = random.Random(88)
    seen = {True: 0, False: 0}
    for _ in range(20):
        game = random_game(rules, rng, 4)
        scorer = Scorer(rules, game)
        for index, record in enumerate(game.players):
            view, _settle = scorer._player_view(index, record)
            tiles = [tile for row in record.pyramid for tile in row]
            assert len(view.slots) == len(tiles)
            for pos, (made, tile) in enumerate(zip(view.slots, tiles)):
                desert, kind, color, params, cancelled, level, stars = tile
                fill = {} if desert else rules.param_fills.get(kind) or {}
                want = TileView(pos, None if desert else kind, None if desert else color,
                                params if desert else {**fill, **params}, bool(desert),
                                False if desert else bool(cancelled), level if not desert else None,
                                stars if not desert else None, (), cancelled, tile)
                assert type(made) is TileView
                for name in TileView.__slots__:
                    assert getattr(made, name) == getattr(want, name), (pos, name)
                assert made.record is tile
                seen[bool(desert)] += 1
    assert seen[True] and seen[False]
