"""`orbis enter`: a finished game typed at the table, one question at a time, each answer checked at once.

Every question is asked again after an answer it does not understand. Numbers, rule options and rows go through
the validators `orbis score` uses, and the finished game is read back as `orbis score` would read the file, so
that enter never writes a game that score then refuses.
"""

from __future__ import annotations

from collections.abc import Callable

from orbis_dsl.common.diagnostics import Diagnostic, did_you_mean, render
from orbis_dsl.language.syntax.literals import BadToken, number
from orbis_dsl.records.orbis.json_reader import find_god, option_problems, worshippers_problem
from orbis_dsl.records.orbis.notation import read_row, read_text, write_text
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.rules import Rules

Ask = Callable[[str], str]
Say = Callable[[str], None]

_YES, _NO = ("y", "yes"), ("n", "no")


def _whole_number(text: str) -> tuple[int | None, str | None]:
    """A count typed in plain digits (isdigit alone takes '²'), bounded like the numbers of a game file:
    (the number, None), or (None, why it is refused), or (None, None) when the text is no number at all."""
    if not (text.isascii() and text.isdigit()):
        return None, None
    try:
        return number(text), None
    except BadToken as error:
        return None, error.message


def _diagnostic_words(diag: Diagnostic) -> str:
    return f"  {diag.message}" + (f"; {diag.hint}" if diag.hint else "")


class Session:
    def __init__(self, rules: Rules, ask: Ask, say: Say):
        self.rules, self.ask, self.say = rules, ask, say

    def until_valid(self, question: str, parse):
        """Ask until `parse` returns no error; it returns (value, error message)."""
        while True:
            value, error = parse(self.ask(question).strip())
            if error is None:
                return value
            self.say(error)

    def number(self, question: str, low: int, high: int | None = None) -> int:
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"

        def parse(text):
            value, problem = _whole_number(text)
            if value is None or value < low or (high is not None and value > high):
                return None, f"  {problem or 'expected a whole number ' + bound}"
            return value, None
        return self.until_valid(question, parse)

    def yes_no(self, question: str) -> bool:
        def parse(text):
            word = text.lower()
            if word in _YES or word in _NO:
                return word in _YES, None
            return None, "  answer y (yes) or n (no)"
        return self.until_valid(f"{question} (y/n)", parse)

    # ---- the game's header ----------------------------------------------------------------------------------

    def game(self) -> GameRecord:
        title = self.ask("Title of the game (empty for none)").strip() or None
        n = self.players()
        variant = self.variant(n)
        options = self.options(variant or f"{n}p")
        names: list[str] = []
        players = [self.player(seat, names) for seat in range(1, n + 1)]
        return GameRecord(tuple(players), variant, options, title)

    def players(self) -> int:
        """How many play: a count some variant is for (a pack may offer 2, 3, 4 and 6, and no variant for 5)."""
        counts = sorted({v.players for v in self.rules.variants.values()})
        if counts == list(range(counts[0], counts[-1] + 1)):
            return self.number(f"Number of players ({counts[0]}-{counts[-1]})", counts[0], counts[-1])
        shown = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"

        def parse(text):
            value, problem = _whole_number(text)
            if value is None or value not in counts:
                return None, f"  {problem or 'expected ' + shown + ': the rules have a variant for those'}"
            return value, None
        return self.until_valid(f"Number of players ({shown})", parse)

    def variant(self, players: int) -> str | None:
        """The variant, asked when the rules offer a choice for this many players; None means the usual '{n}p'."""
        names = [name for name, v in self.rules.variants.items() if v.players == players]
        usual = f"{players}p"
        if names == [usual]:
            return None
        default = usual if usual in names else None
        question = f"Variant ({', '.join(names)}" + (f"; empty for {default})" if default else ")")

        def parse(text):
            if not text:
                return (None, None) if default else (None, "  a variant, please: " + ", ".join(names))
            if text in names:
                return (None if text == usual else text), None
            other = self.rules.variants.get(text)
            if other is not None:
                return None, f"  variant '{text}' is for {other.players} players, not {players}"
            return None, f"  unknown variant '{text}'; " + (did_you_mean(text, names) or
                                                            "expected one of: " + ", ".join(names))
        return self.until_valid(question, parse)

    def options(self, variant_name: str) -> dict[str, object]:
        """Each rule option in turn; an empty answer keeps what the variant plays with (and is not recorded)."""
        current = self.rules.option_values(self.rules.variants.get(variant_name))
        chosen: dict[str, object] = {}
        for spec in self.rules.options.values():
            value = self.option(spec, current[spec.name])
            if value is not None:
                chosen[spec.name] = value
        return chosen

    def option(self, spec, current):
        words = {"bool": "true/false", "int": "a whole number"}.get(spec.type, "/".join(spec.choices))
        shown = str(current).lower() if isinstance(current, bool) else current
        question = f"Rule option {spec.name} ({words}; empty for {shown})"

        def parse(text):
            if not text:
                return None, None
            value: object = text
            if spec.type == "bool" and text.lower() in ("true", "false"):
                value = text.lower() == "true"
            elif spec.type == "int":
                value, problem = _whole_number(text)
                if value is None:
                    return None, f"  {problem or 'expected a whole number'}"
            problems = option_problems(self.rules, {spec.name: value})
            return (None, "\n".join(map(_diagnostic_words, problems))) if problems else (value, None)
        return self.until_valid(question, parse)

    # ---- each player ----------------------------------------------------------------------------------------

    def player(self, seat: int, names: list[str]) -> PlayerRecord:
        def parse_name(text):
            if not text:
                return None, "  a name, please"
            if text in names:
                return None, f"  '{text}' is already playing; use another name"
            return text, None
        name = self.until_valid(f"Player {seat}: name", parse_name)
        names.append(name)
        god, cancelled = self.until_valid(f"{name}: god (id or name, empty for none)", self.parse_god_answer)
        if god is not None and cancelled is None and self.rules.gods[god].cancellable:
            cancelled = self.yes_no(f"{name}: does the {self.rules.gods[god].title} carry a Cancelation token?")
        cancelled = bool(cancelled)
        worshippers = self.until_valid(f"{name}: worshippers left in the realm", self.parse_worshippers)
        rows = []
        board = self.rules.board.rows
        for r in reversed(range(len(board))):
            rows.append(self.row(name, r, board[r]))
        return PlayerRecord(name, god, worshippers, tuple(reversed(rows)), cancelled)

    @staticmethod
    def parse_worshippers(text):
        count, problem = _whole_number(text)
        if count is None:
            return None, f"  {problem or 'expected a whole number'}"
        problem = worshippers_problem(count)
        return (None, f"  {problem}") if problem else (count, None)

    def parse_god_answer(self, text):
        """(the god, whether a Cancelation token covers it or None when not said): the god alone, or followed by
        its mark as the notation writes it (`death x`, `death ok`), which answers the token question."""
        head, _, mark = text.rpartition(" ")
        god = find_god(self.rules, head) if head and mark.lower() in ("x", "ok") else None
        if god is None or find_god(self.rules, text) is not None:
            god, error = self.parse_god(text)
            return (None, error) if error else ((god, None), None)
        if mark.lower() == "x" and not self.rules.gods[god].cancellable:
            carriers = [g.name for g in self.rules.gods.values() if g.cancellable]
            return None, (f"  the {self.rules.gods[god].title} cannot carry a Cancelation token"
                          + (f" (only {', '.join(carriers)} can)" if carriers else "") + "; type the god alone")
        return (god, mark.lower() == "x"), None

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


def enter_game(rules: Rules, ask: Ask, say: Say) -> tuple[GameRecord, str, list[Diagnostic]]:
    """The game as typed, its text in the notation, and what `orbis score` would refuse in that text (each answer
    was checked, so this is a last guard: the whole game read back exactly as score reads a file)."""
    game = Session(rules, ask, say).game()
    text = write_text(game, rules)
    _, diags = read_text(text, "the entered game", rules)
    return game, text, diags
