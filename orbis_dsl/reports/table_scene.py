"""A score-sheet game's sheet as a scene (Terra Mystica's final scoring, Mondo's rounds): the paper sheet as a
table, a column per player and a row per fact the record gives, then the points of each scoring column, each
round's total, the total and the place; the winners' columns are marked. Built from the rule set's declarations
(facts, scores, rounds) and the report alone, so it knows no game.
"""

from __future__ import annotations

from orbis_dsl.reports.orbis_scene import verdict
from orbis_dsl.reports.scene import Rect, Scene, Text, short
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.sheet_types import Held, SheetRecord, SheetReport

LABEL_W, COLUMN_W, ROW_H, MARGIN = 290, 120, 22, 12
TITLE_H, HEAD_H = 44, 44
GOLD, BAND, RULE = "#b8860b", "#efe9dc", "#d6d0c2"


def table_scene(report: SheetReport, record: SheetRecord, rules: Rules) -> Scene:
    rows = _rows(report, record, rules)
    n = len(report.players)
    width = 2 * MARGIN + LABEL_W + n * COLUMN_W
    top = TITLE_H + HEAD_H
    height = top + ROW_H * len(rows) + 56
    title = record.title or rules.settings.title or rules.settings.game or "Score sheet"
    items: list = [Text(MARGIN, 30, short(title, max(12, (width - 2 * MARGIN) // 13)), size=22, bold=True)]
    for r, (_, _, kind) in enumerate(rows):  # section bands first: the players' columns lie over them
        if kind == "section":
            items.append(Rect(MARGIN, top + r * ROW_H + 3, width - 2 * MARGIN, ROW_H - 2, BAND, rx=4))
    for p, player in enumerate(report.players):  # each player's column, gold for a winner
        x = MARGIN + LABEL_W + p * COLUMN_W
        items.append(Rect(x + 2, TITLE_H, COLUMN_W - 4, HEAD_H + ROW_H * len(rows) + 6, "#ffffff",
                          GOLD if player.winner else RULE, 3 if player.winner else 1, rx=8))
        items.append(Text(x + COLUMN_W / 2, TITLE_H + 19, short(player.name, 12) + (" ★" if player.winner else ""),
                          size=14, bold=True, anchor="middle"))
        piece = record.rounds[0][p].piece if record.rounds else None
        if piece:
            shown = rules.gods[piece].title if piece in rules.gods else piece
            items.append(Text(x + COLUMN_W / 2, TITLE_H + 36, short(shown, 16), size=11, color="#555",
                              anchor="middle"))
    for r, (label, values, kind) in enumerate(rows):
        y = top + r * ROW_H
        bold = kind in ("section", "total")
        size = 15 if kind == "total" else 13
        items.append(Text(MARGIN + 6, y + 17, short(label, 40), size=size, bold=bold,
                          color="#222" if kind != "fact" else "#444"))
        for p, value in enumerate(values):
            if not value:
                continue  # a section's row has no values
            items.append(Text(MARGIN + LABEL_W + (p + 1) * COLUMN_W - 10, y + 17, short(value, 15), size=size,
                              bold=bold, anchor="end"))
    items.append(Text(MARGIN, top + ROW_H * len(rows) + 34, verdict(report.winners), size=15, bold=True))
    return Scene(width, height, tuple(items))


def _rows(report: SheetReport, record: SheetRecord, rules: Rules) -> list[tuple[str, list[str], str]]:
    """(label, a value per player, kind): kind is section, fact, score or total."""
    rows: list[tuple[str, list[str], str]] = []
    by_rounds = bool(report.rounds)
    for r, sheets in enumerate(record.rounds):
        if by_rounds:
            rows.append((f"Round {r + 1}", [""] * len(sheets), "section"))
        elif r == 0:
            rows.append(("The sheet", [""] * len(sheets), "section"))
        rows += _fact_rows(sheets, rules)
        if by_rounds:
            rows += _round_rows(report, rules, r)
    if not by_rounds:
        rows.append(("Points", [""] * len(report.players), "section"))
        for column in rules.scores.values():
            rows.append((column.title, [str(p.columns.get(column.name, 0)) for p in report.players], "score"))
    rows.append(("Total", [str(p.total) for p in report.players], "total"))
    rows.append(("Place", [str(p.place) for p in report.players], "fact"))
    return rows


def _fact_rows(sheets, rules: Rules) -> list[tuple[str, list[str], str]]:
    """A row per fact of the round's sheets that anyone gives (a fact of the whole game has none)."""
    rows = []
    for fact in rules.facts.values():
        if fact.whole:
            continue
        values = [sheet.facts.get(fact.name) for sheet in sheets]
        if all(v is None for v in values):
            continue  # not given by anyone: no row
        named = fact.members and fact.members[0] in fact.title  # "power tokens in bowls I, II, III"
        title = fact.title + (f" ({', '.join(fact.members)})" if fact.members and not named else "")
        rows.append((title, [_shown(v, fact) for v in values], "fact"))
    return rows


def _round_rows(report: SheetReport, rules: Rules, r: int) -> list[tuple[str, list[str], str]]:
    """In a game of rounds: each column's points in round r (from the report's lines), and the round's total."""
    label = f"round {r + 1}"
    rows = []
    for column in rules.scores.values():
        # A column of awards has no line of its own: its awards' lines are its points.
        parts = column.awards or (column.name,)
        points = [sum(line.cp for line in p.lines if line.where == label and line.what in parts)
                  for p in report.players]
        rows.append((column.title, [_signed(v) for v in points], "score"))
    rows.append((f"Round {r + 1} total", [str(p.rounds[r]) for p in report.players], "total"))
    return rows


def _shown(value, fact) -> str:
    """A fact's value as the sheet shows it: a set's members' values joined, a list by its pieces."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        parts = [value.get(m) for m in fact.members] if fact.members else list(value.values())
        if all(isinstance(v, int) or v is None for v in parts):
            return " · ".join("—" if v is None else str(v) for v in parts)
        return str(sum(len(v) for v in parts if isinstance(v, (list, tuple))))  # cells: how many
    if isinstance(value, (list, tuple)):
        words = [_item(item) for item in value]
        return ", ".join(words) if words else "none"
    return str(value)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _item(item) -> str:
    """One item of a list fact: a held piece (✓ when its flag is set), a crossing as its two ends, a cell."""
    if isinstance(item, Held):
        return item.piece + ("✓" if item.flag else "")
    if isinstance(item, (list, tuple)):
        return "–".join(str(end) for end in item)
    return str(item)
