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
