"""What `orbis score` reads at start without the heavier standard modules: a generated header's literals without
ast, sha256 without hashlib (OpenSSL). Each must give exactly what the module it replaces gives."""

from __future__ import annotations

import ast
import hashlib
import random

import pytest

from orbis_dsl.common.resources import sha256, source_hash
from orbis_dsl.runtime.rules import header_literal, listed_modules, rules_digest, stale_sources

_CHARS = "ab_/.é\"'\\\n\t ,()[]"


def _drawn_literals(count: int) -> list[str]:
    rng = random.Random(32)
    texts = []
    for _ in range(count):
        words = ["".join(rng.choice(_CHARS) for _ in range(rng.randrange(6))) for _ in range(rng.randrange(4))]
        shape = rng.randrange(4)
        if shape == 0:
            texts.append(repr(words[0] if words else ""))
        elif shape == 1:
            texts.append(repr(tuple(words)))
        elif shape == 2:
            texts.append(repr(list(words)))
        else:  # a broken or odd text: a cut repr, brackets that do not pair, a parenthesised string
            whole = repr(tuple(words))
            texts.append(rng.choice([whole[:-1], "[" + whole[1:], "(" + repr(words[0] if words else "") + ")",
                                     whole.replace(", ", ",")]))
    return texts


@pytest.mark.parametrize("text", ["'rules/orbis/kinds.orbis'", "('kinds', 'gods', 'variants', 'tiles', 'game')",
                                  "('a')", "('a',)", "()", "[]", "['a',]", "'a\"b'", "'a\\\\b'", "'a\\nb'",
                                  "('a', 'b'", "'a') + ('b'", "('a']", "1", "'x' 'y'"])
def test_a_header_literal_is_what_literal_eval_gives(text):
    _same_as_literal_eval(text)


def test_drawn_header_literals_are_what_literal_eval_gives():
    for text in _drawn_literals(3000):
        _same_as_literal_eval(text)


def _same_as_literal_eval(text: str) -> None:
    try:
        expected = ast.literal_eval(text)
    except (SyntaxError, ValueError) as error:
        with pytest.raises(type(error)):
            header_literal(text)
        return
    found = header_literal(text)
    assert (type(found), found) == (type(expected), expected), text


def test_the_generated_folders_headers_read_as_before():
    from orbis_dsl.common.resources import data_dir

    generated = data_dir("generated") / "orbis"
    assert listed_modules(generated) == ["kinds", "gods", "variants", "tiles", "game"]
    assert stale_sources(generated, data_dir("rules")) == []


def test_sha256_is_hashlibs():
    for text in ["", "orbis", "é" * 1000, "\n".join(map(str, range(5000)))]:
        data = text.encode()
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        assert source_hash(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()

    class Module:
        SOURCE_SHA256 = "ab"

    assert rules_digest([Module, Module]) == "sha256:" + hashlib.sha256(b"ab\nab").hexdigest()
