"""Issue 32's "no sentinel, integer-coded enum or repeated block remains in rules/", held mechanically where it
can be (tests/games/rule_smells.py): each finder is also run on a small rule file carrying the smell, so a finder
that stops finding fails here rather than passing the games by finding nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games import rule_smells

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["terra_mystica", "mondo", "orbis"]
FINDERS = [
    rule_smells.flags_compared_with_0_or_1,
    rule_smells.or_chains_over_members,
    rule_smells.presence_written_as_numbers,
    rule_smells.repeated_bodies,
    rule_smells.repeated_conditions,
]

# The forms issue 32's review found in the games, one per finder (Terra Mystica's and Mondo's before the rewrite).
SMELLS = {
    "flags_compared_with_0_or_1": """
family faction "Faction" for players
value river_towns = 0
faction mermaids "Mermaids" {
  modify river_towns = 1
}
fact towns "towns": int 0..9
refuse "only the Mermaids found a town across a river hex" if towns >= 1 and river_towns = 0
""",
    "or_chains_over_members": """
set towns: TW1, TW2, TW6, TW8
fact held "town tiles": list of towns
refuse "{town} appears too often" if count(town in held) > (if town = TW6 or town = TW8 then 1 else 2)
  for each town in towns
""",
    "presence_written_as_numbers": """
fact network "largest network": int? 0..17
warn "the network is given" if network >= 0
""",
    "repeated_bodies": """
set buildings: D, TP
fact structures "structures": int 0..9 per buildings
refuse "more than 8 dwellings" if structures[D] > 8
refuse "more than 4 trading posts" if structures[TP] > 4
""",
    "repeated_conditions": """
option level: "beginner" | "advanced" | "expert" = "beginner"
fact modifier "the measure of the modifier card": int? 0..99
score modifier "Modifier": if level = "advanced" or level = "expert" then modifier else 0
refuse "the measure is given" if (level = "advanced" or level = "expert") and modifier is not given
warn "the measure is high" if (level = "advanced" or level = "expert") and modifier > 50
""",
}
HEADER = 'game "smell" "Smell" {\n  record "smell/1"\n  report "smell-score/1"\n}\n'


@pytest.mark.parametrize("finder", FINDERS, ids=[f.__name__ for f in FINDERS])
@pytest.mark.parametrize("game", GAMES)
def test_the_games_carry_none(game, finder):
    assert finder(ROOT / "rules" / game) == []


@pytest.mark.parametrize("finder", FINDERS, ids=[f.__name__ for f in FINDERS])
def test_each_finder_finds_its_smell(finder, tmp_path):
    (tmp_path / "game.orbis").write_text(HEADER + SMELLS[finder.__name__], encoding="utf-8")
    found = finder(tmp_path)
    assert len(found) == 1 and "game.orbis: " in found[0], found


def test_a_split_on_an_options_choices_and_checks_over_different_facts_are_not_repeats(tmp_path):
    (tmp_path / "game.orbis").write_text(
        HEADER
        + """
option mode: "flat" | "counts" = "flat"
fact shaded "shaded spaces filled": int 0..4
fact colours "terrains on the shaded spaces": int 0..4
note "pays the chip's penalty" if mode = "flat"
note "counts the inactive ones too" if mode = "counts"
warn "a shaded space is empty" if shaded < 4
warn "fewer than 2 terrains" if colours < 2
""",
        encoding="utf-8",
    )
    assert rule_smells.repeated_bodies(tmp_path) == []
