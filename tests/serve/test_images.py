"""Score-sheet images of every game: one scene, written as SVG and painted as PNG (`orbis score --svg/--png`, the
pad's downloads). The SVG of each game is a snapshot; the PNG is a valid image of the scene's size (twice it),
drawn in the scene's colours, different for different games."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from orbis_dsl.records.inputs import read_record, score_record
from orbis_dsl.reports.images import sheet_scene
from orbis_dsl.reports.scene import Text
from orbis_dsl.reports.svg import to_svg

SVG = "{http://www.w3.org/2000/svg}"
PNG = b"\x89PNG\r\n\x1a\n"
GAMES = {"orbis": "examples/games/2p-first-game-new-box.json",
         "terra-mystica": "examples/terra-mystica/3p-map-shipping-bridge.json",
         "mondo": "examples/mondo/counts-expert-2p-tasks.json"}


def scored(repo_root, path: str):
    record, rules, diags, _ = read_record(repo_root / path)
    assert record is not None, diags
    return score_record(rules, record), record, rules


@pytest.mark.parametrize("game", GAMES)
def test_each_games_sheet_as_svg(repo_root, snapshot, game):
    report, record, rules = scored(repo_root, GAMES[game])
    svg = to_svg(sheet_scene(report, record, rules))
    shown = [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]
    for player in report.players:  # every name and total is on the sheet
        assert any(player.name in text for text in shown)
        assert any(str(player.total) in text for text in shown)
    assert svg == snapshot


@pytest.mark.parametrize("game", ["terra-mystica", "mondo"])
def test_a_sheet_games_image_is_its_table(repo_root, game):
    report, record, rules = scored(repo_root, GAMES[game])
    texts = [item.text for item in sheet_scene(report, record, rules).items if isinstance(item, Text)]
    for column in rules.scores.values():
        assert column.title in texts
    assert "Total" in texts
    assert texts[-1].startswith(("Winner: ", "Shared win: "))


def test_a_png_is_the_scene_painted(repo_root):
    image_lib = pytest.importorskip("PIL.Image")
    from orbis_dsl.reports.png import SCALE, to_png

    report, record, rules = scored(repo_root, GAMES["orbis"])
    scene = sheet_scene(report, record, rules)
    data = to_png(scene)
    assert data[:8] == PNG
    image = image_lib.open(io.BytesIO(data)).convert("RGB")
    assert image.size == (scene.width * SCALE, scene.height * SCALE)
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 20)}
    assert (0xC8, 0x37, 0x2D) in colours  # Quinn's red tiles, in the red the SVG uses
    assert (0xFA, 0xF7, 0xF0) in colours  # the paper


def test_pngs_of_different_games_differ(repo_root):
    pytest.importorskip("PIL")
    from orbis_dsl.reports.png import to_png

    pictures = {to_png(sheet_scene(*scored(repo_root, path))) for path in GAMES.values()}
    assert len(pictures) == len(GAMES)
    one, two = (to_png(sheet_scene(*scored(repo_root, p))) for p in (
        "examples/terra-mystica/2p-basic.json", "examples/terra-mystica/2p-tiebreak-resources.json"))
    assert one != two


@pytest.mark.parametrize("game", GAMES)
def test_score_png_and_svg_from_the_cli(orbis, tmp_path, game):
    pytest.importorskip("PIL")
    png, svg = tmp_path / "sheet.png", tmp_path / "sheet.svg"
    result = orbis("score", "--png", png, "--svg", svg, GAMES[game])
    assert result.exit_code == 0, result.stderr
    assert png.read_bytes()[:8] == PNG
    width, height = int.from_bytes(png.read_bytes()[16:20], "big"), int.from_bytes(png.read_bytes()[20:24], "big")
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    assert (width, height) == (2 * int(root.get("width")), 2 * int(root.get("height")))  # one scene, twice as big
    report = json.loads(orbis("score", "--json", GAMES[game]).stdout)
    shown = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert all(any(str(p["total"]) in text for text in shown) for p in report["players"])


def test_png_takes_one_game(orbis, tmp_path):
    result = orbis("score", "--png", tmp_path / "x.png", GAMES["orbis"], GAMES["mondo"])
    assert result.exit_code == 2
    assert "--png draws one game" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_png_without_pillow_is_a_one_line_error(orbis, tmp_path, monkeypatch):
    import orbis_dsl.cli.images as images

    monkeypatch.setattr(images, "png_missing", lambda: "a PNG needs Pillow: pip install 'orbis-dsl[png]'")
    result = orbis("score", "--png", tmp_path / "x.png", GAMES["orbis"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: a PNG needs Pillow: pip install 'orbis-dsl[png]'"
    assert not Path(tmp_path / "x.png").exists()


def test_an_unwritable_png_path_is_a_located_error(orbis, tmp_path):
    pytest.importorskip("PIL")
    (tmp_path / "a-file").write_text("")
    result = orbis("score", "--png", tmp_path / "a-file" / "x.png", GAMES["mondo"])
    assert result.exit_code == 2
    assert "cannot write" in result.stderr
