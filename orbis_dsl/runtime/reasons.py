"""The words of a score line: why it scored what it did, from what its clause's conditions found and how its
points add up (`explained`), or the clause's plain text when reasons are not asked for (`static_why`).

A batch scores thousands of games whose lines say the same few thousand things: each sentence is made once
and remembered by everything it depends on.
"""

from __future__ import annotations

from functools import cache

from orbis_dsl.runtime.support import show


def explained(end, trace, points, args) -> str:
    """The `why` of a scoring line: what its conditions found, then how its points add up (each summand with its
    value, the branch taken); or the rule author's sentence (`says`), with `{why}` for all of that."""
    conditions = "; ".join(trace) if trace else ""
    if points is None:
        return f"{conditions}: scores nothing" if conditions else static_why(end.text, None)
    values = end.explain(*args) if end.explain is not None else {}
    # The sentence depends on nothing else, and a batch meets the same few thousand again and again. Types are in
    # the key because 1 == True, which would be shown as "1" and "yes".
    try:
        key = (end, conditions, points, type(points), tuple(values.items()), tuple(map(type, values.values())))
        why = _WHYS.get(key)
    except TypeError:  # a value that cannot be in a key
        return _sentence(end, conditions, points, values)
    if why is None:
        if len(_WHYS) >= _WHYS_LIMIT:
            _WHYS.clear()
        why = _WHYS[key] = _sentence(end, conditions, points, values)
    return why


_WHYS: dict = {}
_WHYS_LIMIT = 20_000


def _sentence(end, conditions: str, points, values: dict) -> str:
    how = values.get("_sum", end.text)
    amount = show(points)
    if how == amount:
        added = f"always {amount}"
    elif how.endswith(" " + amount) and " " not in how[: -len(amount) - 1]:
        added = how  # one named value: `cp 3`, not `cp 3 = 3`
    else:
        added = f"{how} = {amount}"
    default = f"{conditions}; {added}" if conditions else added
    if end.says is None:
        return default
    return end.says.format_map(Sentence(values, amount, conditions or added, added))


class Sentence(dict):
    """A `says` sentence's placeholders: the clause's values, `{points}`, `{why}` (what the conditions found, or
    else how the points add up) and `{how}` (how the points add up)."""

    def __init__(self, values: dict, points: str, why: str, how: str = ""):
        super().__init__(values)
        self["points"] = points
        self["why"] = why
        self["how"] = how

    def __missing__(self, key):
        return "none"


@cache
def static_why(text: str, points) -> str:
    # Few (clause, points) pairs exist in a rule set: each text is made once per process.
    as_written = text.replace("{", "").replace("}", "")
    if points is None:  # (its condition failed: there is no sum to show)
        return f"{as_written}: scores nothing"
    return f"always {text}" if text.lstrip("-").isdigit() else f"{as_written} = {points}"
