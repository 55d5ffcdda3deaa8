"""A grid record turned into the counts level: each player's board replaced by the facts derived from it.

The result is the same record as a player who counted by eye would type (the counts level of its record format),
and scores to the same report: the facts are the ones the scorer reads either way.
"""

from __future__ import annotations

from orbis_dsl.runtime.sheet_types import SheetRecord


def to_counts(doc: dict, rules, record: SheetRecord) -> dict:
    grid = rules.settings.grid
    # What only a board shows (`only from`) is not a count a table types: it goes with the board.
    derived = [f for f in rules.facts.values() if f.derive is not None and not f.board_only]
    out = dict(doc)
    if not rules.settings.rounds or grid is None:
        return out
    rounds = []
    for r, item in enumerate(doc["rounds"]):
        players = []
        for p, obj in enumerate(item["players"]):
            sheet = record.rounds[r][p]
            if sheet.board is None:
                players.append(obj)
                continue
            entry = {k: v for k, v in obj.items() if k != grid.name}
            for fact in derived:
                entry[fact.json_key] = sheet.facts[fact.name]
            players.append(entry)
        rounds.append({**item, "players": players})
    out["rounds"] = rounds
    return out
