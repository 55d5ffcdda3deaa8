"""The game as the rule handlers see it while scoring: plain slotted objects, cheap to build and to read."""

from __future__ import annotations


class TileView:
    """One tile of a universe. A desert has no kind, colour or parameters."""

    __slots__ = (
        "cancelled",
        "color",
        "cost",
        "desert",
        "kind",
        "level",
        "params",
        "points",
        "pos",
        "record",
        "recorded",
        "stars",
        "validated",
    )

    def __init__(self, pos, kind=None, color=None, params=None, desert=False, cancelled=False,
                 level=None, stars=None, cost=(), recorded=None, record=None):
        self.pos = pos
        self.kind = kind
        self.color = color
        self.params = params if params is not None else {}
        self.desert = desert
        self.cancelled = cancelled
        self.validated = False
        self.level = level
        self.stars = stars
        self.cost = cost
        self.recorded = recorded  # the Cancelation token as a game record shows it (None: not stated)
        self.points = 0  # what the tile scored, once scored
        # The game record's tile this view was made from (records share their tiles: see scoring.py's lines by
        # their tiles), or None.
        self.record = record


_new_object = object.__new__


def scored_tile(pos, kind, color, params, desert, cancelled, level, stars, recorded, record):
    """A TileView as the scorer makes one (no cost: a finished table's tiles are paid for), the same fields as
    `TileView(pos, kind, color, params, desert, cancelled, level, stars, (), recorded, record)`. A class call
    runs `__init__` through the C type machinery at about twice the cost of this plain function call, and the
    scorer makes 56 views a 4-player game (tests/runtime/test_views.py keeps the two the same)."""
    t = _new_object(TileView)
    t.pos = pos
    t.kind = kind
    t.color = color
    t.params = params
    t.desert = desert
    t.cancelled = cancelled
    t.validated = False
    t.level = level
    t.stars = stars
    t.cost = ()
    t.recorded = recorded
    t.points = 0
    t.record = record
    return t


class PlayerView:
    __slots__ = ("god", "god_cancelled", "index", "name", "slots", "tiles", "total", "values", "worshippers")

    def __init__(self, index, name, slots, worshippers=0, god=None, god_cancelled=False, values=None, tiles=None):
        self.index = index
        self.name = name
        self.slots = slots  # by board position; None where no tile lies yet
        self.tiles = tiles if tiles is not None else [t for t in slots if t is not None]  # in board order
        self.worshippers = worshippers
        self.god = god
        self.god_cancelled = god_cancelled
        self.values = values if values is not None else {}
        self.total = 0


class GameView:
    __slots__ = ("board", "cache", "neighbours", "options", "players", "supports")

    def __init__(self, players, options, board):
        self.players = players
        self.options = options
        self.board = board
        self.neighbours = board.neighbours
        self.supports = board.supports
        self.cache = {}
