"""The JSON Schema of a player's board on a rule set's square grid (`grid NAME { … }`), for the record schemas of
score-sheet games (sheet_schema.py): the board object, and each cell as grid_records.py reads it."""

from __future__ import annotations

from orbis_dsl.runtime.grid import DIRECTIONS, layout

_EDGE = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"enum": list(DIRECTIONS)}]}


def grid_defs(grid) -> dict:
    """`$defs` entries: the board (under the grid's name) and its cell (`GRIDNAME_cell`)."""
    ids = list(layout(grid.shape))
    cell_ref = f"#/$defs/{grid.name}_cell"
    board = {
        "type": "object",
        "description": f"{grid.title}: the tiles placed, by space; a space not listed is empty.",
        "additionalProperties": False,
        "properties": {
            "side": {"enum": list(grid.borders)},
            "cells": {"type": "object", "propertyNames": {"enum": ids}, "additionalProperties": {"$ref": cell_ref}},
            "border": {"type": "object",
                       "propertyNames": {"pattern": f"^({'|'.join(ids)}) ({'|'.join(DIRECTIONS)})$"},
                       "additionalProperties": {"enum": list(grid.edges)}},
        },
    }
    return {grid.name: board, f"{grid.name}_cell": _cell(grid)}


def _cell(grid) -> dict:
    props: dict = {
        "edges": {"type": "array", "minItems": 4, "maxItems": 4, "items": {"enum": list(grid.edges)},
                  "description": "North, east, south, west."},
        "patches": {"type": "array", "minItems": 1, "maxItems": 4,
                    "items": {"type": "array", "minItems": 1, "items": _EDGE}},
    }
    for mark in grid.marks:
        if mark.in_patch:
            standing = {"type": "object", "additionalProperties": False, "required": [mark.set],
                        "properties": {mark.set: {"enum": list(mark.members)}, "patch": _EDGE}}
            props[mark.name] = {"oneOf": [{"enum": ["none", None]}, standing], "description": mark.title}
        else:
            props[mark.name] = {"enum": ["none", *mark.members, None], "description": mark.title}
    if grid.faces:
        props["face"] = {"enum": [*grid.faces, None], "description": "The face the tile shows."}
    return {"type": "object", "additionalProperties": False, "required": ["edges"], "properties": props}
