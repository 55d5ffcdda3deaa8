"""Retake docs/serve-phone.png (Orbis, half-way through a game), docs/serve-phone-terra-mystica.png and
docs/serve-phone-mondo.png (a score sheet with a warning in place), docs/serve-phone-finished.png (a finished
pyramid and "next player"), docs/serve-phone-history.png (the history of plays) on a 390×844 phone screen, and
docs/serve-landscape.png (the half-entered game on the phone on its side, 844×390).

Run with the pad already serving (`orbis serve`), from the checkout's root:
    .venv/bin/python docs/serve_screenshot.py [URL]
It drives the system's Chromium (Debian's `chromium`) through Playwright; no browser is downloaded.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/"


def half_entered_game() -> dict:
    """The pad's saved state for a bundled game with Rafa's top rows still to enter and one tile misplaced."""
    record = json.loads((ROOT / "examples/games/2p-first-game-new-box.json").read_text())
    players = []
    for seat, player in enumerate(record["players"]):
        rows = [[{k: v for k, v in t.items() if k not in ("level", "stars")} for t in row]
                for row in player["pyramid"]]
        players.append({"name": player["name"], "god": player["god"], "god_cancelled": False,
                        "worshippers": player["worshippers"], "pyramid": rows, "seat": seat + 1})
    rafa = players[1]["pyramid"]
    rafa[2][2] = {"kind": "stone", "color": "blue", "cp": 2}  # rests on white and green: a warning in place
    rafa[3] = [None, None]
    return {"step": "pyramids", "title": record["title"], "variant": "2p", "options": {}, "players": players,
            "selected": {"player": 1, "row": 3, "index": 0}}


def finished_pyramid() -> dict:
    """The same game with Quinn's pyramid whole: the pad shows it finished, with its total and "next player"."""
    game = half_entered_game()
    game["done"] = 0
    game["selected"] = {"player": 0, "row": 3, "index": 1}
    return game


def finish(page, example: str, place: str | None = None) -> None:
    """A bundled record loaded and finished, so that it goes into the history of plays."""
    if page.locator("#load-record").count() == 0:
        page.click('[data-nav="setup"]')
    page.set_input_files("#load-record", str(ROOT / example))
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#share")
    if place:
        page.fill("#place", place)
        page.locator("#place").blur()
    page.wait_for_timeout(300)


def sheet_with_a_warning(page, example: str, change, shot: str, seat: int, round_: int | None = None) -> None:
    """Load a bundled sheet game's record, changed so that the rules warn, through "Load a record"; show the
    player (and round) the warning concerns; in a game of rounds, scrolled past the round's card to the warning."""
    record = json.loads((ROOT / example).read_text())
    change(record)
    page.evaluate("localStorage.clear()")
    page.reload()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / Path(example).name
        path.write_text(json.dumps(record))
        page.set_input_files("#load-record", str(path))
        page.wait_for_selector("#live-total")
    if round_ is not None:
        page.click(f'[data-round="{round_}"]')
    page.click(f'[data-tab="{seat}"]')
    page.wait_for_selector('[aria-label="sheet"] .notes .warning')
    if round_ is not None:
        page.evaluate("window.scrollTo(0, document.querySelector('[aria-label=\"sheet\"]').offsetTop - 150)")
    page.screenshot(path=str(ROOT / "docs" / shot), full_page=len(sys.argv) > 2)


def both_at_the_top_of_water(record: dict) -> None:
    for player in record["players"]:
        player["cults"]["water"] = 10


def more_animals_than_tiles(record: dict) -> None:
    record["rounds"][1]["players"][0].update(animals=24, empty=5)


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(URL)
        page.evaluate("localStorage.clear()")
        page.reload()
        rules_id = page.evaluate("fetch('/api/rules').then(r => r.json()).then(r => r.id)")
        page.evaluate("([key, game]) => localStorage.setItem(key, JSON.stringify(game))",
                      [f"orbis-pad:{rules_id}", half_entered_game()])
        page.reload()
        page.wait_for_selector(".slot.has-warning")
        page.click('[data-slot="1-2-2"]')  # the misplaced tile: its warning shows above its editor
        page.screenshot(path=str(ROOT / "docs/serve-phone.png"), full_page=len(sys.argv) > 2)
        sheet_with_a_warning(page, "examples/terra-mystica/2p-basic.json", both_at_the_top_of_water,
                             "serve-phone-terra-mystica.png", seat=1)
        sheet_with_a_warning(page, "examples/mondo/counts-beginner-2p.json", more_animals_than_tiles,
                             "serve-phone-mondo.png", seat=0, round_=1)
        page.evaluate("([key, game]) => localStorage.setItem(key, JSON.stringify(game))",
                      [f"orbis-pad:{rules_id}", finished_pyramid()])
        page.evaluate("localStorage.setItem('orbis-pad:game', 'orbis')")
        page.goto(URL)
        page.wait_for_selector("#next-player")
        page.screenshot(path=str(ROOT / "docs/serve-phone-finished.png"), full_page=len(sys.argv) > 2)

        side = browser.new_page(viewport={"width": 844, "height": 390}, device_scale_factor=2)
        side.goto(URL)
        side.evaluate("([key, game]) => localStorage.setItem(key, JSON.stringify(game))",
                      [f"orbis-pad:{rules_id}", half_entered_game()])
        side.reload()
        side.wait_for_selector(".slot.has-warning")
        side.screenshot(path=str(ROOT / "docs/serve-landscape.png"))
        side.close()

        page.evaluate("localStorage.clear(); indexedDB.deleteDatabase('orbis-pad')")
        page.reload()
        finish(page, "examples/games/2p-first-game-new-box.json", "the club")
        finish(page, "examples/terra-mystica/3p-air-tie.json", "Ann's")
        finish(page, "examples/games/2p-sunday-lunch.orbisgame", "the club")
        page.click('[data-nav="setup"]')
        page.click("#show-history")
        page.locator("#history").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, document.querySelector('#history').offsetTop - 70)")
        page.screenshot(path=str(ROOT / "docs/serve-phone-history.png"), full_page=len(sys.argv) > 2)
        page.evaluate("localStorage.clear(); indexedDB.deleteDatabase('orbis-pad')")
        browser.close()


if __name__ == "__main__":
    main()
