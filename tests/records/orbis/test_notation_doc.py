"""docs/notation.md stays true: its worked example scores to the totals it states, and its tables of kinds and
gods agree with the base rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.notation import read_text

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "notation.md"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    """The fenced blocks whose info string is `language` ("" for plain fences), in order."""
    blocks, current, info = [], None, None
    for line in _doc().splitlines():
        if current is None and line.startswith("```"):
            current, info = [], line[3:].strip()
        elif current is not None and line.strip() == "```":
            if info == language:
                blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def _table(header_start: str) -> list[list[str]]:
    """The rows of the markdown table whose header line starts with `header_start`, as lists of cells."""
    lines = _doc().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(header_start))
    rows = []
    for line in lines[start + 2:]:
        if not line.strip().startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def _score_json(path: Path) -> dict:
    result = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_doc_has_one_worked_example():
    assert len(_blocks("orbisgame")) == 1


def test_worked_example_scores_to_the_totals_the_doc_states(tmp_path):
    game = tmp_path / "worked-example.orbisgame"
    game.write_text(_blocks("orbisgame")[0], encoding="utf-8")
    report = _score_json(game)
    stated = _table("| player | regions |")
    assert [row[0] for row in stated] == [p["name"] for p in report["players"]]
    for row, player in zip(stated, report["players"]):
        regions, deserts, god, temple, total, place = map(int, row[1:])
        assert (player["regions"], player["deserts"], player["god"], player["temple"], player["total"],
                player["place"]) == (regions, deserts, god, temple, total, place), player["name"]
        assert regions + deserts + god + temple == total  # the doc's own arithmetic
    assert report["winners"] == [row[0] for row in stated if row[-1] == "1"]
    assert report["warnings"] == []


def test_worked_example_is_stated_by_hand():
    """The figures the doc explains line by line (so the table above cannot drift with the scorer)."""
    rows = {row[0]: row for row in _table("| player | regions |")}
    # Ana: row 1 stones 1+1+1 = 3; row 2 forest 2 + forest 0 + village 3 + volcano 2 = 7;
    # row 3 forest 5 + village 7 + cancelled volcano 0 = 12; row 4 forest 3 + stone 2 = 5; 3+7+12+5 = 27.
    assert rows["Ana"][1:] == ["27", "0", "3", "0", "30", "2"]
    # Ben: row 1 1+1 = 2; row 2 0 + 4 + temple 0 = 4 (desert -1 apart); row 3 7 + 6 + 0 = 13; row 4 4 + 4 = 8;
    # 2+4+13+8 = 27; god of Death cancelled 0; temple icons 2+2 = 4, the only temple player: 7. 27-1+0+7 = 33.
    assert rows["Ben O."][1:] == ["27", "-1", "0", "7", "33", "1"]


def test_kinds_table_gives_each_kind_its_declared_order():
    rules = base_rules()
    table = _table("| kind | usual colour | values in order |")
    documented = {re.sub(r"`", "", row[0]): re.findall(r"`(\w+)`", row[2]) for row in table}
    assert set(documented) == set(rules.kinds)
    for name, kind in rules.kinds.items():
        assert documented[name] == list(kind.declared), name


@pytest.mark.parametrize("row", _table("| kind | usual colour | values in order |"), ids=lambda row: row[0].strip("`"))
def test_each_kind_example_reads_as_documented(row):
    """`yellow village 2 3` fills need=2, cp=3: the example tile of each kind row, read in a real pyramid."""
    example = re.search(r"`([^`]+)`", row[3]).group(1)
    rules = base_rules()
    kind = rules.kinds[row[0].strip("`")]
    deserts = ["- | -", "- | - | -", "- | - | - | -"]
    text = "\n".join(["player A god love worshippers 0", *deserts, f"- | - | - | - | {example}",
                      "player B god fire worshippers 0", *deserts, "- | - | - | - | -"]) + "\n"
    game, diags = read_text(text, "example.orbisgame", rules)
    assert diags == [], [d.message for d in diags]
    tile = game.players[0].pyramid[0][4]
    assert tile.kind == kind.name
    values = example.split()[2:]
    expected = {name: "/".join(sorted(raw.split("/"))) for name, raw in zip(kind.declared, values)}
    assert {name: _as_typed(tile.params[name]) for name in tile.params} == expected


def _as_typed(value) -> str:
    """A read parameter value back in the notation's words: 2, blue, blue/yellow, 1any."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"{value[0]}{value[1] or 'any'}"
    if isinstance(value, tuple):
        return "/".join(sorted(value))  # a colour set: its order does not matter
    return str(value)


def test_gods_table_lists_every_god_with_its_english_name():
    rules = base_rules()
    cells = [cell for row in _table("| id | English name | id | English name |") for cell in row]
    pairs = {cells[i].strip("`"): cells[i + 1].strip('"') for i in range(0, len(cells), 2)}
    assert pairs == {name: god.title for name, god in rules.gods.items()}


def test_the_error_shown_in_the_doc_is_what_the_checker_prints(tmp_path):
    shown = _blocks("")[-1]
    first = shown.splitlines()[0]
    message = first.split(": error: ")[1]
    game = ROOT / "tests" / "corpus" / "games" / "text-unknown-kind-near-miss.orbisgame"
    result = CliRunner().invoke(app, ["score", str(game)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert shown.splitlines()[1] in result.stderr  # the source line with its line number
    assert "did you mean 'village'?" in result.stderr


def test_a_notation_file_may_name_its_game(orbis, tmp_path):
    """`game orbis` (unquoted) names the game a file records; `game "…"` (quoted) stays its title."""
    game = tmp_path / "named.orbisgame"
    quick = (Path(__file__).resolve().parents[3] / "examples" / "quickstart-4p.orbisgame").read_text(encoding="utf-8")
    game.write_text("game orbis\n" + quick, encoding="utf-8")
    named, plain = orbis("score", game, "--json"), orbis("score", "examples/quickstart-4p.orbisgame", "--json")
    assert named.exit_code == 0, named.stderr
    assert named.stdout == plain.stdout
    game.write_text("game orbs\n" + quick, encoding="utf-8")
    wrong = orbis("score", game)
    assert wrong.exit_code == 2
    assert "unknown game 'orbs'" in wrong.stderr and "did you mean 'orbis'?" in wrong.stderr
