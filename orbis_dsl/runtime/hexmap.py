"""Hex maps declared as data (`hexmap`): named cells, water cells, crossing spots, distances, connected groups.

A map is rows of one-character symbols, the first row at the top; the second, fourth … rows are shifted half a cell
to the right. The water symbol marks water cells; every other symbol is a land cell, named by its row's label and
a count of the land cells of that row from 1 at the left (`A1`, `E7`), as Terra Mystica's printed board and
jsnell's moderator name them (docs/rules/terra-mystica.md §8). Water cells are named too, by the map's water prefix
and a count of all of them from 0 in reading order (jsnell's `r0` … `r35`), so a record that puts a piece on one
is told so.

Nothing here knows a game: which cells a player occupies, which crossings they built and how far they reach come
from the record; which ways of connecting count come from the rule file's `largest group(…)`.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from orbis_dsl.runtime.hexmap_measures import group_measure


class HexMapSpec(NamedTuple):
    """A `hexmap` declaration as the generated code holds it."""

    name: str
    title: str
    water: str  # the symbol of water cells
    rows: tuple[tuple[str, str], ...]  # (label, symbols separated by spaces)
    water_prefix: str = "~"  # water cells are named by it and a count of them all from 0, in reading order
    player_colors: tuple = ()  # (value name, colour words): a player's cells drawn in the colour their value picks


class Link(NamedTuple):
    """One way two occupied cells of a player connect (`largest group(…)`): `adjacent`; `joined` (the crossings of
    a fact, as direct adjacency); `beside` (both touch one of a fact's water cells); `water` (a path through water
    cells only, at most `reach` of them); `within` (at most `reach` cells of any kind strictly between). A reach of
    none means the link does not apply."""

    kind: str
    reach: int | None = None
    pairs: tuple = ()  # `joined`: the crossings, each a pair of cell names


def link(kind: str, reach: int | None = None, pairs=()) -> Link:
    if kind == "beside":
        return Link(kind, reach, tuple(pairs or ()))  # water cells
    return Link(kind, reach, tuple(tuple(pair) for pair in pairs or ()) if kind == "joined" else ())


class HexMap:
    """The geometry of one declared map, derived once."""

    def __init__(self, spec: HexMapSpec):
        self.spec = spec
        self.cells: dict[str, tuple[int, int]] = {}  # name -> (row, column over all the row's cells)
        self.symbol: dict[str, str] = {}
        self.at: dict[tuple[int, int], str] = {}
        self.layout: list[list[str]] = []  # names by row and column, for drawing
        water = 0
        for r, (label, symbols) in enumerate(spec.rows):
            land = 0
            row = []
            for c, symbol in enumerate(symbols.split()):
                if symbol == spec.water:
                    name = f"{spec.water_prefix}{water}"
                    water += 1
                else:
                    land += 1
                    name = f"{label}{land}"
                self.cells[name] = (r, c)
                self.symbol[name] = symbol
                self.at[(r, c)] = name
                row.append(name)
            self.layout.append(row)
        self.neighbours: dict[str, frozenset[str]] = {name: frozenset(self._around(name)) for name in self.cells}
        self.crossings: frozenset[frozenset[str]] = frozenset(self._crossing_spots())
        self._water_distances: dict[str, dict[str, int]] = {}
        self._distances: dict[str, dict[str, int]] = {}

    def is_water(self, name: str) -> bool:
        return self.symbol.get(name) == self.spec.water

    @property
    def land(self) -> list[str]:
        return [name for name in self.cells if not self.is_water(name)]

    def _around(self, name: str):
        r, c = self.cells[name]
        # Odd rows are shifted right: the rows above and below meet a cell at c-1, c (even rows) or c, c+1 (odd).
        shift = 0 if r % 2 == 0 else 1
        for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c - 1 + shift), (r - 1, c + shift),
                       (r + 1, c - 1 + shift), (r + 1, c + shift)):
            if (rr, cc) in self.at:
                yield self.at[(rr, cc)]

    def _crossing_spots(self):
        """Two land cells, not neighbours, whose two common neighbours are both water: a crossing spans them."""
        for a in self.land:
            for w in self.neighbours[a]:
                if not self.is_water(w):
                    continue
                for b in self.neighbours[w]:
                    if b == a or self.is_water(b) or b in self.neighbours[a]:
                        continue
                    common = self.neighbours[a] & self.neighbours[b]
                    if len(common) == 2 and all(self.is_water(x) for x in common):
                        yield frozenset((a, b))

    def water_distance(self, a: str, b: str) -> int | None:
        """Water cells on the shortest path from land cell a to land cell b through water cells only (neighbours:
        0); None when no such path exists."""
        return self._from(a, self._water_distances, water_only=True).get(b)

    def distance(self, a: str, b: str) -> int:
        """Cells of any kind strictly between a and b (neighbours: 0)."""
        return self._from(a, self._distances, water_only=False)[b]

    def _from(self, start: str, cache: dict, water_only: bool) -> dict[str, int]:
        if start in cache:
            return cache[start]
        between = {start: -1}  # cells strictly between start and each cell reached
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if cell != start and water_only and not self.is_water(cell):
                continue  # a land cell ends a path through water
            for nxt in self.neighbours[cell]:
                if nxt not in between:
                    between[nxt] = between[cell] + 1
                    queue.append(nxt)
        found = {cell: d for cell, d in between.items() if cell != start and not (water_only and self.is_water(cell))}
        cache[start] = found
        return found


def connected(board: HexMap, a: str, b: str, links: tuple[Link, ...]) -> bool:
    for link in links:
        if link.kind == "adjacent" and b in board.neighbours[a]:
            return True
        if link.kind == "joined" and (frozenset((a, b)) in link.pairs):
            return True
        if link.kind == "beside" and any(w in board.neighbours[a] and w in board.neighbours[b] for w in link.pairs):
            return True
        if link.reach is None:
            continue
        if link.kind == "water":
            d = board.water_distance(a, b)
            if d is not None and d <= link.reach:
                return True
        if link.kind == "within" and board.distance(a, b) <= link.reach:
            return True
    return False


def groups(board: HexMap, cells, links: tuple[Link, ...]) -> list[list[str]]:
    """The player's occupied cells split into connected groups, largest first (then by first cell)."""
    cells = list(dict.fromkeys(c for c in cells if c in board.cells))
    seen: set[str] = set()
    found = []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        group, stack = [start], [start]
        while stack:
            here = stack.pop()
            for other in cells:
                if other not in seen and connected(board, here, other, links):
                    seen.add(other)
                    group.append(other)
                    stack.append(other)
        found.append(sorted(group, key=board.cells.__getitem__))
    found.sort(key=lambda g: -len(g))
    return found


def largest_group(board: HexMap | None, occupied, links: tuple[Link, ...], trace: list | None = None,
                  by: str | None = None, between: tuple = (), parts: tuple = ()) -> int | None:
    """The size of the largest connected group of `occupied` (a list of cells, or cells per member of a set);
    none when the record gives no cells. The trace names the group's cells. With `by` (span, parts, border), the
    largest of that measure over the groups instead (runtime.hexmap_measures)."""
    if board is None or occupied is None:
        return None
    by_member = occupied if isinstance(occupied, dict) else {}
    if isinstance(occupied, dict):
        occupied = [cell for member in occupied.values() if member for cell in member]
    found = groups(board, occupied, tuple(_with_pairs(link) for link in links))
    if by is not None:
        return group_measure(board, found, by, [by_member.get(m) or () for m in between],
                             tuple(_with_pairs(link) for link in parts), trace, groups)
    if trace is not None:
        trace.append(f"largest group {len(found[0]) if found else 0}: " + (", ".join(found[0]) if found else "none"))
    return len(found[0]) if found else 0


def _with_pairs(link: Link) -> Link:
    if link.kind != "joined":
        return link
    return link._replace(pairs=frozenset(frozenset(pair) for pair in (link.pairs or ()) if len(pair) == 2))


_BOARDS: dict[HexMapSpec, HexMap] = {}


def board_of(spec: HexMapSpec | None) -> HexMap | None:
    """The geometry of a declared map, derived once per process."""
    if spec is None:
        return None
    if spec not in _BOARDS:
        _BOARDS[spec] = HexMap(spec)
    return _BOARDS[spec]
