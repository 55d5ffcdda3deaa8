"""The terminal view of a grid board: each space three lines high, its edges' initials around, its marks inside.

```
  d
wpA w      a cell: north edge on top, west and east at the sides, south below; inside, each mark's initial
  w        (lower case for a mark standing in a patch, upper case for one on the cell)
```
An empty space is a dot. Colours follow the order of the edge set, so any game's grid draws the same way.
"""

from __future__ import annotations

from rich.text import Text

from orbis_dsl.runtime.grid import layout

_PALETTE = ("blue", "yellow", "green", "bright_green", "magenta", "cyan", "red", "white")


def board_lines(grid, board) -> list[Text]:
    cells = layout(grid.shape)
    width = max(grid.shape)
    styles = {m: _PALETTE[i % len(_PALETTE)] for i, m in enumerate(grid.edges)}
    out = []
    for r in range(len(grid.shape)):
        ids = [cid for cid, (row, _) in cells.items() if row == r]
        pad = " " * 6 * ((width - len(ids)) // 2)
        top, middle, bottom = Text(pad), Text(pad), Text(pad)
        for cid in ids:
            cell = board.cells.get(cid)
            if cell is None:
                top.append("      ")
                middle.append("  ·   ", style="dim")
                bottom.append("      ")
                continue
            n, e, s, w = cell.edges
            inside = "".join(member[0].lower() if patch is not None else member[0].upper()
                             for member, patch in (cell.marks[m.name] for m in grid.marks if m.name in cell.marks))
            top.append("  ").append(n[0], style=styles[n]).append("   ")
            middle.append(w[0], style=styles[w]).append(f"{inside:^3}"[:3]).append(e[0], style=styles[e]).append(" ")
            bottom.append("  ").append(s[0], style=styles[s]).append("   ")
        out += [top, middle, bottom]
    return out
