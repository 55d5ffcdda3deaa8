"""The terminal map of a map-level Terra Mystica record draws each player's structures in their faction's home
terrain colour (the hexmap's `player colors by home`, rules/terra_mystica/map.orbis), names the colours in the
legend, and stays readable on any terminal: the colours are mid-tones that lower to their own 16-colour entries.
The coloured map is a snapshot (ANSI codes, true colour)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.color import Color, ColorSystem
from rich.console import Console

from orbis_dsl.common.colours import SHOWN, style
from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.records.inputs import read_record
from orbis_dsl.reports.map import PLAYER_STYLES, map_lines
from orbis_dsl.reports.terminal import print_sheet_report
from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.sheet import score_sheet

ROOT = Path(__file__).resolve().parents[2]
RULES = game_rules(game_named("terra-mystica"))
# The home terrains, as factions.orbis gives them (1 yellow … 7 red) and the map names their colours.
HOME_COLOURS = ("yellow", "brown", "black", "blue", "green", "gray", "red")


def _report(name: str):
    record, _, diags, _ = read_record(ROOT / "examples" / "terra-mystica" / name, None)
    assert record is not None, [d.message for d in diags]
    return score_sheet(RULES, record, "tm-score/1", explain=False)


def _render(report, color_system: str | None) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=color_system, force_terminal=color_system is not None,
                      highlight=False, legacy_windows=False)
    print_sheet_report(report, RULES, console)
    return buffer.getvalue()


def test_each_player_takes_the_colour_of_their_factions_home_terrain():
    assert RULES.settings.hexmap.player_colors == ("home", HOME_COLOURS)
    # Ann plays the Witches (forest), Bo the Mermaids (lakes), Cy the Dwarves (mountains).
    assert _report("3p-map-shipping-bridge.json").colours == {"Ann": "green", "Bo": "blue", "Cy": "gray"}
    # Seats do not matter: Chaos Magicians (wasteland) red, Auren forest green, Swarmlings lakes blue, Nomads
    # (desert, no map here) yellow.
    assert _report("4p-map-checks.json").colours == {"Ann": "red", "Bo": "green", "Cy": "blue", "Di": "yellow"}


def test_every_faction_has_a_home_colour_and_no_two_homes_share_one():
    # `value home: terrains`: each faction's home is a member of the terrains, drawn in the colour at its place
    homes = {spec.modifiers.get("home") for spec in RULES.gods.values()}
    assert homes == set(RULES.settings.sets["terrains"])
    assert len(set(HOME_COLOURS)) == 7 and RULES.settings.sets["terrains"] == HOME_COLOURS


def test_the_cells_and_the_legend_are_drawn_in_those_colours():
    report = _report("3p-map-shipping-bridge.json")
    lines = map_lines(board_of(RULES.settings.hexmap), report.cells, report.colours)
    styled = {line.plain[span.start:span.end].strip(): str(span.style) for line in lines for span in line.spans}
    assert styled["C5"] == styled["Bo"] == style("blue")
    assert styled["E7"] == styled["Ann"] == style("green")
    assert styled["A1"] == styled["Cy"] == style("gray")
    assert lines[-1].plain.split() == ["Ann", "green", "Bo", "blue", "Cy", "gray"]  # colours in words too


def test_without_a_colour_from_the_rules_players_are_drawn_by_seat():
    report = _report("3p-map-shipping-bridge.json")
    lines = map_lines(board_of(RULES.settings.hexmap), report.cells)
    legend = {line.plain[s.start:s.end].strip(): str(s.style) for line in lines[-1:] for s in line.spans}
    assert legend == {"Ann": PLAYER_STYLES[0], "Bo": PLAYER_STYLES[1], "Cy": PLAYER_STYLES[2]}
    assert lines[-1].plain.split() == ["Ann", "Bo", "Cy"]


def test_the_colours_read_on_16_colour_terminals_as_their_names():
    """Mid-tone backgrounds (never the terminal's own black or white) that lower to the 16-colour entry of their
    name, the 7 home colours to 7 different entries; dark ones carry white text, light ones black."""
    lowered = {name: Color.parse(background).downgrade(ColorSystem.STANDARD).number
               for name, (background, _) in SHOWN.items()}
    assert {lowered[c] for c in HOME_COLOURS} == {11, 3, 8, 12, 2, 7, 1}  # yellow, brown, dark grey, blue …
    for name, (background, text) in SHOWN.items():
        r, g, b = Color.parse(background).get_truecolor()
        luminance = 0.299 * r + 0.587 * g + 0.114 * b
        assert 40 <= luminance <= 225, name
        assert text == ("black" if luminance > 140 else "white"), name


def test_the_coloured_map_snapshot(snapshot):
    report = _report("3p-map-shipping-bridge.json")
    assert _render(report, "truecolor") == snapshot
    plain = _render(report, None)
    assert "\x1b[" not in plain and "Ann  green" in plain


ISLES = """\
game "isles" "Isles" {
  record "isles/1"
  report "isles-score/1"
}

hexmap isles "Isles" {
  water "." "w"
  row A: "G G . . G"
  row B: "G . . G"
  player colors by COLOURS
}

value banner = 0
fact built "pieces on the map": cells
score realm "Realm": max(largest group(built: adjacent), 0)
winner: most total, ties shared
"""


@pytest.mark.parametrize("colours, message, hint", [
    ("banner: red, purpel", "unknown colour to draw 'purpel'", "did you mean 'purple'?"),
    ("banr: red, blue", "unknown value 'banr'", "did you mean 'banner'?"),
])
def test_a_colour_or_value_the_map_cannot_use_is_named_at_the_clause(check_rules, colours, message, hint):
    model, diags, _ = check_rules(ISLES.replace("COLOURS", colours), base=False)
    assert model is None
    errors = [d for d in diags if d.is_error]
    assert [(d.message, d.hint, d.span.line, d.span.column) for d in errors] == [(message, hint, 10, 3)]
