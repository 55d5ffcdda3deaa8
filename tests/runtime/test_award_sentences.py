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
    from orbis_dsl.runtime import award_text
    from orbis_dsl.runtime.award_text import award_sentence
    from orbis_dsl.runtime.awards import Placing

    for says, shown in (("{title}: {measure}, place {place}, prize {prize} ({ranking}; {mode}) {why}",
                         " ({ranking}; {mode}) "),
                        # without the ranking: the sentences that are remembered
                        ("{title}: {measure}, place {place}, prize {prize} ({tied}; {mode}) {why}",
                         " ({tied}; {mode}) ")):
        award_text._SENTENCES.clear()

        def sentence(measure=2, options=None, ranking="Ann 2; Bo 1", key=0, says=says):
            return award_sentence(says, "Tokens", Placing(key, measure, None, 1, 7, 1), ranking, [],
                                  options if options is not None else {"mode": "icons"}, "as ranked")

        def words(measure="2", ranking="Ann 2; Bo 1", mode="icons", shown=shown):
            middle = shown.replace("{ranking}", ranking).replace("{tied}", "nobody").replace("{mode}", mode)
            return f"Tokens: {measure}, place 1, prize 7{middle}as ranked"

        first = sentence()
        assert first == words()
        assert sentence() == first and sentence(key=3) == first  # (the player ranked is not shown)
        assert sentence(measure=1) == words("1")
        assert sentence(measure=True) == words("yes")
        assert sentence(options={"mode": "tiles"}) == words(mode="tiles")
        assert sentence(ranking="Bo 2") == words(ranking="Bo 2")
        assert sentence(options={"mode": ["a"]}) == words(mode="['a']")
        # remembered only where the sentence does not show the whole ranking (one table's, rarely met again)
        assert bool(award_text._SENTENCES) == ("ranking" not in says)


def _sentence_as_one_dict(says, title, placing, ranking, tied, options, why):
    """The oracle: every placeholder in one dict, in the order of precedence the sentences keep (the options, then
    `points`/`why`/`how`, then the award's own fields), as the scorer made each sentence before its common part
    was made once per award and game."""
    from orbis_dsl.runtime.reasons import Sentence
    from orbis_dsl.runtime.support import show

    values = Sentence({name: show(value) for name, value in options.items()}, show(placing.prize), why)
    values.update(title=title, measure=show(placing.measure), place=str(placing.place), prize=show(placing.prize),
                  tiebreak=show(placing.tiebreak), tied=", ".join(tied) or "nobody", ranking=ranking)
    return says.format_map(values)


def test_a_placings_sentence_from_the_common_part_is_the_one_dict_sentence():
    """`sentence_values` once per award and game, then `placing_sentence` per placing (the scorer's way for a
    sentence that shows the ranking), against every placeholder set in one dict, on drawn sentences, options
    (some named like the award's fields or `points`/`why`/`how`) and placings."""
    import random

    from orbis_dsl.runtime.award_text import award_sentence, options_shown, placing_sentence, sentence_values
    from orbis_dsl.runtime.awards import Placing

    fields = ["title", "measure", "place", "prize", "tiebreak", "tied", "ranking", "points", "why", "how", "mode",
              "unknown", "count"]
    rng = random.Random(32)
    for _ in range(500):
        says = " ".join("{" + rng.choice(fields) + "}" if rng.random() < 0.6 else rng.choice(["a", "b:", "(", ";"])
                        for _ in range(rng.randint(1, 8))) + " {ranking}"
        options = {name: rng.choice([1, True, None, "icons", (2, "red"), ("a", "b")])
                   for name in rng.sample(fields, rng.randint(0, 4))}
        placing = Placing(rng.randint(0, 3), rng.choice([0, 3, True, None]), rng.choice([None, 0, 5]),
                          rng.randint(1, 4), rng.choice([0, 7, -2]), rng.randint(1, 3))
        tied = rng.sample(["Ann", "Bo", "Cy"], rng.randint(0, 2))
        title, ranking, why = rng.choice(["Tokens", "T"]), rng.choice(["Ann 2; Bo 1", ""]), rng.choice(["w", ""])
        expected = _sentence_as_one_dict(says, title, placing, ranking, tied, options, why)
        common = sentence_values(options_shown(options), title, ranking)
        assert placing_sentence(says, common, placing, tied, why) == expected, (says, options, placing)
        assert award_sentence(says, title, placing, ranking, tied, options, why) == expected
        # the common part is not changed by a placing's sentence
        assert common == sentence_values(options_shown(options), title, ranking)
