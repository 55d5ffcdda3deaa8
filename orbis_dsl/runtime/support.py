"""The few functions generated handlers and the interpreter share: the semantics both must agree on."""

from __future__ import annotations

import operator
import re
from _string import formatter_parser  # string.Formatter's parse; importing string compiles Template's pattern
from functools import cache

from orbis_dsl.runtime.hexmap import largest_group, link  # noqa: F401  (the generated handlers import them from here)


def shown_divide(trace, left_word: str, right_word: str, a, b, last: bool):
    """`a / b` rounded down, noted as a step of a score column ("14 / coins_per_vp 3 = 4"; the column's last
    step leaves ` = result` to the column's line)."""
    result = divide(a, b)
    if trace is not None:
        trace.append(f"{left_word}{show(a)} / {right_word}{show(b)}" + ("" if last else f" = {show(result)}"))
    return result


def shown_sum(trace, terms):
    """A sum that a traced division divides, noted as a step ("coins 5 + workers 2 + 3 = 10")."""
    total = sum(value for _, value in terms)
    if trace is not None:
        trace.append(" + ".join(f"{word}{show(value)}" for word, value in terms) + f" = {show(total)}")
    return total


def size(value, member=None) -> int | None:
    """How many items a list fact holds (one member's, given a member; every member's of a per-set fact); none
    when the record does not give it."""
    if value is None:
        return None
    if isinstance(value, dict):
        if member is not None:
            return len(value.get(member) or ())
        return sum(len(items or ()) for items in value.values())
    return len(value)

_OPS = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq,
        "!=": operator.ne}
_OP_WORDS = {">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than", "=": "exactly",
             "!=": "other than"}


def neighbours(g, p, t):
    return _present(p.slots, g.neighbours[t.pos])


def supports(g, p, t):
    return _present(p.slots, g.supports[t.pos])


def _present(slots, places) -> list:
    """The tiles at `places`, where there are tiles. (A plain loop: the game engine asks for these several times
    a turn, and a comprehension makes a function object each time.)"""
    out = []
    for i in places:
        tile = slots[i]
        if tile is not None:
            out.append(tile)
    return out


def show(value) -> str:
    """A value as a person reads it: colour sets as blue/green, amounts as '2 red', none as 'none'."""
    if type(value) is int:  # most values shown are counts and measures
        return str(value)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"{value[0]} {value[1] or 'any'}"
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return str(value)


_FIELD_BASE = re.compile(r"[.\[]")  # `{a.b}` and `{a[0]}` look up `a`
_SINGULAR = ((" tiles", " tile"), (" neighbours", " neighbour"), (" that are ", " that is "))


def fill(label: str, value, params) -> str:
    """Fill a label's `{value}` and `{parameter}` placeholders ("1 validated forest tile", "2 … tiles")."""
    # Every traced condition of every tile fills its label, and a batch meets the same few hundred fillings again
    # and again: each is remembered by what it reads (the label, the value and its type, the parameters the label
    # names). Types are in the key because 1 == True, which show as "1" and "yes".
    params = params or {}
    try:
        key = (label, value, type(value), *[params.get(name) for name in _placeholders(label)])
        filled = _FILLED.get(key)
    except TypeError:  # a value that cannot be in a key
        return _fill(label, value, params)
    if filled is None:
        if len(_FILLED) >= 20_000:
            _FILLED.clear()
        filled = _FILLED[key] = _fill(label, value, params)
    return filled


_FILLED: dict = {}


@cache
def _placeholders(label: str) -> tuple[str, ...]:
    """The parameters a label names (`{colors}`, `{needs}`), as format_map looks them up."""
    names = {_FIELD_BASE.split(field, 1)[0] for _, field, _, _ in formatter_parser(label) if field}
    return tuple(sorted(names - {"value"}))


def _fill(label: str, value, params) -> str:
    if value == 1 and not isinstance(value, bool):
        for plural, singular in _SINGULAR:
            label = label.replace(plural, singular, 1)
    return label.format_map(_Shown(params, value))


class _Shown(dict):
    """A label's placeholders as shown, each worked out only if the label names it; a parameter the tile does
    not print (an optional one, say) shows as none."""

    def __init__(self, params, value):
        super().__init__(value=show(value))
        self.params = params

    def __missing__(self, key: str) -> str:
        return show(self.params.get(key))


def compare(trace, label, op, left, right, params=None) -> bool:
    """`left op right`; a comparison with none (no value at all) is false."""
    result = False if left is None or right is None else _OPS[op](left, right)
    if trace is not None:
        trace.append(f"{fill(label, left, params)} (needs {_OP_WORDS[op]} {show(right)})")
    return result


def matches(trace, label, op, result, left, right, params=None) -> bool:
    """An `=` or `!=` condition of a clause, whose outcome `result` is already worked out (a desert matches any
    colour): noted as what its left side is and what it needs ("mood is calm (needs wild)")."""
    if trace is not None:
        needs = show(right) if op == "=" else f"other than {show(right)}"
        trace.append(f"{fill(label, left, params)} (needs {needs})")
    return result


def mark(trace) -> int:
    """Where the findings of a condition about to be worked out will start (see `negated`)."""
    return len(trace) if trace is not None else 0


def negated(trace, start: int, value) -> bool:
    """`not C`, whose findings were noted from `start` on: they become one, `not (…)`, so that a line does not
    read as if C had held."""
    if trace is not None and len(trace) > start:
        trace[start:] = [f"not ({'; '.join(trace[start:])})"]
    return not value


def let(known: dict, key, trace, work, *subjects):
    """A `let` read in a handler: worked out by `work(reasons, *subjects)` at its first read in one call of the
    handler (for the `subjects` it reads, whose ids are in `key`), then remembered in `known`. Every read adds
    to the trace the reasons its working out gave, so the trace is what it would be were the let written out at
    each read; a let never read is never worked out."""
    found = known.get(key)
    if found is None:
        reasons = None if trace is None else []
        # (the subjects are kept with the value: while they live, no other object can take their ids)
        found = known[key] = (work(reasons, *subjects), reasons, subjects)
    if found[1]:
        trace.extend(found[1])
    return found[0]


def flag(trace, label, value) -> bool:
    if trace is not None:
        trace.append(label if value else "not " + label)
    return value


def option_flag(trace, name, value, title=None) -> bool:
    """A rule option in a condition: says how the table set it, by the option's title where it declares one
    ("majority needs at least one: off"), else by its name ("option majority_needs_one is off")."""
    if trace is not None:
        state = "on" if value else "off"
        trace.append(f"{title}: {state}" if title else f"option {name} is {state}")
    return value


def among(g, p, rank, measure, site, trace=None, label="", params=None) -> bool:
    """Whether the player's measure is the highest ('most') or lowest ('fewest') of all players, ties included.

    `site` names the place in the rules (and the tile, in a tile's clause): every player's measure is computed
    once per site and game, not once per player.
    """
    key = site
    values = g.cache.get(key)
    if values is None:
        values = [measure(q) for q in g.players]
        g.cache[key] = values
    mine = values[p.index]
    # A measure that is none (the round before, in the first round) never ranks: if nobody has one, none is best.
    present = [v for v in values if v is not None]
    best = (max(present) if rank == "most" else min(present)) if present else None
    result = mine is not None and mine == best
    if trace is not None:
        trace.append(f"{fill(label, mine, params)}; {rank} among players is {best}")
    return result


# Lists, not generators, and filter() for the sum: these run for every player of every game scored.
def aggregate_max(values):
    present = [v for v in values if v is not None]
    return max(present) if present else None


def aggregate_min(values):
    present = [v for v in values if v is not None]
    return min(present) if present else None


def extreme_min(values):
    """`min(a, b, …)`: values that are none are passed over; none when all are."""
    return aggregate_min(values)


def extreme_max(values):
    return aggregate_max(values)


def divide(left, right):
    """`a / b` rounds down; a division by zero gives 0 (nothing to share out), and none stays none."""
    if left is None or right is None:
        return None
    return left // right if right else 0


def aggregate_sum(values):
    return sum(filter(None, values))  # None and 0 add nothing alike


def earlier(history, name: str) -> tuple:
    """`earlier FACT`: the fact's values in the rounds before this one (a player's earlier facts, in order),
    those the record left out (none) passed over."""
    return tuple(facts[name] for facts in history if facts.get(name) is not None)


def holds(container, piece) -> bool:
    """`X in LIST`: whether a list fact holds X: held pieces (by name) or set members; a list the record left out
    (none) holds nothing."""
    return any(getattr(item, "piece", item) == piece for item in container or ())
