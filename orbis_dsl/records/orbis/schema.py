"""JSON Schemas of `orbis-game/1` records and `orbis-score/1` reports for one rule set (`orbis rules --schema`).

The kinds, gods, variants, options, colours and awards a record may name depend on the rule set: a record written
under a pack names the pack's. So the schemas are generated from the runtime rules, and the files in `schemas/` are
what this module writes for the base game (a test keeps them equal). What a schema cannot say is checked by the
reader only: player names are unique, and a Farm's reduction colour appears once on the table (a warning).
"""

from __future__ import annotations

import re

from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import ParamSpec

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_KINDS = ("game", "score")


def schema_for(rules: Rules, which: str) -> dict:
    """The schema named `which` (one of SCHEMA_KINDS) for this rule set."""
    return game_schema(rules) if which == "game" else score_schema(rules)


# ---- orbis-game/1 --------------------------------------------------------------------------------------------


def _player_counts(rules: Rules) -> tuple[int, int]:
    counts = sorted({v.players for v in rules.variants.values()})
    return (counts[0], counts[-1]) if counts else (1, 99)


def game_schema(rules: Rules) -> dict:
    low, high = _player_counts(rules)
    return {
        "$schema": DRAFT,
        "$id": "urn:orbis-dsl:schema:orbis-game-1",
        "title": "Orbis game record (orbis-game/1)",
        "description": "A finished game of Orbis as the table shows it: the input of `orbis score` (see "
                       "docs/rules/orbis.md §10). Generated from a rule set by `orbis rules --schema game`: a record "
                       "written under a rule pack is checked against the pack's schema. Two rules are not expressible "
                       "here and are checked by the reader only: player names are unique, and a unique parameter (a "
                       "Farm's reduction colour) appears once on the table (a warning, not an error).",
        "type": "object",
        "required": ["format", "players"],
        "properties": {
            "format": {"const": "orbis-game/1"},
            "game": {"const": "orbis", "description": "Optional: a record that names no game is an Orbis record."},
            "title": {"type": "string"},
            "variant": {"enum": list(rules.variants),
                        "description": "Defaults to \"{n}p\" for n players; must match the number of players."},
            "options": {"type": "object",
                        "description": "Rule options (docs/rules/orbis.md §6-§7); unknown keys are errors.",
                        "properties": {o.name: _option(o) for o in rules.settings.options},
                        "additionalProperties": False},
            "players": {"type": "array", "minItems": low, "maxItems": high, "items": {"$ref": "#/$defs/player"},
                        "description": "In seating order; names unique."},
        },
        "additionalProperties": False,
        "allOf": [{"if": {"required": ["variant"], "properties": {"variant": {"const": v.name}}},
                   "then": {"properties": {"players": {"minItems": v.players, "maxItems": v.players}}}}
                  for v in rules.variants.values()],
        "$defs": {**_player_defs(rules), **_tile_defs(rules)},
    }


def _option(option) -> dict:
    value = {"bool": {"type": "boolean"}, "int": {"type": "integer"}}.get(option.type, {"enum": list(option.choices)})
    return {**value, "default": option.default}


def _case_insensitive(text: str) -> str:
    """A regex matching `text` in any letter case (JSON Schema patterns take no flags)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in text)


def _player_defs(rules: Rules) -> dict:
    s = rules.settings
    rows = s.board
    cancellable = [g.name for g in rules.gods.values() if g.cancellable]
    titles = "|".join(_case_insensitive(g.title) for g in rules.gods.values())
    defs = {
        "colour": {"enum": [*s.colors, *s.aliases],
                   "description": "; ".join(f"{a} is an alias of {c}" for a, c in s.aliases.items()) or "A colour."},
        "god": {"anyOf": [{"enum": list(rules.gods)}, {"type": "string", "pattern": f"^(?:{titles})$"}],
                "description": "A god id, or its English name in any letter case."},
        "player": {
            "type": "object",
            "required": ["name", "worshippers", "pyramid"],
            "properties": {
                "name": {"type": "string"},
                "god": {"$ref": "#/$defs/god"},
                "god_cancelled": {"type": "boolean", "default": False,
                                  "description": "A Cancelation token on the god; only meaningful for "
                                                 + (", ".join(cancellable) or "no god of this rule set") + "."},
                "worshippers": {"type": "integer", "minimum": 0, "description": "Left in the realm at the end."
                                + (f" More than {s.realm_limit} is a warning, not an error."
                                   if s.realm_limit is not None else "")},
                "pyramid": {"type": "array",
                            "description": "Rows bottom first, each left to right: "
                                           + ", ".join(map(str, rows[:-1])) + f" and {rows[-1]} tiles.",
                            "prefixItems": [{"$ref": f"#/$defs/row{width}"} for width in rows],
                            "minItems": len(rows), "items": False},
            },
            "additionalProperties": False,
        },
    }
    for width in rows:
        defs[f"row{width}"] = {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": width,
                               "maxItems": width}
    return defs


def _tile_defs(rules: Rules) -> dict:
    defs = {
        "tile": {"oneOf": [{"$ref": "#/$defs/desert"}, {"$ref": "#/$defs/face_up"}]},
        "desert": {"title": "Desert", "description": "A face-down tile.", "type": "object", "required": ["desert"],
                   "properties": {"desert": {"const": True}}, "additionalProperties": False},
        "face_up": {"type": "object", "required": ["kind"],
                    "properties": {"kind": {"enum": list(rules.kinds)}},
                    "allOf": [{"if": {"properties": {"kind": {"const": name}}}, "then": {"$ref": f"#/$defs/{name}"}}
                              for name in rules.kinds]},
    }
    for kind in rules.kinds.values():
        defs[kind.name] = _kind_def(rules, kind)
    return defs


def _kind_def(rules: Rules, kind) -> dict:
    s = rules.settings
    colours = "|".join(map(re.escape, [*s.colors, *s.aliases, "any"]))
    params = {p.name: p for p in s.attributes}
    params.update({p.name: p for p in kind.params})
    required = [p.name for p in kind.params if p.name in kind.scoring_params and p.required]
    token = {"placed": "the table's token is checked against the placement condition",
             "taken": "a token cancels the tile"}.get(kind.cancellable_when,
                                                      "this kind cannot be cancelled: a token is a warning")
    properties = {
        "kind": {"const": kind.name},
        "color": {"$ref": "#/$defs/colour", "description": "The tile's background colour."},
        "level": {"type": "integer", "minimum": 1, "maximum": s.levels, "description": "The level printed on it."},
        "stars": {"enum": list(s.stars), "description": "The colour of the level stars; variants remove some."},
        **{name: _param(spec, colours) for name, spec in params.items()},
        "cancelled": {"type": "boolean", "description": f"A Cancelation token lies on the tile; {token}."},
    }
    return {"title": kind.title, "type": "object", "required": ["kind", "color", *required],
            "properties": properties, "additionalProperties": False}


def _param(spec: ParamSpec, colours: str) -> dict:
    """A parameter's JSON value, as records.py reads it; `colours`: a regex of the colour words of an amount."""
    if spec.type == "int":
        out: dict = {"type": "integer", "minimum": max(spec.low, 0) if spec.low is not None else 0}
        if spec.high is not None:
            out["maximum"] = spec.high
    elif spec.type == "bool":
        out = {"type": "boolean"}
    elif spec.type == "enum":
        out = {"enum": list(spec.choices)}
    elif spec.type == "color":
        out = {"$ref": "#/$defs/colour"}
    elif spec.type == "colors":
        out = {"type": "array", "items": {"$ref": "#/$defs/colour"}}
        if spec.size is not None:
            out.update(minItems=spec.size, maxItems=spec.size)
    elif spec.type == "amount":
        out = {"type": "string", "pattern": f"^0*[1-9][0-9]* (?:{colours})$",  # at least 1: "0 blue" is refused
               "description": "A count of 1 or more and a colour, or any: \"1 blue\", \"1 any\"."}
    else:
        out = {"type": "string"}
    if spec.has_default and spec.default is not None and not isinstance(spec.default, tuple):
        out["default"] = spec.default
    return out


# ---- orbis-score/1 -------------------------------------------------------------------------------------------


def score_schema(rules: Rules) -> dict:
    low, high = _player_counts(rules)
    awards = list(rules.awards)
    categories = ["regions", "deserts", "god", *awards]
    player = {
        "type": "object",
        "required": ["name", "total", *categories, "worshippers", "place", "winner", "lines"],
        "properties": {
            "name": {"type": "string"},
            "total": {"type": "integer", "description": " + ".join(categories)},
            "regions": {"type": "integer", "description": "CP of the face-up tiles that score"},
            "deserts": {"type": "integer", "description": "what the face-down tiles score"},
            "god": {"type": "integer"},
            **{a.name: {"type": "integer", "minimum": 0, "description": f"The {a.title} won, if any"}
               for a in rules.awards.values()},
            "worshippers": {"type": "integer", "minimum": 0},
            "place": {"type": "integer", "minimum": 1,
                      "description": "1 for the winner(s); shared places share a number"},
            "winner": {"type": "boolean"},
            "lines": {"type": "array", "items": {"$ref": "#/$defs/line"}},
        },
        "additionalProperties": False,
    }
    strings = {"type": "string"}
    return {
        "$schema": DRAFT,
        "$id": "urn:orbis-dsl:schema:orbis-score-1",
        "title": "Orbis score report (orbis-score/1)",
        "description": "What `orbis score --json` prints, one document per game (see docs/rules/orbis.md §11). "
                       "Generated from a rule set by `orbis rules --schema score`: its awards are categories. Not "
                       f"expressible here and checked by the tests: total = {' + '.join(categories)}; winners are "
                       "exactly the players with place 1.",
        "type": "object",
        "required": ["format", "variant", "players", "winners", "warnings"],
        "properties": {
            "format": {"const": "orbis-score/1"},
            "variant": {"type": "string", "description": "The variant scored: the record's, or \"{n}p\"."},
            "players": {"type": "array", "minItems": low, "maxItems": high, "items": {"$ref": "#/$defs/player"},
                        "description": "In the input's order."},
            "winners": {"type": "array", "minItems": 1, "items": strings},
            "warnings": {"type": "array", "items": {"$ref": "#/$defs/warning"}},
        },
        "additionalProperties": False,
        "$defs": {
            "player": player,
            "line": {"type": "object", "required": ["where", "what", "cp", "why"],
                     "properties": {"where": strings, "what": strings, "cp": {"type": "integer"}, "why": strings},
                     "additionalProperties": False},
            "warning": {"type": "object", "required": ["where", "message"],
                        "properties": {"where": strings, "message": strings}, "additionalProperties": False},
        },
    }
