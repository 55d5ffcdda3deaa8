"""What `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)` and `sum(EXPR over players)` compute: shared
by the generated handlers and the interpreter, so that both mean the same.

A list fact holds set members (strings) or held pieces (`runtime.sheet_types.Held`, compared by their piece's name);
a list the record does not give (none) holds nothing.
"""

from __future__ import annotations


def _ids(items) -> list:
    return [getattr(item, "piece", item) for item in items or ()]


def count_in(items, wanted) -> int:
    """How many times the list holds `wanted`."""
    return _ids(items).count(wanted)


def position(items, wanted) -> int | None:
    """Where `wanted` first stands in the list, counted from 1; none when it is not there."""
    ids = _ids(items)
    return ids.index(wanted) + 1 if wanted in ids else None


def distinct(items) -> bool:
    """Whether no item stands in the list twice."""
    ids = _ids(items)
    return len(set(ids)) == len(ids)


def both_equal(a, b, equal: bool) -> bool:
    """`their X = my X` (`equal` False: `!=`): a value that is none compares with nothing, as in `_compare`, so two
    players who were given no X are not "the same"."""
    if a is None or b is None:
        return False
    return (a == b) == equal


def sum_over(values) -> int:
    """The sum of the values that are not none (0 when there are none)."""
    return sum(value for value in values if value is not None)
