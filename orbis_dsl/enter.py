"""`orbis enter`: a finished game typed at the table, one question at a time, each answer checked at once."""

from __future__ import annotations

from collections.abc import Callable

from .diagnostics import did_you_mean, render
from .game import GameRecord, PlayerRecord
from .notation import read_row
from .records import find_god
from .runtime.rules import Rules

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Session:
    def __init__(self, rules: Rules, ask: Ask, say: Say):
        self.rules, self.ask, self.say = rules, ask, say

    def until_valid(self, question: str, parse):
        """Ask until `parse` returns a value; it returns (value, error message)."""
        while True:
            value, error = parse(self.ask(question).strip())
            if error is None:
                return value
            self.say(error)

    def number(self, question: str, low: int, high: int | None = None) -> int:
        def parse(text):
            if not text.isdigit() or int(text) < low or (high is not None and int(text) > high):
                bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
                return None, f"  expected a whole number {bound}"
            return int(text), None
        return self.until_valid(question, parse)

    def game(self) -> GameRecord:
        title = self.ask("Title of the game (empty for none)").strip() or None
        counts = sorted({v.players for v in self.rules.variants.values()})
        n = self.number(f"Number of players ({counts[0]}-{counts[-1]})", counts[0], counts[-1])
        names: list[str] = []
        gods: list[str] = []
        players = []
        for seat in range(1, n + 1):
            players.append(self.player(seat, names, gods))
        return GameRecord(tuple(players), None, {}, title)

    def player(self, seat: int, names: list[str], gods: list[str]) -> PlayerRecord:
        def parse_name(text):
            if not text:
                return None, "  a name, please"
            if text in names:
                return None, f"  '{text}' is already playing; use another name"
            return text, None
        name = self.until_valid(f"Player {seat}: name", parse_name)
        names.append(name)
        god = self.until_valid(f"{name}: god (id or name, empty for none)", self.parse_god)
        cancelled = False
        if god is not None and self.rules.gods[god].cancellable:
            cancelled = self.ask(f"{name}: does the {self.rules.gods[god].title} carry a Cancelation token? (y/n)"
                                 ).strip().lower().startswith("y")
        worshippers = self.number(f"{name}: worshippers left in the realm", 0)
        rows = []
        board = self.rules.board.rows
        for r in reversed(range(len(board))):
            rows.append(self.row(name, r, board[r]))
        return PlayerRecord(name, god, worshippers, tuple(reversed(rows)), cancelled)

    def parse_god(self, text):
        if not text:
            return None, None
        god = find_god(self.rules, text)
        if god is None:
            hint = did_you_mean(text.lower(), self.rules.gods) or "the gods: " + ", ".join(self.rules.gods)
            return None, f"  unknown god '{text}'; {hint}"
        return god, None

    def row(self, name: str, r: int, width: int):
        where = "top" if r == len(self.rules.board.rows) - 1 else ("bottom" if r == 0 else "")
        question = f"{name}: row {r + 1}{' (' + where + ')' if where else ''}, {width} tiles separated by |"

        def parse(text):
            tiles, diags = read_row(text, "row", self.rules, width)
            if diags:
                return None, "\n".join(render(d, {"row": text}) for d in diags)
            return tiles, None
        return self.until_valid(question, parse)


def enter_game(rules: Rules, ask: Ask, say: Say) -> GameRecord:
    return Session(rules, ask, say).game()
