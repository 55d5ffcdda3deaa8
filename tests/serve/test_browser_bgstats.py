"""The pad's "Export to BG Stats" under `orbis serve` (static/bgstats.js → POST /api/bgstats), in headless Chromium:
the file saved has the schema's shape and the CLI's scores, dated by the browser's clock, and the create-play link
is offered. (The offline pad's button is tested in test_browser_offline.py.)"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("example", ["examples/games/4p-club-night-shared-win.json",
                                     "examples/mondo/counts-solo-level2.json"])
def test_export_to_bg_stats_saves_the_game_with_its_scores(page, orbis, tmp_path, example):
    page.evaluate("localStorage.clear()")
    page.reload()
    assert page.locator("#export-bgstats").count() == 0  # only on the results
    page.set_input_files("#load-record", str(ROOT / example))
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    with page.expect_download() as download:
        page.click("#export-bgstats")
    assert download.value.suggested_filename == "bgstats-plays.json"
    saved = tmp_path / "plays.json"
    download.value.save_as(saved)
    made = json.loads(saved.read_text(encoding="utf-8"))
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "schemas" / "bgstats-1.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(made)
    report = json.loads(orbis("score", "--json", example).stdout)
    names = {p["id"]: p["name"] for p in made["players"]}
    (play,) = made["plays"]
    assert [(names[s["playerRefId"]], int(s["score"]), s["rank"], s["winner"]) for s in play["playerScores"]] == [
        (p["name"], p["total"], p["place"], p["winner"]) for p in report["players"]]
    played = datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert abs(played - datetime.now()) < timedelta(hours=1)  # the browser's clock; the test's machine's zone
    page.wait_for_selector("#bgstats-link")
    assert page.get_attribute("#bgstats-link", "href").startswith("bgstats://app.bgstatsapp.com/createPlay.html")
