"""Terra Mystica's score sheet and Mondo's counts typed into the scoring pad by headless Chromium (Debian's
`chromium` through Playwright, as test_browser.py): the game chosen, every field of the form the rule set's facts
make, a warning and an error shown beside what they concern, a reload in the middle, the final table, and the
downloads, each scored again by the CLI.

Skipped only when no Chromium is installed (CI installs one, see .ci/run).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serve.pad_driver import cli_totals, final_totals, settled

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

TM_GAME = "examples/terra-mystica/2p-basic.json"
MONDO_GAME = "examples/mondo/counts-beginner-2p.json"
PNG = b"\x89PNG\r\n\x1a\n"


def choose_game(page, game_id: str) -> None:
    page.evaluate("localStorage.clear()")
    page.reload()
    page.click(f'[data-game="{game_id}"]')  # the page reloads with the game's own form
    page.wait_for_selector(f'[data-game="{game_id}"].chosen')
    page.wait_for_selector('[data-name="0"]')


def type_field(page, path: str, value: int) -> None:
    """Key by key into a number field, as on a phone, then leave it (which checks the sheet)."""
    field = f'[data-path="{path}"] input[type=number]'
    page.fill(field, "")
    page.locator(field).press_sequentially(str(value))
    page.locator(field).press("Tab")


def wait_for_check(page) -> None:
    page.wait_for_function("() => document.querySelector('#live-total')?.textContent !== '…'")


def check_downloads(page, orbis, tmp_path, text_suffix: str, expected: dict[str, int]) -> None:
    """The JSON record and the notation score, under the CLI, to the totals the page shows; the images are an SVG
    and a PNG."""
    for button, suffix in (("#download-json", ".json"), ("#download-text", text_suffix)):
        with page.expect_download() as download:
            page.click(button)
        saved = tmp_path / f"game{suffix}"
        download.value.save_as(saved)
        assert cli_totals(orbis, saved)[0] == expected
    with page.expect_download() as download:
        page.click("#download-svg")
    assert Path(download.value.path()).read_text(encoding="utf-8").startswith("<svg")
    with page.expect_download() as download:
        page.click("#download-png")
    assert download.value.suggested_filename.endswith(".png")
    assert Path(download.value.path()).read_bytes()[:8] == PNG


def test_a_terra_mystica_sheet_in_the_browser_scores_as_the_cli_does(page, orbis, repo_root, tmp_path):
    record = json.loads((repo_root / TM_GAME).read_text())
    choose_game(page, "terra-mystica")
    page.fill('input[placeholder="title (optional)"]', record["title"])
    for seat, player in enumerate(record["players"]):
        page.fill(f'[data-name="{seat}"]', player["name"])
        page.select_option(f'[data-piece="{seat}"]', player["faction"])  # the rule set's factions
    page.click("#to-sheet")

    for seat, player in enumerate(record["players"]):
        page.click(f'[data-tab="{seat}"]')
        at = f"$.players[{seat}]"
        for key in ("vp", "network", "coins", "workers", "priests"):
            type_field(page, f"{at}.{key}", player[key])
        for track, value in player["cults"].items():
            type_field(page, f"{at}.cults.{track}", value)
        for bowl, value in zip(("I", "II", "III"), player["power"]):
            type_field(page, f"{at}.power.{bowl}", value)
        if seat == 0:
            # A value out of the fact's range is an error beside its field, and the sheet cannot be finished.
            type_field(page, f"{at}.cults.fire", 11)
            page.wait_for_selector(f'[data-path="{at}.cults.fire"] .notes .error')
            assert "out of range; expected 0 to 10" in page.inner_text(f'[data-path="{at}.cults.fire"] .notes')
            assert page.is_disabled("#finish")
            type_field(page, f"{at}.cults.fire", player["cults"]["fire"])
            page.wait_for_selector(f'[data-path="{at}.cults.fire"] .notes .error', state="detached")
        if seat == 1:
            # Both players at 10 on water: the rules' warning shows on this player's sheet.
            type_field(page, f"{at}.cults.water", 10)
            page.click('[data-tab="0"]')
            type_field(page, "$.players[0].cults.water", 10)
            page.wait_for_selector('[aria-label="sheet"] .notes .warning')
            assert "only one faction may reach the top of a track" in page.inner_text('[aria-label="sheet"] .notes')
            type_field(page, "$.players[0].cults.water", record["players"][0]["cults"]["water"])
            page.click('[data-tab="1"]')
            type_field(page, f"{at}.cults.water", player["cults"]["water"])

    # Nothing is lost: a reload finds the sheet as typed.
    page.reload()
    page.wait_for_selector('[data-path="$.players[1].vp"] input')
    assert page.input_value('[data-path="$.players[1].vp"] input') == str(record["players"][1]["vp"])
    wait_for_check(page)

    expected, winners = cli_totals(orbis, TM_GAME)
    page.wait_for_selector("#finish:not([disabled])")
    assert page.inner_text("#live-total") == str(expected[record["players"][1]["name"]])  # the live total
    page.click("#finish")
    page.wait_for_selector("#final-table")
    assert final_totals(page) == expected
    assert page.inner_text("#winner") == "Winner: " + " and ".join(winners)
    check_downloads(page, orbis, tmp_path, ".tmgame", expected)


def test_mondo_counts_in_the_browser_score_as_the_cli_does(page, orbis, repo_root, tmp_path):
    record = json.loads((repo_root / MONDO_GAME).read_text())
    choose_game(page, "mondo")
    for seat, player in enumerate(record["rounds"][0]["players"]):
        page.fill(f'[data-name="{seat}"]', player["name"])
    page.click(f'[data-option="level"] [data-value="{record["level"]}"]')
    page.click("#to-sheet")

    for r, round_ in enumerate(record["rounds"]):
        page.click(f'[data-round="{r}"]')
        for seat, player in enumerate(round_["players"]):
            page.click(f'[data-tab="{seat}"]')
            at = f"$.rounds[{r}].players[{seat}]"
            for key in ("animals", "enclosed", "empty", "mismatches"):
                type_field(page, f"{at}.{key}", player[key])
            for state, value in player["volcanoes"].items():
                type_field(page, f"{at}.volcanoes.{state}", value)
            chip = player["chip"]
            page.click(f'[data-path="{at}.chip"] [data-value="{"null" if chip is None else chip}"]')
            if (r, seat) == (0, 0):
                # More animals than tiles placed (24 spaces, 5 empty): the rules' warning, on this player's sheet.
                type_field(page, f"{at}.empty", 5)
                type_field(page, f"{at}.animals", 24)
                page.wait_for_selector('[aria-label="sheet"] .notes .warning')
                assert "more animals than tiles placed" in page.inner_text('[aria-label="sheet"] .notes')
                type_field(page, f"{at}.animals", player["animals"])
                type_field(page, f"{at}.empty", player["empty"])
            if (r, seat) == (0, 1):
                # Two players holding bonus chip 4 in one round: an error at the second chip, naming the first holder.
                page.click(f'[data-path="{at}.chip"] [data-value="4"]')
                page.wait_for_selector(f'[data-path="{at}.chip"] .notes .error')
                told = page.inner_text(f'[data-path="{at}.chip"] .notes')
                assert f"{round_['players'][0]['name']} holds bonus chip 4 in this round too" in told
                page.click(f'[data-path="{at}.chip"] [data-value="null"]')
    wait_for_check(page)

    page.reload()
    page.wait_for_selector('[data-tab="1"]')
    wait_for_check(page)
    expected, winners = cli_totals(orbis, MONDO_GAME)
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    assert final_totals(page) == expected
    assert page.inner_text("#winner") == "Winner: " + " and ".join(winners)
    check_downloads(page, orbis, tmp_path, ".mondo", expected)


def test_a_checks_answer_is_drawn_while_the_focus_only_rests_in_a_number_field(page, repo_root):
    """A field reached by Tab and not typed in holds no answer back (it held it until the player tapped elsewhere,
    so a warning stayed hidden), and the digits Tab selected there stay selected, to be typed over."""
    page.evaluate("localStorage.clear()")
    page.reload()
    page.set_input_files("#load-record", str(repo_root / TM_GAME))
    page.wait_for_selector("#finish:not([disabled])")
    page.click('[data-tab="1"]')
    type_field(page, "$.players[1].cults.water", 10)
    settled(page)
    page.click('[data-tab="0"]')
    held = []  # the next answer waits until the focus has come to rest in the earth field
    page.route("**/api/check", lambda route: held.append(route))
    try:
        with page.expect_request("**/api/check"):
            type_field(page, "$.players[0].cults.water", 10)  # Tab: to water's +
        page.keyboard.press("Tab")  # earth's −
        page.keyboard.press("Tab")  # earth's field, its digits selected
        earth = '[data-path="$.players[0].cults.earth"] input'
        assert page.evaluate(f"document.activeElement === document.querySelector({json.dumps(earth)})")
        for route in held:
            route.continue_()
        page.wait_for_selector('[aria-label="sheet"] .notes .warning')
    finally:
        page.unroute("**/api/check")
    assert "only one faction may reach the top of a track" in page.inner_text('[aria-label="sheet"] .notes')
    assert page.evaluate(f"document.activeElement === document.querySelector({json.dumps(earth)})")
    page.keyboard.type("5")
    assert page.input_value(earth) == "5"


def test_a_record_loaded_from_a_file_opens_in_its_game_form(page, repo_root):
    page.evaluate("localStorage.clear()")
    page.reload()
    page.set_input_files("#load-record", str(repo_root / "examples/terra-mystica/3p-map-shipping-bridge.tmgame"))
    page.wait_for_function("() => document.title === 'Terra Mystica scoring pad'")
    page.wait_for_selector('[data-path="$.players[0].vp"] input')
    assert page.input_value('[data-path="$.players[0].vp"] input') == "96"
    page.wait_for_selector("#finish:not([disabled])")  # its map positions are kept, so it scores


def test_a_broken_record_is_refused_with_its_place(page, tmp_path):
    page.evaluate("localStorage.clear()")
    page.reload()
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "tm-final/1", "game": "terra-mystica", "players": [{"name": "Ann", "vp": "x"}]}')
    page.set_input_files("#load-record", str(broken))
    page.wait_for_selector('[data-notes="load"] .error')
    assert "$.players[0]" in page.inner_text('[data-notes="load"]')


def test_an_orbis_record_loaded_over_an_orbis_game_opens_on_its_pyramids(page, orbis, repo_root):
    # The game on screen is Orbis too: loading must not let it save itself over the record just loaded.
    page.evaluate("localStorage.clear()")
    page.reload()
    page.fill('[data-name="0"]', "Someone")
    page.set_input_files("#load-record", str(repo_root / "examples/games/2p-sunday-lunch.orbisgame"))
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    expected, _ = cli_totals(orbis, "examples/games/2p-sunday-lunch.orbisgame")
    assert final_totals(page) == expected


@pytest.mark.parametrize("example", ["examples/mondo/counts-expert-2p-tasks.json",
                                     "examples/mondo/counts-solo-level2.json",
                                     "examples/terra-mystica/4p-map-checks.json"])
def test_a_loaded_record_keeps_every_fact_through_the_form(page, orbis, repo_root, example):
    """Tasks held with their flag, the round's card and revealed tasks, options at the top, a solo round, lists of
    tiles: the record the form sends back scores as the file does."""
    page.evaluate("localStorage.clear()")
    page.reload()
    page.set_input_files("#load-record", str(repo_root / example))
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    expected, winners = cli_totals(orbis, example)
    assert final_totals(page) == expected
    assert page.inner_text("#winner") == ("Winner: " + " and ".join(winners) if len(winners) == 1 else
                                          "Shared win: " + " and ".join(winners) if winners else "Nobody wins")


def test_a_task_cards_printed_points_are_typed_and_one_players_error_stays_off_the_others_screen(page, orbis,
                                                                                                  repo_root):
    example = "examples/mondo/counts-expert-2p-tasks.json"  # Bo's T07 is done and prints 5 (the rules say 4)
    page.evaluate("localStorage.clear()")
    page.reload()
    page.set_input_files("#load-record", str(repo_root / example))
    page.wait_for_selector("#finish:not([disabled])")
    page.click('[data-round="0"]')
    page.click('[data-tab="1"]')
    points = '[data-path="$.rounds[0].players[1].tasks"] [data-printed="T07.points"]'
    assert page.input_value(points) == "5" and page.get_attribute(points, "placeholder") == "4"
    bo_total = '[data-tab="1"] .tab-total'
    page.fill(points, "")
    page.locator(points).press("Tab")  # empty: the rules' 4
    page.wait_for_function(f"() => document.querySelector({json.dumps(bo_total)}).textContent === '29'")
    page.locator(points).press_sequentially("5")
    page.locator(points).press("Tab")
    page.wait_for_function(f"() => document.querySelector({json.dumps(bo_total)}).textContent === '30'")

    # Ann's count out of range, seen from Bo's sheet: at the top, with Ann's name, not on the round's card.
    page.click('[data-round="1"]')
    page.click('[data-tab="0"]')
    type_field(page, "$.rounds[1].players[0].animals", 30)
    page.wait_for_selector('[data-path="$.rounds[1].players[0].animals"] .notes .error')
    page.click('[data-tab="1"]')
    page.wait_for_selector("#sheet-notes .error")
    # (the record's `"chip": null` for Ann in round 2 is left out by the pad, which is then warned about below it)
    notes = page.inner_text("#sheet-notes").splitlines()
    assert notes[0] == "Ann, round 2, animals: 30 is out of range; expected 0 to 24"
    assert page.locator('[aria-label="round"] .notes').count() == 0
    page.click('[data-tab="0"]')
    type_field(page, "$.rounds[1].players[0].animals", 5)
    page.wait_for_selector("#finish:not([disabled])")
    page.click("#finish")
    page.wait_for_selector("#final-table")
    expected, winners = cli_totals(orbis, example)
    assert final_totals(page) == expected == {"Ann": 30, "Bo": 30}
    assert page.inner_text("#winner") == "Shared win: " + " and ".join(winners)


def in_view(page, selector: str) -> bool:
    """Whether every element `selector` finds lies inside the screen's width."""
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].every((e) => {
        const r = e.getBoundingClientRect();
        return r.left >= 0 && r.right <= document.documentElement.clientWidth; })""", selector)


def test_results_on_a_phone_keep_the_total_and_place_in_view_and_show_the_tie_break(page, orbis, repo_root, tmp_path):
    doc = json.loads((repo_root / "examples/terra-mystica/5p-alchemists.json").read_text())
    long_name = "Bartholomew-Maximilian-Fitzgerald-Smythe"  # 40 characters, the most the setup takes
    doc["players"][0]["name"] = long_name
    (tmp_path / "five.json").write_text(json.dumps(doc))
    for record in (tmp_path / "five.json", repo_root / "examples/games/3p-book-club-tie.orbisgame"):
        page.evaluate("localStorage.clear()")
        page.reload()
        page.set_input_files("#load-record", str(record))
        page.wait_for_selector("#finish:not([disabled])")
        page.click("#finish")
        page.wait_for_selector("#final-table")
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert in_view(page, "#final-table .total") and in_view(page, "#final-table .place")
        assert in_view(page, "#final-table tbody .who")
        if record.suffix == ".json":  # the long name wraps, whole, in its column
            assert page.inner_text(f'[data-player="{long_name}"] .who') == long_name
    # Three totals of 31: the worshippers left decide, as the CLI's table shows them.
    rows = {r.get_attribute("data-player"): (r.locator(".total").inner_text(), r.locator(".tiebreak").inner_text(),
                                             r.locator(".place").inner_text())
            for r in page.locator("#final-table tbody tr").all()}
    assert rows == {"Iris": ("31", "2", "3"), "Omar": ("31", "4", "2"), "Pia": ("31", "6", "1")}
    assert page.inner_text("#final-table thead .tiebreak") == "worshippers"
    assert in_view(page, "#final-table .tiebreak")
    assert "the most worshippers left" in page.inner_text("[data-tie]")


def test_the_sheet_starts_at_its_top_shows_a_new_error_and_loses_no_tap(page):
    choose_game(page, "mondo")
    assert page.get_by_label("name", exact=True).count() == 2
    assert page.get_by_role("group", name="level").count() == 1
    page.fill('[data-name="0"]', "Ann")
    page.fill('[data-name="1"]', "Bo")
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.click("#to-sheet")
    page.wait_for_selector('[aria-label="sheet"]')
    assert page.evaluate("scrollY") == 0
    assert page.get_by_role("group", name="bonus chip").count() == 1  # a row of choices is a group, named

    # Digits typed, then a tap on another field's +: the tap counts, the digits too, and the + keeps the focus.
    at = "$.rounds[0].players[0]"
    page.fill(f'[data-path="{at}.animals"] input', "7")
    page.click(f'[data-path="{at}.enclosed"] [data-step="+1"]')
    page.wait_for_function(f"""() => document.querySelector('[data-path="{at}.enclosed"] input').value === '1'""")
    assert page.input_value(f'[data-path="{at}.animals"] input') == "7"
    assert page.evaluate("document.activeElement.dataset.step") == "+1"

    # Both players on bonus chip 4: the error, at the second chip, is brought into view.
    page.click(f'[data-path="{at}.chip"] [data-value="4"]')
    page.click('[data-tab="1"]')
    page.locator('[data-path="$.rounds[0].players[1].chip"]').scroll_into_view_if_needed()
    page.evaluate("scrollBy(0, 400)")
    page.click('[data-path="$.rounds[0].players[1].chip"] [data-value="4"]')
    shown = '[data-path="$.rounds[0].players[1].chip"] .notes .error'
    error = page.locator(shown)
    error.wait_for()
    page.wait_for_function("""(shown) => { const box = document.querySelector(shown)
        .getBoundingClientRect(); return box.top >= document.querySelector('.bar').getBoundingClientRect().bottom
        && box.bottom <= innerHeight; }""", arg=shown)
    assert "Ann holds bonus chip 4 in this round too" in error.inner_text()
