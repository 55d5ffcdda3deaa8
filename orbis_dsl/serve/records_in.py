"""Game records as the scoring pad sends them: whole or still being entered, JSON or the notation.

A record still being entered has `null` where no tile lies yet. The JSON reader accepts only finished pyramids,
so each empty place is read as a desert stand-in and put back as an empty place afterwards: every tile that is
there gets the reader's own checks and messages, and the scorer sees the gaps (it scores what lies on the table).
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from ..diagnostics import Diagnostic
from ..game import GameRecord
from ..records import read_json_text
from ..runtime.rules import Rules

REQUEST_FILE = "request"  # what diagnostics name as the file: the body of the HTTP request
_TILE_PATH = re.compile(r"^\$\.players\[(\d+)\]\.pyramid\[(\d+)\]\[(\d+)\]")


class Read(NamedTuple):
    game: GameRecord | None
    diagnostics: list[Diagnostic]
    texts: dict[str, str]  # the source text by file name, for carets


def read_record(text: str, rules: Rules) -> Read:
    """A finished game in either format, exactly as `orbis score` reads a file."""
    if text.lstrip().startswith("{"):
        game, diags = read_json_text(text, REQUEST_FILE, rules)
    else:
        from ..notation import read_text

        game, diags = read_text(text, REQUEST_FILE, rules)
    return Read(game, diags, {REQUEST_FILE: text})


def read_unfinished(text: str, rules: Rules) -> Read:
    """A JSON record whose pyramids may have `null` places. Tiles with errors are left out (their messages are
    kept), so the rest of the table can still be scored."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return read_record(text, rules)  # the reader's own located message
    empty = _empty_places(doc)
    game, diags = read_json_text(json.dumps(_stand_ins(doc, empty)), REQUEST_FILE, rules)
    broken = {where for d in diags if (where := tile_of(d.path)) is not None}
    if game is None and broken and len(broken) == len(diags):
        # Only tiles were wrong: read again without them, so the live total covers the rest.
        empty |= broken
        game, _ = read_json_text(json.dumps(_stand_ins(doc, empty)), REQUEST_FILE, rules)
    if game is not None:
        game = _with_gaps(game, empty)
    return Read(game, diags, {REQUEST_FILE: text})


def tile_of(path: str | None) -> tuple[int, int, int] | None:
    """(player, row, index) of a JSON path inside a pyramid's tile, else None."""
    match = _TILE_PATH.match(path or "")
    return tuple(int(n) for n in match.groups()) if match else None


def _empty_places(doc) -> set[tuple[int, int, int]]:
    places = set()
    players = doc.get("players") if isinstance(doc, dict) else None
    for p, player in enumerate(players if isinstance(players, list) else ()):
        rows = player.get("pyramid") if isinstance(player, dict) else None
        for r, row in enumerate(rows if isinstance(rows, list) else ()):
            for i, tile in enumerate(row if isinstance(row, list) else ()):
                if tile is None:
                    places.add((p, r, i))
    return places


def _stand_ins(doc, places: set[tuple[int, int, int]]):
    """A copy of the record with a desert in each of `places`."""
    if not places:
        return doc
    copy = json.loads(json.dumps(doc))
    for p, r, i in places:
        copy["players"][p]["pyramid"][r][i] = {"desert": True}
    return copy


def _with_gaps(game: GameRecord, places: set[tuple[int, int, int]]) -> GameRecord:
    players = []
    for p, player in enumerate(game.players):
        rows = tuple(tuple(None if (p, r, i) in places else tile for i, tile in enumerate(row))
                     for r, row in enumerate(player.pyramid))
        players.append(player._replace(pyramid=rows))
    return game._replace(players=tuple(players))
