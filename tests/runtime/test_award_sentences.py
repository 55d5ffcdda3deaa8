"""An award's `says` sentence is its line's words in every game: a game of tiles (the base game's temple tokens
name the option they are counted by) and a score sheet (where the sentence was checked, then never used)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_temple_tokens_say_what_they_counted(orbis):
    for name, counted in (("4p-temple-night-by-tiles.json", "tiles"), ("4p-club-night-shared-win.json", "icons")):
        result = orbis("score", "--json", str(ROOT / "examples" / "games" / name))
        assert result.exit_code == 0, result.stderr
        lines = [line["why"] for p in json.loads(result.stdout)["players"] for line in p["lines"]
                 if line["what"] == "temple" and line["where"] == "Temple token"]
        assert lines and all(f" temple {counted}, place " in why for why in lines), lines


def test_a_score_sheets_award_reads_as_its_sentence(orbis, tmp_path):
    pack = tmp_path / "area.orbis"
    pack.write_text('extends "terra-mystica"\n\naward area "Largest network" {\n'
                    "  measure: if network_on_map >= 0 then max(network_on_map, 0) else max(network, 0)\n"
                    "  eligible: measure >= 1\n  ties: split\n  prizes: 18, 12, 6\n"
                    '  says "{title}: {measure} hexes, place {place} ({ranking}); shared with {tied}"\n}\n',
                    encoding="utf-8")
    result = orbis("score", "--json", "--rules", str(pack), str(ROOT / "examples" / "terra-mystica" / "2p-basic.json"))
    assert result.exit_code == 0, result.stderr
    whys = [line["why"] for p in json.loads(result.stdout)["players"] for line in p["lines"]
            if line["what"] == "area"]
    assert whys == ["Largest network: 11 hexes, place 1 (Ann 11; Bo 9); shared with nobody",
                    "Largest network: 9 hexes, place 2 (Ann 11; Bo 9); shared with nobody"]


def test_a_remembered_sentence_is_made_again_for_anything_it_shows():
    """Sentences are remembered across games (award_text._SENTENCES): a value that reads otherwise (True
    against 1, another option, another ranking) must still get its own words, and an option that cannot be in a
    key its words all the same."""
    from orbis_dsl.runtime.award_text import award_sentence
    from orbis_dsl.runtime.awards import Placing

    says = "{title}: {measure}, place {place}, prize {prize} ({ranking}; {mode}) {why}"

    def sentence(measure=2, options=None, ranking="Ann 2; Bo 1", key=0):
        return award_sentence(says, "Tokens", Placing(key, measure, None, 1, 7, 1), ranking, [],
                              options if options is not None else {"mode": "icons"}, "as ranked")

    first = sentence()
    assert first == "Tokens: 2, place 1, prize 7 (Ann 2; Bo 1; icons) as ranked"
    assert sentence() == first and sentence(key=3) == first  # (the player ranked is not shown)
    assert sentence(measure=1) == "Tokens: 1, place 1, prize 7 (Ann 2; Bo 1; icons) as ranked"
    assert sentence(measure=True) == "Tokens: yes, place 1, prize 7 (Ann 2; Bo 1; icons) as ranked"
    assert sentence(options={"mode": "tiles"}) == "Tokens: 2, place 1, prize 7 (Ann 2; Bo 1; tiles) as ranked"
    assert sentence(ranking="Bo 2") == "Tokens: 2, place 1, prize 7 (Bo 2; icons) as ranked"
    assert sentence(options={"mode": ["a"]}) == "Tokens: 2, place 1, prize 7 (Ann 2; Bo 1; ['a']) as ranked"
