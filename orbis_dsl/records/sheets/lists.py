"""Reading the parts of a score-sheet record beyond plain facts: list facts (`list of SET`, `list of FAMILY
with FLAG`: one reader for both), and a player's board on the rule set's grid, from which the facts declared
`from …` are derived."""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean, unknown
from orbis_dsl.records.json_text import json_words
from orbis_dsl.records.names import find_god
from orbis_dsl.records.sheets.grid_records import BoardReader
from orbis_dsl.runtime.grid import features, measures
from orbis_dsl.runtime.sheet_types import Held


def list_fact(reader, fact, value, path: str, present: bool):
    """A `list of NAME` fact, one reader for both kinds of item: members of a set (type `list`, the members as
    choices, case not minded; a list of one may be given as its one member) or pieces of a family players hold
    (type `held`: piece ids, or objects `{"id": …, FLAG: true|false, VALUE: n}`, a value the record gives
    replacing the pack's, as the card in front of the players may print another). Left out: none for members,
    no pieces for a held list."""
    held = fact.type == "held"
    if not present or value is None:
        if not fact.optional:
            reader.error(path.rsplit(".", 1)[0], f"missing key '{fact.json_key}' ({fact.title})")
        return () if held else None
    single = isinstance(value, str) and not held
    if single:
        value = [value]
    if not isinstance(value, list):
        reader.error(path, f"expected a list of {fact.choices[0]} ids, got {json_words(value)}" if held else
                     f"expected a list of {fact.title} (like [\"{fact.choices[0]}\"]), got {json_words(value)}")
        return () if held else None
    items = [_item(reader, fact, item, path if single else f"{path}[{i}]") for i, item in enumerate(value)]
    if None in items:
        return tuple(i for i in items if i is not None) if held else None
    return tuple(items) if held else items


def _item(reader, fact, item, where: str):
    """One item of a list fact: a set member's name, or a Held piece; None (reported) when it is not one."""
    return _held_item(reader, fact, item, where) if fact.type == "held" else _member(reader, fact, item, where)


def _member(reader, fact, item, where: str):
    """A member of the fact's set, by its name in any letter case; None (reported) when it is not one."""
    name = {c.upper(): c for c in fact.choices}.get(item.strip().upper()) if isinstance(item, str) else None
    if name is None:
        shown = f"'{item}'" if isinstance(item, str) else json_words(item)
        reader.error(where, f"{shown} is not among the choices for {fact.title}",
                     did_you_mean(str(item).upper(), fact.choices) or "expected one of: " + ", ".join(fact.choices))
    else:
        reader.named(where, item, name)
    return name


def _held_item(reader, fact, item, where: str):
    """A piece of the family players hold: its id, or `{"id": …, FLAG: …, VALUE: n}`; None (reported) when the
    item is not one."""
    rules = reader.rules
    ident, flag, given = item, None, {}
    if isinstance(item, dict):
        ident, flag, given = _held_object(reader, fact, item, where)
    elif fact.flag:
        reader.error(where, f"expected {{\"id\": …, \"{fact.flag}\": true or false}}, got {json_words(item)}")
        return None
    piece = find_god(rules, ident, titles=False) if isinstance(ident, str) else None
    if piece is None:
        d = unknown(fact.choices[0], str(ident), sorted(rules.gods))
        reader.error(f"{where}.id" if isinstance(item, dict) else where, d.message, d.hint)
        return None
    reader.named(f"{where}.id" if isinstance(item, dict) else where, ident, piece)
    return Held(piece, flag, {**rules.settings.values, **rules.gods[piece].modifiers, **given})


def _held_object(reader, fact, item: dict, where: str):
    """A held piece written as an object, its keys checked: (its id, its flag, the values it gives)."""
    rules = reader.rules
    allowed = {"id"} | ({fact.flag} if fact.flag else set()) | set(rules.settings.values)
    reader.unknown_keys(item, where, allowed)
    given = {k: v for k, v in item.items() if k in rules.settings.values}
    for k, v in given.items():
        if isinstance(v, bool) or not isinstance(v, int):
            reader.error(f"{where}.{k}", f"expected a whole number, got {json_words(v)}")
    flag = None
    if fact.flag:
        flag = item.get(fact.flag)
        if not isinstance(flag, bool):
            reader.error(f"{where}.{fact.flag}", f"expected true or false, got {json_words(flag)}")
    return item.get("id"), flag, given


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
    if isinstance(obj, dict) and "side" not in obj:  # (a side other than the default changes every border edge)
        reader.notes.append((reader.where(path), f"no side is given for the {grid.title.lower()}: the {board.side} "
                                                 f"side is assumed (`side {board.side}`)"))
    found = features(grid.shape, grid.borders, board)
    if not found.connected:
        reader.notes.append((path, "the placed tiles are not one edge-connected group: every tile after the "
                                   "first is placed next to one already placed"))
    values.update(board_facts(rules, board, shared, reader.chosen, found))
    return board


def board_facts(rules, board, shared: dict, chosen: dict, found=None) -> dict:
    """Every fact declared `from …`, read off a board (`found`: its features, if already worked out)."""
    grid = rules.settings.grid
    found = found if found is not None else features(grid.shape, grid.borders, board)
    facts = {**shared, **measures(grid, found)}
    me, g = _Board(facts, rules.settings.values), _Options(rules.option_values(None, chosen))
    return {fact.name: fact.derive(g, me) for fact in rules.facts.values() if fact.derive is not None}
