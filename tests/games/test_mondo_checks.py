"""Mondo's checks across rounds, faces and tasks (docs/rules/mondo.md §13), and the rule set's generated
handlers against the interpreter on them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_game, game_rules
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.sheet import refusals, score_sheet

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "mondo"
RULES = game_rules(game_named("mondo"))
CARDS = ("most_water_animals", "largest_forest", "largest_lake", "most_lakes", "most_animals")


@pytest.fixture(scope="module")
def interpreted():
    compiled = compile_game(game_named("mondo"))
    assert compiled.diagnostics == []
    return build_rules(compiled.model)


def _advanced(cards) -> str:
    doc = json.loads((EXAMPLES / "counts-advanced-3p-counts-as-active.json").read_text())
    for r, card in zip(doc["rounds"], cards):
        r["modifier"] = card
    return json.dumps(doc)


def test_a_modifier_card_twice_is_refused_at_the_card_of_the_round_it_comes_back():
    record, diags = read_sheet_json(_advanced(("most_lakes", "largest_forest", "most_lakes")), "x.json", RULES)
    assert record is None
    assert [(d.path, "earlier round" in d.message) for d in diags] == [("$.rounds[2].modifier", True)]


def test_three_different_modifier_cards_are_accepted():
    record, diags = read_sheet_json(_advanced(("most_lakes", "largest_forest", "largest_lake")), "x.json", RULES)
    assert record is not None and not diags


def test_the_generated_and_interpreted_rules_agree_on_repeated_cards(interpreted):
    rng = random.Random(13)
    base = (EXAMPLES / "counts-advanced-3p-counts-as-active.json").read_text()
    refused = accepted = 0
    for _ in range(60):
        cards = [rng.choice(CARDS[:3]) for _ in range(3)]
        # read without the refusals, so that both rule sets judge the same record
        record, _ = read_sheet_json(base, "x.json", RULES)
        record = record._replace(rounds=[[p._replace(facts={**p.facts, "card": card}) for p in players]
                                         for players, card in zip(record.rounds, cards)])
        a = [(f.round, f.message) for f in refusals(RULES, record)]
        b = [(f.round, f.message) for f in refusals(interpreted, record)]
        assert a == b
        assert bool(a) == (len(set(cards)) < 3)
        refused += bool(a)
        accepted += not a
        assert score_sheet(RULES, record, "mondo-score/1").to_json() == \
            score_sheet(interpreted, record, "mondo-score/1").to_json()
    assert refused and accepted


def _ringed_plains(animals) -> dict:
    """A 2 × 2 block of plains in the middle, closed by a ring of tiles showing plains towards it: one enclosed
    plains landscape, the animals standing in its four middle tiles."""
    from orbis_dsl.runtime.grid import BoardRecord, Cell, default_patches, features, measures

    grid = RULES.settings.grid
    cells = {}
    for cid, animal in zip(("r3c3", "r3c4", "r4c3", "r4c4"), animals):
        cells[cid] = Cell(("plains",) * 4, ((0, 1, 2, 3),), {"animal": (animal, 0)} if animal else {})
    for cid, facing in (("r2c3", 2), ("r2c4", 2), ("r5c3", 0), ("r5c4", 0), ("r3c2", 1), ("r4c2", 1),
                        ("r3c5", 3), ("r4c5", 3)):
        edges = tuple("plains" if d == facing else "water" for d in range(4))
        cells[cid] = Cell(edges, default_patches(edges), {})
    return measures(grid, features(grid.shape, grid.borders, BoardRecord("front", cells, {})))


def test_the_different_animals_in_one_enclosed_landscape_are_counted_by_terrain():
    found = _ringed_plains(("buffalo", "elephant", "zebra", "lion"))
    assert found["enclosed"]["plains"] == 1
    assert found["animal_kinds"] == {"water": 0, "desert": 0, "forest": 0, "plains": 4}
    assert found["animal_together"]["buffalo"] == 1
    twice = _ringed_plains(("buffalo", "buffalo", "buffalo", None))
    assert twice["animal_kinds"]["plains"] == 1 and twice["animal_together"]["buffalo"] == 3


def test_a_piece_name_is_a_constant_only_where_a_list_holds_its_family():
    from orbis_dsl.language.check.names import rule_context
    from orbis_dsl.language.check.types import PieceOf
    from orbis_dsl.language.ruleset import compile_game

    model = compile_game(game_named("mondo")).model
    assert rule_context(model).resolve("T07").type == PieceOf("task")
    # Orbis's gods are held one per player, never listed: no constants there.
    orbis = compile_game(game_named("orbis")).model
    assert all(rule_context(orbis).resolve(g) is None for g in orbis.gods)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_the_generated_and_interpreted_rules_score_each_example_alike(name, interpreted):
    """The faces, task and card checks included: the same totals, lines and warnings either way."""
    doc = json.loads((EXAMPLES / name).read_text())
    if doc["level"] == "beginner" and name.startswith("grid-"):
        # the expert game over the same boards, each player claiming a task the board does not show
        doc["level"] = "expert"
        for r, card in zip(doc["rounds"], ("most_lakes", "largest_forest", "largest_lake")):
            r.update(modifier=card, tasks_revealed=["T01", "T07", "T10", "T12"])
            for player, task in zip(r["players"], ("T12", "T07")):
                player["tasks"] = [{"id": task, "done": True}]
    record, diags = read_sheet_json(json.dumps(doc), name, RULES)
    assert record is not None, [d.message for d in diags]
    a = score_sheet(RULES, record, "mondo-score/1").to_json()
    assert a == score_sheet(interpreted, record, "mondo-score/1").to_json()
    if doc["level"] == "expert" and name.startswith("grid-"):
        assert len([w for w in a["warnings"] if "disagrees with the board" in w["message"]]) == 6


def test_one_notation_reads_either_way_of_writing_a_value():
    """sheet_notation.py reads both games' notations: in the block layout a fact per set or a list may be written
    compactly, `1/0` and `T01+,T03-`, as on a line per player, or a word per member and item."""
    from orbis_dsl.records.sheets.notation import text_to_json

    lines = ["game mondo", "level expert", "round 1", "tasks_revealed T01,T03 T05 T07", "player Ann",
             "animals 3", "enclosed 1", "empty 20", "mismatches 4", "volcanoes {}", "chip -", "modifier 0",
             "tasks T01+,T03-5"]
    for volcanoes in ("1/0", "1 0"):
        text = "\n".join(lines).replace("{}", volcanoes) + "\n"
        doc, diags = text_to_json(text, "x.mondo", RULES)
        assert not diags
        (player,) = doc["rounds"][0]["players"]
        assert player["volcanoes"] == {"active": 1, "inactive": 0}
        assert player["tasks"] == [{"id": "T01", "done": True}, {"id": "T03", "done": False, "points": 5}]
        assert doc["rounds"][0]["tasks_revealed"] == ["T01", "T03", "T05", "T07"]


def test_a_line_per_player_and_blocks_are_one_reader():
    from orbis_dsl.records.inputs import read_record
    from orbis_dsl.records.sheets import notation as sheet_notation

    tm = ROOT / "examples" / "terra-mystica" / "3p-map-shipping-bridge.tmgame"
    record, rules, diags, _ = read_record(tm, None)
    assert record is not None and not diags and not sheet_notation.blocks_layout(rules)
    assert sheet_notation.blocks_layout(RULES)


@pytest.mark.parametrize("line,says", [
    ('refuse "again" if pick in earlier pick', "declares no 'rounds'"),
    ('refuse "again" if pick in earlier pikc', "unknown fact 'pikc'"),
    ('refuse "again" if kept in earlier kept', "'earlier' lists the values of a number, a choice or a set member"),
])
def test_earlier_misused_is_a_located_error(tmp_path, line, says):
    from orbis_dsl.language.ruleset import compile_paths

    text = ('game "g" "G" {\n  record "g/1"\n  report "g-score/1"\n}\n'
            + ("rounds 3\n" if "rounds" not in says else "")
            + 'fact pick "pick": "tea" | "cake"\nfact kept "kept": bool\nscore s "S": 1\n'
            + line + "\nwinner: most total, ties shared\n")
    path = tmp_path / "g.orbis"
    path.write_text(text)
    errors = [d for d in compile_paths([path]).diagnostics if d.is_error]
    assert len(errors) == 1 and says in errors[0].message, [d.message for d in errors]
    assert errors[0].span.line == text.splitlines().index(line) + 1 and errors[0].span.column > 1


def test_faces_and_an_area_of_one_name_clash(tmp_path):
    from orbis_dsl.language.ruleset import compile_paths

    path = tmp_path / "g.orbis"
    path.write_text('game "g" "G" {\n  record "g/1"\n  report "g-score/1"\n}\nset colours: red, blue\n'
                    'grid garden "Garden" {\n  shape: 2, 2\n  edges: colours\n  border front: blue\n'
                    '  area start: r1c1\n  faces: start, other\n}\n'
                    'fact n "n": int 0..4 from start_placed\nscore s "S": n\nwinner: most total, ties shared\n')
    errors = [d.message for d in compile_paths([path]).diagnostics if d.is_error]
    assert any("names both an area and a face" in m for m in errors), errors


BOARD_ONLY = {"plain_split", "plain_marked", "together", "species_together", "lakes", "lake_size",
              "water_animals", "board_spaces"}


def test_what_only_a_board_shows_is_never_typed_converted_or_asked():
    from orbis_dsl.records.sheets.convert import to_counts
    from orbis_dsl.serve.sheets import sheet_declarations

    assert {f.json_key for f in RULES.facts.values() if f.board_only} == BOARD_ONLY
    doc = json.loads((EXAMPLES / "counts-beginner-2p.json").read_text())
    doc["rounds"][1]["players"][0]["lakes"] = 2
    record, diags = read_sheet_json(json.dumps(doc), "x.json", RULES)
    assert record is None
    assert [(d.path, d.message) for d in diags] == [
        ("$.rounds[1].players[0].lakes", "'lakes' is read only from the world: leave it out")]
    grid = (EXAMPLES / "grid-beginner-2p.json").read_text()
    record, _ = read_sheet_json(grid, "g.json", RULES)
    assert record.rounds[0][0].facts["board_spaces"] == 24
    counts = to_counts(json.loads(grid), RULES, record)
    assert not BOARD_ONLY & {k for r in counts["rounds"] for p in r["players"] for k in p}
    asked = {f["key"] for f in sheet_declarations(RULES)["facts"] if f["form"] is not None}
    assert not BOARD_ONLY & asked and {"animals", "modifier", "tasks"} <= asked


def test_only_from_needs_an_optional_type(tmp_path):
    from orbis_dsl.language.ruleset import compile_paths

    path = tmp_path / "g.orbis"
    path.write_text('game "g" "G" {\n  record "g/1"\n  report "g-score/1"\n}\nset colours: red, blue\n'
                    'grid garden "Garden" {\n  shape: 2, 2\n  edges: colours\n  border front: blue\n}\n'
                    'fact n "n": int 0..4 only from placed\nscore s "S": 1\nwinner: most total, ties shared\n')
    errors = [d for d in compile_paths([path]).diagnostics if d.is_error]
    assert len(errors) == 1 and "make its type optional ('int?')" in errors[0].message
    assert errors[0].span.line == 11
