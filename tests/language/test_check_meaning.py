"""Stage 2: rules that parse and type but do not mean what they say, and the messages that say so.

Each test states a mistake a designer made (docs/language.md says what the construct means), the message, and where
it points. Snippets are checked on top of the base game, as in test_check.py (a snippet's first line is line 2).
"""

from __future__ import annotations

import pytest
from language.test_check import check_one, locate

NONE_HINT = "max(…, 0) scores 0 when there is none; or compare it: `end: 4 if max(…) >= 4`"
NONE_POINTS = ("the points of an 'end' clause may have no value at all (a max or min of no tiles, an optional "
               "parameter, a tile's level): an 'end' clause scores a number")


def warnings(diags):
    return [d for d in diags if not d.is_error]


# ---- points that may be none (docs/language.md, Where a tile lies) -----------------------------------------


@pytest.mark.parametrize("points, token", [
    ("max(mystic of tiles)", "max"),
    ("min(cp of tiles where kind = stone)", "min"),
    ("if worshippers > 1 then max(cp of tiles) else 0", "max"),
    ("if worshippers > 1 then 0 else if worshippers > 5 then 1 else min(cp of tiles)", "min"),
    ("level", "level"),
    ("min(max(mystic of tiles), max(cp of tiles))", "min"),
])
def test_points_that_may_be_none_are_refused(check_rules, points, token):
    kind = "god sun" if "level" not in points else "kind shrine"
    text = f'{kind} "Sun" {{\n  end: {points}\n}}\n'
    check_one(check_rules, text, NONE_POINTS, token, NONE_HINT)


@pytest.mark.parametrize("points", ["max(max(mystic of tiles), 0)", "count(tiles) + sum(cp of tiles)",
                                    "if max(cp of tiles) >= 4 then 4 else 0"])
def test_points_that_are_numbers_check(check_rules, points):
    model, diags, _ = check_rules(f'god sun "Sun" {{\n  end: {points}\n}}\n')
    assert model is not None and diags == []


def test_a_comparison_of_none_is_still_a_condition(check_rules):
    model, diags, _ = check_rules('god sun "Sun" {\n  end: 4 if max(cp of tiles where kind = stone) >= 4\n}\n')
    assert model is not None and diags == []


def test_min_with_a_value_that_may_be_none_warns_it_is_the_cap(check_rules):
    """min passes over none (docs: min and max of values): with no stones, `min(max(cp …), 8)` scores 8."""
    text = 'god sun "Sun" {\n  end: min(max(cp of tiles where kind = stone), 8)\n}\n'
    model, diags, shown = check_rules(text)
    assert model is not None
    (diag,) = warnings(diags)
    assert diag.message == ("'min' passes over a value that is none: when this has none (no such tiles, or an "
                            "optional value left out), the min is 8, not 0")
    assert diag.hint == "to count none as 0, write max(…, 0) around it inside the min"
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, *locate(text, "max"))


def test_min_of_values_that_are_numbers_does_not_warn(check_rules):
    model, diags, _ = check_rules('god sun "Sun" {\n  end: min(max(max(cp of tiles), 0), 8)\n}\n')
    assert model is not None and diags == []
