"""Game records as the scoring pad sends them: whole or still being entered, JSON or the notation.

A record still being entered has `null` where no tile lies yet. The JSON reader accepts only finished pyramids,
so each empty place is read as a desert stand-in and put back as an empty place afterwards: every tile that is
there gets the reader's own checks and messages, and the scorer sees the gaps (it scores what lies on the table).
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.records.orbis.json_reader import read_json_text
from orbis_dsl.runtime.game_record import GameRecord
from orbis_dsl.runtime.rules import Rules

REQUEST_FILE = "request"  # what diagnostics name as the file: the body of the HTTP request
_TILE_PATH = re.compile(r"^\$\.players\[(\d+)\]\.pyramid\[(\d+)\]\[(\d+)\]")


class Read(NamedTuple):
    game: GameRecord | None
    diagnostics: list[Diagnostic]
    texts: dict[str, str]  # the source text by file name, for carets


def read_record(text: str, rules: Rules, file: str = REQUEST_FILE) -> Read:
    """A finished game in either format, exactly as `orbis score` reads a file."""
    if text.lstrip().startswith("{"):
        game, diags = read_json_text(text, file, rules)
    else:
        from orbis_dsl.records.orbis.notation import read_text

        game, diags = read_text(text, file, rules)
    return Read(game, diags, {file: text})


def read_unfinished(text: str, rules: Rules) -> Read:
    """A JSON record whose pyramids may have `null` places. Tiles with errors are left out (their messages are
    kept), so the rest of the table can still be scored."""
    texts = {REQUEST_FILE: text}
    game, diags = read_json_text(text, REQUEST_FILE, rules)  # the reader's checks of the text itself, all of them
    if game is not None or not text.lstrip().startswith("{"):
        return Read(game, diags, texts) if game is not None else read_record(text, rules)
    if any(tile_of(d.path) is None for d in diags):  # wrong beyond the tiles (the JSON itself, a name…)
        return Read(None, diags, texts)
    doc = json.loads(text)  # the reader parsed it: no repeated key, no overlong number
    empty = _empty_places(doc)
    problems = [d for d in diags if _place(d.path) not in empty]  # a null place is no problem here
    # Only tiles are wrong, or missing: read again with deserts standing in for both, then leave them out.
    gaps = empty | {tile_of(d.path) for d in problems}
    game, _ = read_json_text(json.dumps(_stand_ins(doc, gaps)), REQUEST_FILE, rules)
    return Read(_with_gaps(game, gaps) if game is not None else None, problems, texts)


def tile_of(path: str | None) -> tuple[int, int, int] | None:
    """(player, row, index) of a JSON path inside a pyramid's tile, else None."""
    match = _TILE_PATH.match(path or "")
    return tuple(int(n) for n in match.groups()) if match else None


def _place(path: str | None) -> tuple[int, int, int] | None:
    """(player, row, index) of a JSON path that is a pyramid place itself (not a key inside its tile)."""
    match = _TILE_PATH.match(path or "")
    return tile_of(path) if match and match.end() == len(path) else None


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


class ReadAny(NamedTuple):
    record: object | None  # an Orbis GameRecord, or a score-sheet game's SheetRecord
    rules: object | None  # the rules it is read and scored under
    diagnostics: list[Diagnostic]
    texts: dict[str, str]


def read_any(text: str, orbis_rules: Rules, file: str = REQUEST_FILE) -> ReadAny:
    """A finished record of any bundled game, JSON or its notation, as `orbis score` reads a file: the record names
    its game (JSON `"game"`, a `game NAME` first line); one naming none is Orbis, read under `orbis_rules`. `file`:
    what its messages name as the file (the request's body, or the name of the file the page sent)."""
    from orbis_dsl.common.diagnostics import unknown
    from orbis_dsl.common.games import all_games, game_named, named_game

    texts = {file: text}
    as_json = text.lstrip().startswith("{")
    named = named_game(text, as_json)
    game = game_named(named) if named is not None else None
    if named is not None and game is None:
        d = unknown("game", named, [g.id for g in all_games()])
        return ReadAny(None, None, [Diagnostic(d.message, file=file, path="$.game" if as_json else None,
                                               hint=d.hint)], texts)
    if game is None or game.folder == "orbis":
        read = read_record(text, orbis_rules, file)
        return ReadAny(read.game, orbis_rules, read.diagnostics, texts)
    rules = sheet_rules(game.id)
    if as_json:
        from orbis_dsl.records.sheets.reader import read_sheet_json

        record, diags = read_sheet_json(text, file, rules)
    else:
        from orbis_dsl.records.sheets.notation import read_sheet_text

        record, diags = read_sheet_text(text, file, rules)
    return ReadAny(record, rules, diags, texts)


def file_label(name: str | None) -> str:
    """What messages name as the file a page sent (`?name=` of /api/import): its own name, without folders, at most
    80 characters, printable; `request` when there is none."""
    base = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    shown = "".join(c for c in base if c.isprintable()).strip()[:80]
    return shown or REQUEST_FILE


def sheet_rules(game_id: str):
    """A bundled score-sheet game's rules (compiled once per process: `game_rules` keeps them)."""
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import game_rules

    return game_rules(game_named(game_id))
