"""A player at the table, driving the scoring pad in headless Chromium with a finger: every tap counted, a whole
game typed from its record the way a player would (skipping what already shows the right value), and axe-core
run on each screen. (Not a test module: pytest collects only test_*.py.)

A tap is one touch: a button, a place, a field touched to type in it (the digits typed on the phone's keyboard
are not taps), a select opened and an option picked (two).
"""

from __future__ import annotations

import json
from pathlib import Path

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
SEVERE = ("serious", "critical")


class Finger:
    """The page, and how many taps it took."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.taps += 1

    def type(self, selector: str, value) -> None:
        """Touch a number or text field and type into it, key by key; leave it (the keyboard's Done)."""
        field = self.page.locator(selector).first
        field.tap()
        self.taps += 1
        field.fill("")
        field.press_sequentially(str(value))
        field.blur()

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.taps += 2

    def pressed(self, selector: str) -> bool:
        loc = self.page.locator(selector)
        return loc.count() > 0 and loc.first.get_attribute("aria-pressed") == "true"


def axe_problems(page, screen: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each (empty: none)."""
    if not AXE.exists():
        import pytest

        pytest.skip("axe-core is not installed (npm ci in tests/serve/axe; .ci/run does)")
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [f"{screen}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in SEVERE]


def settled(page) -> None:
    """The answer to the last change is drawn (the pad's step is aria-busy while a check is on its way)."""
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")


# ---- Orbis -----------------------------------------------------------------------------------------------

def orbis_setup(finger: Finger, record: dict) -> None:
    n = len(record["players"])
    if not finger.pressed(f'[data-players="{n}"]'):
        finger.tap(f'[data-players="{n}"]')
    for seat, player in enumerate(record["players"]):
        finger.type(f'[data-name="{seat}"]', player["name"])
        if player.get("god"):
            finger.tap(f'[data-god="{seat}"][data-value="{player["god"]}"]')
        if player.get("worshippers"):
            finger.type(f'[data-worshippers="{seat}"]', player["worshippers"])
    finger.tap("#to-pyramids")
    finger.page.wait_for_selector('[data-pyramid="0"]')


def orbis_tile(finger: Finger, player: int, row: int, index: int, tile: dict) -> None:
    """One place: tapped only if the pad has not brought it up; colour, kind, the printed values; saved."""
    page = finger.page
    if page.locator(f'[data-slot="{player}-{row}-{index}"].selected').count() == 0:
        finger.tap(f'[data-slot="{player}-{row}-{index}"]')
    if tile.get("desert"):
        finger.tap('.editor .swatches.big [data-color="desert"]')
        try:  # a desert is saved by its own tap
            page.wait_for_selector(f'[data-slot="{player}-{row}-{index}"].filled', timeout=2000)
        except Exception:  # (a pad that wants Save tile for it too)
            finger.tap("#save-tile")
        return
    if page.locator(f'.editor [data-kind="{tile["kind"]}"][aria-pressed="true"]').count() == 0:
        finger.tap(f'.editor [data-kind="{tile["kind"]}"]')
    if not finger.pressed(f'.editor .swatches.big [data-color="{tile["color"]}"]'):
        finger.tap(f'.editor .swatches.big [data-color="{tile["color"]}"]')
    for key, value in tile.items():
        if key in ("kind", "color"):
            continue
        field = f'.editor [data-field="{key}"]'
        if page.locator(field).count() == 0 or not page.locator(field).first.is_visible():
            finger.tap(".editor .more summary")  # folded: the tile's other fields
        if key in ("cancelled", "stars", "level"):
            choice = {"cancelled": "token"}.get(key, key)
            finger.tap(f'{field} [data-{choice}="{str(value).lower()}"]')
        elif isinstance(value, int):
            finger.type(f'{field} input[data-param="{key}"]', value)
        elif isinstance(value, list):
            for colour in value:
                finger.tap(f'{field} [data-color="{colour}"]')
        elif " " in value:  # an amount, "2 blue": the colour, then the count if it is not 1
            count, colour = value.split()
            finger.tap(f'{field} [data-amount="{colour}"]')
            if page.input_value(f'{field} input[data-param="{key}"]') != count:
                finger.type(f'{field} input[data-param="{key}"]', count)
        else:
            finger.tap(f'{field} [data-color="{value}"]')
    finger.tap("#save-tile")


def orbis_game(finger: Finger, record: dict, screens=None) -> None:
    """Every player's pyramid, bottom row first, then on to the next player."""
    page = finger.page
    for p, player in enumerate(record["players"]):
        if p and page.locator("#next-player").count():
            finger.tap("#next-player")
        elif page.locator(f'[data-tab="{p}"][aria-selected="true"]').count() == 0:
            finger.tap(f'[data-tab="{p}"]')
        for row, tiles in enumerate(player["pyramid"]):
            for index, tile in enumerate(tiles):
                orbis_tile(finger, p, row, index, tile)
        if screens is not None:
            page.wait_for_function("() => !document.querySelector('.checking')")
            screens(f"pyramid {p + 1} done")


# ---- score sheets ----------------------------------------------------------------------------------------

def sheet_value(finger: Finger, path: str, value) -> None:
    """A fact's value into the field at `path`: a member per key of a dict, a tap per choice, a number typed."""
    page = finger.page
    if isinstance(value, dict):
        for member, v in value.items():
            sheet_value(finger, f"{path}.{member}", v)
        return
    at = f'[data-path="{path}"]'
    if isinstance(value, list):
        for item in value:
            finger.tap(f'{at} [data-value="{item}"]')
        return
    shown = "null" if value is None else str(value)
    if page.locator(f'{at} > .choices [data-value="{shown}"], {at} > .member .choices [data-value="{shown}"]').count() \
            or page.locator(f'{at} [data-value="{shown}"]').count():
        if not finger.pressed(f'{at} [data-value="{shown}"]'):
            finger.tap(f'{at} [data-value="{shown}"]')
        return
    field = f"{at} input[type=number]"
    if value is None:
        if page.input_value(field) != "":
            finger.type(field, "")
        return
    if page.input_value(field) != shown:
        finger.type(field, value)


def sheet_setup(finger: Finger, record: dict, rules_family: str | None) -> None:
    players = record["rounds"][0]["players"] if "rounds" in record else record["players"]
    if not finger.pressed(f'[data-players="{len(players)}"]'):
        finger.tap(f'[data-players="{len(players)}"]')
    for seat, player in enumerate(players):
        finger.type(f'[data-name="{seat}"]', player["name"])
        if rules_family:
            finger.select(f'[data-piece="{seat}"]', player[rules_family])
    for name, value in {**({"level": record["level"]} if "level" in record else {}),
                        **record.get("options", {})}.items():
        if not finger.pressed(f'[data-option="{name}"] [data-value="{value}"]'):
            finger.tap(f'[data-option="{name}"] [data-value="{value}"]')
    finger.tap("#to-sheet")
    finger.page.wait_for_selector('[aria-label="sheet"]')


TM_POWER = ("I", "II", "III")


def sheet_players(finger: Finger, players: list[dict], path_of, skip=("name", "faction")) -> None:
    for seat, player in enumerate(players):
        if finger.page.locator(f'[data-tab="{seat}"][aria-selected="true"]').count() == 0:
            finger.tap(f'[data-tab="{seat}"]')
        for key, value in player.items():
            if key in skip:
                continue
            if key == "power" and isinstance(value, list):
                value = dict(zip(TM_POWER, value))
            sheet_value(finger, f"{path_of(seat)}.{key}", value)


def mondo_game(finger: Finger, record: dict, screens=None) -> None:
    page = finger.page
    for r, round_ in enumerate(record["rounds"]):
        if page.locator(f'[data-round="{r}"][aria-pressed="true"]').count() == 0:
            finger.tap(f'[data-round="{r}"]')
        for key, value in round_.items():
            if key != "players":
                sheet_value(finger, f"$.rounds[{r}].{key}", value)
        sheet_players(finger, round_["players"], lambda seat, r=r: f"$.rounds[{r}].players[{seat}]")
        if screens is not None:
            screens(f"round {r + 1} typed")


def final_totals(page) -> dict[str, int]:
    return {row.get_attribute("data-player"): int(row.locator("td.total").inner_text())
            for row in page.locator("#final-table tbody tr").all()}


def cli_totals(orbis, path) -> tuple[dict[str, int], list[str]]:
    result = orbis("score", "--json", path)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    return {p["name"]: p["total"] for p in report["players"]}, report["winners"]
