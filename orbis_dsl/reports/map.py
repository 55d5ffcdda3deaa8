"""The terminal view of a hex map: every cell as its symbol, water dim, each player's cells in the player's
colour, odd rows shifted half a cell as on the board; a legend names the colours."""

from __future__ import annotations

from rich.text import Text

from orbis_dsl.runtime.hexmap import HexMap

# Players take these in seating order: distinct on dark and light terminals alike.
PLAYER_STYLES = ("bold white on red", "bold black on yellow", "bold white on blue", "bold black on green",
                 "bold white on magenta")


def map_lines(board: HexMap, cells_by_player: dict[str, list[str]]) -> list[Text]:
    owner = {cell: i for i, cells in enumerate(cells_by_player.values()) for cell in cells}
    out = []
    for r, row in enumerate(board.layout):
        line = Text("  " if r % 2 else "")
        for name in row:
            if name in owner:
                line.append(f"{name:^4}", style=PLAYER_STYLES[owner[name] % len(PLAYER_STYLES)])
            elif board.is_water(name):
                line.append("  ~ ", style="dim blue")
            else:
                line.append(f" {board.symbol[name]}  ", style="dim")
        out.append(line)
    legend = Text("  ")
    for i, name in enumerate(cells_by_player):
        legend.append(f" {name} ", style=PLAYER_STYLES[i % len(PLAYER_STYLES)])
        legend.append(" ")
    out.append(legend)
    return out
