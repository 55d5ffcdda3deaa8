"""Pyramid geometry, precomputed once: positions, supports and neighbours as integer tables."""

from __future__ import annotations

import attrs


@attrs.frozen
class Board:
    """Rows bottom first; a position is an index into the flattened rows.

    Tile (r, i) rests on (r-1, i) and (r-1, i+1); its neighbours are (r, i±1), (r-1, i), (r-1, i+1),
    (r+1, i-1) and (r+1, i) where they exist.
    """

    rows: tuple[int, ...]
    coords: tuple[tuple[int, int], ...] = attrs.field(init=False)
    supports: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    supported: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    labels: tuple[str, ...] = attrs.field(init=False)
    starts: tuple[int, ...] = attrs.field(init=False)  # the position of each row's first tile

    def __attrs_post_init__(self):
        coords = tuple((r, i) for r, width in enumerate(self.rows) for i in range(width))
        index = {c: n for n, c in enumerate(coords)}

        def existing(cells):
            return tuple(index[c] for c in cells if c in index)

        object.__setattr__(self, "coords", coords)
        object.__setattr__(self, "supports", tuple(
            existing([(r - 1, i), (r - 1, i + 1)]) if r > 0 else () for r, i in coords))
        object.__setattr__(self, "neighbours", tuple(
            existing([(r, i - 1), (r, i + 1), (r - 1, i), (r - 1, i + 1), (r + 1, i - 1), (r + 1, i)])
            for r, i in coords))
        object.__setattr__(self, "supported", tuple(
            existing([(r + 1, i - 1), (r + 1, i)]) for r, i in coords))
        object.__setattr__(self, "labels", tuple(f"row {r + 1}, tile {i + 1}" for r, i in coords))
        object.__setattr__(self, "starts", tuple(sum(self.rows[:r]) for r in range(len(self.rows))))

    @property
    def size(self) -> int:
        return len(self.coords)

    def position(self, row: int, index: int) -> int:
        """0-based row and index → position."""
        return self.starts[row] + index

    def label(self, pos: int) -> str:
        """How people name a place: 'row 2, tile 3' (1-based, rows from the bottom, tiles from the left)."""
        return self.labels[pos]
