"""Reading the parts of a score-sheet record beyond plain facts: lists of held pieces (`list of FAMILY with
FLAG`), and a player's board on the rule set's grid, from which the facts declared `from …` are derived."""

from __future__ import annotations

from orbis_dsl.common.diagnostics import unknown
from orbis_dsl.records.grid_records import BoardReader
from orbis_dsl.records.orbis_json import json_words
from orbis_dsl.runtime.grid import features, measures
from orbis_dsl.runtime.sheet import Held


def held_list(reader, fact, value, path: str, present: bool) -> tuple:
    """A list fact: piece ids, or objects `{"id": …, FLAG: true|false, VALUE: n}` (a value the record gives
    replaces the pack's, as the card in front of the players may print another)."""
    if not present or value is None:
        if not fact.optional:
            reader.error(path.rsplit(".", 1)[0], f"missing key '{fact.json_key}' ({fact.title})")
        return ()
    if not isinstance(value, list):
        reader.error(path, f"expected a list of {fact.choices[0]} ids, got {json_words(value)}")
        return ()
    rules = reader.rules
    by_key = {name.lower(): name for name in rules.gods}
    items = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        ident, flag, given = item, None, {}
        if isinstance(item, dict):
            allowed = {"id"} | ({fact.flag} if fact.flag else set()) | set(rules.settings.values)
            reader.unknown_keys(item, where, allowed)
            ident = item.get("id")
            given = {k: v for k, v in item.items() if k in rules.settings.values}
            for k, v in given.items():
                if isinstance(v, bool) or not isinstance(v, int):
                    reader.error(f"{where}.{k}", f"expected a whole number, got {json_words(v)}")
            if fact.flag:
                flag = item.get(fact.flag)
                if not isinstance(flag, bool):
                    reader.error(f"{where}.{fact.flag}", f"expected true or false, got {json_words(flag)}")
        elif fact.flag:
            reader.error(where, f"expected {{\"id\": …, \"{fact.flag}\": true or false}}, got {json_words(item)}")
            continue
        piece = by_key.get(ident.strip().lower()) if isinstance(ident, str) else None
        if piece is None:
            d = unknown(fact.choices[0], str(ident), sorted(rules.gods))
            reader.error(f"{where}.id" if isinstance(item, dict) else where, d.message, d.hint)
            continue
        values = {**rules.settings.values, **rules.gods[piece].modifiers, **given}
        items.append(Held(piece, flag, values))
    return tuple(items)


class _Board:
    """What a `from` clause reads: the board's measures and the round's facts, as a player's facts."""

    __slots__ = ("facts", "history", "prior", "values")

    def __init__(self, facts: dict, values: dict):
        self.facts = facts
        self.values = values
        self.prior = {}
        self.history = ()  # a board is read on its own: no round before it


class _Options:
    __slots__ = ("cache", "options", "players", "round", "rounds_played")

    def __init__(self, options: dict):
        self.options = options
        self.cache: dict = {}
        self.players = []
        self.round = self.rounds_played = 1


def derive_board(reader, obj, path: str, shared: dict, values: dict):
    """Read a player's board and put every fact declared `from …` into `values`; the board, or None."""
    rules = reader.rules
    grid = rules.settings.grid
    board = BoardReader(grid, reader.error).board(obj, path)
    if board is None:
        return None
    found = features(grid.shape, grid.borders, board)
    if not found.connected:
        reader.notes.append((path, "the placed tiles are not one edge-connected group: every tile after the "
                                   "first is placed next to one already placed"))
    facts = {**shared, **measures(grid, found)}
    me, g = _Board(facts, rules.settings.values), _Options(rules.option_values(None, reader.chosen))
    for fact in rules.facts.values():
        if fact.derive is not None:
            values[fact.name] = fact.derive(g, me)
    return board
