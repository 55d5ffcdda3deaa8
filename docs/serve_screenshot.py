"""Retake docs/serve-phone.png: the scoring pad on a 390×844 phone screen, half-way through a game.

Run with the pad already serving (`orbis serve`), from the checkout's root:
    .venv/bin/python docs/serve_screenshot.py [URL]
It drives the system's Chromium (Debian's `chromium`) through Playwright; no browser is downloaded.
"""

from __future__ import annotations

import json
import shutil
import sys
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


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(URL)
        rules_id = page.evaluate("fetch('/api/rules').then(r => r.json()).then(r => r.id)")
        page.evaluate("([key, game]) => localStorage.setItem(key, JSON.stringify(game))",
                      [f"orbis-pad:{rules_id}", half_entered_game()])
        page.reload()
        page.wait_for_selector(".slot.has-warning")
        page.click('[data-slot="1-2-2"]')  # the misplaced tile: its warning shows above its editor
        page.screenshot(path=str(ROOT / "docs/serve-phone.png"), full_page=len(sys.argv) > 2)
        browser.close()


if __name__ == "__main__":
    main()
