"""The score-sheet scorer's values: the record it reads (each player's sheet, per round), the players and the game
the rule handlers see while a round is scored, the report it gives, and a `refuse` check that held.
"""

from __future__ import annotations

from typing import NamedTuple

from orbis_dsl.runtime.score_report import Line, Warning


class SheetPlayerRecord(NamedTuple):
    """One player's sheet (for one round): what they hold, and the facts as the record gives them."""

    name: str
    piece: str | None  # the piece of the family players hold (a faction), or None
    facts: dict  # fact name -> value; a fact per set -> {member: value}; a list -> tuple of Held
    board: object = None  # a grid record's board (runtime.grid.BoardRecord) the derived facts came from


class Held(NamedTuple):
    """A piece a player holds in a list fact (a card taken during play): its flag, and its values (the pack's, or the
    record's own where it gives them)."""

    piece: str
    flag: bool | None
    values: dict


class SheetRecord(NamedTuple):
    """A finished game: per round, every player's sheet, in seating order (one round for a game without)."""

    rounds: list[list[SheetPlayerRecord]]
    options: dict
    title: str | None = None
    variant: str | None = None
    notes: tuple = ()  # warnings the reader found (a board that is not edge-connected): (where, message)


class SheetPlayer:
    """A player as the rule handlers see them while one round is scored."""

    __slots__ = ("awards", "facts", "god", "god_cancelled", "history", "index", "measures", "name", "prior", "total",
                 "values", "worshippers")

    def __init__(self, index: int, name: str, piece: str | None, facts: dict, values: dict, prior: dict,
                 history: tuple = ()):
        self.index = index
        self.name = name
        self.god = piece
        self.god_cancelled = False
        self.facts = facts
        self.values = values
        self.prior = prior  # the round before's columns and total ({} in the first round)
        self.history = history  # the player's facts in each round before this one, in order (`earlier FACT`)
        self.awards: dict[str, int] = {}
        self.measures: dict[str, object] = {}  # each award's measure of the player (the last member's, per member)
        self.total = 0
        self.worshippers = 0


class SheetGame:
    __slots__ = ("board", "cache", "options", "players", "round", "rounds_played")

    def __init__(self, players: list[SheetPlayer], options: dict, round_: int = 1, rounds_played: int = 1):
        self.players = players
        self.options = options
        self.board = None
        self.cache: dict = {}
        self.round = round_  # the round being scored, from 1
        self.rounds_played = rounds_played


class SheetPlayerScore(NamedTuple):
    name: str
    columns: dict[str, int]  # a game without rounds: each column; with rounds: {} (see `rounds`)
    rounds: list[int]  # each round's total (a game without rounds: [])
    lines: list[Line]
    total: int
    place: int
    winner: bool


class SheetReport(NamedTuple):
    format: str
    players: list[SheetPlayerScore]
    winners: list[str]
    warnings: list[Warning]
    rounds: int | None
    awards: tuple[str, ...] = ()  # with --explain: each award's ranking and prizes in one line, in the order handed out
    cells: dict | None = None  # player name -> the map cells their record occupies (drawn), if any
    boards: tuple = ()  # per player, each round's board (a grid record's), or None: what the terminal view draws
    colours: dict | None = None  # player name -> the colour word their map cells are drawn in (`player colors by`)

    def to_json_line(self) -> str:
        """The report as `orbis score --json` prints it: one line, non-ASCII kept."""
        import json

        return json.dumps(self.to_json(), ensure_ascii=False)

    def to_json(self) -> dict:
        players = []
        for p in self.players:
            entry: dict = {"name": p.name, "total": p.total}
            if self.rounds:
                entry["rounds"] = list(p.rounds)
            else:
                entry.update(p.columns)
            entry.update({"place": p.place, "winner": p.winner, "lines": [line.to_json() for line in p.lines]})
            players.append(entry)
        out = {"format": self.format, "players": players, "winners": list(self.winners),
               "warnings": [w.to_json() for w in self.warnings]}
        if self.awards:
            out["awards"] = list(self.awards)  # a key added to the report format: readers may ignore it
        return out


class CheckFailure(NamedTuple):
    """A `refuse` check that held: the record cannot be scored (the reader reports it as an input error)."""

    player: int
    round: int
    message: str
    at: str | None = None  # the record's key of the whole-record fact the check reads (CheckSpec.at)
    at_player: str | None = None  # the key of the player's one fact it reads (CheckSpec.at_player)
    check: int | None = None  # the check's index in the rules' checks (an index, so that failures compare alike)
