"""`orbis rules --json`: the base game as the rule files declare it, and the known counts of the tile list."""

from __future__ import annotations

import json
from collections import Counter

import pytest

LEVELS = (1, 2, 3)
# rules/orbis/tiles.orbis, header: the counts the printed game is known to have.
WHITE_STARS = {1: 5, 2: 5, 3: 4}
PURPLE_STARS = {1: 4, 2: 4, 3: 6}
BLACK_STARS = {1: 11, 2: 11, 3: 15}
KIND_COLOUR = {"farm": "yellow", "village": "yellow", "volcano": "red", "irrigation": "blue", "forest": "green",
               "temple": "white"}


def run(*args: str):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def listing():
    result = run("rules", "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def tiles(listing):
    return listing["tiles"]


def test_ten_gods(listing):
    assert [g["name"] for g in listing["gods"]] == [
        "love", "oceans", "fire", "nature", "harvests", "apprentice", "idleness", "technology", "balance", "death"]
    assert all(g["title"] for g in listing["gods"])


def test_eight_kinds(listing):
    assert [k["name"] for k in listing["kinds"]] == [
        "stone", "proselytism", "farm", "village", "volcano", "irrigation", "forest", "temple"]


def test_five_colours(listing):
    assert listing["colors"] == ["red", "yellow", "blue", "green", "white"]


def test_three_variants(listing):
    assert [(v["name"], v["players"]) for v in listing["variants"]] == [("4p", 4), ("3p", 3), ("2p", 2)]


def test_65_tiles_20_20_25_per_level(listing, tiles):
    assert len(tiles) == 65
    assert listing["tiles_per_level"] == {"1": 20, "2": 20, "3": 25}
    assert Counter(t["level"] for t in tiles) == {1: 20, 2: 20, 3: 25}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_variant_uses_the_display_plus_a_pyramid_per_player(listing, tiles, players):
    (variant,) = [v for v in listing["variants"] if v["players"] == players]
    assert variant["tiles"] == 9 + 14 * players
    assert variant["tiles"] == sum(1 for t in tiles if t["stars"] not in variant["removed_stars"])
    assert variant["gods_revealed"] == players + 1


def test_variant_prizes_of_the_temple_award(listing):
    assert {v["name"]: v["prizes"] for v in listing["variants"]} == {
        "4p": {"temple": [11, 7, 4, 2]}, "3p": {"temple": [9, 4, 2]}, "2p": {"temple": [7, 2]}}


def test_options_and_their_defaults(listing):
    assert [(o["name"], o["type"], o["default"]) for o in listing["options"]] == [
        ("majority_needs_one", "bool", False), ("temple_count", "enum", "icons")]


# ---- the constraints of rules/orbis/tiles.orbis ------------------------------------------------------------------


def per_level(tiles, stars: str) -> dict[int, int]:
    counts = Counter(t["level"] for t in tiles if t["stars"] == stars)
    return {level: counts[level] for level in LEVELS}


def test_white_stars_per_level(tiles):
    assert per_level(tiles, "white") == WHITE_STARS


def test_purple_stars_per_level(tiles):
    assert per_level(tiles, "purple") == PURPLE_STARS


def test_black_stars_per_level(tiles):
    assert per_level(tiles, "black") == BLACK_STARS


def test_thirteen_tiles_of_each_colour(tiles):
    assert Counter(t["color"] for t in tiles) == {c: 13 for c in ("red", "yellow", "blue", "green", "white")}


def test_each_level_has_every_colour_equally(tiles):
    for level, each in ((1, 4), (2, 4), (3, 5)):
        assert Counter(t["color"] for t in tiles if t["level"] == level) == {
            c: each for c in ("red", "yellow", "blue", "green", "white")}, level


@pytest.mark.parametrize("kind", sorted(KIND_COLOUR))
def test_kind_colours(tiles, kind):
    colours = {t["color"] for t in tiles if t["kind"] == kind}
    assert colours == {KIND_COLOUR[kind]}


def test_stones_and_proselytism_come_in_every_colour(tiles):
    for kind in ("stone", "proselytism"):
        assert {t["color"] for t in tiles if t["kind"] == kind} == {"red", "yellow", "blue", "green", "white"}


def test_one_farm_per_reduction_colour(tiles):
    farms = [t["params"]["reduces"] for t in tiles if t["kind"] == "farm"]
    assert sorted(farms) == sorted(["red", "yellow", "blue", "green", "white"])


def test_mystic_values_only_on_white_tiles_and_unique(tiles):
    with_mystic = [t for t in tiles if "mystic" in t["params"]]
    assert all(t["color"] == "white" for t in with_mystic)
    assert {id(t) for t in with_mystic} == {id(t) for t in tiles if t["color"] == "white"}  # every white tile has one
    values = [t["params"]["mystic"] for t in with_mystic]
    assert len(values) == len(set(values))
    assert sorted(values) == list(range(1, 14))


def test_every_cost_square_is_a_colour_or_any(listing, tiles):
    allowed = set(listing["colors"]) | {"any"}
    assert all(set(t["cost"]) <= allowed for t in tiles)


def test_forests_name_two_colours(tiles):
    for tile in (t for t in tiles if t["kind"] == "forest"):
        assert len(tile["params"]["colors"]) == 2 and len(set(tile["params"]["colors"])) == 2


def test_level_one_is_free_except_temples(tiles):
    assert all(not t["cost"] for t in tiles if t["level"] == 1 and t["kind"] != "temple")


def test_the_text_listing_agrees(listing):
    result = run("rules")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "kinds:    " + ", ".join(k["name"] for k in listing["kinds"])
    assert "variant 2p: 2 players, 37 tiles, 3 gods revealed" in lines
    assert "award     temple: Temple token: most first, prizes from the variant, ties keep order" in lines
    assert lines[-1] == "tiles:    65 (level 1: 20, level 2: 20, level 3: 25)"


def test_the_base_rules_as_a_pack_list_the_same(listing, repo_root):
    result = run("rules", "--rules", str(repo_root / "rules" / "orbis"), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == listing


def test_a_parameters_range_is_listed(listing):
    temple = next(k for k in listing["kinds"] if k["name"] == "temple")
    icons = next(p for p in temple["params"] if p["name"] == "icons")
    assert (icons["low"], icons["high"]) == (1, 2)
    assert all("low" not in p for k in listing["kinds"] for p in k["params"] if p["name"] != "icons")
