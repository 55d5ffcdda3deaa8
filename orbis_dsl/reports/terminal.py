"""Score reports for people: pyramids drawn in their colours, a score table, the winner, the reasons.

Rich decides about colour: NO_COLOR and output that is not a terminal get plain text.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from orbis_dsl.common.terminal import shown
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport

_STYLES = {"red": "bold red", "yellow": "bold yellow", "blue": "bold blue", "green": "bold green",
           "white": "bold white", "orange": "bold dark_orange"}


def make_console() -> Console:
    # Names and messages come from the user's files: never read them as Rich markup ("[/x]" would raise) or
    # emoji codes.
    return Console(highlight=False, soft_wrap=True, markup=False, emoji=False)


# Two marks, never merged: what the table shows (a token typed in the record) and what the rules computed (the
# tile scores nothing). An unvalidated Irrigation whose token was left off is "no token" in the notation, so it
# shows only the second mark.
LEGEND = "  x Cancelation token on the table · - scores nothing (as the rules compute it) · ~ desert"
_INNER_WIDTH = 15  # what every cell holds between its brackets


def _marks(tile) -> str:
    token = "x" if tile.recorded else " "
    verdict = "-" if tile.cancelled or not tile.validated else " "
    return token + verdict


def _cell(tile, rules: Rules) -> Text:
    if tile is None:
        return Text("[" + " " * _INNER_WIDTH + "]", style="dim")
    if tile.desert:
        return Text(f"[~ {'desert':<7}{tile.points:>3}   ]", style="dim")
    kind = rules.kinds.get(tile.kind)
    name = (kind.name if kind else tile.kind)[:7]
    body = f"{tile.color[0].upper()} {name:<7}{tile.points:>3} {_marks(tile)}"
    return Text(f"[{body}]", style=_STYLES.get(tile.color, ""))


def pyramid_lines(score, rules: Rules) -> list[Text]:
    """The pyramid top row first, centred like the real one (half a cell, with its space, per missing tile)."""
    board = rules.board
    out = []
    widest = board.rows[0] if board.rows else 0
    half = (_INNER_WIDTH + 3) // 2
    for r in reversed(range(len(board.rows))):
        line = Text(" " * half * (widest - board.rows[r]))
        for i in range(board.rows[r]):
            line.append_text(_cell(score.tiles[board.position(r, i)], rules))
            line.append(" ")
        out.append(line)
    return out


def print_report(report: ScoreReport, rules: Rules, console: Console, explain: bool = False,
                 title: str | None = None) -> None:
    if title:
        console.print(Text(shown(title), style="bold"))
    for player in report.players:
        god = player.lines and next((line.what for line in player.lines if line.where == "god"), None)
        god_title = f" — {rules.gods[god].title}" if god in rules.gods else ""
        console.print(Text(shown(player.name + god_title), style="bold"))
        for line in pyramid_lines(player, rules):
            console.print(line)
        console.print(Text(LEGEND, style="dim"))
        if explain:
            for line in player.lines:
                console.print(shown(f"  {line.where:<14} {line.what:<12} {line.cp:>+4}  {line.why}"),
                              highlight=False)
        console.print()
    console.print(score_table(report))
    print_outcome(report, console)


def score_table(report: ScoreReport) -> Table:
    categories = list(report.players[0].categories) if report.players else []
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    for name in categories:
        table.add_column(name, justify="right")
    for name in ("total", "worshippers", "place"):
        table.add_column(name, justify="right")
    for p in report.players:
        table.add_row(shown(p.name), *(f"{p.categories[c]:+d}" if c == "deserts" else str(p.categories[c])
                                for c in categories),
                      str(p.total), str(p.worshippers), str(p.place), style="bold" if p.winner else None)
    return table


def print_any_report(report, rules: Rules, console: Console, explain: bool = False, title: str | None = None,
                     boards: bool = False) -> None:
    """The terminal report of any game: a board of tiles (Orbis) or a score sheet."""
    from orbis_dsl.runtime.sheet_types import SheetReport

    if isinstance(report, SheetReport):
        print_sheet_report(report, rules, console, explain, title, boards)
    else:
        print_report(report, rules, console, explain, title)


def print_sheet_report(report, rules: Rules, console: Console, explain: bool = False,
                       title: str | None = None, boards: bool = False) -> None:
    """A score sheet: one row per player, one column per declared score (or per round), the lines when asked.
    Typed boards (a grid record's: some 20 lines each, 3 rounds a player) are drawn only with `boards`, after the
    table and the winner, which lead; a hex map (Terra Mystica's) is drawn above the table."""
    if title:
        console.print(Text(shown(title), style="bold"))
    if getattr(report, "cells", None) and rules.settings.hexmap is not None:
        _print_map(report, rules, console)
    if explain:
        _print_sheet_lines(report, rules, console)
    console.print(_sheet_table(report, rules))
    print_outcome(report, console)
    if boards and report.boards:
        console.print()
        _print_boards(report, rules, console)


def _print_map(report, rules: Rules, console: Console) -> None:
    """The rule set's hex map with the players' cells on it."""
    from orbis_dsl.reports.map import map_lines
    from orbis_dsl.runtime.hexmap import board_of

    for line in map_lines(board_of(rules.settings.hexmap), report.cells, getattr(report, "colours", None)):
        console.print(line)
    console.print()


def _print_sheet_lines(report, rules: Rules, console: Console) -> None:
    """`--explain`: the awards' summaries, then each player's lines, their labels in one column."""
    for summary in report.awards:
        console.print(shown(f"  {summary}"), highlight=False)
    console.print()
    labels = {id(line): _sheet_label(rules, line) for player in report.players for line in player.lines}
    width = max(map(len, labels.values()), default=0)
    for player in report.players:
        console.print(Text(shown(player.name), style="bold"))
        for line in player.lines:
            # A line that scores nothing of itself (an enclosed landscape, a mismatch, a note) shows no
            # "+0": its points are in the column it explains.
            points = f"{line.cp:>+5}" if line.cp or line.what not in _UNSCORED else " " * 5
            console.print(shown(f"  {labels[id(line)]:<{width}} {points}  {line.why}"), highlight=False)
        console.print()


def _sheet_table(report, rules: Rules) -> Table:
    """A row per player: each score's column (or each round's total), the total and the place; winners bold."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    columns = _shown_columns(report, rules)
    for name in columns:
        table.add_column(shown(rules.scores[name].title), justify="right")
    for r in range(len(report.players[0].rounds) if report.rounds and report.players else 0):
        table.add_column(f"round {r + 1}", justify="right")
    for name in ("total", "place"):
        table.add_column(name, justify="right")
    for p in report.players:
        cells = [str(p.columns[c]) for c in columns] + [str(t) for t in p.rounds]
        table.add_row(shown(p.name), *cells, str(p.total), str(p.place), style="bold" if p.winner else None)
    return table


def _shown_columns(report, rules: Rules) -> list[str]:
    """The score columns the table shows (none in a game of rounds, whose rounds are its columns)."""
    columns = [c.name for c in rules.scores.values()] if not report.rounds else []
    # A column nobody scored in is left out (Terra Mystica's Fire & Ice tile in a base game); the JSON keeps it.
    return [c for c in columns if any(p.columns[c] for p in report.players)] or columns


# The lines of a sheet's explanation that are not a column's: what a board shows, and notes.
_UNSCORED = frozenset({"enclosed", "mismatch", "note"})


def print_outcome(report, console: Console) -> None:
    """The winner (or winners, or none: a solo game lost) and every warning, under any game's table."""
    winners = " and ".join(shown(name) for name in report.winners)
    console.print(Text("No winner" if not report.winners else f"Winner: {winners}" if len(report.winners) == 1
                       else f"Shared win: {winners}", style="bold"))
    if report.warnings:
        console.print()
        console.print(Text(f"{len(report.warnings)} warning{'s' if len(report.warnings) != 1 else ''}:",
                           style="bold yellow"))
        for warning in report.warnings:
            console.print(shown(f"  {warning.where}: {warning.message}"), highlight=False)


def _print_boards(report, rules: Rules, console: Console) -> None:
    """Each player's board, round by round, as the record gives it (a grid record's)."""
    from orbis_dsl.reports.grid import board_lines

    grid = rules.settings.grid
    for player, boards in zip(report.players, report.boards):
        for r, board in enumerate(boards, 1):
            if board is None:
                continue
            label = f"{player.name}, round {r}" if report.rounds else player.name
            console.print(Text(f"{label} — {grid.title}, {board.side} side", style="bold"))
            for line in board_lines(grid, board):
                console.print(line)
    console.print()


def _sheet_label(rules: Rules, line) -> str:
    """A sheet line's label: in a game of rounds the line says its round ("round 2"); the column's title is
    added so that each line reads on its own ("round 2: Volcanoes")."""
    column = rules.scores.get(line.what)
    if column is None or line.where == column.title:
        return line.where
    return f"{line.where}: {column.title}"
