"""Writing `orbis-game/1` JSON records (docs/rules/orbis.md §10): what `orbis convert`, the simulator's records
and the scoring pad write, and what the reader (orbis_json.py) reads back to the same record."""

from __future__ import annotations

from orbis_dsl.runtime.game_record import GameRecord, TileRecord
from orbis_dsl.runtime.rules import Rules

FORMAT = "orbis-game/1"


def tile_to_json(tile: TileRecord, rules: Rules) -> dict:
    if tile.desert:
        return {"desert": True}
    out: dict[str, object] = {"kind": tile.kind, "color": tile.color}
    if tile.level is not None:
        out["level"] = tile.level
    if tile.stars is not None:
        out["stars"] = tile.stars
    for name, value in tile.params.items():
        if value is None:
            continue
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
            out[name] = f"{value[0]} {value[1] or 'any'}"
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    if tile.cancelled is not None:
        out["cancelled"] = tile.cancelled
    return out


def game_to_json(game: GameRecord, rules: Rules) -> dict:
    doc: dict[str, object] = {"format": FORMAT}
    if game.title is not None:
        doc["title"] = game.title
    if game.variant is not None:
        doc["variant"] = game.variant
    if game.options:
        doc["options"] = dict(game.options)
    doc["players"] = []
    for p in game.players:
        player: dict[str, object] = {"name": p.name}
        if p.god is not None:
            player["god"] = p.god
        if p.god_cancelled:
            player["god_cancelled"] = True
        player["worshippers"] = p.worshippers
        player["pyramid"] = [[tile_to_json(t, rules) for t in row] for row in p.pyramid]
        doc["players"].append(player)
    return doc
