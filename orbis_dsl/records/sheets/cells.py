"""Reading facts of cells on a declared hex map (`cells`, `crossings`) from a score-sheet record.

A cell is named as the map names it (`E7`; case does not matter). Every mistake is a diagnostic at its JSON path:
a name the map does not have (with "did you mean"), a piece on a water cell, a crossing the map has no spot for,
and two pieces on one cell (one player's or two players').
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.records.json_text import json_words
from orbis_dsl.runtime.hexmap import HexMap


class CellReader:
    def __init__(self, reader, board: HexMap | None):
        self.reader = reader  # the sheet reader: `error(path, message, hint)`, `unknown_keys`
        self.board = board
        self.land = sorted(board.land) if board else []
        self.water = [c for c in board.cells if board.is_water(c)] if board else []
        self.upper = {name.upper(): name for name in board.cells} if board else {}

    def fact(self, fact, value, path: str):
        if fact.type == "crossings":
            return self.crossings(value, path)
        if fact.type == "waters":
            return self.waters(value, path)
        if not fact.members:
            return self.cells(value, path)
        if not isinstance(value, dict):
            self.reader.error(path, f"expected an object with a list of cells for each of "
                                    f"{', '.join(fact.members)}, got {json_words(value)}")
            return None
        self.reader.unknown_keys(value, path, set(fact.members))
        # A member left out holds no cells: a sheet lists what is on the map.
        return {m: self.cells(value.get(m, []), f"{path}.{m}") for m in fact.members}

    def cells(self, value, path: str) -> list[str] | None:
        if not isinstance(value, list):
            self.reader.error(path, f"expected a list of cells (like [\"E7\", \"D5\"]), got {json_words(value)}")
            return None
        found = [self.cell(item, f"{path}[{i}]", land=True) for i, item in enumerate(value)]
        return None if None in found else found

    def cell(self, item, path: str, land: bool) -> str | None:
        if not isinstance(item, str):
            self.reader.error(path, f"expected a cell of the map (like \"E7\"), got {json_words(item)}")
            return None
        name = self.upper.get(item.strip().upper())
        if name is None:
            self.reader.error(path, f"there is no cell '{item}' on the map", self._naming_hint(item, land))
            return None
        if land and self.board.is_water(name):
            self.reader.error(path, f"{name} is a water cell: nothing stands on it")
            return None
        self.reader.named(path, item, name)
        return name

    def _spot(self, spot) -> str:
        """'E4-G1 (across r20, r21)': a crossing spot and the water cells it spans (its ends' common neighbours)."""
        a, b = sorted(spot)
        water = sorted(self.board.neighbours[a] & self.board.neighbours[b], key=self.water.index)
        return f"{a}-{b} (across {', '.join(water)})"

    def _naming_hint(self, item: str, land: bool) -> str | None:
        """How the map names its cells: the land by row and number, the water cells in reading order."""
        if not self.land:
            return None
        near = did_you_mean(item.strip().upper(), self.land if land else [w.upper() for w in self.water])
        if near is not None:
            return near if land else near.lower()
        rivers = (f"water cells are {self.water[0]} to {self.water[-1]}, in reading order (the top row first, left "
                  f"to right)") if self.water else ""
        if not land:
            return rivers
        return "cells are named by row and number: " + _row_ranges(self.land) + (f"; {rivers}" if rivers else "")

    def waters(self, value, path: str) -> list[str] | None:
        if not isinstance(value, list):
            self.reader.error(path, f"expected a list of water cells (like [\"r5\"]), got {json_words(value)}")
            return None
        found = [self.cell(item, f"{path}[{i}]", land=False) for i, item in enumerate(value)]
        for i, name in enumerate(found):
            if name is not None and not self.board.is_water(name):
                self.reader.error(f"{path}[{i}]", f"{name} is a land cell; a water cell is expected here")
                found[i] = None
        return None if None in found else found

    def crossings(self, value, path: str) -> list[tuple[str, str]] | None:
        if not isinstance(value, list):
            self.reader.error(path, f"expected a list of pairs of cells (like [[\"C5\", \"D7\"]]), "
                                    f"got {json_words(value)}")
            return None
        pairs = []
        for i, item in enumerate(value):
            where = f"{path}[{i}]"
            if not isinstance(item, list) or len(item) != 2:
                self.reader.error(where, f"expected a pair of cells (like [\"C5\", \"D7\"]), got {json_words(item)}")
                continue
            a, b = (self.cell(x, f"{where}[{j}]", land=True) for j, x in enumerate(item))
            if a is None or b is None:
                continue
            if frozenset((a, b)) not in self.board.crossings:
                spots = sorted(self._spot(s) for s in self.board.crossings if a in s or b in s)
                self.reader.error(where, f"{a} and {b} are not across water from each other: no crossing spans them",
                                  "the crossings from there: " + ", ".join(spots) if spots else None)
                continue
            pairs.append((a, b))
        return pairs if len(pairs) == len(value) else None


def check_shared_cells(reader, players: list, facts: dict, path: str) -> None:
    """No two pieces on one cell: every `cells` fact of every player together names each cell once."""
    held: dict[str, str] = {}
    for i, player in enumerate(players):
        if player is None:
            continue
        for fact in facts.values():
            if fact.type != "cells":
                continue
            value = player.facts.get(fact.name)
            parts = value.items() if isinstance(value, dict) else [(None, value)]
            for member, cells in parts:
                for j, cell in enumerate(cells or ()):
                    where = f"{path}[{i}].{fact.name}" + (f".{member}" if member else "") + f"[{j}]"
                    if cell in held:
                        reader.error(where, f"{cell} is taken twice: {held[cell]} already stands there")
                    else:
                        held[cell] = f"{player.name}'s {member or fact.name}"


def _row_ranges(cells: list[str]) -> str:
    """"A1-A13, B1-B12, …": each row's numbers from its lowest to its highest (a string sort would say A1 to I9)."""
    import re

    rows: dict[str, list[int]] = {}
    for cell in cells:
        m = re.fullmatch(r"([A-Za-z]+)(\d+)", cell)
        if m:
            rows.setdefault(m.group(1), []).append(int(m.group(2)))
    return ", ".join(f"{row}{min(ns)}-{row}{max(ns)}" for row, ns in sorted(rows.items()))
