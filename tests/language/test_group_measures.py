"""`largest group(…) by span | span between A and B | parts(…) | border cells` (runtime.hexmap_measures, Terra
Mystica's Fire & Ice tiles): jsnell's `hex_distance` is the number of steps across the map, the measures on a small
map are as counted by hand, and the checker names a wrong member or link at its place."""

from __future__ import annotations

import itertools

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.runtime.hexmap import HexMapSpec, board_of, largest_group, link
from orbis_dsl.runtime.hexmap_measures import cell_distance, on_border

BASE = board_of(game_rules(game_named("terra-mystica")).settings.hexmap)


def test_the_distance_is_the_steps_across_the_map_between_every_two_hexes():
    """On the base map every pair: jsnell's formula gives the steps of the shortest path over all hexes."""
    for a, b in itertools.combinations(BASE.cells, 2):
        assert cell_distance(BASE, a, b) == BASE.distance(a, b) + 1, (a, b)
    assert cell_distance(BASE, "A1", "A7") == 6 and cell_distance(BASE, "A1", "B2") == 4
    assert cell_distance(BASE, "E7", "E7") == 0


def test_the_edge_is_the_first_and_last_hex_of_a_row_and_the_top_and_bottom_rows():
    edge = sorted(c for c in BASE.cells if on_border(BASE, c) and not BASE.is_water(c))
    assert {"A1", "A7", "A13", "I1", "I12", "B1", "B6", "E1", "E11", "D1", "D8", "G7"} <= set(edge)
    assert not on_border(BASE, "B2") and not on_border(BASE, "E7") and not on_border(BASE, "G1")
    # rows A (13 land hexes) and I (12); of B to H, the first and last hexes that are land (C's both river, G's first)
    assert len(edge) == 13 + 12 + 2 + 0 + 2 + 2 + 2 + 1 + 2


SMALL = board_of(HexMapSpec("s", "S", ".", (("A", "G G . G G"), ("B", "G . . G"), ("C", "G G G G G")), "w"))


@pytest.mark.parametrize("by, between, parts, want", [
    ("span", (), (), 4),              # A1 to A4 (4 steps) in the group joined by water
    ("span", ("x", "y"), (), 3),      # A1 (x) to A3 (y); A4 (z) is further, but no member asked for
    ("parts", (), (link("adjacent"),), 2),
    ("border", (), (), 4),            # A1, A2, A3, A4 all in the top row
])
def test_the_measures_on_a_small_map(by, between, parts, want):
    cells = {"x": ["A1", "A2"], "y": ["A3"], "z": ["A4"]}  # row A: A1 A2 (water) A3 A4
    links = (link("adjacent"), link("water", 1))
    trace = []
    assert largest_group(SMALL, cells, links, trace, by=by, between=between, parts=parts) == want
    assert trace[0].startswith("largest group by")
    assert largest_group(SMALL, None, links, by=by, between=between, parts=parts) is None
    assert largest_group(SMALL, {"x": [], "y": [], "z": []}, links, by=by, between=between, parts=parts) == 0


MAP_GAME = """\
game "isles" "Isles" {
  record "isles/1"
  report "isles-score/1"
}

hexmap isles "Isles" {
  water "." "w"
  row A: "G G . . G"
}

set pieces: hut, hall
fact built "pieces on the map": cells per pieces
fact spans "spans": crossings?
score a "A": max(MEASURE, 0)
winner: most total, ties shared
"""


@pytest.mark.parametrize("measure, message", [
    ("largest group(built: adjacent) by span between hut and hal", "unknown member of pieces 'hal'"),
    ("largest group(built: adjacent) by parts(joined by spam)", "unknown fact 'spam'"),
])
def test_a_wrong_member_or_link_is_named(check_rules, measure, message):
    model, diags, _ = check_rules(MAP_GAME.replace("MEASURE", measure), base=False)
    assert model is None
    assert [d.message for d in diags if d.is_error] == [message]
