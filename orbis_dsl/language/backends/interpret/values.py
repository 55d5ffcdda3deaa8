"""The interpreter's own semantics of values: comparisons, none (an absent optional value), arithmetic, lists,
ranking among players and the words its explanations show.

Written apart from `orbis_dsl.runtime.support` (what the generated handlers call) on purpose: the interpreter is
the oracle the agreement tests hold the compiled scorers to, so a slip in either one shows as a disagreement
instead of passing silently in both.
"""

from __future__ import annotations

from string import Formatter

# Where the board keeps a place's row, column and border, by the name a rule reads it with.
POSITION_TABLES = {"row": "row_numbers", "column": "column_numbers", "border": "borders"}

_OP_WORDS = {">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than", "=": "exactly",
             "!=": "other than"}
_SINGULAR = ((" tiles", " tile"), (" neighbours", " neighbour"), (" that are ", " that is "))


def holds_op(op: str, left, right) -> bool:
    """`left op right`, spelled out; none on either side makes every comparison false."""
    if left is None or right is None:
        return False
    if op == "=":
        return left == right
    if op == "!=":
        return left != right
    if op == "<":
        return left < right
    if op == ">":
        return right < left
    if op == "<=":
        return not right < left
    if op == ">=":
        return not left < right
    raise ValueError(f"no comparison {op!r}")


def show(value) -> str:
    """A value as a person reads it: 'yes'/'no', 'none', '2 red' for an amount, 'blue/green' for a set."""
    if value is None:
        return "none"
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if len(value) == 2 and isinstance(value[0], int) and not isinstance(value[0], bool):
            return f"{value[0]} {value[1] or 'any'}"
        return "/".join(str(v) for v in value)
    return str(value)


def fill(label: str, value, params) -> str:
    """A label with `{value}` and `{parameter}` filled; a count of one reads singular ('1 forest tile')."""
    params = params or {}
    if value == 1 and not isinstance(value, bool):
        for plural, singular in _SINGULAR:
            label = label.replace(plural, singular, 1)
    shown = {"value": show(value)}
    for _, field, _, _ in Formatter().parse(label):
        if field:
            base = field.replace("[", ".").split(".", 1)[0]
            if base != "value":
                shown[base] = show(params.get(base))
    return label.format_map(shown)


def compare(trace, label, op, left, right, params=None) -> bool:
    if trace is not None:
        trace.append(f"{fill(label, left, params)} (needs {_OP_WORDS[op]} {show(right)})")
    return holds_op(op, left, right)


def matches(trace, label, op, result, left, right, params=None) -> bool:
    if trace is not None:
        needs = show(right) if op == "=" else f"other than {show(right)}"
        trace.append(f"{fill(label, left, params)} (needs {needs})")
    return result


def flag(trace, label, value) -> bool:
    if trace is not None:
        trace.append(label if value else f"not {label}")
    return value


def option_flag(trace, name, value, title=None) -> bool:
    if trace is not None:
        state = "on" if value else "off"
        trace.append(f"{title}: {state}" if title else f"option {name} is {state}")
    return value


def mark(trace) -> int:
    return 0 if trace is None else len(trace)


def negated(trace, start: int, value) -> bool:
    """`not C`: C's findings since `start` folded into one `not (…)`."""
    if trace is not None and len(trace) > start:
        folded = "; ".join(trace[start:])
        del trace[start:]
        trace.append(f"not ({folded})")
    return not value


def divide(left, right):
    """Rounds down; by zero gives 0; none stays none."""
    if left is None or right is None:
        return None
    if right == 0:
        return 0
    return left // right


def smallest(values):
    present = [v for v in values if v is not None]
    return min(present) if present else None


def largest(values):
    present = [v for v in values if v is not None]
    return max(present) if present else None


def shown_sum(trace, terms):
    total = 0
    for _, value in terms:
        total += value
    if trace is not None:
        trace.append(" + ".join(word + show(value) for word, value in terms) + " = " + show(total))
    return total


def shown_divide(trace, left_word, right_word, a, b, last: bool):
    result = divide(a, b)
    if trace is not None:
        step = f"{left_word}{show(a)} / {right_word}{show(b)}"
        trace.append(step if last else f"{step} = {show(result)}")
    return result


def earlier(history, name: str) -> tuple:
    """A fact's values in the rounds before this one, the absent ones left out."""
    return tuple(facts[name] for facts in history if facts.get(name) is not None)


def size(value, member=None):
    if value is None:
        return None
    if not isinstance(value, dict):
        return len(value)
    if member is not None:
        return len(value.get(member) or ())
    return sum(len(items or ()) for items in value.values())


def contains(container, piece) -> bool:
    """`X in LIST`: a held piece counts by its name; an absent list holds nothing."""
    return any(getattr(item, "piece", item) == piece for item in container or ())


def ranks_first(g, p, rank: str, measure, site, trace=None, label="", params=None) -> bool:
    """Whether the player's measure is the best ('most' or 'fewest') of all players, ties sharing it; a measure
    that is none never ranks. Each player's measure is worked out once per site and game."""
    values = g.cache.get(site)
    if values is None:
        values = g.cache[site] = [measure(q) for q in g.players]
    mine = values[p.index]
    best = largest(values) if rank == "most" else smallest(values)
    if trace is not None:
        trace.append(f"{fill(label, mine, params)}; {rank} among players is {best}")
    return mine is not None and mine == best


def neighbours(g, p, t):
    return [p.slots[i] for i in g.neighbours[t.pos] if p.slots[i] is not None]


def supports(g, p, t):
    return [p.slots[i] for i in g.supports[t.pos] if p.slots[i] is not None]


def aggregate_sum(values):
    return sum(v for v in values if v is not None)


aggregate_max = largest
aggregate_min = smallest


# ---- lists a record holds: `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)`, a sum over players ----
# (Written here, not taken from `runtime.lists`, which the generated handlers call.)


def names_in(items) -> list:
    """A list fact's items as the rules compare them: a held piece by its name, a member as itself; none: empty."""
    return [item.piece if hasattr(item, "piece") else item for item in items or ()]


def count_in(items, wanted) -> int:
    return sum(1 for name in names_in(items) if name == wanted)


def position(items, wanted) -> int | None:
    """Where `wanted` first stands, from 1; none when it is not there."""
    for place, name in enumerate(names_in(items), start=1):
        if name == wanted:
            return place
    return None


def distinct(items) -> bool:
    seen = set()
    for name in names_in(items):
        if name in seen:
            return False
        seen.add(name)
    return True


def sum_present(values) -> int:
    """A sum over players: the values that are none are passed over."""
    total = 0
    for value in values:
        if value is not None:
            total += value
    return total
