"""The offline pad (`orbis pad build`, served by `orbis serve --offline`) in Debian's Chromium at 390×844 with touch:
opened once, then with the network cut (context.set_offline) and reloaded from its service worker, it scores in
the browser with Pyodide: every bundled example of the three games to the totals `orbis score` gives, every answer
the same as the server's API gives; three records loaded and finished through the form; the time to the first
score shown; and the BG Stats file from its button.

Skipped only when no Chromium or no Pyodide (npm) is installed; .ci/run installs both.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from serve.conftest import CHROMIUM
from serve.live_server import serving
from serve.pad_driver import final_totals

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted([*(ROOT / "examples" / "games").iterdir(), ROOT / "examples" / "quickstart-4p.orbisgame",
                   *(p for p in (ROOT / "examples" / "terra-mystica").iterdir() if p.suffix in (".json", ".tmgame")),
                   *(ROOT / "examples" / "mondo").glob("*.json")])
LOADING = 180_000  # ms: Pyodide's first start on a loaded machine (a bound for the test, not a timing check)
COMPARED = ["/api/score", "/api/check", "/api/export?to=json", "/api/export?to=text", "/api/export?to=svg",
            "/api/import?name=game.json", "/api/bgstats?date=2026-12-03T20:15", "/api/bgstats?as=link&date=2026-12-03"]

ASK = """async ([path, body]) => {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  return { status: r.status, type: r.headers.get("content-type"), text: await r.text() };
}"""


@pytest.fixture(scope="module")
def offline_page(built):
    from playwright.sync_api import sync_playwright

    if CHROMIUM is None:
        pytest.skip("no Chromium installed (apt-get install chromium)")

    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    with serving(create_app(base_rules(), offline=built)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                      accept_downloads=True)
        context.set_default_timeout(LOADING)
        page = context.new_page()
        page.goto(url + "offline/")
        page.wait_for_function("() => window.orbisOffline?.offline && document.querySelector('[data-game]')")
        context.set_offline(True)
        page.reload()  # from the service worker's cache: nothing reaches the server now
        page.wait_for_selector("[data-game]")
        yield page, url, p, browser
        browser.close()


@pytest.fixture(scope="module")
def server_answers():
    """What `orbis serve`'s API answers, in this process (Starlette's test client)."""
    testclient = pytest.importorskip("starlette.testclient")
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    client = testclient.TestClient(create_app(base_rules()))

    def ask(path: str, body: str | None):
        answer = client.get(path) if body is None else client.post(path, content=body.encode("utf-8"))
        return answer.status_code, answer.text
    return ask


def test_the_network_is_cut(offline_page):
    page, url, *_ = offline_page
    reached = page.evaluate("async (u) => { try { await fetch(u + 'static/app.js?fresh'); return true; } "
                            "catch { return false; } }", url)
    assert reached is False


def test_every_example_scores_in_the_browser_as_orbis_score_and_the_server_do(offline_page, server_answers, orbis):
    page, *_ = offline_page
    result = orbis("score", "--json", *EXAMPLES)
    assert result.exit_code == 0, result.stderr
    expected = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(expected) == len(EXAMPLES)
    for path, cli in zip(EXAMPLES, expected, strict=True):
        text = path.read_text(encoding="utf-8")
        scored = page.evaluate(ASK, ["/api/score", text])
        assert scored["status"] == 200, (path.name, scored["text"][:500])
        report = json.loads(scored["text"])
        assert {p["name"]: p["total"] for p in report["players"]} == {p["name"]: p["total"] for p in cli["players"]}
        assert report == cli, path.name
        for route in COMPARED:  # byte for byte what the server answers
            offline = page.evaluate(ASK, [route, text])
            assert (offline["status"], offline["text"]) == server_answers(route, text), (path.name, route)


def test_the_games_and_their_rules_are_the_servers(offline_page, server_answers):
    page, *_ = offline_page
    for path in ("/api/games", "/api/rules", "/api/rules?game=terra-mystica", "/api/rules?game=mondo",
                 "/api/rules?game=mondoo", "/api/nothing"):
        offline = page.evaluate("async (p) => { const r = await fetch(p); return [r.status, await r.text()]; }", path)
        assert tuple(offline) == server_answers(path, None), path


@pytest.mark.parametrize("example", ["examples/games/3p-book-club-tie.orbisgame",
                                     "examples/terra-mystica/3p-air-tie.json",
                                     "examples/mondo/counts-advanced-3p-counts-as-active.json"])
def test_a_three_player_game_of_each_kind_is_finished_in_the_form_offline(offline_page, orbis, tmp_path, example):
    page, *_ = offline_page
    # No reload first: each page load starts the scorer (Pyodide) again, and the record's own load is one.
    if page.locator("#load-record").count() == 0:
        page.click('[data-nav="setup"]')
    page.set_input_files("#load-record", str(ROOT / example))
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    report = json.loads(orbis("score", "--json", example).stdout)
    shown = final_totals(page)
    assert shown == {p["name"]: p["total"] for p in report["players"]}
    # the time to the first score is on screen, and the BG Stats file comes from its button, with the same scores
    status = page.locator("#offline-status")
    assert "first score after" in status.inner_text() and "works offline" in status.inner_text()
    assert float(status.get_attribute("data-first-score-ms")) > 0
    with page.expect_download() as download:
        page.click("#export-bgstats")
    saved = tmp_path / "plays.json"
    download.value.save_as(saved)
    made = json.loads(saved.read_text(encoding="utf-8"))
    names = {p["id"]: p["name"] for p in made["players"]}
    assert {names[s["playerRefId"]]: int(s["score"]) for s in made["plays"][0]["playerScores"]} == shown
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "schemas" / "bgstats-1.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(made)
    page.wait_for_selector("#bgstats-link")
    assert page.get_attribute("#bgstats-link", "href").startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")


def test_the_offline_pad_is_an_installable_web_app(offline_page, tmp_path):
    """Chromium's own verdict (the DevTools protocol's installability errors: none), in a profile of its own (an
    incognito one never installs)."""
    _, url, playwright, _ = offline_page
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", executable_path=CHROMIUM,
                                                            args=["--no-sandbox"],
                                                            viewport={"width": 390, "height": 844})
    context.set_default_timeout(LOADING)
    page = context.new_page()
    page.goto(url + "offline/")
    page.wait_for_function("() => window.orbisOffline?.offline")
    devtools = context.new_cdp_session(page)
    assert devtools.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["url"] == url + "offline/manifest.json" and not manifest["errors"]
    context.close()


def test_a_scorer_that_cannot_start_says_so_instead_of_loading_for_ever(offline_page, built, tmp_path):
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    *_, browser = offline_page
    broken = tmp_path / "broken"
    shutil.copytree(built, broken)
    (broken / "pyodide" / "pyodide.asm.wasm").unlink()
    with serving(create_app(base_rules(), offline=broken)) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844})  # its own cache, on another port
        page = context.new_page()
        page.set_default_timeout(LOADING)
        page.goto(url + "offline/")
        page.wait_for_selector('#offline-status[data-state="failed"]')
        assert "the scorer could not start" in page.inner_text("#offline-status")
        page.wait_for_selector("text=The pad could not start")
        context.close()
