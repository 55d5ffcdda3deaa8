"""The collision fuzz test of issue 32, item 4: generated rule packs laid over all three games, each base name
crossed with each sort of declaration (parameter types and fact keys among them), and a copy of each of the
games' own declarations (see `collisions.py`). Every pack is either refused with errors located at the pack (or,
at a base game's line, naming the pack's declaration in its hint) or checks clean, compiles, and scores the
game's bundled examples; never a traceback. A copy (a replacement by the same sort and type) scores exactly as
the base game does. A replacement that changes what a record must give (a kind's parameters) may have the
examples refused, located in the record, but never unscored otherwise.

In the suite: every sort crossed with the first and the last name of each class of names (values, options,
facts, set members, colours, parameters, record keys …), which covers every pair of sorts (one file per game,
`test_pack_collisions_over_*.py`, so that the three sweeps, about a minute each on a loaded core, run on
different workers), the cases the issue names, the first copy of each type of declaration, and a
hypothesis-drawn sample of all the cases. Every case
(6,650 packs, about 110 s of one core): `ORBIS_COLLISIONS=all pytest tests/custom/test_pack_collisions.py`.
"""

from __future__ import annotations

import os

import pytest
from custom.collisions import EXAMPLES, GOOD, Case, all_cases, cases, failures, run
from hypothesis import given, settings
from hypothesis import strategies as st

# The packs the issue names, each once a crash, a clean check that scored wrong, or errors at the base's tiles.
ISSUE_CASES = {
    "tm value coins (KeyError in render_module)": (Case("terra-mystica", "value coins", "value coins = 2\n"),
                                                    "refused"),
    "orbis value cp (KeyError)": (Case("orbis", "value cp", "value cp = 2\n"), "refused"),
    "orbis option orange (KeyError)": (Case("orbis", "option orange", "option orange: bool = false\n"), "refused"),
    "orbis param icons: color (the pad answered 500)": (
        Case("orbis", "param icons", 'kind prism "Prism" {\n  param icons: color\n  end: 1\n}\n'), "refused"),
    "tm a second reader of key cults": (
        Case("terra-mystica", "fact key cults", 'fact cult_sum "cults": int 0..40 key "cults"\n'), "refused"),
    "orbis let desert_penalty (-23 for the Goddess of Idleness)": (
        Case("orbis", "let desert_penalty", "let desert_penalty = -5\n"), "refused"),
    "tm let vp (500 VP each)": (Case("terra-mystica", "let vp", "let vp = 500\n"), "refused"),
    "tm game block": (Case("terra-mystica", "game", 'game "x" "X" {\n  record "x/1"\n  report "x/1"\n}\n'),
                      "refused"),
    "orbis board": (Case("orbis", "board", "board stacked 4, 3, 2, 1\n"), "refused"),
    "orbis levels": (Case("orbis", "levels", "levels 2\n"), "refused"),
    "orbis colors": (Case("orbis", "colors", "colors red, yellow, blue, green, white\n"), "refused"),
    "tm fact name": (Case("terra-mystica", "fact name", 'fact name "x": int?\n'), "refused"),
    "mondo fact players for game": (Case("mondo", "fact players", 'fact players "x": int? for game\n'), "refused"),
    "mondo fact game for game": (Case("mondo", "fact game", 'fact game "x": int? for game\n'), "refused"),
    # A value per member is written out as plain values (`start_fire`): a plain one named so replaced one
    # member's value silently, and a value per member could write one out over a plain value.
    "tm value start_fire (replaced fire's start silently)": (
        Case("terra-mystica", "value start_fire", "value start_fire = 2\n"), "refused"),
    "tm value sh per a set of range (writes out sh_range)": (
        Case("terra-mystica", "per-member value sh", "set zz: range, favour\nvalue sh per zz = 1\n"), "refused"),
    "orbis value levels (45 errors at the base tiles)": (Case("orbis", "value levels", "value levels = 2\n"),
                                                         "scored"),
    "orbis value board (an error at the base's top)": (Case("orbis", "value board", "value board = 2\n"),
                                                       "scored"),
}


@pytest.mark.parametrize("name", sorted(ISSUE_CASES))
def test_the_packs_the_issue_names(name):
    case, verdict = ISSUE_CASES[name]
    outcome = run(case)
    assert outcome.verdict == verdict, outcome.detail


@settings(max_examples=int(os.environ.get("ORBIS_FUZZ_EXAMPLES", "150")) // 3, deadline=None, derandomize=True)
@given(case=st.sampled_from(all_cases()))
def test_a_sample_of_all_the_collisions(case):
    outcome = run(case)
    assert outcome.verdict in GOOD, f"{case.label}: {outcome.detail}\n--- pack:\n{case.text}"


@pytest.mark.skipif(os.environ.get("ORBIS_COLLISIONS") != "all",
                    reason="every collision (about 110 s of one core): set ORBIS_COLLISIONS=all")
@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_every_collision_over_each_game(game):
    found = cases(game)
    told = failures(found)
    assert not told, f"{len(told)} of {len(found)} packs over {game}:\n" + "\n".join(told[:10])


def test_the_in_process_run_agrees_with_the_cli(orbis, tmp_path, monkeypatch):
    """`run` stands for `orbis score --rules PACK`: a refused pack exits 2 at its declaration, a clean one 0."""
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    for case, verdict in (ISSUE_CASES["tm value coins (KeyError in render_module)"],
                          ISSUE_CASES["orbis value levels (45 errors at the base tiles)"]):
        path = tmp_path / f"{case.game}.orbis"
        path.write_text(f'extends "{case.game}"\n' + case.text, encoding="utf-8")
        result = orbis("score", "--rules", path, EXAMPLES[case.game][0])
        assert "Traceback" not in result.stderr
        assert result.exit_code == (2 if verdict == "refused" else 0), result.stderr
        if verdict == "refused":
            assert result.stderr.startswith(f"{path}:2:1: error: ")
