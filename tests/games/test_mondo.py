"""Mondo round scoring (docs/rules/mondo.md): the examples' hand-computed totals, a grid record against its
counts-level conversion, the grid's counts under rotation and mirroring, and malformed records refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.records.inputs import read_record, score_record
from orbis_dsl.records.sheets.convert import to_counts
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.grid import BoardRecord, Cell, default_patches, features, layout, measures

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "mondo"
RULES = game_rules(game_named("mondo"))
GRID = RULES.settings.grid

# Each example's rounds and totals, computed by hand (the working is in examples/mondo/README.md).
HAND = {
    "counts-beginner-2p.json": {"Ann": ([16, 9, 2], 27), "Bo": ([2, 17, 12], 31)},
    "counts-advanced-3p-counts-as-active.json": {"Ann": ([15, 9, 5], 29), "Bo": ([7, 15, 4], 26),
                                                 "Cy": ([-3, 12, 13], 22)},
    "counts-expert-2p-tasks.json": {"Ann": ([10, 4, 16], 30), "Bo": ([18, 16, -4], 30)},
    "counts-solo-level2.json": {"Ann": ([-4], -4)},
    "grid-beginner-2p.json": {"Ann": ([-15, -11, -15], -41), "Bo": ([-18, -22, -22], -62)},
    "grid-advanced-2p-counts-as-active.json": {"Ann": ([-16, -10, -8], -34), "Bo": ([-14, -23, -26], -63)},
    "grid-solo-level1.json": {"Ann": ([-23], -23)},
}
# The warnings an example gives on purpose, and who wins (a solo game is won under the level's threshold only).
WARNED = {"grid-solo-level1.json": [
    "solo: a tile on the shaded spaces shows a volcano, but the 4 drawn for them must show none"]}
WINNERS = {"counts-solo-level2.json": ["Ann"], "grid-solo-level1.json": []}


def score(path: Path):
    record, rules, diags, _ = read_record(path, None)
    assert not diags, [d.message for d in diags]
    return score_record(rules, record).to_json()


@pytest.mark.parametrize("name", sorted(HAND))
def test_each_example_scores_to_its_hand_computed_totals(name):
    report = score(EXAMPLES / name)
    assert report["format"] == "mondo-score/1"
    got = {p["name"]: (p["rounds"], p["total"]) for p in report["players"]}
    assert got == HAND[name]
    assert [w["message"] for w in report["warnings"]] == WARNED.get(name, [])
    if name in WINNERS:  # (a solo game: won or lost against the threshold)
        assert report["winners"] == WINNERS[name]


def test_the_examples_cover_each_level_both_chip_modes_and_the_grid():
    docs = [json.loads((EXAMPLES / n).read_text()) for n in HAND]
    assert {d["level"] for d in docs} == {"beginner", "advanced", "expert", "solo"}
    assert {d.get("options", {}).get("volcano_chip_mode", "flat") for d in docs} == {"flat", "counts_as_active"}
    assert sum(1 for n in HAND if n.startswith("grid-")) >= 2


@pytest.mark.parametrize("name", [n for n in sorted(HAND) if n.startswith("grid-")])
def test_a_grid_record_and_its_counts_conversion_give_the_same_report(name):
    path = EXAMPLES / name
    text = path.read_text()
    record, diags = read_sheet_json(text, name, RULES)
    assert not diags
    counts = to_counts(json.loads(text), RULES, record)
    assert all(GRID.name not in p for r in counts["rounds"] for p in r["players"])
    converted, diags = read_sheet_json(json.dumps(counts), name, RULES)
    assert not diags
    def strip(rep):
        return [(p["name"], p["rounds"], p["total"], p["place"],
                 [line for line in p["lines"] if line["what"] not in ("enclosed", "mismatch")])
                for p in rep["players"]]
    assert strip(score_record(RULES, record).to_json()) == strip(score_record(RULES, converted).to_json())


def test_the_grid_example_shows_an_enclosed_forest_an_open_desert_a_lake_and_a_border_mismatch():
    doc = json.loads((EXAMPLES / "grid-beginner-2p.json").read_text())
    record, _ = read_sheet_json(json.dumps(doc), "x", RULES)
    ann, bo = (features(GRID.shape, GRID.borders, p.board) for p in record.rounds[0])
    assert [(g.member, g.cells) for g in ann.regions if g.enclosed] == [("forest", ("r3c3", "r3c4", "r4c3"))]
    assert any(g.member == "desert" and not g.enclosed for g in ann.regions)
    assert any(m.other is None for m in ann.mismatches)
    assert [g.member for g in bo.regions if g.inland] == ["water"]


# ---- random grids -------------------------------------------------------------------------------------------

SQUARE = (6, 6, 6, 6, 6, 6)  # rotations and mirrors map a square board onto itself


def random_board(seed: int, shape=SQUARE) -> BoardRecord:
    rng = random.Random(seed)
    cells = {}
    for cid in layout(shape):
        if rng.random() < 0.3:
            continue
        edges = tuple(rng.choice(GRID.edges) for _ in range(4))
        patches = default_patches(edges)
        if rng.random() < 0.3:  # split every patch into single edges
            patches = tuple((i,) for i in range(4))
        marks = {}
        if rng.random() < 0.4:
            marks["animal"] = (rng.choice(GRID.marks[0].members), rng.randrange(len(patches)))
        if rng.random() < 0.3:
            marks["volcano"] = (rng.choice(("active", "inactive")), None)
        cells[cid] = Cell(edges, patches, marks)
    return BoardRecord("front", cells, {})


def turned(board: BoardRecord, n: int = 6) -> BoardRecord:
    """The board turned a quarter clockwise: (r, c) -> (c, n - 1 - r); a cell's north edge faces east."""
    cells = {}
    for cid, cell in board.cells.items():
        r, c = (int(x) - 1 for x in cid[1:].split("c"))
        edges = tuple(cell.edges[(d - 1) % 4] for d in range(4))
        patches = tuple(tuple(sorted((e + 1) % 4 for e in p)) for p in cell.patches)
        cells[f"r{c + 1}c{n - r}"] = Cell(edges, patches, cell.marks)
    return BoardRecord(board.side, cells, {})


def mirrored(board: BoardRecord, n: int = 6) -> BoardRecord:
    """Left and right swapped: east and west edges trade places."""
    swap = (0, 3, 2, 1)
    cells = {}
    for cid, cell in board.cells.items():
        r, c = (int(x) - 1 for x in cid[1:].split("c"))
        edges = tuple(cell.edges[swap[d]] for d in range(4))
        patches = tuple(tuple(sorted(swap[e] for e in p)) for p in cell.patches)
        cells[f"r{r + 1}c{n - c}"] = Cell(edges, patches, cell.marks)
    return BoardRecord(board.side, cells, {})


SQUARE_GRID = GRID._replace(shape=SQUARE)


def counts(board: BoardRecord) -> dict:
    return measures(SQUARE_GRID, features(SQUARE, GRID.borders, board))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_turning_or_mirroring_a_board_changes_no_count(seed):
    board = random_board(seed)
    assert counts(turned(board)) == counts(board)
    assert counts(mirrored(board)) == counts(board)
    assert counts(turned(turned(turned(turned(board))))) == counts(board)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_each_mismatched_edge_is_counted_once(seed):
    board = random_board(seed)
    cells = layout(SQUARE)
    found = features(SQUARE, GRID.borders, board)
    seen = set()
    for m in found.mismatches:
        r, c = cells[m.cell]
        step = ((-1, 0), (0, 1), (1, 0), (0, -1))[m.direction]
        key = frozenset({(r, c), (r + step[0], c + step[1])})
        assert key not in seen
        seen.add(key)
    # By brute force: every facing pair of placed cells that differ, and every placed border edge that differs.
    expected = 0
    for cid, cell in board.cells.items():
        r, c = cells[cid]
        for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            other = next((o for o, pos in cells.items() if pos == (r + dr, c + dc)), None)
            if other is None:
                expected += cell.edges[d] != "water"
            elif other in board.cells and board.cells[other].edges[(d + 2) % 4] != cell.edges[d]:
                expected += 0.5
    assert len(found.mismatches) == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_an_enclosed_region_has_no_open_edge(seed):
    board = random_board(seed)
    cells = layout(SQUARE)
    by_pos = {pos: cid for cid, pos in cells.items()}
    for region in features(SQUARE, GRID.borders, board).regions:
        if not region.enclosed:
            continue
        for cid, patch in region.parts:
            cell = board.cells[cid]
            r, c = cells[cid]
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                if d not in cell.patches[patch]:
                    continue
                other = by_pos.get((r + dr, c + dc))
                if other is None:
                    assert cell.edges[d] == "water"  # the front side's border
                else:
                    assert other in board.cells
                    assert board.cells[other].edges[(d + 2) % 4] == cell.edges[d]


# ---- malformed records ------------------------------------------------------------------------------------

BASE = json.loads((EXAMPLES / "grid-beginner-2p.json").read_text())


def broken(change) -> str:
    doc = json.loads(json.dumps(BASE))
    change(doc)
    return json.dumps(doc, indent=1)


def ann_cells(doc):
    return doc["rounds"][0]["players"][0]["world"]["cells"]


MALFORMED = {
    "unknown-terrain": lambda d: ann_cells(d)["r3c2"].update(edges=["plains", "plains", "swamp", "plains"]),
    "three-edges": lambda d: ann_cells(d)["r3c2"].update(edges=["plains", "plains", "plains"]),
    "five-edges": lambda d: ann_cells(d)["r4c4"].update(edges=["water"] * 5),
    "no-such-space": lambda d: ann_cells(d).update(r1c1={"edges": ["water"] * 4}),
    "patch-of-two-terrains": lambda d: ann_cells(d)["r3c3"].update(patches=[["north", "east"], ["south", "west"]]),
    "patch-missing-an-edge": lambda d: ann_cells(d)["r3c3"].update(patches=[["north", "west"], ["east"]]),
    "animal-unknown-species": lambda d: ann_cells(d)["r3c3"].update(animal={"species": "pandas", "patch": 1}),
    "animal-patch-out-of-range": lambda d: ann_cells(d)["r3c3"].update(animal={"species": "panda", "patch": 7}),
    "animal-no-patch-on-a-split-tile": lambda d: ann_cells(d)["r3c3"].update(animal={"species": "panda"}),
    "land-animal-in-water": lambda d: ann_cells(d)["r3c3"].update(animal={"species": "panda", "patch": 0}),
    "water-animal-in-forest": lambda d: ann_cells(d)["r4c3"].update(animal={"species": "turtle", "patch": "north"}),
    "volcano-unknown-state": lambda d: ann_cells(d)["r3c4"].update(volcano="smoking"),
    "unknown-board-side": lambda d: d["rounds"][0]["players"][0]["world"].update(side="middle"),
    "chip-not-in-play-for-two": lambda d: d["rounds"][0]["players"][0].update(chip=2),
    "two-players-one-chip": lambda d: d["rounds"][0]["players"][0].update(chip=4),
    "count-given-with-the-board": lambda d: d["rounds"][0]["players"][0].update(animals=3),
    "unknown-cell-key": lambda d: ann_cells(d)["r4c4"].update(vulcano="active"),
    "bad-border-edge": lambda d: d["rounds"][0]["players"][0]["world"].update(border={"r3c3 up": "water"}),
    "task-in-beginner": lambda d: d["rounds"][0]["players"][0].update(tasks=[{"id": "T01", "done": True}]),
    "unknown-task": lambda d: d.update(level="expert") or d["rounds"][0]["players"][0].update(
        tasks=[{"id": "T99", "done": True}]),
    "two-rounds": lambda d: d["rounds"].pop(),
    "unknown-face": lambda d: ann_cells(d)["r3c2"].update(face="plian"),
    "plain-face-of-two-terrains": lambda d: ann_cells(d)["r2c3"].update(face="plain"),
    "modifier-card-twice": lambda d: d.update(level="advanced") or [
        r.update(modifier=card) for r, card in zip(d["rounds"], ("most_lakes", "largest_forest", "most_lakes"))],
}


def test_the_corpus_holds_at_least_15_malformed_boards():
    assert len(MALFORMED) >= 15


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_each_malformed_record_is_refused_with_a_located_diagnostic(name, snapshot):
    record, diags = read_sheet_json(broken(MALFORMED[name]), f"{name}.json", RULES)
    assert record is None and diags
    assert all(d.path and d.path.startswith("$") for d in diags)
    assert [f"{d.path}: {d.message}" + (f" ({d.hint})" if d.hint else "") for d in diags] == snapshot


def test_a_malformed_record_exits_2_from_the_cli(tmp_path):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    bad = tmp_path / "bad.json"
    bad.write_text(broken(MALFORMED["unknown-terrain"]))
    result = CliRunner().invoke(app, ["score", str(bad)])
    assert result.exit_code == 2
    assert "swamp" in result.output and "Traceback" not in result.output


def test_a_disconnected_board_is_a_warning_and_still_scored():
    def split(d):
        ann_cells(d)["r6c4"] = {"edges": ["water"] * 4}
    record, diags = read_sheet_json(broken(split), "x.json", RULES)
    assert not diags
    report = score_record(RULES, record).to_json()
    assert any("edge-connected" in w["message"] for w in report["warnings"])


# ---- schemas and the text notation --------------------------------------------------------------------------


def _schema(name: str) -> dict:
    return json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_examples_and_their_reports_follow_the_schemas(name):
    jsonschema = pytest.importorskip("jsonschema")
    doc = json.loads((EXAMPLES / name).read_text())
    jsonschema.Draft202012Validator(_schema("mondo-rounds-1.schema.json")).validate(doc)
    report = score(EXAMPLES / name)
    jsonschema.Draft202012Validator(_schema("mondo-score-1.schema.json")).validate(report)
    for p in report["players"]:
        assert p["total"] == sum(p["rounds"])
        assert p["winner"] == ((p["place"] == 1 and name not in WINNERS) or p["name"] in WINNERS.get(name, ()))


def test_the_committed_schemas_are_generated_from_the_declarations():
    """`python -m orbis_dsl.records.sheets.schema` writes them; a change to the rules that changes them shows here."""
    from orbis_dsl.records.sheets.schema import record_schema, report_schema

    assert _schema("mondo-rounds-1.schema.json") == record_schema(RULES)
    assert _schema("mondo-score-1.schema.json") == report_schema(RULES)


def test_the_rounds_schema_knows_the_packs_tasks_species_cards_and_faces():
    schema = _schema("mondo-rounds-1.schema.json")
    assert set(schema["$defs"]["task"]["properties"]["id"]["enum"]) == set(RULES.gods)
    cell = schema["$defs"]["world_cell"]["properties"]
    assert set(cell["animal"]["oneOf"][1]["properties"]["species"]["enum"]) == set(GRID.marks[0].members)
    assert set(cell["face"]["enum"]) - {None} == {"plain", "mixed"}
    assert set(schema["$defs"]["round"]["properties"]["modifier"]["anyOf"][0]["enum"]) == \
        set(RULES.facts["card"].choices)
    assert schema["properties"]["rounds"]["minItems"] == 1 and schema["properties"]["rounds"]["maxItems"] == 3


def test_the_rounds_schema_refuses_a_board_with_its_counts_and_an_unknown_face():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema("mondo-rounds-1.schema.json"))
    for change in (MALFORMED["count-given-with-the-board"], MALFORMED["unknown-face"],
                   MALFORMED["unknown-terrain"], MALFORMED["unknown-cell-key"]):
        assert not validator.is_valid(json.loads(broken(change)))


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_text_notation_round_trips_and_scores_alike(name):
    from orbis_dsl.records.sheets.notation import read_sheet_text
    from orbis_dsl.records.sheets.notation_out import convert_sheet

    text = (EXAMPLES / name).read_text()
    notation, diags = convert_sheet(text, name, RULES, True, "text")
    assert not diags
    record, diags = read_sheet_text(notation, name, RULES)
    assert not diags
    back, _ = convert_sheet(notation, name, RULES, False, "text")
    assert back == notation
    json_record, _ = read_sheet_json(text, name, RULES)
    assert score_record(RULES, record).to_json() == score_record(RULES, json_record).to_json()


def test_null_patches_are_read_and_written_as_not_given():
    """The reader takes `"patches": null` for the default patches; the notation writer crashed on it (found by
    fuzzing the web pad's export)."""
    from orbis_dsl.records.sheets.notation_out import convert_sheet

    doc = json.loads((EXAMPLES / "grid-beginner-2p.json").read_text())
    cells = doc["rounds"][0]["players"][0]["world"]["cells"]
    cid = next(iter(cells))
    given = convert_sheet(json.dumps(doc), "x", RULES, True, "text")
    cells[cid]["patches"] = None
    nulled = convert_sheet(json.dumps(doc), "x", RULES, True, "text")
    cells[cid].pop("patches")
    absent = convert_sheet(json.dumps(doc), "x", RULES, True, "text")
    assert nulled == absent and not nulled[1] and nulled[0]
    assert given[0] is not None


def test_the_notation_documented_in_docs_notation_mondo_scores():
    from orbis_dsl.records.sheets.notation import read_sheet_text

    doc = (ROOT / "docs" / "notation-mondo.md").read_text()
    block = doc.split("```text\n", 1)[1].split("```", 1)[0]
    record, diags = read_sheet_text(block, "docs/notation-mondo.md", RULES)
    assert not diags, [d.message for d in diags]
    report = score_record(RULES, record).to_json()
    assert [p["total"] for p in report["players"]] == [-41, -62]


def test_a_mistake_in_the_notation_is_shown_at_its_line_and_word():
    from orbis_dsl.records.sheets.notation import read_sheet_text
    from orbis_dsl.records.sheets.notation_out import convert_sheet

    notation, _ = convert_sheet((EXAMPLES / "grid-beginner-2p.json").read_text(), "x", RULES, True, "text")
    lines = notation.splitlines()
    row = next(i for i, line in enumerate(lines) if "panda" in line)
    lines[row] = lines[row].replace("panda", "pamda").replace("pppp", "ppxp")
    _, diags = read_sheet_text("\n".join(lines) + "\n", "x.mondo", RULES)
    found = {(d.span.line, d.message) for d in diags}
    assert (row + 1, "unknown mark 'pamda'") in found
    assert (row + 1, "unknown edge letter 'x'") in found
    assert all(d.span is not None for d in diags)


def test_the_terminal_view_draws_each_grid_and_explain_names_what_scored():
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    result = CliRunner().invoke(app, ["score", str(EXAMPLES / "grid-advanced-2p-counts-as-active.json"),
                                      "--explain", "--boards"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("World board, front side") == 6  # two players, three rounds
    # The table leads; the boards come after the winner, only when asked for.
    assert out.index("Winner: Ann") < out.index("World board, front side")
    plain = CliRunner().invoke(app, ["score", str(EXAMPLES / "grid-advanced-2p-counts-as-active.json")]).output
    assert "World board" not in plain and plain.splitlines()[1].startswith("player")
    # No "+0" on the lines that score nothing of themselves (what a board shows, notes).
    assert not [line for line in out.splitlines() if "enclosed forest" in line and "+0" in line]
    assert "w p f f A w" in out  # r3c3 (west water, a panda, east forest) beside r3c4 (an active volcano)
    assert "enclosed forest: r3c3, r3c4, r4c3" in out
    assert "mismatched edge: r1c4 north (desert) against the border (water)" in out
    assert "holds the volcano chip" in out
    assert "has the most volcanoes that count as active" in out
    assert "Modifier card, most: Ann 3; Bo 0; place 1" in out


@pytest.mark.parametrize("name", ["counts-solo-level2.json", "grid-solo-level1.json"])
def test_a_solo_report_has_the_contracts_keys_and_shape(name):
    """docs/rules/mondo.md §12: format, players (name, total, rounds, place, winner), winners, warnings; each
    player's `lines` is the project's documented addition. A solo game has one round, and no modifier award."""
    report = score(EXAMPLES / name)
    assert set(report) == {"format", "players", "winners", "warnings"}
    (ann,) = report["players"]
    assert set(ann) == {"name", "total", "rounds", "place", "winner", "lines"}
    assert ann["rounds"] == [ann["total"]] and ann["place"] == 1
    assert report["winners"] == (["Ann"] if ann["winner"] else [])
    assert all(set(w) == {"where", "message"} for w in report["warnings"])


# Inconsistent records: warned about, and scored all the same.
INCONSISTENT = {
    "animal-on-a-plain-face": lambda d: ann_cells(d)["r4c4"].update(
        face="plain", animal={"species": "penguin"}),
    "volcano-on-a-plain-face": lambda d: ann_cells(d)["r3c2"].update(face="plain", volcano="inactive"),
    # Ann's board shows 1 water animal and Bo's 1 lake: T12 typed done and T10 typed not done, one warning.
    "task-done-but-not-on-the-board": lambda d: expert_tasks(d, ("T12", True), ("T10", False)),
    # Two more water animals on Ann's board make 3: T12 is met, but typed not done.
    "task-not-done-but-on-the-board": lambda d: expert_tasks(d, ("T12", False), ("T10", False))
    or ann_cells(d)["r4c4"].update(animal={"species": "penguin"})
    or ann_cells(d)["r2c4"].update(animal={"species": "crab", "patch": 0}),
}


def expert_tasks(doc, ann, bo) -> None:
    """The expert game, Ann and Bo each holding one task in round 1 (with the revealed tasks it needs)."""
    doc["level"] = "expert"
    for r, card in zip(doc["rounds"], ("most_lakes", "largest_forest", "largest_lake")):
        r["modifier"] = card
        r["tasks_revealed"] = ["T01", "T10", "T11", "T12"]
    first = doc["rounds"][0]["players"]
    first[0]["tasks"] = [{"id": ann[0], "done": ann[1]}]
    first[1]["tasks"] = [{"id": bo[0], "done": bo[1]}]


@pytest.mark.parametrize("name", sorted(INCONSISTENT))
def test_each_inconsistent_record_is_scored_with_a_warning(name, snapshot):
    record, diags = read_sheet_json(broken(INCONSISTENT[name]), f"{name}.json", RULES)
    assert record is not None and not diags
    report = score_record(RULES, record).to_json()
    assert len(report["players"]) == 2
    assert [f"{w['where']}: {w['message']}" for w in report["warnings"]] == snapshot


def test_tasks_typed_as_the_board_shows_them_give_no_warning():
    record, diags = read_sheet_json(broken(lambda d: expert_tasks(d, ("T12", False), ("T10", False))), "x", RULES)
    assert record is not None and not diags
    assert score_record(RULES, record).to_json()["warnings"] == []


def test_a_plain_face_with_nothing_on_it_is_clean():
    def plain(d):
        ann_cells(d)["r3c2"]["face"] = "plain"
        ann_cells(d)["r3c3"]["face"] = "mixed"
    record, diags = read_sheet_json(broken(plain), "x.json", RULES)
    assert record is not None and not diags
    assert score_record(RULES, record).to_json()["warnings"] == []
