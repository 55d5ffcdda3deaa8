"""The SVG writer's numbers: every coordinate it writes is a number browsers read (`359`, `12.5`; never `359.`,
which Chromium refuses, dropping the element to 0). Checked on every bundled example's sheet and, as a property,
on any float."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orbis_dsl.reports.svg import _n

# SVG 1.1's <number>, as a browser parses an attribute (https://www.w3.org/TR/SVG11/types.html#DataTypeNumber),
# written by the writer without exponents.
NUMBER = re.compile(r"^-?(\d+|\d*\.\d+)$")
NUMERIC = ("x", "y", "width", "height", "rx", "cx", "cy", "r", "stroke-width", "font-size", "opacity")
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for folder in ("games", "terra-mystica", "mondo") for p in (ROOT / "examples" / folder).iterdir()
                  if p.suffix in (".json", ".orbisgame", ".tmgame", ".mondo"))


@given(st.floats(min_value=-10_000, max_value=10_000, allow_nan=False))
def test_every_number_is_a_number_browsers_read_and_rounds_to_two_decimals(value):
    text = _n(value)
    assert NUMBER.match(text), text
    assert abs(float(text) - value) <= 0.005 + 1e-9
    assert text != "-0"


@pytest.mark.parametrize("value, text", [(358.999, "359"), (359.0, "359"), (12.5, "12.5"), (0.004, "0"),
                                         (-0.001, "0"), (7.125, "7.12"), (-3.25, "-3.25")])
def test_known_numbers(value, text):
    assert _n(value) == text


def _numbers(svg: str):
    for element in ET.fromstring(svg).iter():
        for name in NUMERIC:
            if name in element.attrib:
                yield name, element.attrib[name]
        if "d" in element.attrib:
            yield from (("d", n) for n in re.findall(r"[-\d.]+", element.attrib["d"]))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_every_example_sheet_writes_only_numbers_browsers_read(orbis, tmp_path, example):
    out = tmp_path / "sheet.svg"
    result = orbis("score", "--svg", out, example)
    assert result.exit_code == 0, result.stderr
    bad = [(name, value) for name, value in _numbers(out.read_text(encoding="utf-8")) if not NUMBER.match(value)]
    assert not bad
