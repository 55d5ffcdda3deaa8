"""The interpreter's own `largest group(…)`: a player's occupied cells split into connected groups by the rule's
links, and the largest group's size or measure (span, parts, border cells).

Written apart from `runtime.hexmap` and `runtime.hexmap_measures` (which the generated handlers reach through
`runtime.support`) on purpose, the way `values` is written apart from `support`: the interpreter is the oracle the
compiled scorers are held to. It reads only the map's data (its cells' rows and columns, what each cell touches and
which cells are water), and works the rest out another way: groups by union-find instead of a search from each
cell, distances across the map in cube coordinates instead of jsnell's half-column count, paths through the map by
its own breadth-first walk. What it leaves in the trace is worded as the compiled scorers word it, so that the
explanations agree too.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import NamedTuple


class Link(NamedTuple):
    """One way two of a player's cells connect. `cells`: the crossings (`joined`, pairs of cells) or the water cells
    beside which two cells connect (`beside`). A `reach` of none switches a `water` or `within` link off."""

    kind: str
    reach: int | None = None
    cells: frozenset = frozenset()


def link(kind: str, reach: int | None = None, listed=()) -> Link:
    if kind == "joined":
        return Link(kind, reach, frozenset(frozenset(pair) for pair in listed or () if len(pair) == 2))
    if kind == "beside":
        return Link(kind, reach, frozenset(listed or ()))
    return Link(kind, reach)


def _water(board, cell: str) -> bool:
    return board.symbol.get(cell) == board.spec.water


@lru_cache(maxsize=4096)  # (a map is derived once per process; each walk is asked for every pair of cells)
def _steps_through(board, start: str, water_only: bool) -> dict[str, int]:
    """Steps from `start` to each cell reached, walking the map; with `water_only`, only water cells are walked
    through (a land cell ends a path)."""
    steps, queue = {start: 0}, deque([start])
    while queue:
        cell = queue.popleft()
        if cell != start and water_only and not _water(board, cell):
            continue
        for nxt in board.neighbours[cell]:
            if nxt not in steps:
                steps[nxt] = steps[cell] + 1
                queue.append(nxt)
    return steps


def _joins(board, a: str, b: str, link: Link) -> bool:
    if link.kind == "adjacent":
        return b in board.neighbours[a]
    if link.kind == "joined":
        return frozenset((a, b)) in link.cells
    if link.kind == "beside":
        return any(w in board.neighbours[a] and w in board.neighbours[b] for w in link.cells)
    if link.reach is None:
        return False
    # Water cells (or cells of any kind) strictly between the two: one fewer than the steps from one to the other.
    steps = _steps_through(board, a, water_only=link.kind == "water").get(b)
    if steps is None or (link.kind == "water" and _water(board, b)):
        return False
    return steps - 1 <= link.reach


def _groups(board, cells: list[str], links) -> list[list[str]]:
    """The cells split into connected groups (union-find), largest first, then in the order of their first cell;
    each group's cells in reading order."""
    parent = {cell: cell for cell in cells}

    def root(cell):
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if root(a) != root(b) and any(_joins(board, a, b, one) for one in links):
                parent[root(b)] = root(a)
    by_root: dict[str, list[str]] = {}
    for cell in cells:
        by_root.setdefault(root(cell), []).append(cell)
    found = [sorted(group, key=lambda c: board.cells[c]) for group in by_root.values()]
    return sorted(found, key=len, reverse=True)


def _cube(board, cell: str) -> tuple[int, int, int]:
    """A cell's cube coordinates (odd rows sit half a cell to the right)."""
    row, column = board.cells[cell]
    x = column - (row - (row & 1)) // 2
    return x, row, -x - row


def _apart(board, a: str, b: str) -> int:
    """Steps across the map from a to b, neighbours 1, as the crow flies."""
    (xa, ya, za), (xb, yb, zb) = _cube(board, a), _cube(board, b)
    return max(abs(xa - xb), abs(ya - yb), abs(za - zb))


@lru_cache(maxsize=64)
def _extent(board) -> tuple[int, dict[int, int]]:
    """(the last row, each row's last column) of the map, worked out once per map."""
    last_column: dict[int, int] = {}
    for row, column in board.cells.values():
        last_column[row] = max(column, last_column.get(row, 0))
    return max(last_column), last_column


def _on_border(board, cell: str) -> bool:
    row, column = board.cells[cell]
    last_row, last_column = _extent(board)
    return row in (0, last_row) or column in (0, last_column[row])


def _measure(board, group: list[str], by: str, between: list, parts) -> int:
    if by == "span":
        if between:  # from a cell of the first member to a cell of the second, both in this group
            firsts, seconds = ([c for c in group if c in member] for member in map(set, between))
        else:
            firsts = seconds = group
        return max((_apart(board, a, b) for a in firsts for b in seconds), default=0)
    if by == "parts":
        return len(_groups(board, group, parts))
    return sum(1 for cell in group if _on_border(board, cell))


def _cells(board, occupied) -> list[str]:
    """The occupied cells of the map, each once, in the order given (cells per member: member after member)."""
    cells = [cell for cells in occupied.values() if cells for cell in cells] if isinstance(occupied, dict) \
        else list(occupied)
    return [cell for cell in dict.fromkeys(cells) if cell in board.cells]


def _shown(group) -> str:
    return ", ".join(group) if group else "none"


def largest_group(board, occupied, links, trace=None, by=None, between=(), parts=()) -> int | None:
    """The largest group's size (or, `by` a measure, the most any group measures); none without a map or cells."""
    if board is None or occupied is None:
        return None
    found = _groups(board, _cells(board, occupied), links)
    if by is None:
        if trace is not None:
            trace.append(f"largest group {len(found[0]) if found else 0}: {_shown(found[0] if found else None)}")
        return len(found[0]) if found else 0
    per_member = occupied if isinstance(occupied, dict) else {}
    best, shown = 0, None
    for group in found:
        value = _measure(board, group, by, [per_member.get(m) or () for m in between], parts)
        if value > best:
            best, shown = value, group
    if trace is not None:
        words = {"span": "span", "parts": "parts", "border": "border cells"}[by]
        trace.append(f"largest group by {words} {best}: {_shown(shown)}")
    return best
