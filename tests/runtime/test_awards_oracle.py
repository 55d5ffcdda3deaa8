"""Ranked awards (`runtime.awards.hand_out`) held to an oracle written from the rules, not from the code.

The compiled scorers hand awards out through `hand_out`; the interpreter has its own award code
(`backends/interpret/awards.py`), and tests/language/backends/interpret/test_award_agreement.py holds the two
back ends to each other. This oracle is a third reading of the rules, and the hand-scored tables below pin the
prizes the rulebooks give, so that both back ends agreeing on a wrong rule fails too. It works each entry's place out by
counting who is strictly ahead of it, as a table would, instead of walking sorted groups.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.runtime.awards import Placing, hand_out


def _ahead(a, b, rank: str) -> bool:
    """Whether entry `a` ranks strictly ahead of `b`: by measure, then the higher tie-break (none last)."""
    if a[1] != b[1]:
        return a[1] > b[1] if rank == "most" else a[1] < b[1]
    if a[2] == b[2]:
        return False
    if b[2] is None:
        return True
    return a[2] is not None and a[2] > b[2]


def oracle(entries, prizes, ties, rank="most", unless_equal=False, everyone=None):
    """Each entry's placing as the rules say: place 1 + how many are ahead of it; tied entries split, each take,
    or in the record's order take the prizes of the places they fill (a place past the prizes wins 0)."""
    prizes = sorted(prizes, reverse=True)

    def prize(place):  # the prize of a place counted from 1
        return prizes[place - 1] if place <= len(prizes) else 0

    ahead = [sum(_ahead(other, e, rank) for other in entries) for e in entries]
    if unless_equal and entries and len({e[1] for e in entries}) == 1 and \
            len(entries) == (everyone or len(entries)):
        every = [Placing(k, m, t, 1, 0, len(entries)) for k, m, t in entries]
    else:
        every = []
        for i, e in enumerate(entries):
            level = [j for j, other in enumerate(entries) if not _ahead(other, e, rank) and not _ahead(e, other, rank)]
            first = ahead[i] + 1
            if ties == "split":
                won = sum(prize(place) for place in range(first, first + len(level))) // len(level)
                place = first
            elif ties == "each_takes":
                won, place = prize(first), first
            else:  # keep_order: the record's order among the tied
                place = first + level.index(i)
                won = prize(place)
            every.append(Placing(e[0], e[1], e[2], place, won, len(level)))
    # Listed in rank order, the tied in the record's order.
    return [every[i] for i in sorted(range(len(entries)), key=lambda i: (ahead[i], i))]


ENTRIES = st.lists(st.tuples(st.integers(-3, 3), st.none() | st.integers(-2, 2)), max_size=6).map(
    lambda pairs: [(f"P{i}", m, t) for i, (m, t) in enumerate(pairs)])
PRIZES = st.lists(st.integers(0, 9), max_size=5).map(tuple)


@settings(max_examples=150, deadline=None)
@given(entries=ENTRIES, prizes=PRIZES, ties=st.sampled_from(("split", "each_takes", "keep_order")),
       rank=st.sampled_from(("most", "fewest")), unless_equal=st.booleans(), extra=st.integers(0, 2))
def test_hand_out_agrees_with_the_oracle(entries, prizes, ties, rank, unless_equal, extra):
    everyone = len(entries) + extra if extra else None  # extra: players who were not eligible
    assert hand_out(entries, prizes, ties, rank, unless_equal, everyone) == \
        oracle(entries, prizes, ties, rank, unless_equal, everyone)


def _prizes(placings):
    return {p.key: p.prize for p in placings}


def test_a_cult_track_by_hand():
    # Terra Mystica's cult track: 8, 4 and 2 VP; the two players tied for second share 4 + 2, 3 each.
    entries = [("Ann", 10, None), ("Bo", 7, None), ("Cy", 7, None), ("Di", 3, None)]
    placings = hand_out(entries, (8, 4, 2), "split")
    assert _prizes(placings) == {"Ann": 8, "Bo": 3, "Cy": 3, "Di": 0}
    assert [(p.key, p.place, p.tied) for p in placings] == [("Ann", 1, 1), ("Bo", 2, 2), ("Cy", 2, 2), ("Di", 4, 1)]
    # Three tied at the top share all three prizes, rounded down: (8 + 4 + 2) // 3.
    assert _prizes(hand_out([("A", 5, None), ("B", 5, None), ("C", 5, None)], (8, 4, 2), "split")) == \
        {"A": 4, "B": 4, "C": 4}
    # Tied past the last prize: they share what is left of it, and nothing beyond.
    assert _prizes(hand_out([("A", 9, None), ("B", 9, None), ("C", 5, None)], (3,), "split")) == \
        {"A": 1, "B": 1, "C": 0}


def test_each_takes_and_keep_order_by_hand():
    entries = [("Ann", 2, None), ("Bo", 5, None), ("Cy", 5, None)]
    taken = hand_out(entries, (2, 6, 4), "each_takes")  # prizes highest first, whatever order they are given in
    assert _prizes(taken) == {"Bo": 6, "Cy": 6, "Ann": 2}
    assert [(p.key, p.place) for p in taken] == [("Bo", 1), ("Cy", 1), ("Ann", 3)]
    kept = hand_out(entries, (6, 4, 2), "keep_order")
    assert [(p.key, p.place, p.prize, p.tied) for p in kept] == [("Bo", 1, 6, 2), ("Cy", 2, 4, 2), ("Ann", 3, 2, 1)]
    assert _prizes(hand_out(entries, (6,), "keep_order")) == {"Bo": 6, "Cy": 0, "Ann": 0}
    assert _prizes(hand_out(entries, (), "each_takes")) == {"Bo": 0, "Cy": 0, "Ann": 0}


def test_fewest_and_the_tie_break_by_hand():
    entries = [("Ann", 4, 1), ("Bo", 2, None), ("Cy", 2, 3), ("Di", 2, 1)]
    # Fewest first; among the 2s the higher tie-break ranks first, none last.
    placings = hand_out(entries, (5, 3, 1), "split", rank="fewest")
    assert [(p.key, p.place, p.prize) for p in placings] == [("Cy", 1, 5), ("Di", 2, 3), ("Bo", 3, 1), ("Ann", 4, 0)]
    # A tie-break that separates nobody: the record's order stands and the place is shared.
    same = hand_out([("A", 3, 1), ("B", 3, 1)], (4, 2), "split")
    assert [(p.key, p.place, p.prize, p.tied) for p in same] == [("A", 1, 3, 2), ("B", 1, 3, 2)]
    # A negative tie-break, even a large one, still ranks ahead of none.
    assert [p.key for p in hand_out([("A", 3, None), ("B", 3, -1000)], (4, 2), "keep_order")] == ["B", "A"]


def test_unless_all_equal_by_hand():
    level = [("A", 3, None), ("B", 3, None)]
    assert hand_out(level, (4, 2), "split", unless_equal=True) == \
        [Placing("A", 3, None, 1, 0, 2), Placing("B", 3, None, 1, 0, 2)]
    assert _prizes(hand_out(level, (4, 2), "split", unless_equal=True, everyone=2)) == {"A": 0, "B": 0}
    # A third player was not eligible: the two who were are not everyone, so the prizes are handed out.
    assert _prizes(hand_out(level, (4, 2), "split", unless_equal=True, everyone=3)) == {"A": 3, "B": 3}
    # Not all equal: handed out as usual.
    assert _prizes(hand_out([("A", 3, None), ("B", 1, None)], (4, 2), "split", unless_equal=True)) == \
        {"A": 4, "B": 2}
    assert hand_out([], (4, 2), "split", unless_equal=True) == []
