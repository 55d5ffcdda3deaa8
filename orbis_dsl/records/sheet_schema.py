"""JSON Schemas of a score-sheet game's record and report, derived from its rule set (the committed
schemas/tm-final-1.schema.json and schemas/tm-score-1.schema.json are these, for Terra Mystica).

A schema says what it can: keys, types, ranges, the choices of a held piece and of list facts, the cell names of
the map. What it cannot say (no two players share a faction or a hex, the `refuse` rules, total = the columns)
the reader and the tests check.
"""

from __future__ import annotations

from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.rules import Rules


def record_schema(rules: Rules) -> dict:
    s = rules.settings
    family = s.held_family
    board = board_of(s.hexmap)
    land = sorted(board.land, key=board.cells.__getitem__) if board else []
    props: dict = {"name": {"type": "string", "minLength": 1}}
    if family:
        props[family] = {"enum": sorted(rules.gods), "description": f"The {family} the player holds."}
    per_player = [f for f in rules.facts.values() if f.level is None]
    for fact in per_player:
        props[fact.json_key] = _fact(fact, land)
    required = ["name"] + ([family] if family else []) + [f.json_key for f in per_player if not f.optional]
    options = {o.name: _option(o) for o in s.options}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:orbis-dsl:schema:{s.record_format.replace('/', '-')}",
        "title": f"{s.title} record ({s.record_format})",
        "description": f"What `orbis score` reads for {s.title}, generated from its rule set. Not expressible "
                       f"here and checked by the reader: no two players share a {family} or a cell, and the "
                       f"rule set's `refuse` rules.",
        "type": "object",
        "required": ["players"],
        "properties": {
            "format": {"const": s.record_format},
            "game": {"const": s.game},
            "title": {"type": "string"},
            "options": {"type": "object", "properties": options, "additionalProperties": False},
            "players": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/player"}},
            **{f.json_key: _fact(f, land) for f in rules.facts.values() if f.whole},
        },
        "additionalProperties": False,
        "$defs": {"player": {"type": "object", "required": required, "properties": props,
                             "additionalProperties": False}},
    }


def report_schema(rules: Rules) -> dict:
    s = rules.settings
    columns = {name: {"type": "integer", "description": score.title} for name, score in rules.scores.items()}
    line = {"type": "object", "required": ["where", "what", "cp", "why"],
            "properties": {"where": {"type": "string"}, "what": {"type": "string"}, "cp": {"type": "integer"},
                           "why": {"type": "string"}}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:orbis-dsl:schema:{s.report_format.replace('/', '-')}",
        "title": f"{s.title} score report ({s.report_format})",
        "description": "What `orbis score --json` prints, generated from the rule set. Keys may be added (readers "
                       "ignore those they do not know): `lines` with each player's explanation and, with "
                       "--explain, `awards`. Checked by the tests, not here: total = "
                       + " + ".join(rules.scores) + "; the winners are exactly the players with place 1.",
        "type": "object",
        "required": ["format", "players", "winners", "warnings"],
        "properties": {
            "format": {"const": s.report_format},
            "players": {"type": "array", "items": {
                "type": "object",
                "required": ["name", "total", *rules.scores, "place", "winner"],
                "properties": {"name": {"type": "string"}, "total": {"type": "integer"}, **columns,
                               "place": {"type": "integer", "minimum": 1}, "winner": {"type": "boolean"},
                               "lines": {"type": "array", "items": line}}}},
            "winners": {"type": "array", "minItems": 1, "items": {"type": "string"}},
            "warnings": {"type": "array", "items": {
                "type": "object", "required": ["where", "message"],
                "properties": {"where": {"type": "string"}, "message": {"type": "string"}}}},
            "awards": {"type": "array", "items": {"type": "string"}},
        },
    }


def _scalar(fact, land: list[str]) -> dict:
    if fact.type == "bool":
        return {"type": "boolean"}
    if fact.type == "enum":
        return {"enum": list(fact.choices)}
    if fact.type == "cells":
        return {"type": "array", "items": {"enum": land}}
    if fact.type == "waters":
        return {"type": "array", "items": {"type": "string"}}
    if fact.type == "crossings":
        return {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                           "items": {"enum": land}}}
    if fact.type == "list":  # a list of one may be given as its one member
        return {"anyOf": [{"type": "array", "items": {"enum": list(fact.choices)}}, {"enum": list(fact.choices)}]}
    out: dict = {"type": "integer"}
    if fact.low is not None:
        out.update(minimum=fact.low, maximum=fact.high)
    return out


def _fact(fact, land: list[str]) -> dict:
    one = _scalar(fact, land)
    if fact.members:
        members = list(fact.members)
        as_object = {"type": "object", "properties": {m: one for m in members}, "additionalProperties": False}
        if fact.type != "cells":  # a member with no cells may be left out
            as_object["required"] = members
        shown = {"anyOf": [as_object, {"type": "array", "minItems": len(members), "maxItems": len(members),
                                       "items": one}]} if fact.type != "cells" else as_object
    else:
        shown = one
    if fact.optional:
        shown = {"anyOf": [shown, {"type": "null"}]}
    return {**shown, "description": fact.title}


def _option(o) -> dict:
    if o.type == "enum":
        return {"enum": list(o.choices), "default": o.default}
    if o.type == "bool":
        return {"type": "boolean", "default": o.default}
    return {"type": "integer", "default": o.default}
