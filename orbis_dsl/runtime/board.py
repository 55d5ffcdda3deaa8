"""Pyramid geometry, precomputed once: positions, supports and neighbours as integer tables."""

from __future__ import annotations


class Board:
    """Rows bottom first; a position is an index into the flattened rows.

    Tile (r, i) rests on (r-1, i) and (r-1, i+1); its neighbours are (r, i±1), (r-1, i), (r-1, i+1),
    (r+1, i-1) and (r+1, i) where they exist. Every table is derived from `rows`, so two boards are equal
    when their rows are.
    """

    __slots__ = ("borders", "column_numbers", "coords", "labels", "neighbours", "resting", "row_numbers", "rows",
                 "starts", "supported", "supports")

    def __init__(self, rows: tuple[int, ...]):
        coords = tuple((r, i) for r, width in enumerate(rows) for i in range(width))
        index = {c: n for n, c in enumerate(coords)}

        def existing(cells):
            return tuple(index[c] for c in cells if c in index)

        self.rows = tuple(rows)
        self.coords = coords
        self.supports = tuple(existing([(r - 1, i), (r - 1, i + 1)]) if r > 0 else () for r, i in coords)
        self.neighbours = tuple(
            existing([(r, i - 1), (r, i + 1), (r - 1, i), (r - 1, i + 1), (r + 1, i - 1), (r + 1, i)])
            for r, i in coords)
        self.supported = tuple(existing([(r + 1, i - 1), (r + 1, i)]) for r, i in coords)
        self.labels = tuple(f"row {r + 1}, tile {i + 1}" for r, i in coords)
        self.starts = tuple(sum(rows[:r]) for r in range(len(rows)))  # the position of each row's first tile
        # (position, the positions it rests on) of each tile above the bottom row: every game scored checks them
        self.resting = tuple((pos, self.supports[pos]) for pos in range(len(coords)) if self.supports[pos])
        # What rule expressions read as a tile's `row`, `column` (from 1) and `border` (either end of its row).
        self.row_numbers = tuple(r + 1 for r, _ in coords)
        self.column_numbers = tuple(i + 1 for _, i in coords)
        self.borders = tuple(i in (0, rows[r] - 1) for r, i in coords)

    def __eq__(self, other) -> bool:
        return isinstance(other, Board) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"Board(rows={self.rows!r})"

    @property
    def size(self) -> int:
        return len(self.coords)

    def position(self, row: int, index: int) -> int:
        """0-based row and index → position."""
        return self.starts[row] + index

    def label(self, pos: int) -> str:
        """How people name a place: 'row 2, tile 3' (1-based, rows from the bottom, tiles from the left)."""
        return self.labels[pos]
