"""A notation string without escapes is read without the rules language's unquote (whose ast costs a few ms of a
start): it must give exactly what unquote gives, and leave every escape and refusal to it."""

from __future__ import annotations

import random

import pytest

from orbis_dsl.language.syntax.literals import BadToken, unquote
from orbis_dsl.records.orbis.notation_build import _unquote

_CHARS = ["a", " ", "é", "\t", "\n", "\r", "\x00", "\x0c", "\u2028", "\u00a0", "\ud800", '"', "'", "\\", "n", "x",
          "😀", "#"]


def _same(text: str) -> None:
    try:
        expected = unquote(text)
    except BadToken as error:
        with pytest.raises(BadToken) as found:
            _unquote(text)
        assert found.value.message == error.message
        return
    assert _unquote(text) == expected, repr(text)


@pytest.mark.parametrize("text", ['"Friday at Ana\'s"', '""', '"é 😀"', '"a\\"b"', '"a\\qb"', '"a\tb"', '"a\x00b"',
                                  '"a\nb"', '"\ud800"', '"\\ud800"', '"a\u00a0b"', '"\\\\"'])
def test_a_notation_string_reads_as_unquote_reads_it(text):
    _same(text)


def test_drawn_notation_strings_read_as_unquote_reads_them():
    rng = random.Random(32)
    for _ in range(3000):
        _same('"' + "".join(rng.choice(_CHARS) for _ in range(rng.randrange(8))) + '"')
