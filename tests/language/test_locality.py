"""Which scoring clauses read their tile alone, and the player's values (language/backends/python/locality.py), so
that the scorer may remember their lines."""

from __future__ import annotations

import pytest

from orbis_dsl.language.backends.python.locality import reads_only_its_tile
from orbis_dsl.language.ruleset import base_rules

HEAD = "def f(g, p, t, trace=None):\n"


@pytest.mark.parametrize("body, local", [
    ("return t.params.get('cp')", True),
    ("if _flag(trace, 'cancelled', t.cancelled):\n        return None\n    return t.params.get('cp')", True),
    ("return {'_sum': 'cp ' + _show(t.params.get('cp'))}", True),
    ("return len(t.color) + t.level", True),
    ("return sum(1 for n0 in _neighbours(g, p, t) if n0.desert)", False),  # the tiles around it
    ("return p.values.get('desert_cp')", True),  # the values of the player's rules (a god may change them)
    ("return p.name", False),  # anything else of the player
    ("return _helper(p)", False),
    ("return g.options.get('temple_count')", False),  # the game's options
    ("return t.points", False),  # what it scored: not printed on it
    ("return _helper(t)", False),  # handed whole to a helper, which might read anything
    ("t.cancelled = True\n    return 0", False),
])
def test_a_clause_is_local_only_when_it_reads_nothing_but_its_tiles_own_fields(body, local):
    assert reads_only_its_tile([HEAD + "    " + body]) is local


def test_the_base_games_clauses_that_are_local():
    rules = base_rules()
    local = {name for name, kind in rules.kinds.items() for end in kind.ends if end.local}
    assert local == {"stone", "village", "volcano", "irrigation", "temple"}  # a forest counts its neighbours
    assert all(end.local for end in rules.settings.desert_ends)  # (its cost: a value, which a god may change)
