"""The score sheet image: `orbis score --svg FILE`, the same picture the pad offers for download."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import read_json_text
from orbis_dsl.reports.images import draw
from orbis_dsl.runtime.scoring import score_game

GAME = "examples/games/2p-first-game-new-box.json"
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_score_svg_draws_each_pyramid_and_total(orbis, tmp_path):
    out = tmp_path / "sheet.svg"
    result = orbis("score", "--svg", out, GAME)
    assert result.exit_code == 0, result.stderr
    shown = texts(out.read_text(encoding="utf-8"))
    report = json.loads(orbis("score", "--json", GAME).stdout)
    for player in report["players"]:
        assert f"{player['total']} CP" in shown
    assert "Winner: Quinn" in shown
    rects = list(ET.fromstring(out.read_text(encoding="utf-8")).iter(f"{SVG}rect"))
    assert sum(1 for r in rects if r.get("fill") == "#c8372d") >= 5  # Quinn's red tiles, in red


def test_names_are_escaped(repo_root):
    rules = base_rules()
    doc = json.loads((repo_root / GAME).read_text())
    doc["players"][0]["name"] = "<script>alert(1)</script> & co"
    doc["title"] = "</svg><svg onload=x>"
    game, diags = read_json_text(json.dumps(doc), "game", rules)
    assert not diags
    svg = draw(score_game(rules, game), game, rules, "svg")
    assert "<script>" not in svg and "<svg onload" not in svg
    assert "</svg><svg onload=x>" in texts(svg)  # parsed back as text, not as markup


def test_svg_takes_one_game(orbis, tmp_path):
    result = orbis("score", "--svg", tmp_path / "x.svg", GAME, GAME)
    assert result.exit_code == 2
    assert "--svg draws one game" in result.stderr
    assert not (tmp_path / "x.svg").exists()


def test_an_unwritable_svg_path_is_a_located_error(orbis, tmp_path):
    (tmp_path / "a-file").write_text("")
    result = orbis("score", "--svg", tmp_path / "a-file" / "x.svg", GAME)  # a folder that is a file
    assert result.exit_code == 2
    assert "cannot write" in result.stderr
