"""A whole two-player game typed into the scoring pad by a real headless Chromium (Debian's `chromium` package,
driven by Playwright; no browser is downloaded): setup, every tile, the warnings shown in place, a reload and a
back-swipe in the middle, the final table, and the downloads, each scored again by the CLI.

Skipped only when no Chromium is installed (CI installs one, see .ci/run).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from serve.pad_driver import final_totals

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("ORBIS_CHROMIUM") or next(
    (path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")

from orbis_dsl.language.ruleset import base_rules  # noqa: E402
from orbis_dsl.records.inputs import read_game  # noqa: E402
from orbis_dsl.records.orbis_json import read_json_text  # noqa: E402

GAME = "examples/games/2p-first-game-new-box.json"


def type_number(page, selector: str, value) -> None:
    """Key by key, as on a phone: the field must keep its focus and every digit."""
    page.fill(selector, "")
    page.locator(selector).press_sequentially(str(value))


def enter_tile(page, player: int, row: int, index: int, tile: dict) -> None:
    """Tap a place, then the tile's colour, kind, printed values and token, as a player would; then save."""
    page.click(f'[data-slot="{player}-{row}-{index}"]')
    if tile.get("desert"):
        page.click('.editor .swatches.big [data-color="desert"]')  # which saves it
        page.wait_for_selector(f'[data-slot="{player}-{row}-{index}"].filled')
        return
    else:
        page.click(f'.editor .swatches.big [data-color="{tile["color"]}"]')
        page.click(f'.editor [data-kind="{tile["kind"]}"]')
        for key, value in tile.items():
            field = f'.editor [data-field="{key}"]'
            if key in ("kind", "color"):
                continue
            if not page.locator(field).is_visible():  # what scores nothing is folded
                page.click(".editor .more summary")
            if key in ("cancelled", "stars", "level"):
                choice = {"cancelled": "token"}.get(key, key)
                page.click(f'{field} [data-{choice}="{str(value).lower()}"]')
            elif isinstance(value, int):
                type_number(page, f'{field} input[data-param="{key}"]', value)
            elif isinstance(value, list):
                for colour in value:
                    page.click(f'{field} [data-color="{colour}"]')
            elif " " in value:  # an amount, "1 blue"
                count, colour = value.split()
                type_number(page, f'{field} input[data-param="{key}"]', count)
                page.click(f'{field} [data-amount="{colour}"]')  # after the count: the count typed must stay
            else:
                page.click(f'{field} [data-color="{value}"]')
    page.click("#save-tile")


def wait_for_check(page) -> None:
    # Every save asks the server again; the tab totals are drawn from its answer.
    page.wait_for_function("() => !document.querySelector('#live-total') "
                           "|| document.querySelector('#live-total').textContent !== '…'")


def test_a_whole_game_in_the_browser_scores_as_the_cli_does(page, orbis, repo_root, tmp_path):
    record = json.loads((repo_root / GAME).read_text())
    quinn, rafa = record["players"]

    # Setup: title, names, gods, worshippers, from the rule set's own lists.
    page.fill('input[placeholder="title (optional)"]', record["title"])
    for seat, player in enumerate(record["players"]):
        page.fill(f'[data-name="{seat}"]', player["name"])
        page.click(f'[data-god="{seat}"][data-value="{player["god"]}"]')
        page.fill(f'[data-worshippers="{seat}"]', str(player["worshippers"]))
    page.click("#to-pyramids")

    # Quinn's bottom row, then a tile that breaks the colour rule: the warning shows on that place.
    for index, tile in enumerate(quinn["pyramid"][0]):
        enter_tile(page, 0, 0, index, tile)
    enter_tile(page, 0, 1, 0, {"kind": "stone", "color": "green"})
    page.wait_for_selector('[data-slot="0-1-0"].has-warning')
    page.click('[data-slot="0-1-0"]')
    assert "a green tile rests on red and red" in page.inner_text('[data-notes="tile"]')
    page.click("#clear-tile")

    # A Village without its printed CP is an error on that place, and its tile is left out of the total.
    enter_tile(page, 0, 1, 3, {"kind": "village", "color": "yellow", "need": 2})
    page.wait_for_selector('[data-slot="0-1-3"].has-error')
    page.click('[data-slot="0-1-3"]')
    assert "needs 'cp'" in page.inner_text('[data-notes="tile"]')
    page.click("#clear-tile")

    for row in range(1, 4):
        for index, tile in enumerate(quinn["pyramid"][row]):
            enter_tile(page, 0, row, index, tile)
    wait_for_check(page)

    # Nothing is lost: a reload, then a back-swipe to the setup and forward again.
    page.reload()
    page.click('[data-tab="0"]')  # the pad had moved on to Rafa's first empty place
    page.wait_for_selector('[data-slot="0-3-1"].filled')
    assert page.locator('[data-pyramid="0"] .slot.filled').count() == 14
    page.go_back()
    page.wait_for_selector('[data-name="0"]')
    assert page.input_value('[data-name="1"]') == "Rafa"
    page.go_forward()
    page.wait_for_selector('[data-pyramid="0"]')

    page.click('[data-tab="1"]')
    for row, tiles in enumerate(rafa["pyramid"]):
        for index, tile in enumerate(tiles):
            enter_tile(page, 1, row, index, tile)
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")

    shown = final_totals(page)
    cli = orbis("score", "--json", GAME)
    assert cli.exit_code == 0, cli.stderr
    expected = {p["name"]: p["total"] for p in json.loads(cli.stdout)["players"]}
    assert shown == expected
    assert page.inner_text("#winner") == "Winner: " + " and ".join(json.loads(cli.stdout)["winners"])

    # Each download is the game as the table shows it, tile for tile, and scores, under the CLI, to the totals
    # the page shows.
    rules = base_rules()
    original, _ = read_json_text((repo_root / GAME).read_text(), GAME, rules)
    for button, suffix in (("#download-json", ".json"), ("#download-text", ".orbisgame")):
        with page.expect_download() as download:
            page.click(button)
        saved = tmp_path / f"game{suffix}"
        download.value.save_as(saved)
        assert read_game(saved, rules)[0] == original
        again = orbis("score", "--json", saved)
        assert again.exit_code == 0, again.stderr
        assert {p["name"]: p["total"] for p in json.loads(again.stdout)["players"]} == expected
    with page.expect_download() as download:
        page.click("#download-svg")
    assert download.value.suggested_filename == "first-game-with-the-new-box.svg"
    assert Path(download.value.path()).read_text(encoding="utf-8").startswith("<svg")
    with page.expect_download() as download:
        page.click("#download-png")
    assert download.value.suggested_filename.endswith(".png")
    assert Path(download.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_names_are_shown_as_typed_never_as_html(page):
    page.evaluate("localStorage.clear()")
    page.reload()
    name = '<img src=x onerror=pwned=1>Ana'  # within the 40 characters a name may have
    page.fill('[data-name="0"]', name)
    page.fill('[data-name="1"]', "Ben")
    page.click("#to-pyramids")
    page.wait_for_selector('[data-tab="0"]')
    assert page.inner_text('[data-tab="0"] span') == name
    assert page.inner_text(".editor h2").startswith(name)
    assert page.locator("img").count() == 0
    assert page.evaluate("window.pwned") is None


def test_the_steppers_start_from_what_is_typed_or_from_the_rules_default(page):
    page.evaluate("localStorage.clear()")
    page.reload()
    page.fill('[data-name="0"]', "Ana")
    page.fill('[data-name="1"]', "Ben")
    page.click("#to-pyramids")
    page.click('.editor .swatches.big [data-color="red"]')
    page.click('.editor [data-kind="stone"]')
    assert page.get_attribute('[data-field="cp"] input', "placeholder") == "1"  # a stone's CP when none is printed
    page.click('[data-plus="cp"]')
    assert page.input_value('[data-field="cp"] input') == "2"
    type_number(page, '[data-field="cp"] input', 4)
    page.click('[data-plus="cp"]')
    page.click("#save-tile")
    saved = page.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage)[0]))")
    assert saved["players"][0]["pyramid"][0][0] == {"color": "red", "kind": "stone", "cp": 5}


def fresh(page) -> None:
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector('[data-name="0"]')


def saved_game(page) -> tuple[str, dict]:
    key = page.evaluate("Object.keys(localStorage).find((k) => k !== 'orbis-pad:game' && !k.endsWith(':set-aside'))")
    return key, page.evaluate(f"JSON.parse(localStorage.getItem({json.dumps(key)}))")


def test_fewer_players_keeps_the_others_tiles_and_a_bad_saved_game_never_hangs_the_pad(page):
    errors = []

    def failed(error):
        errors.append(error)

    page.on("pageerror", failed)
    fresh(page)
    page.click('[data-players="4"]')
    for seat, name in enumerate(["Ana", "Ben", "Cleo", "Dev"]):
        page.fill(f'[data-name="{seat}"]', name)
    page.click("#to-pyramids")
    page.click('[data-tab="3"]')
    enter_tile(page, 3, 0, 0, {"color": "red", "kind": "stone"})  # the pad moves on to Dev's next place

    # Three players: Dev's tile is kept aside, and the pyramids open on a place that is still on the table.
    page.click('.navstep:has-text("Players")')
    page.click('[data-players="3"]')
    assert "Dev (1 tile)" in page.inner_text("[data-kept]")
    page.click("#to-pyramids")
    page.wait_for_selector('[data-pyramid="0"]')
    assert page.locator("[data-tab]").count() == 3
    page.reload()
    page.wait_for_selector('[data-pyramid="0"]')
    page.click('.navstep:has-text("Players")')
    page.click('[data-players="4"]')  # Dev comes back with the tile
    assert page.input_value('[data-name="3"]') == "Dev"
    page.click("#to-pyramids")
    page.click('[data-tab="3"]')
    page.wait_for_selector('[data-slot="3-0-0"].filled')

    # A saved place that is not on the table is dropped; a game that cannot be drawn is set aside, with a message.
    key, game = saved_game(page)
    game["selected"] = {"player": 7, "row": 0, "index": 0}
    page.evaluate("([k, g]) => localStorage.setItem(k, JSON.stringify(g))", [key, game])
    page.reload()
    page.wait_for_selector('[data-pyramid="0"]')
    game["players"][1]["pyramid"] = 5
    page.evaluate("([k, g]) => localStorage.setItem(k, JSON.stringify(g))", [key, game])
    page.reload()
    assert "could not be opened" in page.inner_text('[data-notes="kept"]')
    assert page.locator('[data-name="0"]').input_value() == ""  # a new game
    page.remove_listener("pageerror", failed)
    assert errors == []


CONTRAST = """(el) => {  // WCAG's contrast ratio of an element's text on its background
    const lum = (c) => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const style = getComputedStyle(el);
    let back = el; while (getComputedStyle(back).backgroundColor === "rgba(0, 0, 0, 0)") back = back.parentElement;
    const [a, b] = [lum(style.color), lum(getComputedStyle(back).backgroundColor)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }"""


def focused(page) -> str:
    return page.evaluate("document.activeElement.outerHTML.slice(0, 120)")


def test_the_pyramids_keep_the_focus_and_bring_the_next_place_into_view(page):
    fresh(page)
    # Every field has a label, not only a placeholder; the targets are 44 px tall at least.
    assert page.get_by_label("name", exact=True).count() == 2
    assert page.get_by_role("group", name="god", exact=True).count() == 2
    assert page.get_by_role("group", name="number of players").count() == 1
    page.fill('[data-name="0"]', "Ana")
    page.fill('[data-name="1"]', "Ben")
    page.click('[data-god="0"][data-value="death"]')  # a god a Cancelation token can cover: a checkbox
    heights = page.evaluate("[...document.querySelectorAll('.navstep, input[type=checkbox]')]"
                            ".map((e) => e.getBoundingClientRect().height)")
    assert len(heights) >= 5 and min(heights) >= 44, heights
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.click("#to-pyramids")
    page.wait_for_selector('[data-pyramid="0"]')
    assert page.evaluate("scrollY") == 0  # a new step starts at its top

    # A tap redraws the page: the control tapped keeps the focus.
    page.click('.editor .swatches.big [data-color="red"]')
    assert 'data-color="red"' in focused(page)
    assert page.get_by_role("group", name="kind").count() == 1
    page.click('.editor [data-kind="stone"]')
    assert 'data-kind="stone"' in focused(page)
    page.click("#save-tile")  # at the bottom of the editor: the page scrolled down to it
    # The next place is in view and has the focus, with the editor's header naming it; the place saved says what
    # lies on it.
    # (its accessible name starts with what it shows, as axe-core's label-content-name-mismatch wants)
    page.wait_for_selector('[data-slot="0-0-0"].filled .slot-points:text("+1")')
    assert page.get_by_role("button", name="Sacred Stone +1 (Ana, row 1, tile 1, red, 1 CP)", exact=True).count() == 1
    assert 'data-slot="0-0-1"' in focused(page)
    for selector in ('[data-slot="0-0-1"]', ".editor h2"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= page.locator(".bar").bounding_box()["height"] and box["y"] + box["height"] <= 844
    assert page.inner_text(".editor h2") == "Ana · row 1, tile 2"

    # A warning's "!" and an empty place's "+" are legible (WCAG AA, 4.5:1); so is a tile's name (12 px, was 10).
    enter_tile(page, 0, 0, 1, {"kind": "stone", "color": "red"})
    enter_tile(page, 0, 1, 0, {"kind": "stone", "color": "green"})  # on red and red: a warning
    page.wait_for_selector('[data-slot="0-1-0"] .badge')
    assert "warning:" in page.inner_text('[data-slot="0-1-0"] .visually-hidden')
    assert page.locator('[data-slot="0-1-0"] .badge').evaluate(CONTRAST) >= 4.5
    assert page.locator('[data-slot="0-2-0"] .slot-kind').evaluate(CONTRAST) >= 4.5
    size = page.locator('[data-slot="0-0-0"] .slot-kind').evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12
