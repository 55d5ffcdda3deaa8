"""The compiled handlers (generated/) and the reference interpreter must score every game identically.

Games are random finished pyramids for 2-4 players: tiles drawn from the base game's own tile list (so every
kind appears with valid parameters), deserts, Cancelation tokens on any tile (true, false or not said), distinct
gods (or none), any worshipper count, and either rule option set or left at its default.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import base_rules, compile_base
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import score_game

COMPILED = base_rules()
INTERPRETED = build_rules(compile_base().model)
TILES = COMPILED.tiles
GODS = sorted(COMPILED.gods)
ROWS = COMPILED.settings.board
OPTION_CHOICES = {"majority_needs_one": [False, True], "temple_count": ["icons", "tiles"]}


def tile_record(tile, cancelled) -> TileRecord:
    params = {k: v for k, v in tile.params.items() if v is not None}
    return TileRecord(kind=tile.kind, color=tile.color, params=params, cancelled=cancelled, level=tile.level,
                      stars=tile.stars)


def summary(report) -> dict:
    """Everything a score says, field by field (to_json covers totals, categories, places, winners, lines with
    their cp and why, and warnings)."""
    return {
        "json": report.to_json(),
        "totals": [p.total for p in report.players],
        "categories": [dict(p.categories) for p in report.players],
        "places": [p.place for p in report.players],
        "winners": list(report.winners),
        "lines": [[(line.where, line.what, line.cp, line.why) for line in p.lines] for p in report.players],
        "warnings": [(w.where, w.message) for w in report.warnings],
    }


def assert_agree(game: GameRecord) -> None:
    compiled = summary(score_game(COMPILED, game))
    interpreted = summary(score_game(INTERPRETED, game))
    for key in compiled:
        assert compiled[key] == interpreted[key], key


# ---- hypothesis -----------------------------------------------------------------------------------------


CANCELLED = (None, False, True)
# One integer per pyramid slot: a tile of the list with a Cancelation state, or (about one slot in seven) a desert.
TILE_CODES = len(TILES) * len(CANCELLED)
SLOT_CODES = TILE_CODES + TILE_CODES // 6


def slot(code: int) -> TileRecord:
    if code >= TILE_CODES:
        return TileRecord(desert=True)
    return tile_record(TILES[code // len(CANCELLED)], CANCELLED[code % len(CANCELLED)])


@st.composite
def games(draw):
    n = draw(st.integers(2, 4))
    gods = draw(st.permutations(GODS))[:n]
    size = sum(ROWS)
    players = []
    for i in range(n):
        codes = draw(st.lists(st.integers(0, SLOT_CODES - 1), min_size=size, max_size=size))
        slots = iter(codes)
        pyramid = tuple(tuple(slot(next(slots)) for _ in range(width)) for width in ROWS)
        god = gods[i] if draw(st.integers(0, 9)) else None
        players.append(PlayerRecord(f"Player {i + 1}", god, draw(st.integers(0, 12)), pyramid,
                                    god_cancelled=draw(st.booleans())))
    options = {}
    for name, choices in OPTION_CHOICES.items():
        choice = draw(st.sampled_from([None, *choices]))
        if choice is not None:
            options[name] = choice
    variant = draw(st.sampled_from([None, f"{n}p"]))
    return GameRecord(tuple(players), variant, options)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_compiled_and_interpreted_rules_agree(game):
    assert_agree(game)


# ---- seeded loop: thousands of games quickly ----------------------------------------------------------------


def random_game(rng: random.Random) -> GameRecord:
    n = rng.randint(2, 4)
    gods = rng.sample(GODS, n)
    supply = rng.sample(TILES, len(TILES))  # each tile at most once per game, as on the table
    players = []
    for i in range(n):
        rows = []
        for width in ROWS:
            row = []
            for _ in range(width):
                if rng.random() < 0.15 or not supply:
                    row.append(TileRecord(desert=True))
                else:
                    row.append(tile_record(supply.pop(), rng.choice([None, None, False, True])))
            rows.append(tuple(row))
        god = gods[i] if rng.random() < 0.9 else None
        players.append(PlayerRecord(f"P{i + 1}", god, rng.randint(0, 10), tuple(rows),
                                    god_cancelled=rng.random() < 0.25))
    options = {name: rng.choice(choices) for name, choices in OPTION_CHOICES.items() if rng.random() < 0.6}
    return GameRecord(tuple(players), rng.choice([None, f"{n}p"]), options)


CHUNKS = 8
GAMES_PER_CHUNK = 250  # 2,000 games in all


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_thousands_of_seeded_games_agree(chunk):
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        game = random_game(random.Random(seed))
        try:
            assert_agree(game)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from error


def test_the_random_games_reach_every_kind_god_and_outcome():
    """The generator is worth something only if it makes the scorer take every branch."""
    kinds, gods, winners, warned, scored_desert, cancelled = set(), set(), set(), 0, 0, 0
    for seed in range(300):
        game = random_game(random.Random(seed))
        report = score_game(COMPILED, game)
        for p in game.players:
            gods.add(p.god)
            for row in p.pyramid:
                for t in row:
                    kinds.add(t.kind)
                    cancelled += bool(t.cancelled)
        winners.add(len(report.winners))
        warned += bool(report.warnings)
        scored_desert += any(line.what == "desert" for p in report.players for line in p.lines)
    assert kinds - {None} == set(COMPILED.kinds)
    assert gods - {None} == set(GODS)
    assert 1 in winners
    assert warned and scored_desert and cancelled


def test_the_interpreter_builds_the_same_rule_set():
    assert list(INTERPRETED.kinds) == list(COMPILED.kinds)
    assert list(INTERPRETED.gods) == list(COMPILED.gods)
    assert list(INTERPRETED.variants) == list(COMPILED.variants)
    assert [(t.level, t.color, t.stars, t.cost, t.kind, t.params) for t in INTERPRETED.tiles] == [
        (t.level, t.color, t.stars, t.cost, t.kind, t.params) for t in COMPILED.tiles]
    for name, kind in COMPILED.kinds.items():
        other = INTERPRETED.kinds[name]
        assert (other.title, other.params, other.cancellable_when) == (kind.title, kind.params, kind.cancellable_when)
        assert set(other.scoring_params) == set(kind.scoring_params)
        assert [e.text for e in other.ends] == [e.text for e in kind.ends]
    for name, god in COMPILED.gods.items():
        other = INTERPRETED.gods[name]
        assert (other.title, other.modifiers, other.cancellable) == (god.title, god.modifiers, god.cancellable)
        assert [e.text for e in other.ends] == [e.text for e in god.ends]
    assert INTERPRETED.settings.values == COMPILED.settings.values
    assert INTERPRETED.settings.options == COMPILED.settings.options


# ---- a rule pack using what the base game does not -----------------------------------------------------------

EXOTIC = """\
colors red, blue, green
family kind "Tile kind" for tiles
family god "God" for players
marker cancelled "Cancelation token" {
  otherwise validated
}
resource worshippers "worshipper" {
  per color
}
alias crimson = red
tile mark stars: black, white
levels 2
market 3
board stacked 3, 2, 1
attribute cp: int = 0
attribute mystic: int?
option mode: "low" | "high" = "low"
option strict: bool = false
value penalty = -2
value bonus = 1

facedown desert "desert" {
  matches every color
  end: penalty
}

kind alpha "Alpha" {
  param bias: int = 0
  param hue: color
  param pair: colors(2)
  let near = count(n in neighbours where n.color = hue)
  end: near * 2 - bias if near >= 1 and not cancelled
  end: -1 unless count(s in supports where s.color in pair) >= 1
  end: 1 if count(t in tiles where t.row = row and t.column = column - 1 and t.color = hue) >= 1
  end: if mode = "high" then bias + bonus else bias
  end: 1 if level >= 2
}

kind beta "Beta" {
  param need: int
  param gift: amount
  when taken: gain gift, pay need any else mark cancelled
  when placed: require count(s in supports where s.color != crimson) >= 1 else mark cancelled
  end: cp unless cancelled
  end: 2 if count(tiles where kind = alpha) is most among players
}

god sky "Sky" {
  let whites = count(tiles where stars = white)
  end: whites - 1 if whites is fewest among players or strict
  end: 1 if max(mystic of tiles where color = blue) >= 2
  end: -(count(tiles where desert)) unless cancelled
  end: count(players where their count(tiles where desert) < my count(tiles where desert))
}

award relic "Relic" {
  measure: sum(mystic of tiles where not desert) + count(tiles where desert)
  eligible: measure > 0
  tiebreak: min(cp of tiles where kind = beta)
  ties: split and warn
  prizes: 5, 3, 1
}

winner: most total, then fewest worshippers, ties shared

variant "2p" {
  players: 2
  remove tiles marked white
  option strict = true
}

tile 1 red black [] alpha(hue: blue, pair: {red, green}, cp: 1, mystic: 3)
tile 1 blue white [red] beta(need: 2, gift: 1 any, cp: 2)
tile 2 green black [blue, any] alpha(hue: crimson, pair: {blue, green}, bias: 1, mystic: 5)
tile 2 red white [] beta(need: 1, gift: 2 green, cp: 3, mystic: 1)
"""


@pytest.fixture(scope="module")
def exotic(tmp_path_factory):
    from orbis_dsl.language.ruleset import compile_paths, rules_from_modules

    path = tmp_path_factory.mktemp("exotic") / "exotic.orbis"
    path.write_text(EXOTIC, encoding="utf-8")
    compiled = compile_paths([path])
    assert compiled.diagnostics == []
    return rules_from_modules(compiled.modules, "exotic_pack"), build_rules(compiled.model)


def exotic_game(rng: random.Random, rules) -> GameRecord:
    n = rng.randint(2, 3)
    players = []
    for i in range(n):
        rows = tuple(
            tuple(TileRecord(desert=True) if rng.random() < 0.2 else
                  tile_record(rng.choice(rules.tiles), rng.choice([None, False, True])) for _ in range(width))
            for width in rules.settings.board)
        players.append(PlayerRecord(f"P{i + 1}", "sky" if rng.random() < 0.7 else None, rng.randint(0, 5), rows,
                                    god_cancelled=rng.random() < 0.3))
    options = {}
    if rng.random() < 0.5:
        options["mode"] = rng.choice(["low", "high"])
    if rng.random() < 0.5:
        options["strict"] = rng.random() < 0.5
    return GameRecord(tuple(players), "2p" if n == 2 and rng.random() < 0.5 else None, options)


def test_compiled_and_interpreted_agree_on_a_pack_using_every_construct(exotic):
    compiled, interpreted = exotic
    for seed in range(400):
        game = exotic_game(random.Random(seed), compiled)
        a, b = score_game(compiled, game).to_json(), score_game(interpreted, game).to_json()
        assert a == b, f"seed {seed}"


# ---- Mondo (a score sheet of rounds, with grid boards): the interpreter against generated/mondo ----------


def _mondo_rules():
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import compile_game, game_rules

    game = game_named("mondo")
    return game_rules(game), build_rules(compile_game(game).model)


def _mondo_board(rng: random.Random, grid) -> dict:
    from orbis_dsl.runtime.grid import layout

    cells = {}
    for cid in layout(grid.shape):
        if rng.random() < 0.35:
            continue
        edges = [rng.choice(grid.edges) for _ in range(4)]
        cell = {"edges": edges, "patches": [[i] for i in range(4)]}
        if rng.random() < 0.4:  # an animal of the patch's own terrain
            patch = rng.randrange(4)
            home = grid.marks[0].home
            cell["animal"] = {"species": rng.choice([s for s in home if home[s] == edges[patch]]), "patch": patch}
        if rng.random() < 0.3:
            cell["volcano"] = rng.choice(["active", "inactive"])
        cells[cid] = cell
    return {"side": rng.choice(list(grid.borders)), "cells": cells}


def _mondo_record(seed: int, grid) -> str:
    import json

    rng = random.Random(seed)
    solo = rng.random() < 0.2
    level = "solo" if solo else rng.choice(["beginner", "advanced", "expert"])
    n = 1 if solo else rng.randint(2, 4)
    chips = [] if solo else [4, 3, 2, 1][:n]
    cards = ["most_water_animals", "largest_forest", "largest_lake", "most_lakes", "most_animals"]
    rounds = []
    for _ in range(1 if solo else 3):
        taken = rng.sample(chips, rng.randint(0, len(chips)))
        revealed = rng.sample([f"T{i:02d}" for i in range(1, 13)], 2 * n)
        players = []
        for i in range(n):
            p = {"name": f"P{i}", "chip": taken[i] if i < len(taken) else None}
            if rng.random() < 0.5:
                p["world"] = _mondo_board(rng, grid)
            else:
                p.update(animals=rng.randint(0, 8), enclosed=rng.randint(0, 5), empty=rng.randint(0, 10),
                         mismatches=rng.randint(0, 8),
                         volcanoes={"active": rng.randint(0, 3), "inactive": rng.randint(0, 3)})
                if level in ("advanced", "expert"):
                    p["modifier"] = rng.randint(0, 4)
            if level == "expert":
                p["tasks"] = [{"id": revealed[2 * i], "done": rng.random() < 0.5}]
            players.append(p)
        item = {"players": players}
        if level in ("advanced", "expert"):
            item["modifier"] = rng.choice(cards)
        if level == "expert":
            item["tasks_revealed"] = revealed
        rounds.append(item)
    return json.dumps({"format": "mondo-rounds/1", "game": "mondo", "level": level,
                       "options": {"volcano_chip_mode": rng.choice(["flat", "counts_as_active"]),
                                   "solo_level": rng.randint(1, 3)},
                       "rounds": rounds})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_mondo_interpreted_and_compiled_agree(seed):
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import score_sheet

    compiled, interpreted = MONDO
    text = _mondo_record(seed, compiled.settings.grid)
    read_c, diags_c = read_sheet_json(text, "r.json", compiled)
    read_i, diags_i = read_sheet_json(text, "r.json", interpreted)
    assert [(d.path, d.message) for d in diags_c] == [(d.path, d.message) for d in diags_i]
    if read_c is not None:
        assert score_sheet(compiled, read_c, "x").to_json() == score_sheet(interpreted, read_i, "x").to_json()


MONDO = _mondo_rules()


# ---- score-sheet games: Terra Mystica (thousands of random sheets in test_terra_mystica_properties.py) ----------


def test_terra_mystica_examples_and_malformed_sheets_agree_interpreted_and_generated():
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import compile_game, game_rules
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import refusals, score_sheet

    game = game_named("terra-mystica")
    generated, interpreted = game_rules(game), build_rules(compile_game(game).model)
    from pathlib import Path

    root = Path(__file__).resolve().parents[4]
    files = sorted((root / "examples" / "terra-mystica").glob("*.json"))
    files += sorted((root / "tests" / "corpus" / "terra-mystica").glob("*.json"))
    scored = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        record, diags = read_sheet_json(text, path.name, generated)
        _, diags_again = read_sheet_json(text, path.name, interpreted)
        assert [d.message for d in diags] == [d.message for d in diags_again], path.name
        if record is None:
            continue
        assert refusals(generated, record) == refusals(interpreted, record) == []
        assert (score_sheet(generated, record, "tm-score/1").to_json()
                == score_sheet(interpreted, record, "tm-score/1").to_json()), path.name
        scored += 1
    assert scored >= 8
