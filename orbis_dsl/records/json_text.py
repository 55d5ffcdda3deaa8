"""JSON documents as every record reader takes them (Orbis's `orbis-game/1`, the score sheets): bounded in size
and in the length of a number, no repeated keys, no lone surrogates; and JSON values in plain words for messages.

The checks that run on every file run at C speed (`str.encode`, `bytes.translate`, `dict(pairs)`); the
Python-level walks run only when one of them says something may be wrong.
"""

from __future__ import annotations

import json

from orbis_dsl.common.diagnostics import Diagnostic, Span

# A four-player record is about 10 kB; larger files are refused before parsing.
MAX_RECORD_BYTES = 256_000
MAX_DIGITS = 9


def json_words(value) -> str:
    """A JSON value in plain words, for messages: 'the string "x"', 'a list of 3', 'null'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


class _JsonRefused(ValueError):
    """JSON that parses but would lose data or break later: a repeated key, a number too long."""


def _no_repeated_keys(pairs: list[tuple[str, object]]) -> dict:
    obj = dict(pairs)  # at C speed; the loop below runs only when a key was lost
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _JsonRefused(f"the key '{key}' is given twice in one object; the first value would be lost")
        seen.add(key)
    raise AssertionError("unreachable: dict() dropped a key that is not repeated")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _JsonRefused(f"the number {text[:12]}… is too large (at most {MAX_DIGITS} digits)")
    return int(text)


def load_json(text: str, file: str) -> tuple[object, list[Diagnostic]]:
    """A JSON document as every record reader takes it: bounded in size and number length, no repeated keys, no
    lone surrogates. (document, []) or (None, the located reason)."""
    if len(text) > MAX_RECORD_BYTES:
        return None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most {MAX_RECORD_BYTES:,})",
                                 file=file, path="$")]
    # Python-level hooks only where they can matter: when no run of MAX_DIGITS + 1 digits is anywhere in the text
    # (in a string or not), no number can be refused, and the C parser reads the numbers itself.
    numbers = {"parse_int": _bounded_int} if may_hold_long_numbers(text) else {}
    try:
        doc = json.loads(text, object_pairs_hook=_no_repeated_keys, **numbers)
    except json.JSONDecodeError as error:
        return None, [Diagnostic(f"not valid JSON: {error.msg}", span=Span(file, error.lineno, error.colno))]
    except _JsonRefused as error:
        return None, [Diagnostic(str(error), file=file, path="$")]
    except RecursionError:
        return None, [Diagnostic("the JSON nests too deeply", file=file, path="$")]
    broken = _surrogate_path(doc) if may_hold_surrogates(text) else None
    if broken is not None:
        return None, [Diagnostic("this string holds a lone surrogate escape (\\ud800-\\udfff), which is no character",
                                 file=file, path=broken)]
    return doc, []




_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_TOO_MANY_DIGITS = b"0" * (MAX_DIGITS + 1)
# A lone surrogate in a decoded document comes from a `\uD800`-`\uDFFF` escape, or from text that already held one
# (a file's text never does: UTF-8 cannot encode them). The first test may be a false alarm (an escaped backslash
# before "u"): then the exact walk of the document finds nothing.


def may_hold_surrogates(text: str) -> bool:
    """At C speed: could the decoded document hold a lone surrogate? False means surely not."""
    if "\\u" in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def may_hold_long_numbers(text: str) -> bool:
    """At C speed (a regular expression took longer than parsing): does the text hold a run of more than
    MAX_DIGITS digits? False means no number in it can be too long."""
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return _TOO_MANY_DIGITS in raw.translate(_DIGITS_AS_ZEROS)


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _surrogate_path(doc) -> str | None:
    """The JSON path of the first string (key or value) that cannot be printed, found without recursion."""
    stack = [(doc, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str) and _has_surrogate(value):
            return path
        if isinstance(value, dict):
            for key, item in value.items():
                if _has_surrogate(key):
                    return path
                stack.append((item, f"{path}.{key}"))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
    return None
