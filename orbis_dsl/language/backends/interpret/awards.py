"""The interpreter's own ranked awards, written from the rules (docs/language.md "Awards"; docs/rules/orbis.md §6
temple tokens, terra-mystica.md §2 cult tracks, mondo.md §8 modifier cards), not from `runtime.awards`: the
compiled scorers hand awards out through `runtime.awards.hand_out`, the interpreter through this, so that a slip
in either shows as a disagreement between the back ends.

Stated as the rules state it, one entry at a time rather than by walking a sorted list:

- an entry ranks ahead of another with a better measure (`most`: higher; `fewest`: lower) or, measures equal, a
  higher tie-break (none ranks last); entries neither separates are tied, and keep the record's order;
- an entry's place is 1 + the number of entries ahead of it (`keep order`: its position in the ranking);
- prizes go highest first, one per position in the ranking (a position past the last prize takes 0);
- tied entries (the same measure and tie-break) take, under `split`, the prizes of the positions they fill
  together, shared equally and rounded down; under `each takes`, each the prize of their shared place; under
  `keep order`, each the prize of its own position;
- `unless all equal`: when every player took part and all measures are the same, nobody takes a prize.
"""

from __future__ import annotations

from typing import NamedTuple


class Placed(NamedTuple):
    """What one entry took (the fields the score report reads of a placing)."""

    key: object
    measure: int
    tiebreak: int | None
    place: int
    prize: int
    tied: int


def _ahead(a, b, rank: str) -> bool:
    """Whether entry `a` ranks strictly ahead of entry `b`."""
    if a[1] != b[1]:
        return a[1] > b[1] if rank == "most" else a[1] < b[1]
    if a[2] is None or b[2] is None:
        return a[2] is not None and b[2] is None  # (a tie-break given beats none)
    return a[2] > b[2]


def hand_out(entries, prizes, ties: str, rank: str = "most", unless_equal: bool = False,
             everyone: int | None = None) -> list[Placed]:
    """`(key, measure, tiebreak)` entries placed and given their prizes, in ranking order (see the module)."""
    entries = list(entries)
    n_ahead = [sum(_ahead(other, entry, rank) for other in entries) for entry in entries]
    ranking = sorted(range(len(entries)), key=lambda i: n_ahead[i])  # (stable: the record's order among ties)
    best_first = sorted(prizes, reverse=True)

    def prize_at(position: int) -> int:
        return best_first[position] if position < len(best_first) else 0

    took_part = everyone if everyone else len(entries)
    if unless_equal and entries and len(entries) == took_part and len({e[1] for e in entries}) == 1:
        return [Placed(*entries[i], 1, 0, len(entries)) for i in ranking]
    placed = []
    for position, i in enumerate(ranking):
        key, measure, tiebreak = entries[i]
        tied = sum(1 for e in entries if e[1] == measure and e[2] == tiebreak)
        first = n_ahead[i]  # the first position the tied entries fill
        if ties == "split":
            prize = sum(prize_at(first + k) for k in range(tied)) // tied
        elif ties == "each_takes":
            prize = prize_at(first)
        else:
            prize = prize_at(position)
        placed.append(Placed(key, measure, tiebreak, position + 1 if ties == "keep_order" else first + 1, prize,
                             tied))
    return placed
