"""Orbis's score sheet as a scene: each pyramid in its colours, each tile's points, each total, the table, the
winner. Drawn from the report and the rule set's board and colours alone, so a pack's own colours and board come
out too. `svg.py` and `png.py` write it out.
"""

from __future__ import annotations

from orbis_dsl.reports.scene import DESERT, Circle, Rect, Scene, Stroke, Text, fill_of, ink_on, short, signed
from orbis_dsl.runtime.game_record import GameRecord
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport

TILE_W, TILE_H, GAP = 68, 46, 4
PAD, HEAD = 14, 50  # a panel's margin, and the height of its header (name, god, total)
MARGIN = GAP * 3
TITLE_H = 44
GOLD, RULE = "#b8860b", "#d6d0c2"


def orbis_scene(report: ScoreReport, game: GameRecord, rules: Rules) -> Scene:
    """The whole sheet: a panel per player (two across), then the score table."""
    widest = max(rules.board.rows, default=1)
    panel_w = widest * (TILE_W + GAP) - GAP + 2 * PAD
    panel_h = HEAD + len(rules.board.rows) * (TILE_H + GAP) - GAP + 2 * PAD
    columns = 1 if len(report.players) == 1 else 2
    rows_of_panels = -(-len(report.players) // columns)
    table_top = TITLE_H + rows_of_panels * (panel_h + MARGIN)
    width = columns * (panel_w + MARGIN) + MARGIN
    height = table_top + 30 + 26 * len(report.players) + 40
    items: list = [Text(MARGIN, 30, game.title or "Orbis", size=22, bold=True)]
    for n, (player, record) in enumerate(zip(report.players, game.players)):
        x = MARGIN + (n % columns) * (panel_w + MARGIN)
        y = TITLE_H + (n // columns) * (panel_h + MARGIN)
        items += _panel(player, record, rules, x, y, panel_w, panel_h)
    categories = list(report.players[0].categories) if report.players else []
    rows = [(p.name, [str(p.categories[c]) for c in categories] + [str(p.total), str(p.place)], p.winner)
            for p in report.players]
    items += score_table([*categories, "total", "place"], rows, report.winners, MARGIN, table_top,
                         width - 2 * MARGIN)
    return Scene(width, height, tuple(items))


def _panel(player, record, rules: Rules, x: int, y: int, w: int, h: int) -> list:
    god = rules.gods.get(record.god) if record.god else None
    god_line = (god.title if god else "no god") + (" (cancelled)" if record.god_cancelled else "")
    out: list = [
        Rect(x, y, w, h, "#fff", GOLD if player.winner else RULE, 3 if player.winner else 1.5, rx=10),
        Text(x + PAD, y + PAD + 16, short(player.name, 16) + ("  ★" if player.winner else ""), size=17, bold=True),
        Text(x + PAD, y + PAD + 34, god_line, size=12, color="#555"),
        Text(x + w - PAD, y + PAD + 18, f"{player.total} CP", size=20, bold=True, anchor="end"),
        Text(x + w - PAD, y + PAD + 34, f"place {player.place}", size=12, color="#555", anchor="end")]
    board = rules.board
    widest = max(board.rows)
    for r in reversed(range(len(board.rows))):
        top = y + HEAD + PAD + (len(board.rows) - 1 - r) * (TILE_H + GAP)
        left = x + PAD + (widest - board.rows[r]) * (TILE_W + GAP) / 2
        for i in range(board.rows[r]):
            out += _tile(player.tiles[board.position(r, i)], rules, left + i * (TILE_W + GAP), top)
    return out


def _tile(tile, rules: Rules, x: float, y: float) -> list:
    if tile is None:  # a place nobody filled: a dashed outline
        return [Rect(x, y, TILE_W, TILE_H, None, "#bbbbbb", rx=6, dashed=True)]
    fill = DESERT if tile.desert else fill_of(tile.color)
    ink = ink_on(fill)
    kind = rules.kinds.get(tile.kind)
    name = "desert" if tile.desert else (kind.title if kind else str(tile.kind))
    faded = 1 if tile.desert or tile.validated else 0.55  # a tile that scores nothing
    out: list = [Rect(x, y, TILE_W, TILE_H, fill, "#00000033", rx=6, opacity=faded),
                 Text(x + TILE_W / 2, y + 17, short(name), size=10, color=ink, anchor="middle", opacity=faded),
                 Text(x + TILE_W / 2, y + 36, signed(tile.points), size=15, bold=True, color=ink, anchor="middle",
                      opacity=faded)]
    if tile.cancelled:  # a Cancelation token: a dark disc with a cross, as on the table
        cx, cy = x + TILE_W - 9, y + 9
        out += [Circle(cx, cy, 7, "#222222"),
                Stroke((((cx - 3, cy - 3), (cx + 3, cy + 3)), ((cx + 3, cy - 3), (cx - 3, cy + 3))), "#ffffff", 1.6)]
    return out


def score_table(columns: list[str], rows: list[tuple[str, list[str], bool]], winners: list[str], x: float,
                y: float, w: float) -> list:
    """The table under a sheet: a row per player (name, values, bold for a winner), then the verdict line.
    Shared by every game's sheet."""
    name_w = w * 0.34
    step = (w - name_w) / max(1, len(columns))
    out: list = [Text(x, y + 16, "player", size=12, color="#555")]
    for c, name in enumerate(columns):
        out.append(Text(x + name_w + (c + 1) * step - 4, y + 16, short(name, 14), size=11, color="#555",
                        anchor="end"))
    for n, (name, values, winner) in enumerate(rows):
        row_y = y + 40 + 26 * n
        out.append(Text(x, row_y, short(name, 24), size=14, bold=winner))
        for c, value in enumerate(values):
            out.append(Text(x + name_w + (c + 1) * step - 4, row_y, value, size=14, bold=winner, anchor="end"))
    out.append(Text(x, y + 40 + 26 * len(rows) + 6, verdict(winners), size=15, bold=True))
    return out


def verdict(winners: list[str]) -> str:
    names = " and ".join(winners)
    if not winners:
        return "Nobody wins"
    return f"Winner: {names}" if len(winners) == 1 else f"Shared win: {names}"
