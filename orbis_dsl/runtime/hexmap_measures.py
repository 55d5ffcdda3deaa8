"""What `largest group(…) by MEASURE` computes over a player's connected groups of cells (Terra Mystica's Fire & Ice
final scoring tiles, as jsnell's `src/map.pm` `compute_network_size` computes them, in game-neutral words):

- `span`: the most cells apart two cells of one group stand (`hex_distance`: neighbours 1);
- `span between A and B`: the same between a cell of member A and a cell of member B of one group;
- `parts`: the most parts one group splits into when only the `parts` links join cells;
- `border`: the most cells of one group on the map's border (the first or last cell of a row, or the top or
  bottom row).

A player with no cells (or no pair) measures 0; the trace names the group that measured most.
"""

from __future__ import annotations


def cell_distance(board, a: str, b: str) -> int:
    """Steps from cell a to cell b across the map (neighbours: 1), as jsnell's `hex_distance`: rows apart, and
    half-columns apart (odd rows are shifted half a cell right), of which each diagonal step covers one."""
    if a == b:
        return 0
    (ra, ca), (rb, cb) = board.cells[a], board.cells[b]
    rows = abs(ra - rb)
    half_columns = abs((2 * ca + ra % 2) - (2 * cb + rb % 2))
    if half_columns < rows:
        return rows
    return rows + (half_columns - rows) // 2


def on_border(board, cell: str) -> bool:
    row, column = board.cells[cell]
    return row in (0, len(board.layout) - 1) or column in (0, len(board.layout[row]) - 1)


def group_measure(board, found: list[list[str]], by: str, between: list, parts: tuple, trace: list | None,
                  groups) -> int:
    """`by` of the best of the groups `found`; `groups` is hexmap's grouping, handed in (it calls this module)."""
    best, shown = 0, None
    for group in found:
        members = set(group)
        if by == "span" and between:
            firsts = [c for c in between[0] if c in members]
            seconds = [c for c in between[1] if c in members]
            value = max((cell_distance(board, a, b) for a in firsts for b in seconds), default=0)
        elif by == "span":
            value = max((cell_distance(board, a, b) for a in group for b in group), default=0)
        elif by == "parts":
            value = len(groups(board, group, parts))
        else:
            value = sum(1 for cell in group if on_border(board, cell))
        if value > best:
            best, shown = value, group
    if trace is not None:
        words = {"span": "span", "parts": "parts", "border": "border cells"}[by]
        trace.append(f"largest group by {words} {best}: " + (", ".join(shown) if shown else "none"))
    return best
