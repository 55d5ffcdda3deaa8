"""Issue 35, F3: a variant of 680 players and a 252 kB record made `--png` take 13.7 s and 1.52 GB for a
1608 × 230,068 image, and the pad's /api/export?to=png did the same; a PNG of one player with a 200 kB name took
3.8 s. A score sheet past MAX_PICTURE_SIDE (or a PNG past MAX_PNG_PIXELS) is now refused, naming the limit, before
anything is painted; a text is cut to what could fit across the picture before Pillow lays it out."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from robustness.hostile import ROOT, orbis

from orbis_dsl.reports.images import MAX_PICTURE_SIDE, MAX_PNG_PIXELS, picture_problem
from orbis_dsl.reports.scene import Scene, Text

PLAYERS = 120  # the sheet grows about 170 pixels a player: past MAX_PICTURE_SIDE


def _crowd(tmp_path: Path, players: int = PLAYERS) -> tuple[Path, Path]:
    """A pack with a variant of `players` players, and a record of that many (the two seats of an example game
    copied over and over)."""
    record = json.loads((ROOT / "examples/games/2p-first-game-new-box.json").read_text(encoding="utf-8"))
    seats = record["players"]
    crowd = []
    for i in range(players):
        seat = {k: v for k, v in seats[i % 2].items() if k != "god" or i < 2}
        crowd.append({**seat, "name": f"P{i}"})
    record.update(players=crowd, variant="crowd")
    game = tmp_path / "crowd.json"
    game.write_text(json.dumps(record), encoding="utf-8")
    pack = tmp_path / "pack"
    pack.mkdir()
    shutil.copytree(ROOT / "rules" / "orbis", pack / "orbis")
    (pack / "crowd.orbis").write_text(f'variant "crowd" {{\n  players: {players}\n  reveal god: 3\n'
                                      "  award temple: 9, 4, 2\n}\n", encoding="utf-8")
    return game, pack


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_a_sheet_of_too_many_players_is_refused_naming_the_limit(tmp_path, kind):
    if kind == "png":
        pytest.importorskip("PIL")
    game, pack = _crowd(tmp_path)
    code, _, stderr = orbis(tmp_path, "score", game, "--rules", pack / "crowd.orbis", f"--{kind}", f"out.{kind}")
    assert code == 2, stderr
    assert "Traceback" not in stderr and "MemoryError" not in stderr
    assert "crowd.json: error: the score sheet would be" in stderr and f"at most {MAX_PICTURE_SIDE:,}" in stderr
    assert not (tmp_path / f"out.{kind}").exists()


def test_the_pad_refuses_the_export_of_such_a_sheet(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("PIL")
    from starlette.testclient import TestClient

    from orbis_dsl.language.packs.load import load_pack
    from orbis_dsl.serve.app import create_app

    game, pack = _crowd(tmp_path)
    rules, _ = load_pack(pack / "crowd.orbis")
    answer = TestClient(create_app(rules)).post("/api/export?to=png", content=game.read_bytes())
    assert answer.status_code == 413, answer.text[:500]
    (error,) = answer.json()["errors"]
    assert error["where"] == "to" and f"at most {MAX_PICTURE_SIDE:,}" in error["message"]


def test_the_bounds_measure_the_scene():
    assert picture_problem(Scene(800, MAX_PICTURE_SIDE, ()), "svg") is None
    assert "at most 20,000 on a side" in picture_problem(Scene(800, MAX_PICTURE_SIDE + 1, ()), "svg")
    wide = Scene(MAX_PICTURE_SIDE, MAX_PNG_PIXELS // (4 * MAX_PICTURE_SIDE) + 1, ())
    assert picture_problem(wide, "svg") is None
    assert f"at most {MAX_PNG_PIXELS:,}" in picture_problem(wide, "png")


def test_a_long_name_is_cut_to_what_could_show_before_pillow_lays_it_out(monkeypatch):
    pytest.importorskip("PIL")
    from PIL import ImageDraw

    from orbis_dsl.reports import png

    laid_out = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        laid_out.append(len(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    name = "N" * 200_000
    data = png.to_png(Scene(400, 100, (Text(10, 50, name, size=17), Text(10, 80, "short", size=12))))
    assert data.startswith(b"\x89PNG")
    assert laid_out[1] == len("short") and laid_out[0] <= 400 / (0.2 * 17) + 1 < len(name)
