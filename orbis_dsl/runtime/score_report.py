"""What the scorer reports: a game's lines, warnings, players' scores, and the report `orbis score` writes."""

# No `from __future__ import annotations`: NamedTuple would compile every string annotation at import.

from typing import NamedTuple

from orbis_dsl.runtime.score_json import report_line


class Line(NamedTuple):  # a NamedTuple: thousands are made per second while simulating
    where: str
    what: str
    cp: int
    why: str

    def to_json(self) -> dict:
        return {"where": self.where, "what": self.what, "cp": self.cp, "why": self.why}


# What one clause, column or measure counts, at most either way. A rule may multiply its parameters
# (`cp * 999999999 * …`) up to numbers no report can hold: past 10^308 a simulation's averages cannot add them, past
# 4,300 digits Python will not write them. Such a number is counted as this bound, with a warning naming its source.
MAX_POINTS = 10**15


def bounded(points: int) -> tuple[int, str]:
    """A number past MAX_POINTS: (MAX_POINTS with its sign, the warning's words). Its size is told from its bits:
    writing it out may be refused."""
    bound = MAX_POINTS if points > 0 else -MAX_POINTS
    return bound, (f"a rule counted more than {MAX_POINTS:,} either way (about 10^"
                   f"{int(abs(points).bit_length() * 0.30103)}); it is counted as {bound:,}")


# Building a NamedTuple through its class costs a Python-level __new__; the scorer makes ~60 Lines a game (and,
# on a messy table, dozens of Warnings) with `new_tuple(Line, (...))` instead, and its PlayerScores the same way. The
# tuple given must have every field, in order: nothing checks it.
new_tuple = tuple.__new__


class Warning(NamedTuple):
    where: str
    message: str

    def to_json(self) -> dict:
        return {"where": self.where, "message": self.message}


class PlayerScore(NamedTuple):
    name: str
    categories: dict[str, int]  # regions, deserts, god, then one entry per award
    worshippers: int
    lines: list[Line]
    total: int
    place: int
    winner: bool
    tiles: list  # the scored TileViews, for drawing the pyramid


class ScoreReport(NamedTuple):
    """A game's scores. A tuple, so `json.dumps(report)` would give a bare list: write `report.to_json()`."""

    variant: str
    players: list[PlayerScore]
    winners: list[str]
    warnings: list[Warning]

    def to_json(self) -> dict:
        return {
            "format": "orbis-score/1",
            "variant": self.variant,
            "players": [
                {"name": p.name, "total": p.total, **p.categories, "worshippers": p.worshippers,
                 "place": p.place, "winner": p.winner, "lines": [line.to_json() for line in p.lines]}
                for p in self.players
            ],
            "winners": list(self.winners),
            "warnings": [w.to_json() for w in self.warnings],
        }

    def to_json_line(self) -> str:
        """The report exactly as `orbis score --json` prints it (without the newline): one line, non-ASCII kept.

        The CLI and the golden capture (tests/golden) both call this, so the capture checks the real output.
        Written by score_json.py (byte for byte what `json.dumps(self.to_json(), ensure_ascii=False)` writes,
        without building the dicts)."""
        return report_line(self)
