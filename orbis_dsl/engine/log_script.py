"""The turns of a log read back: a policy that takes its choices from a turn line's segments, and a recorder
that checks every segment the engine emits against what the line says. `log_replay` drives it, turn by turn."""

from __future__ import annotations

import re

from orbis_dsl.engine.policy import Policy
from orbis_dsl.language.syntax.literals import MAX_QUANTITY, plain_count
from orbis_dsl.records.orbis.json_reader import find_god


class ScriptError(Exception):
    """Where a turn line departs from the game: the message, the columns of the segment, a hint."""

    def __init__(self, message: str, column: int | None = None, end: int | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        self.end = end
        self.hint = hint


# Numbers are ASCII digits, at most 9 (`\d` takes every script's digits, and int() refuses 4,300 or more).
_TAKE_DISPLAY = re.compile(r"take display ([0-9]{1,9})(?:\s*\((.*)\))?$")
_TAKE_GOD = re.compile(r"take god (.+?)(?:\s*\((.*)\))?$")
_PLACE = re.compile(r"place row ([0-9]{1,9}),? tile ([0-9]{1,9})$")
_DESTROY = re.compile(r"destroy ([0-9]{1,9}) (\S+) from displays? (.+)$")
_EXCHANGE = re.compile(r"exchange ([0-9]{1,9}) (\S+) for (.+)$")


def normalized(text: str) -> str:
    """Lowercase and single-spaced: a hand-written log may differ from the engine's words in case and spacing."""
    return " ".join(text.lower().split())


class Script(Policy):
    """A policy that reads its choices from the log, and a recorder that checks the engine's other segments."""

    name = "log"

    def __init__(self, tables):
        self.T = tables
        self.segs: list[tuple[str, int, int]] = []  # (text, column, end column)
        self.i = 0
        self.pending = False
        self.last: tuple[str, int, int] | None = None
        self.line_end = 1

    def load(self, body: str, column: int) -> None:
        segs = []
        start = 0
        for part in re.split(r"(·)", body):
            if part == "·":
                start += 1
                continue
            stripped = part.strip()
            if stripped:
                lead = len(part) - len(part.lstrip())
                segs.append((stripped, column + start + lead, column + start + lead + len(stripped)))
            start += len(part)
        self.segs = segs
        self.i = 0
        self.pending = False
        self.last = None
        self.line_end = column + len(body)

    # recorder side
    def begin(self, game, me) -> None:
        pass

    def end(self, game, me) -> None:
        pass

    def emit(self, text: str) -> None:
        if self.pending:
            self.pending = False
            return
        if self.i >= len(self.segs):
            raise ScriptError(f"the turn goes on with '{text}', which the log does not say", self.line_end)
        seg = self.segs[self.i]
        self.last = seg
        self.i += 1
        if normalized(seg[0]) != normalized(text):
            hint = None
            if text == "desert" and seg[0].startswith("pay"):
                hint = "the player cannot pay this tile, or has no legal place for it face up: it becomes a desert"
            raise ScriptError(f"the log says '{seg[0]}' where the rules give '{text}'", seg[1], seg[2], hint)

    def leftover(self) -> None:
        if self.i < len(self.segs):
            seg = self.segs[self.i]
            raise ScriptError(f"'{seg[0]}' is not part of this turn (the turn is over)", seg[1], seg[2])

    # policy side
    def _next(self, what: str) -> tuple[str, int, int]:
        if self.i >= len(self.segs):
            raise ScriptError(f"the log stops here; the player must choose {what}", self.line_end)
        seg = self.segs[self.i]
        self.last = seg
        self.i += 1
        self.pending = True
        if seg[0].lower().startswith("exchange"):
            raise ScriptError(f"an exchange is not possible here; the player must choose {what}", seg[1], seg[2],
                              "exchanges come before paying a cost, before an effect's payment or before "
                              "discarding, and need enough worshippers of one colour")
        return seg

    def _error(self, seg, message: str, hint: str | None = None) -> ScriptError:
        return ScriptError(message, seg[1], seg[2], hint)

    def _colours(self, seg, text: str) -> list[int]:
        text = text.strip()
        if text.lower() in ("nothing", "none", ""):
            return []
        out = []
        for word in text.split(","):
            word = word.strip().lower()
            m = re.fullmatch(r"([0-9]+)\s+(\S+)", word)
            count, name = (plain_count(m.group(1)), m.group(2)) if m else (1, word)
            if count is None or count > MAX_QUANTITY:  # the list below would hold that many
                raise self._error(seg, f"at most {MAX_QUANTITY:,} worshippers change hands at once")
            c = self.T.cidx.get(name)
            if c is None:
                raise self._error(seg, f"unknown colour '{name}'",
                                  "expected one of: " + ", ".join(self.T.colors))
            out.extend([c] * count)
        return out

    def choose_take(self, game, me, slots, gods):
        seg = self._next("a display tile or a god ('take display N' or 'take god NAME')")
        text = seg[0]
        m = _TAKE_DISPLAY.match(text)
        if m:
            slot = int(m.group(1)) - 1
            desc = m.group(2)
            if desc is not None and 0 <= slot < len(game.display) and game.display[slot] >= 0:
                actual = self.T.t_desc[game.display[slot]]
                if normalized(desc) != normalized(actual):
                    raise self._error(seg, f"display {slot + 1} holds a {actual}, not a {desc}")
            return slot
        m = _TAKE_GOD.match(text)
        if m:
            god = find_god(game.rules, m.group(1)) or find_god(game.rules, text[len("take god "):])
            if god is None:
                raise self._error(seg, f"unknown god '{m.group(1)}'",
                                  "expected one of: " + ", ".join(game.rules.gods))
            return god
        raise self._error(seg, f"expected 'take display N (…)' or 'take god NAME', found '{text}'")

    def choose_cost(self, game, me, tile, fixed, nany, up, opened):
        seg = self._next("to pay the cost ('pay …', 'pay nothing') or to turn the tile face down ('desert')")
        text = seg[0].lower()
        if text == "desert":
            return None
        if not text.startswith("pay"):
            raise self._error(seg, f"expected 'pay …', 'pay nothing' or 'desert', found '{seg[0]}'")
        given = self._colours(seg, seg[0][3:])
        for c in fixed:
            if c not in given:
                raise self._error(seg, f"the cost is {self.T.t_cost_words[tile]}"
                                       f"{' with reductions' if any(me.reduced) else ''}: "
                                       f"'{seg[0]}' has no {self.T.colors[c]} for a {self.T.colors[c]} square")
            given.remove(c)
        return given

    def choose_place(self, game, me, tile, positions):
        seg = self._next("a place ('place row R tile I')")
        m = _PLACE.match(seg[0].lower())
        if not m:
            raise self._error(seg, f"expected 'place row R tile I', found '{seg[0]}'")
        pos = self.T.position_of.get((int(m.group(1)), int(m.group(2))))
        if pos is None:
            raise self._error(seg, f"the universe has no row {m.group(1)} tile {m.group(2)}")
        return pos

    def choose_gain(self, game, me, count):
        seg = self._next(f"the colours of {count} worshippers gained ('gain …')")
        if not seg[0].lower().startswith("gain"):
            raise self._error(seg, f"expected 'gain …', found '{seg[0]}'")
        return self._colours(seg, seg[0][4:])

    def choose_effect_pay(self, game, me, count, colour):
        seg = self._next(f"whether to give {count} {'any' if colour is None else self.T.colors[colour]} "
                         "('give …' or 'refuse to give …')")
        text = seg[0].lower()
        if text.startswith("refuse"):
            self.pending = False
            self.i -= 1  # the engine emits the refusal; compare it then
            return None
        if not text.startswith("give"):
            raise self._error(seg, f"expected 'give …' or 'refuse to give …', found '{seg[0]}'")
        return self._colours(seg, seg[0][4:])

    def choose_destroy(self, game, me, count, colour, here):
        seg = self._next(f"whether to destroy {count} {self.T.colors[colour]} "
                         "('destroy N colour from display a, b' or 'refuse to destroy …')")
        text = seg[0].lower()
        if text.startswith("refuse"):
            self.pending = False
            self.i -= 1
            return None
        m = _DESTROY.match(text)
        if not m:
            raise self._error(seg, f"expected 'destroy N colour from display a, b', found '{seg[0]}'")
        slots = []
        for word in m.group(3).split(","):
            number = plain_count(word.strip())
            if number is None:
                raise self._error(seg, f"expected display numbers, found '{word.strip()[:20]}'")
            slots.append(number - 1)
        return slots

    def choose_discard(self, game, me, count):
        seg = self._next(f"{count} worshipper{'s' if count != 1 else ''} to discard down to the realm limit "
                         "('discard …')")
        if not seg[0].lower().startswith("discard"):
            raise self._error(seg, f"expected 'discard …', found '{seg[0]}'")
        return self._colours(seg, seg[0][7:])

    def choose_exchange(self, game, me, moment):
        if self.i >= len(self.segs) or not self.segs[self.i][0].lower().startswith("exchange"):
            return None
        seg = self.segs[self.i]
        self.last = seg
        self.i += 1
        self.pending = True
        m = _EXCHANGE.match(seg[0].lower())
        if not m:
            raise self._error(seg, f"expected 'exchange 3 COLOUR for 1 COLOUR', found '{seg[0]}'")
        give, _get = self.T.exchange
        if int(m.group(1)) != give:
            raise self._error(seg, f"an exchange gives {give} worshippers of one colour, not {m.group(1)}")
        gave = self._colours(seg, m.group(2))
        return gave[0], self._colours(seg, m.group(3))

