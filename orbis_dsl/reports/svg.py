"""A score sheet as an SVG image, to share with the table: each pyramid in its colours, each total, the winner.

Drawn from the report and the rule set's board and colours alone, so a pack's own colours and board come out too.
Every name is escaped: player names and titles are whatever the table typed.
"""

from __future__ import annotations

import hashlib
from html import escape

from orbis_dsl.records.game import GameRecord
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport

TILE_W, TILE_H, GAP = 68, 46, 4
PAD, HEAD = 14, 50  # a panel's margin, and the height of its header (name, god, total)
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

# How the usual colour names look on a table; any other colour a rule set declares gets a hue of its own.
_FILLS = {"red": "#c8372d", "yellow": "#e8b420", "orange": "#e8862a", "blue": "#2f6db5", "green": "#3b8c41",
          "white": "#f3efe3", "black": "#2b2b2b", "purple": "#7b4fa0", "brown": "#8a5a32", "grey": "#8c8c8c",
          "gray": "#8c8c8c", "pink": "#e07aa5", "cyan": "#2aa5b8"}
_DESERT = "#cdb98a"


def fill_of(color: str | None) -> str:
    if color is None:
        return _DESERT
    if color in _FILLS:
        return _FILLS[color]
    hue = int(hashlib.sha256(color.encode()).hexdigest()[:4], 16) % 360
    return f"hsl({hue}, 55%, 45%)"


def _ink(fill: str) -> str:
    """Dark text on light tiles, white on dark ones."""
    if not fill.startswith("#"):
        return "#fff"
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#222" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def score_sheet(report: ScoreReport, game: GameRecord, rules: Rules) -> str:
    """The whole sheet: a panel per player (two across), then the score table."""
    widest = max(rules.board.rows, default=1)
    panel_w = widest * (TILE_W + GAP) - GAP + 2 * PAD
    panel_h = HEAD + len(rules.board.rows) * (TILE_H + GAP) - GAP + 2 * PAD
    columns = 1 if len(report.players) == 1 else 2
    rows_of_panels = -(-len(report.players) // columns)
    title_h = 44
    table_top = title_h + rows_of_panels * (panel_h + GAP * 3)
    table_h = 30 + 26 * len(report.players) + 40
    width = columns * (panel_w + GAP * 3) + GAP * 3
    height = table_top + table_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
           f'<rect width="{width}" height="{height}" fill="#faf7f0"/>',
           _text(GAP * 3, 30, game.title or "Orbis", size=22, weight="bold")]
    for n, (player, record) in enumerate(zip(report.players, game.players)):
        x = GAP * 3 + (n % columns) * (panel_w + GAP * 3)
        y = title_h + (n // columns) * (panel_h + GAP * 3)
        out.extend(_panel(player, record, rules, x, y, panel_w, panel_h))
    out.extend(_table(report, GAP * 3, table_top, width - GAP * 6))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _panel(player, record, rules: Rules, x: int, y: int, w: int, h: int) -> list[str]:
    god = rules.gods.get(record.god) if record.god else None
    border = "#b8860b" if player.winner else "#d6d0c2"
    out = [f'<g transform="translate({x},{y})">',
           f'<rect width="{w}" height="{h}" rx="10" fill="#fff" stroke="{border}" '
           f'stroke-width="{3 if player.winner else 1.5}"/>',
           _text(PAD, PAD + 16, _short(player.name, 16) + ("  ★" if player.winner else ""), size=17, weight="bold"),
           _text(PAD, PAD + 34, (god.title if god else "no god") + (" (cancelled)" if record.god_cancelled else ""),
                 size=12, color="#555"),
           _text(w - PAD, PAD + 18, f"{player.total} CP", size=20, weight="bold", anchor="end"),
           _text(w - PAD, PAD + 34, f"place {player.place}", size=12, color="#555", anchor="end")]
    board = rules.board
    widest = max(board.rows)
    for r in reversed(range(len(board.rows))):
        top = HEAD + PAD + (len(board.rows) - 1 - r) * (TILE_H + GAP)
        left = PAD + (widest - board.rows[r]) * (TILE_W + GAP) / 2
        for i in range(board.rows[r]):
            tile = player.tiles[board.position(r, i)]
            out.extend(_tile(tile, rules, left + i * (TILE_W + GAP), top))
    out.append("</g>")
    return out


def _tile(tile, rules: Rules, x: float, y: float) -> list[str]:
    if tile is None:
        return [f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="6" fill="none" '
                f'stroke="#bbb" stroke-dasharray="4 3"/>']
    fill = _DESERT if tile.desert else fill_of(tile.color)
    ink = _ink(fill)
    kind = rules.kinds.get(tile.kind)
    name = "desert" if tile.desert else (kind.title if kind else str(tile.kind))
    scored = tile.desert or tile.validated
    out = [f'<g opacity="{1 if scored else 0.55}">',
           f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="6" fill="{fill}" stroke="#0003"/>',
           _text(x + TILE_W / 2, y + 17, _short(name), size=10, color=ink, anchor="middle"),
           _text(x + TILE_W / 2, y + 36, _signed(tile.points), size=15, weight="bold", color=ink, anchor="middle"),
           "</g>"]
    if tile.cancelled:  # a Cancelation token: a dark disc with a cross, as on the table
        cx, cy = x + TILE_W - 9, y + 9
        out.append(f'<circle cx="{cx}" cy="{cy}" r="7" fill="#222"/>'
                   f'<path d="M{cx - 3} {cy - 3}L{cx + 3} {cy + 3}M{cx + 3} {cy - 3}L{cx - 3} {cy + 3}" '
                   f'stroke="#fff" stroke-width="1.6"/>')
    return out


def _table(report: ScoreReport, x: int, y: int, w: int) -> list[str]:
    categories = list(report.players[0].categories) if report.players else []
    columns = [*categories, "total", "place"]
    name_w = w * 0.34
    step = (w - name_w) / max(1, len(columns))
    out = [f'<g transform="translate({x},{y})">', _text(0, 16, "player", size=12, color="#555")]
    for c, name in enumerate(columns):
        out.append(_text(name_w + (c + 1) * step - 4, 16, name, size=11, color="#555", anchor="end"))
    for n, p in enumerate(report.players):
        row_y = 40 + 26 * n
        weight = "bold" if p.winner else "normal"
        out.append(_text(0, row_y, p.name, size=14, weight=weight))
        values = [str(p.categories[c]) for c in categories] + [str(p.total), str(p.place)]
        for c, value in enumerate(values):
            out.append(_text(name_w + (c + 1) * step - 4, row_y, value, size=14, weight=weight, anchor="end"))
    winners = " and ".join(report.winners)
    verdict = f"Winner: {winners}" if len(report.winners) == 1 else f"Shared win: {winners}"
    out.append(_text(0, 40 + 26 * len(report.players) + 6, verdict, size=15, weight="bold"))
    out.append("</g>")
    return out


def _text(x: float, y: float, text: str, size: int = 12, weight: str = "normal", color: str = "#222",
          anchor: str = "start") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{color}" '
            f'text-anchor="{anchor}">{escape(text)}</text>')


def _short(name: str, most: int = 11) -> str:
    return name if len(name) <= most else name[:most - 1] + "…"


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")
