"""JSON Schemas of a score-sheet game's record and report, derived from its rule set: the committed
schemas/tm-final-1.schema.json, tm-score-1.schema.json (Terra Mystica), mondo-rounds-1.schema.json and
mondo-score-1.schema.json (Mondo, a game of rounds with a grid) are these.

A schema says what it can: keys, types, ranges, the choices of a held piece and of list facts, the cell names of
the map. What it cannot say (no two players share a faction or a hex, the `refuse` rules, total = the columns)
the reader and the tests check.
"""

from __future__ import annotations

from orbis_dsl.records.sheets.grid_schema import grid_defs
from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.rules import Rules


def record_schema(rules: Rules) -> dict:
    s = rules.settings
    board = board_of(s.hexmap)
    land = sorted(board.land, key=board.cells.__getitem__) if board else []
    defs: dict = {"player": _player(rules, land)}
    players = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/player"}}
    options = {o.name: _option(o) for o in s.options}
    props: dict = {
        "format": {"const": s.record_format},
        "game": {"const": s.game},
        "title": {"type": "string"},
        "options": {"type": "object", "properties": options, "additionalProperties": False},
    }
    if s.rounds:
        counts = [n for n in (s.rounds, s.rounds_also) if n]
        round_facts = {f.json_key: _fact(f, land) for f in rules.facts.values() if f.level == "round"}
        props["rounds"] = {"type": "array", "minItems": min(counts), "maxItems": max(counts),
                           "items": {"$ref": "#/$defs/round"}}
        defs["round"] = {"type": "object", "required": ["players"], "additionalProperties": False,
                         "properties": {"round": {"type": "integer"}, **round_facts, "players": players}}
    else:
        props["players"] = players
    props.update({f.json_key: _fact(f, land) for f in rules.facts.values() if f.whole})
    props.update(options)  # an option may also be given by name at the top (Mondo's "level")
    for fact in rules.facts.values():
        if fact.type == "held":
            defs[_held_def(fact)] = _held_item(rules, fact)
    if s.grid is not None:
        defs.update(grid_defs(s.grid))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:orbis-dsl:schema:{s.record_format.replace('/', '-')}",
        "title": f"{s.title} record ({s.record_format})",
        "description": f"What `orbis score` reads for {s.title}, generated from its rule set. Not expressible "
                       f"here and checked by the reader: " + _listed(_beyond(rules)) + ".",
        "type": "object",
        "required": ["rounds" if s.rounds else "players"],
        "properties": props,
        "additionalProperties": False,
        "$defs": defs,
    }


def _beyond(rules: Rules) -> list[str]:
    """What the reader checks that a schema cannot say."""
    s = rules.settings
    out = []
    if s.held_family:
        out.append(f"no two players share a {s.held_family}" + (" or a cell" if s.hexmap else ""))
    if s.rounds:
        out.append("the same players, in the same order, in every round")
    if s.grid is not None:
        out.append("a patch's edges show one member, and a mark stands where its home is")
    return [*out, "the rule set's `refuse` rules"]


def _listed(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + ", and " + parts[-1] if len(parts) > 1 else parts[0]


def _player(rules: Rules, land: list[str]) -> dict:
    s = rules.settings
    family = s.held_family
    props: dict = {"name": {"type": "string", "minLength": 1}}
    if family:
        props[family] = {"enum": sorted(rules.gods), "description": f"The {family} the player holds."}
    # A fact only a board shows (`only from`) is never typed: the schema leaves it out.
    per_player = [f for f in rules.facts.values() if f.level is None and not f.board_only]
    for fact in per_player:
        props[fact.json_key] = _fact(fact, land)
    required = ["name"] + ([family] if family else []) + [f.json_key for f in per_player
                                                          if not f.optional and f.derive is None]
    player = {"type": "object", "required": required, "properties": props, "additionalProperties": False}
    derived = [f.json_key for f in per_player if f.derive is not None]
    if s.grid is not None and derived:
        # The board, or the counts derived from it: never both.
        props[s.grid.name] = {"$ref": f"#/$defs/{s.grid.name}"}
        counted = [f.json_key for f in per_player if f.derive is not None and not f.optional]
        player["oneOf"] = [
            {"required": [s.grid.name], "not": {"anyOf": [{"required": [k]} for k in derived]}},
            {"required": counted, "not": {"required": [s.grid.name]}},
        ]
    return player


def _held_def(fact) -> str:
    """The `$defs` name of a held list's item: the family's, or `FAMILY_id` for a list of ids without a flag."""
    return fact.choices[0] if fact.flag else f"{fact.choices[0]}_id"


def _held_item(rules: Rules, fact) -> dict:
    """An item of a list of held pieces: `{"id": …, FLAG: true|false, VALUE: n}` (ids alone without a flag)."""
    ids = sorted(rules.gods)
    values = {name: {"type": "integer", "description": "the piece's own value, replacing the pack's"}
              for name in rules.settings.values}
    item = {"type": "object", "additionalProperties": False, "required": ["id"] + ([fact.flag] if fact.flag else []),
            "properties": {"id": {"enum": ids}, **({fact.flag: {"type": "boolean"}} if fact.flag else {}),
                           **values}}
    return item if fact.flag else {"anyOf": [{"enum": ids}, item]}


def report_schema(rules: Rules) -> dict:
    s = rules.settings
    line = {"type": "object", "required": ["where", "what", "cp", "why"],
            "properties": {"where": {"type": "string"}, "what": {"type": "string"}, "cp": {"type": "integer"},
                           "why": {"type": "string"}}}
    if s.rounds:
        # A game of rounds reports each round's total; the columns are in the lines.
        counts = [n for n in (s.rounds, s.rounds_also) if n]
        shown = {"rounds": {"type": "array", "minItems": min(counts), "maxItems": max(counts),
                            "items": {"type": "integer"}, "description": "each round's score"}}
        adds_up = "total = the sum of rounds"
    else:
        shown = {name: {"type": "integer", "description": score.title} for name, score in rules.scores.items()}
        adds_up = "total = " + " + ".join(rules.scores)
    # `winner: …, only if COND`: a game nobody wins (a solo game lost) reports no winners.
    winners = {"type": "array", **({"minItems": 1} if s.winner_if is None else {}), "items": {"type": "string"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:orbis-dsl:schema:{s.report_format.replace('/', '-')}",
        "title": f"{s.title} score report ({s.report_format})",
        "description": "What `orbis score --json` prints, generated from the rule set. Keys may be added (readers "
                       "ignore those they do not know): `lines` with each player's explanation and, with "
                       f"--explain, `awards`. Checked by the tests, not here: {adds_up}; the winners are exactly the "
                       "players with place 1" + (" for whom the winning condition holds" if s.winner_if else "")
                       + ".",
        "type": "object",
        "required": ["format", "players", "winners", "warnings"],
        "properties": {
            "format": {"const": s.report_format},
            "players": {"type": "array", "items": {
                "type": "object",
                "required": ["name", "total", *shown, "place", "winner"],
                "properties": {"name": {"type": "string"}, "total": {"type": "integer"}, **shown,
                               "place": {"type": "integer", "minimum": 1}, "winner": {"type": "boolean"},
                               "lines": {"type": "array", "items": line}}}},
            "winners": winners,
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
    if fact.type == "held":
        return {"type": "array", "items": {"$ref": f"#/$defs/{_held_def(fact)}"}}
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


def schema_files() -> dict[str, dict]:
    """Every bundled score-sheet game's two schemas by file name (schemas/FORMAT-N.schema.json), as committed."""
    from orbis_dsl.common.games import all_games
    from orbis_dsl.language.ruleset import game_rules

    out = {}
    for game in all_games():
        rules = game_rules(game)
        s = rules.settings
        if s.record_format in (None, "orbis-game/1"):
            continue  # Orbis's schemas come from records/orbis/schema.py
        out[s.record_format.replace("/", "-") + ".schema.json"] = record_schema(rules)
        out[s.report_format.replace("/", "-") + ".schema.json"] = report_schema(rules)
    return out


if __name__ == "__main__":  # `python -m orbis_dsl.records.sheets.schema`: write the committed schema files
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "schemas"
    for name, schema in schema_files().items():
        (folder / name).write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote schemas/{name}")
