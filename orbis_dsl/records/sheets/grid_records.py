"""Reading one player's board of a grid record (JSON), against the rule set's `grid` declaration.

```json
{"side": "front",
 "cells": {"r3c1": {"edges": ["red", "red", "blue", "blue"], "patches": [[0, 1], [2, 3]],
                    "gem": {"gems": "ruby", "patch": 0}, "lamp": "lit"}},
 "border": {"r1c3 north": "red"}}
```

Edges are listed north, east, south, west. `patches` groups the edges drawn as one area inside the cell (by index
0-3 or by direction name); left out, edges showing the same member are one patch. A mark standing in a patch
gives its member under the mark's set name and the patch (an index into `patches`, or one of the patch's
directions); a mark on the cell is its member alone. A grid that declares `faces` lets a cell say which face its
tile shows (`"face": "plain"`). Every problem is reported with its JSON path.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.records.json_text import json_words
from orbis_dsl.runtime.grid import DIRECTIONS, BoardRecord, Cell, default_patches, layout


class BoardReader:
    def __init__(self, grid, error):
        self.grid = grid
        self.error = error  # (path, message, hint=None) -> None
        self.cells = layout(grid.shape)

    def board(self, obj, path: str) -> BoardRecord | None:
        if not isinstance(obj, dict):
            self.error(path, f"expected the board as an object with \"side\" and \"cells\", got {json_words(obj)}")
            return None
        for key in obj:
            if key not in ("side", "cells", "border"):
                self.error(f"{path}.{key}", f"unknown key '{key}'",
                           did_you_mean(key, ("side", "cells", "border")) or "expected side, cells or border")
        sides = tuple(self.grid.borders)
        side = obj.get("side", sides[0])
        if side not in sides:
            self.error(f"{path}.side", f"expected one of {', '.join(sides)}, got {json_words(side)}",
                       did_you_mean(str(side), sides))
            return None
        cells_obj = obj.get("cells", {})
        if not isinstance(cells_obj, dict):
            self.error(f"{path}.cells", f"expected an object of cells by id (like \"r1c3\"), got "
                                        f"{json_words(cells_obj)}")
            return None
        cells = {}
        for cid, value in cells_obj.items():
            cell = self.cell(cid, value, f"{path}.cells.{cid}")
            if cell is not None:
                cells[cid] = cell
        border = self.border(obj.get("border", {}), f"{path}.border")
        return BoardRecord(side, cells, border)

    def member(self, value, path: str) -> str | None:
        edges = self.grid.edges
        if value not in edges:
            self.error(path, f"expected one of {', '.join(edges)}, got {json_words(value)}",
                       did_you_mean(str(value), edges))
            return None
        return value

    def cell(self, cid: str, obj, path: str) -> Cell | None:
        if cid not in self.cells:
            self.error(path, f"no space '{cid}' on this board", did_you_mean(cid, self.cells)
                       or "spaces: " + ", ".join(self.cells))
            return None
        if not isinstance(obj, dict):
            self.error(path, f"expected a cell object with \"edges\", got {json_words(obj)}")
            return None
        mark_names = {m.name: m for m in self.grid.marks}
        allowed = {"edges", "patches", *mark_names} | ({"face"} if self.grid.faces else set())
        for key in obj:
            if key not in allowed:
                self.error(f"{path}.{key}", f"unknown key '{key}'",
                           did_you_mean(key, allowed) or "expected one of: " + ", ".join(sorted(allowed)))
        edges = obj.get("edges")
        if not isinstance(edges, list) or len(edges) != 4:
            got = f"{len(edges)} edges" if isinstance(edges, list) else json_words(edges)
            self.error(f"{path}.edges", f"expected 4 edges (north, east, south, west), got {got}")
            return None
        members = [self.member(e, f"{path}.edges[{i}]") for i, e in enumerate(edges)]
        if None in members:
            return None
        patches = self.patches(obj.get("patches"), members, f"{path}.patches")
        if patches is None:
            return None
        marks = {}
        for name, mark in mark_names.items():
            if obj.get(name) in (None, "none"):
                continue
            found = self.mark(mark, obj[name], patches, members, f"{path}.{name}")
            if found is not None:
                marks[name] = found
        face = self.face(obj.get("face"), f"{path}.face")
        return Cell(tuple(members), patches, marks, face)

    def face(self, value, path: str) -> str | None:
        """`"face": NAME`, one of the grid's faces; left out (or null), the record does not say."""
        if value is None:
            return None
        if value not in self.grid.faces:
            self.error(path, f"expected one of {', '.join(self.grid.faces)}, got {json_words(value)}",
                       did_you_mean(str(value), self.grid.faces))
            return None
        return value

    def patches(self, value, members, path: str):
        if value is None:
            return default_patches(members)
        if not isinstance(value, list) or not all(isinstance(p, list) and p for p in value):
            self.error(path, f"expected a list of patches, each a list of edges, got {json_words(value)}")
            return None
        patches, seen = [], []
        for i, patch in enumerate(value):
            edges = []
            for j, edge in enumerate(patch):
                index = self.direction(edge, f"{path}[{i}][{j}]")
                if index is None:
                    return None
                edges.append(index)
            if len({members[e] for e in edges}) > 1:
                self.error(f"{path}[{i}]", "a patch is one area: its edges must show the same member, got "
                                           + ", ".join(members[e] for e in edges))
                return None
            patches.append(tuple(sorted(edges)))
            seen.extend(edges)
        if sorted(seen) != [0, 1, 2, 3]:
            self.error(path, "the patches must hold each edge (north, east, south, west) exactly once")
            return None
        return tuple(patches)

    def direction(self, value, path: str) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return value
        if isinstance(value, str) and value in DIRECTIONS:
            return DIRECTIONS.index(value)
        self.error(path, f"expected an edge: 0-3 or one of {', '.join(DIRECTIONS)}, got {json_words(value)}")
        return None

    def mark(self, mark, value, patches, members, path: str):
        if not mark.in_patch:
            if value not in mark.members:
                self.error(path, f"expected one of {', '.join(mark.members)}, got {json_words(value)}",
                           did_you_mean(str(value), mark.members))
                return None
            return (value, None)
        if not isinstance(value, dict) or mark.set not in value:
            self.error(path, f"expected {{\"{mark.set}\": …, \"patch\": …}}, got {json_words(value)}")
            return None
        member = value[mark.set]
        if member not in mark.members:
            self.error(f"{path}.{mark.set}", f"expected one of {', '.join(mark.members)}, got {json_words(member)}",
                       did_you_mean(str(member), mark.members))
            return None
        patch = value.get("patch")
        if patch is None:
            if len(patches) != 1:
                self.error(path, f"this cell has {len(patches)} patches: say which the {mark.name} stands in "
                                 f"(\"patch\": 0 to {len(patches) - 1})")
                return None
            return (member, 0)
        if isinstance(patch, str):
            index = self.direction(patch, f"{path}.patch")
            if index is None:
                return None
            patch = next(i for i, p in enumerate(patches) if index in p)
        if isinstance(patch, bool) or not isinstance(patch, int) or not 0 <= patch < len(patches):
            self.error(f"{path}.patch", f"expected a patch, 0 to {len(patches) - 1}, got {json_words(patch)}")
            return None
        where = members[patches[patch][0]]
        home = mark.home.get(member)
        if home is not None and where != home:
            self.error(path, f"a {member} stands only in {home}, but this patch is {where}")
            return None
        return (member, patch)

    def border(self, value, path: str) -> dict:
        if not isinstance(value, dict):
            example = f'{{"r1c3 north": "{self.grid.edges[0]}"}}'
            self.error(path, f"expected an object like {example}, got {json_words(value)}")
            return {}
        found = {}
        for key, member in value.items():
            parts = key.split()
            if len(parts) != 2 or parts[0] not in self.cells or parts[1] not in DIRECTIONS:
                self.error(f"{path}.{key}", f"expected a border edge like \"r1c3 north\", got '{key}'")
                continue
            if self.member(member, f"{path}.{key}") is not None:
                found[(parts[0], DIRECTIONS.index(parts[1]))] = member
        return found
