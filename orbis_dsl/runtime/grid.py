"""Square grids of edge-matched cells: what a board each player builds shows, counted.

Game-neutral: the shape, the members an edge may show, the marks and the border sides all come from a `grid`
declaration. A placed cell has four edges (north, east, south, west), each one member of the edge set; its
`patches` split the four edges into the areas drawn inside it (edges of one patch are one area); marks stand on
the cell, or in one of its patches.

- An edge between two placed cells **mismatches** when they show different members; a placed cell's edge on the
  board's border mismatches when the border there shows another member. Each is counted once.
- **Regions** join patches across matching edges (union-find). A region is **enclosed** when every edge of it
  meets the same member: a placed neighbour or the border showing it. An empty space or a mismatch opens it.
- An **inland** region is an enclosed one that touches the border nowhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from orbis_dsl.common.frozen import EMPTY

DIRECTIONS = ("north", "east", "south", "west")
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Cell(NamedTuple):
    """A placed cell: its four edges (north, east, south, west), their patches, its marks."""

    edges: tuple[str, str, str, str]
    patches: tuple[tuple[int, ...], ...]  # a partition of 0..3 (edge indexes)
    marks: dict  # mark name -> (member, patch index or None)
    face: str | None = None  # the face the record says the tile shows (one of the grid's `faces`), if it says


class BoardRecord(NamedTuple):
    """One player's board: the side it lies on, its placed cells by id, and border edges the record names."""

    side: str
    cells: dict[str, Cell]
    border: Mapping = EMPTY  # (cell id, direction index) -> member: a border edge that differs from the side's


class Mismatch(NamedTuple):
    cell: str
    direction: int
    other: str | None  # the neighbouring cell, or None for the border
    mine: str
    theirs: str

    def words(self) -> str:
        where = "the border" if self.other is None else self.other
        return f"{self.cell} {DIRECTIONS[self.direction]} ({self.mine}) against {where} ({self.theirs})"


class Region(NamedTuple):
    member: str
    cells: tuple[str, ...]  # in board order
    enclosed: bool
    touches_border: bool
    marks: tuple[tuple[str, str], ...]  # (mark name, member) of the marks standing in it
    parts: tuple[tuple[str, int], ...] = ()  # (cell, patch index) of every patch joined into it

    @property
    def inland(self) -> bool:
        return self.enclosed and not self.touches_border


class Features(NamedTuple):
    placed: int
    empty: int
    mismatches: tuple[Mismatch, ...]
    regions: tuple[Region, ...]
    marks: tuple[tuple[str, str, str, str | None], ...]  # (cell, mark, member, member of its patch or None)
    connected: bool
    edges_of: Mapping = EMPTY  # placed cell -> its four edges
    faces_of: Mapping = EMPTY  # placed cell -> the face the record gives it (cells it says nothing of left out)


def layout(shape: tuple[int, ...]) -> dict[str, tuple[int, int]]:
    """Cell ids (`r1c3`, 1-based, columns counted across the widest row) and their (row, column), rows centred."""
    width = max(shape, default=0)
    cells = {}
    for r, count in enumerate(shape):
        start = (width - count) // 2
        for c in range(start, start + count):
            cells[f"r{r + 1}c{c + 1}"] = (r, c)
    return cells


def border_member(borders: dict, side: str, board: BoardRecord, cell: str, direction: int) -> str:
    """What the border shows at one edge: the record's own word, else the side's (one member, or one per facing)."""
    given = board.border.get((cell, direction))
    if given is not None:
        return given
    members = borders[side]
    return members[0] if len(members) == 1 else members[direction]


def default_patches(edges) -> tuple[tuple[int, ...], ...]:
    """Edges showing the same member form one patch, unless the record splits them."""
    groups: dict[str, list[int]] = {}
    for i, member in enumerate(edges):
        groups.setdefault(member, []).append(i)
    return tuple(tuple(g) for g in groups.values())


class _Union:
    def __init__(self):
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _patch_of(cell: Cell, edge: int) -> int:
    return next(i for i, patch in enumerate(cell.patches) if edge in patch)


def features(shape: tuple[int, ...], borders: dict, board: BoardRecord) -> Features:
    """Everything the board shows: mismatched edges, regions (enclosed or open), marks, empty spaces."""
    cells = layout(shape)
    by_pos = {pos: cid for cid, pos in cells.items()}
    order = {cid: i for i, cid in enumerate(cells)}
    placed = {cid: cell for cid, cell in board.cells.items() if cid in cells}
    ordered = sorted(placed, key=order.get)
    edges = _Edges(placed)
    for cid in ordered:
        edges.meet(cid, cells[cid], by_pos, borders, board)
    stands, marks = _marks(placed, ordered, edges.union)
    regions = _regions(placed, ordered, order, edges, stands)
    return Features(len(placed), len(cells) - len(placed), tuple(edges.mismatches), regions, tuple(marks),
                    _connected(placed, cells, by_pos), {cid: cell.edges for cid, cell in placed.items()},
                    {cid: cell.face for cid, cell in placed.items() if cell.face is not None})


class _Edges:
    """The placed cells' edges met one by one: patches that match across an edge joined into one region, each edge
    left open (on an empty space or a mismatch) or on the border, and the mismatches."""

    def __init__(self, placed: dict):
        self.placed = placed
        self.union = _Union()
        self.mismatches: list[Mismatch] = []
        self.open_keys: set = set()
        self.border_keys: set = set()

    def meet(self, cid, pos: tuple[int, int], by_pos: dict, borders: dict, board: BoardRecord) -> None:
        """Each of a cell's four edges against what is across it: the border, an empty space or another cell."""
        cell, (r, c) = self.placed[cid], pos
        for d, (dr, dc) in enumerate(_STEP):
            key = (cid, _patch_of(cell, d))
            self.union.find(key)
            other = by_pos.get((r + dr, c + dc))
            if other is None:
                self._on_border(key, cid, d, cell.edges[d], border_member(borders, board.side, board, cid, d))
            elif other not in self.placed:
                self.open_keys.add(key)
            else:
                self._across(key, cid, d, cell.edges[d], other)

    def _on_border(self, key, cid, d: int, mine, theirs) -> None:
        if theirs != mine:
            self.mismatches.append(Mismatch(cid, d, None, mine, theirs))
            self.open_keys.add(key)
        else:
            self.border_keys.add(key)

    def _across(self, key, cid, d: int, mine, other) -> None:
        theirs = self.placed[other].edges[(d + 2) % 4]
        if theirs != mine:
            self.open_keys.add(key)
            if d in (1, 2):  # east and south: each edge between two cells once
                self.mismatches.append(Mismatch(cid, d, other, mine, theirs))
        else:
            self.union.join(key, (other, _patch_of(self.placed[other], (d + 2) % 4)))


def _marks(placed: dict, ordered: list, union: _Union) -> tuple[dict, list]:
    """The marks standing in each region (by its root), and every mark as (cell, mark, member, edge member)."""
    stands: dict = {}
    marks = []
    for cid in ordered:
        cell = placed[cid]
        for mark, (member, patch) in sorted(cell.marks.items()):
            where = None
            if patch is not None:
                stands.setdefault(union.find((cid, patch)), []).append((mark, member))
                where = cell.edges[cell.patches[patch][0]]
            marks.append((cid, mark, member, where))
    return stands, marks


def _regions(placed: dict, ordered: list, order: dict, edges: _Edges, stands: dict) -> tuple[Region, ...]:
    """The joined patches as regions: each one's member, cells, whether enclosed, inland, and the marks in it."""
    groups: dict = {}
    for cid in ordered:
        for p in range(len(placed[cid].patches)):
            groups.setdefault(edges.union.find((cid, p)), []).append((cid, p))
    regions = []
    for root, keys in groups.items():
        cid, p = keys[0]
        member = placed[cid].edges[placed[cid].patches[p][0]]
        region_cells = tuple(sorted({k[0] for k in keys}, key=order.get))
        regions.append(Region(member, region_cells, not any(k in edges.open_keys for k in keys),
                              any(k in edges.border_keys for k in keys), tuple(stands.get(root, ())), tuple(keys)))
    return tuple(regions)


def _connected(placed: dict, cells: dict, by_pos: dict) -> bool:
    if not placed:
        return True
    start = next(iter(placed))
    seen, todo = {start}, [start]
    while todo:
        r, c = cells[todo.pop()]
        for dr, dc in _STEP:
            other = by_pos.get((r + dr, c + dc))
            if other in placed and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(placed)


def measures(grid, found: Features) -> dict:
    """The board's measures as a grid record's `from` clauses read them (see docs/language.md, grids)."""
    out = _board_measures(grid.edges, found)
    for mark in grid.marks:
        out.update(_mark_measures(mark, grid.edges, found))
    for area, ids in grid.areas.items():
        # A named group of cells (a solo's pre-placed spaces): how many are placed, the edge members they show,
        # and how many carry each mark.
        out.update(_group_measures(grid, found, area, ids))
        out[f"{area}_members"] = len({e for cid in ids for e in found.edges_of.get(cid, ())})
    for face in grid.faces:
        # The cells a record says show this face (a plain face): measured like an area, and how many of them
        # show more than one member on their edges.
        ids = [cid for cid, f in found.faces_of.items() if f == face]
        out.update(_group_measures(grid, found, face, ids))
        out[f"{face}_split"] = sum(1 for cid in ids if len(set(found.edges_of[cid])) > 1)
    return out


def _board_measures(edges, found: Features) -> dict:
    """The whole board's counts, and its regions by edge member: how many, enclosed, inland, the largest."""
    out: dict = {"placed": found.placed, "empty": found.empty, "cells": found.placed + found.empty,
                 "mismatches": len(found.mismatches)}
    for name, test in (("regions", lambda g: True), ("enclosed", lambda g: g.enclosed),
                       ("inland", lambda g: g.inland)):
        out[name] = {m: sum(1 for g in found.regions if g.member == m and test(g)) for m in edges}
    out["largest_region"] = {m: max((len(g.cells) for g in found.regions if g.member == m), default=0) for m in edges}
    out["largest_inland"] = {m: max((len(g.cells) for g in found.regions if g.member == m and g.inland),
                                    default=0) for m in edges}
    return out


def _mark_measures(mark, edges, found: Features) -> dict:
    """A mark's count by member; a mark standing in a patch, also where it stands (see _patch_mark_measures)."""
    out = {mark.name: {m: sum(1 for _, name, member, _ in found.marks if name == mark.name and member == m)
                       for m in mark.members}}
    if mark.in_patch:
        out.update(_patch_mark_measures(mark, edges, found))
    return out


def _patch_mark_measures(mark, edges, found: Features) -> dict:
    """A mark in a patch: how many stand on each edge member; the most of one member of the mark standing together
    in one enclosed region, and the most different members there (what goals like "three of a kind in one
    enclosed area" read)."""
    enclosed = [g for g in found.regions if g.enclosed]
    return {
        mark.name + "_in": {m: sum(1 for _, name, _, where in found.marks if name == mark.name and where == m)
                            for m in edges},
        mark.name + "_together": {m: max((sum(1 for n, v in g.marks if n == mark.name and v == m)
                                          for g in enclosed), default=0)
                                  for m in mark.members},
        mark.name + "_kinds": {m: max((len({v for n, v in g.marks if n == mark.name})
                                       for g in enclosed if g.member == m), default=0)
                               for m in edges},
    }


def _group_measures(grid, found: Features, name: str, ids) -> dict:
    out = {f"{name}_placed": sum(1 for cid in ids if cid in found.edges_of)}
    for mark in grid.marks:
        out[f"{name}_{mark.name}"] = sum(1 for cid, mark_name, _, _ in found.marks
                                         if mark_name == mark.name and cid in ids)
    return out


def measure_sets(grid) -> dict[str, str | None]:
    """Each measure of a grid record: the set it is given once per member of, or None for a single number."""
    per: dict[str, str | None] = dict.fromkeys(("placed", "empty", "cells", "mismatches"))
    for name in ("regions", "enclosed", "inland", "largest_region", "largest_inland"):
        per[name] = grid.edge_set
    for mark in grid.marks:
        per[mark.name] = mark.set
        if mark.in_patch:
            per[mark.name + "_in"] = grid.edge_set
            per[mark.name + "_together"] = mark.set
            per[mark.name + "_kinds"] = grid.edge_set
    for area in grid.areas:
        per.update(dict.fromkeys((f"{area}_placed", f"{area}_members", *(f"{area}_{m.name}" for m in grid.marks))))
    for face in grid.faces:
        per.update(dict.fromkeys((f"{face}_placed", f"{face}_split", *(f"{face}_{m.name}" for m in grid.marks))))
    return per
