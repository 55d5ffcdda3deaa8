"""The terminal view of a hex map: every cell as its symbol, water dim, each player's cells in the player's
colour, odd rows shifted half a cell as on the board; a legend names the players and their colours.

A player's colour is the one the rules pick for them (`player colors by VALUE: …` in the hexmap: Terra Mystica
draws each faction in its home terrain's colour), else one by seat.
"""

from __future__ import annotations

from rich.text import Text

from orbis_dsl.common.colours import style
from orbis_dsl.runtime.hexmap import HexMap

# Players the rules give no colour take these, in seating order: distinct on dark and light terminals alike.
PLAYER_STYLES = ("bold white on red", "bold black on yellow", "bold white on blue", "bold black on green",
                 "bold white on magenta")


def player_styles(names, colours: dict[str, str] | None = None) -> dict[str, str]:
    """Each player's style: the colour the rules pick, else the seat's."""
    colours = colours or {}
    return {name: style(colours[name]) if name in colours else PLAYER_STYLES[i % len(PLAYER_STYLES)]
            for i, name in enumerate(names)}


def map_lines(board: HexMap, cells_by_player: dict[str, list[str]], colours: dict[str, str] | None = None
              ) -> list[Text]:
    styles = player_styles(cells_by_player, colours)
    owner = {cell: name for name, cells in cells_by_player.items() for cell in cells}
    out = []
    for r, row in enumerate(board.layout):
        line = Text("  " if r % 2 else "")
        for name in row:
            if name in owner:
                line.append(f"{name:^4}", style=styles[owner[name]])
            elif board.is_water(name):
                line.append("  ~ ", style="dim blue")
            else:
                line.append(f" {board.symbol[name]}  ", style="dim")
        out.append(line)
    # The legend says each colour in words too: it reads without colour (NO_COLOR, a printout).
    legend = Text("  ")
    for name in cells_by_player:
        legend.append(f" {name} ", style=styles[name])
        legend.append(f" {colours[name]}  " if colours and name in colours else "  ")
    out.append(legend)
    return out
