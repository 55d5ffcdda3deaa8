"""Properties of Terra Mystica's final scoring over thousands of random score sheets (typed networks and
map-level records alike): a track pays out at most 8 + 4 + 2 = 14 and the area at most 18 + 12 + 6 = 36; the
prizes never depend on the order the players are listed in; the interpreter agrees with the generated code."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.common.games import game_named
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_game, game_rules
from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.sheet import refusals, score_sheet
from orbis_dsl.runtime.sheet_types import SheetPlayerRecord, SheetRecord

GAME = game_named("terra-mystica")
GENERATED = game_rules(GAME)
INTERPRETED = build_rules(compile_game(GAME).model)
BOARD = board_of(GENERATED.settings.hexmap)
LAND = sorted(BOARD.land)
WATER = sorted(set(BOARD.cells) - set(BOARD.land))
CROSSINGS = sorted(tuple(sorted(pair)) for pair in BOARD.crossings)
# One faction per home terrain at most, as the checks demand.
BY_HOME: dict[int, list[str]] = {}
for name, spec in GENERATED.gods.items():
    BY_HOME.setdefault(spec.modifiers.get("home", 0), []).append(name)
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
FINAL_TILES = ["connected-distance", "connected-sa-sh-distance", "building-on-edge", "connected-clusters"]


def random_sheets(rng: random.Random) -> SheetRecord:
    n = rng.randint(2, 5)
    homes = rng.sample(sorted(BY_HOME), n)
    free = LAND[:]
    rng.shuffle(free)
    players = []
    for i, home in enumerate(homes):
        faction = rng.choice(BY_HOME[home])
        # Small ranges make ties common: ties are where the rules are subtle.
        facts = {"vp": rng.randint(0, 150), "cults": {t: rng.choice([0, 0, 1, 3, 5, 5, 7, 10])
                                                      for t in ("fire", "water", "earth", "air")},
                 "coins": rng.randint(0, 30), "workers": rng.randint(0, 8), "priests": rng.randint(0, 7),
                 "power": dict(zip(("I", "II", "III"), _bowls(rng))), "network": None, "structures": None,
                 "bridges": None, "shipping": None, "dig": None, "favor_tiles": None, "town_tiles": None,
                 "priests_on_cult": None, "mermaid_river_towns": None, "bonus_card": None,
                 "scoring_tiles": None, "bonus_cards_in_play": None}
        if rng.random() < 0.5:
            facts["network"] = rng.choice([0, 3, 5, 5, 8, 12, 17])
        else:
            cells = [free.pop() for _ in range(rng.randint(0, 12))]
            facts["structures"] = {"SH": cells[:1], "SA": cells[1:2], "D": cells[2:9], "TP": cells[9:12], "TE": []}
            facts["bridges"] = [pair for pair in rng.sample(CROSSINGS, 3) if set(pair) <= set(cells)]
            facts["shipping"] = rng.choice([None, 0, 1, 2, 3])
            if faction == "mermaids":
                facts["mermaid_river_towns"] = rng.sample(WATER, rng.randint(0, 2))
            if rng.random() < 0.3:
                facts["network"] = rng.randint(0, 17)
        _level_two_lists(rng, facts)
        players.append(SheetPlayerRecord(NAMES[i], faction, facts))
    _table_lists(rng, players)
    options = {"tiebreak": rng.choice(["shared", "resources"])}
    return SheetRecord([players], options)


def _level_two_lists(rng: random.Random, facts: dict) -> None:
    """Favour and town tiles and priests on the cult board, now and then, with repeats now and then: what the
    checks of copies across the players and of repeats within a list read."""
    if rng.random() < 0.4:
        facts["favor_tiles"] = [f"FAV{rng.choice([1, 5, 6, 10, 12])}" for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.4:
        facts["town_tiles"] = [f"TW{rng.choice([1, 2, 6, 8])}" for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.4:
        facts["priests_on_cult"] = {t: rng.choice([None, 0, 1, 2]) for t in ("fire", "water", "earth", "air")}


def _table_lists(rng: random.Random, players: list[SheetPlayerRecord]) -> None:
    """The scoring tiles and the bonus cards in play, given once for the table (every player reads the same)."""
    scoring = bonus = None
    if rng.random() < 0.4:
        scoring = rng.sample([f"SCORE{i}" for i in range(1, 9)], 6)
        if rng.random() < 0.3:
            scoring[rng.randrange(6)] = rng.choice(["SCORE1", scoring[0]])
    if rng.random() < 0.4:
        bonus = rng.sample([f"BON{i}" for i in range(1, 10)], len(players) + 3)
        if rng.random() < 0.3:
            bonus[-1] = bonus[0]
    # Fire & Ice's extra final tile, now and then (refused where a player gives no structures).
    edition = tile = None
    if rng.random() < 0.4:
        edition, tile = "fire_and_ice", rng.choice(FINAL_TILES)
    for p in players:
        p.facts["scoring_tiles"], p.facts["bonus_cards_in_play"] = scoring, bonus
        p.facts["edition"], p.facts["final_tile"] = edition, tile


def _bowls(rng: random.Random) -> tuple[int, int, int]:
    tokens = rng.randint(0, 12)
    first = rng.randint(0, tokens)
    second = rng.randint(0, tokens - first)
    return first, second, tokens - first - second


def _by_player(report) -> dict:
    return {p.name: (p.columns, p.total, p.place, p.winner) for p in report.players}


@st.composite
def sheets(draw):
    return random_sheets(random.Random(draw(st.integers(0, 2 ** 32))))


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_a_track_pays_at_most_14_and_the_area_at_most_36(record):
    report = score_sheet(GENERATED, record, "tm-score/1", explain=True)
    paid: dict[str, int] = {}
    for p in report.players:
        for line in p.lines:
            if line.what == "cult":
                paid[line.where] = paid.get(line.where, 0) + line.cp
                assert line.cp >= 0
    assert all(total <= 14 for total in paid.values()), paid
    assert sum(p.columns["network"] for p in report.players) <= 36
    assert sum(p.columns["final_tile"] for p in report.players) <= 36
    assert sum(p.columns["cults"] for p in report.players) <= 4 * 14


@settings(max_examples=300, deadline=None)
@given(sheets(), st.randoms(use_true_random=False))
def test_prizes_never_depend_on_player_order(record, rng):
    shuffled = list(record.rounds[0])
    rng.shuffle(shuffled)
    first = score_sheet(GENERATED, record, "tm-score/1", explain=False)
    second = score_sheet(GENERATED, record._replace(rounds=[shuffled]), "tm-score/1", explain=False)
    assert _by_player(first) == _by_player(second)
    assert sorted(first.winners) == sorted(second.winners)


@pytest.mark.parametrize("chunk", range(4))
def test_thousands_of_random_sheets_score_alike_interpreted_and_generated(chunk):
    rng = random.Random(f"terra-mystica-{chunk}")
    for _ in range(500):
        record = random_sheets(rng)
        generated = score_sheet(GENERATED, record, "tm-score/1", explain=True)
        interpreted = score_sheet(INTERPRETED, record, "tm-score/1", explain=True)
        assert generated.to_json() == interpreted.to_json()
        assert generated.warnings == interpreted.warnings
        assert refusals(GENERATED, record) == refusals(INTERPRETED, record)


def test_the_random_sheets_reach_map_networks_ties_and_every_faction():
    rng = random.Random("coverage")
    factions, mapped, tied_tracks = set(), 0, 0
    for _ in range(500):
        record = random_sheets(rng)
        factions |= {p.piece for p in record.rounds[0]}
        mapped += any(p.facts["structures"] for p in record.rounds[0])
        report = score_sheet(GENERATED, record, "tm-score/1", explain=True)
        tied_tracks += any("tied with" in line.why for p in report.players for line in p.lines)
    assert factions == set(GENERATED.gods)
    assert mapped > 100 and tied_tracks > 100


def test_the_random_sheets_score_every_fire_and_ice_tile():
    """Every Fire & Ice tile pays out on some random maps (and agrees interpreted and generated); a base game
    pays nothing for it."""
    rng = random.Random("fire-and-ice")
    paid: dict[str, int] = {}
    for _ in range(600):
        record = random_sheets(rng)
        sheets = record.rounds[0]
        if sheets[0].facts["final_tile"] is None:
            report = score_sheet(GENERATED, record, "tm-score/1", explain=False)
            assert all(p.columns["final_tile"] == 0 for p in report.players)
        if not all(p.facts["structures"] for p in sheets):
            continue
        for tile in FINAL_TILES:
            for p in sheets:
                p.facts["edition"], p.facts["final_tile"] = "fire_and_ice", tile
            if refusals(GENERATED, record):
                break
            report = score_sheet(GENERATED, record, "tm-score/1", explain=True)
            assert report.to_json() == score_sheet(INTERPRETED, record, "tm-score/1", explain=True).to_json()
            paid[tile] = paid.get(tile, 0) + (sum(p.columns["final_tile"] for p in report.players) > 0)
    assert sorted(paid) == sorted(FINAL_TILES) and all(n >= 3 for n in paid.values()), paid
