"""Issue 15, item 5: optional parameters used where a value is needed passed `orbis check` and then raised
TypeError or KeyError in `score` or `simulate`. The checker now refuses each, at the use."""

from __future__ import annotations

import pytest
from robustness.hostile import ROOT, assert_refused, orbis

CASES = {
    "a colour set tested with 'in'": ("param q: colors?", "end: 1 if color in q", "the set after 'in'"),
    "an amount gained": ("param g: amount?", "when taken: gain g", "'g' may have no value"),
    "an amount paid": ("param g: amount?", "when taken: pay g else mark cancelled", "'g' may have no value"),
    "a colour reduced": ("param c: color?", "when taken: reduce c", "what 'reduce' takes"),
    "a count of worshippers": ("param n: int?", "when taken: gain n red", "how many"),
    "a colour of an amount, through a let": ("param c: color?\n  let d = c", "when taken: gain 1 d",
                                             "the colour of an amount"),
    "an if with one optional branch": ("param q: colors?", "end: 1 if color in (if level = 1 then q else {red})",
                                       "the set after 'in'"),
}


def _kind(param: str, use: str) -> str:
    return f'kind risky "Risky" {{\n  {param}\n  {use}\n}}\n'


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_optional_parameter_where_a_value_is_needed_is_refused(tmp_path, case):
    param, use, message = CASES[case]
    (tmp_path / "pack.orbis").write_text(_kind(param, use), encoding="utf-8")
    stderr = assert_refused(orbis(tmp_path, "check", "--rules", "pack.orbis"), "pack.orbis:")
    assert message in stderr and "may have no value" in stderr, stderr
    assert_refused(orbis(tmp_path, "score", "--rules", "pack.orbis", ROOT / "examples" / "quickstart-4p.orbisgame"),
                   "pack.orbis:")


@pytest.mark.parametrize("param, use", [
    ("param q: colors = {red}", "end: 1 if color in q"),
    ("param c: color?", "end: 1 if c = red"),
    ("param c: color?", "end: 1 if c in {red, blue}"),
    ("param b: bool?", "end: 1 if b"),
    ("param n: int?", "end: 2 if n >= 1"),
    ("param g: amount = 2 red", "when taken: gain g"),
])
def test_safe_uses_of_optional_and_required_parameters_still_check(tmp_path, param, use):
    (tmp_path / "pack.orbis").write_text(_kind(param, use), encoding="utf-8")
    code, _stdout, stderr = orbis(tmp_path, "check", "--rules", "pack.orbis")
    assert code == 0, stderr
