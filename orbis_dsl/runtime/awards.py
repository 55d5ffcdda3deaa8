"""Ranked awards: players ranked by a measure, prizes handed out in rank order, ties settled by a declared rule.

One routine for every game (the Orbis temple tokens, Terra Mystica's cult tracks and network, Mondo's modifier
cards), fed per award and per member of a `for each` set, as jsnell's `score_type_rankings` is fed per category.
"""

from __future__ import annotations

from typing import NamedTuple

# A NamedTuple's own __new__ is a Python function; every field is given here, in order.
_new_tuple = tuple.__new__


class Placing(NamedTuple):
    """What one entry of a ranking took: its place (from 1), the prize, and who it shares its place with."""

    key: object  # whatever the caller ranks (a player's index)
    measure: int
    tiebreak: int | None
    place: int
    prize: int
    tied: int  # how many share this place (1: nobody)


def hand_out(entries: list[tuple[object, int, int | None]], prizes: tuple[int, ...], ties: str,
             rank: str = "most", unless_equal: bool = False, everyone: int | None = None) -> list[Placing]:
    """Rank `(key, measure, tiebreak)` entries and hand out `prizes` (highest first).

    - `rank`: `most` puts the highest measure first, `fewest` the lowest; a higher tie-break always ranks first
      (none last); entries the tie-break cannot separate keep their given order.
    - `ties`: `split` — tied entries share the prizes of the places they take, each getting the sum divided
      equally, rounded down; `each_takes` — each tied entry takes the prize of their shared place;
      `keep_order` — they take consecutive prizes in their given order.
    - `unless_equal`: no prizes at all when every entry has the same measure and `everyone` (the number of
      players, when some were not eligible) took part.
    """
    sign = -1 if rank == "most" else 1
    # (none ranks last, below any tie-break however low: not a stand-in number a tie-break could pass)
    ordered = sorted(entries, key=lambda e: (sign * e[1], e[2] is None, -(e[2] or 0)))
    prizes = tuple(sorted(prizes, reverse=True))
    if unless_equal and ordered and len({e[1] for e in ordered}) == 1 and len(ordered) == (everyone or len(ordered)):
        return [Placing(key, measure, tiebreak, 1, 0, len(ordered)) for key, measure, tiebreak in ordered]
    placings: list[Placing] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and ordered[end][1:] == ordered[start][1:]:
            end += 1
        group = ordered[start:end]
        share = prizes[start:end]
        for offset, (key, measure, tiebreak) in enumerate(group):
            if ties == "split":
                prize = sum(share) // len(group) if share else 0
            elif ties == "each_takes":
                prize = share[0] if share else 0
            else:
                prize = share[offset] if offset < len(share) else 0
            place = start + 1 + (offset if ties == "keep_order" else 0)
            placings.append(_new_tuple(Placing, (key, measure, tiebreak, place, prize, len(group))))
        start = end
    return placings
