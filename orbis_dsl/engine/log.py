"""A readable move log, one line per turn, and its replay under the rules.

    # Orbis game log. ...
    format: orbis-log/1
    game: orbis
    rules: sha256:9b0d0c7c…
    variant: 4p
    seed: 7
    players: Ana, Ben, Cleo, Dan
    gods revealed: love, fire, death, balance, oceans
    display: 12, 3, 17, 5, 9, 1, 7, 14, 20
    pile 1: 2, 4, 6, ...
    pile 2: ...
    round 1, Ana: take display 2 (level 1 red stone) · pay nothing · place row 1 tile 3
    round 1, Ben: take display 5 (level 1 white temple) · pay red · place row 1 tile 1
    round 1, Cleo: take god love (Goddess of Love) · gain red, red, blue, green, white
    ...
    result: Ana 34 (winner), Ben 29, Cleo 25, Dan 20

Tile numbers count the rule set's tile lines from 1; each pile lists the next tile drawn first. Within a turn
line the segments (separated by ' · ') come in the order the engine resolves them: the take, exchanges, the cost
('pay …', 'pay nothing' or 'desert'), the place, the tile's or god's effects ('gain …', 'reduce …', 'give …',
'refuse to give …', 'cannot give …', 'destroy N colour from display a, b', 'cancelled', …) and the discards
down to the realm limit. A header may give only a seed (and the variant and players): the deal is then redone.

`rules:` is the hash of the rule texts the game was played under (`Rules.digest`): `replay` refuses a log of other
rules unless they are chosen with `--rules` (then it warns), and a log with two result lines.

`replay` plays the log again through the engine: every choice is checked by the rules, every consequence is
compared with what the log says, and the first difference becomes a located diagnostic.
"""

from __future__ import annotations

import re

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import Setup, SetupError, deal, variant_tiles
from orbis_dsl.engine.game_turn import IllegalMove
from orbis_dsl.engine.policy import Policy
from orbis_dsl.engine.state import tables_for
from orbis_dsl.language.literals import MAX_QUANTITY, plain_count
from orbis_dsl.records.orbis_json import find_god
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport

FORMAT = "orbis-log/1"
GAME = "orbis"  # the game this engine plays; a log names it
SEP = " · "


# ---- writing ------------------------------------------------------------------------------------------------


class Recorder:
    """Collects the engine's segments into one line per turn."""

    def __init__(self):
        self.lines: list[str] = []
        self._segs: list[str] = []
        self._head = ""

    def begin(self, game, me) -> None:
        self._segs = []
        self._head = f"round {game.round}, {me.name}: "

    def emit(self, text: str) -> None:
        self._segs.append(text)

    def end(self, game, me) -> None:
        self.lines.append(self._head + SEP.join(self._segs))


def header_lines(rules: Rules, setup: Setup, policies: list[str] | None = None) -> list[str]:
    lines = [
        "# Orbis game log. Tile numbers count the rule set's tile lines from 1; piles list the next tile first.",
        f"format: {FORMAT}",
        f"game: {GAME}",
    ]
    if rules.digest is not None:  # ties the log to its rules: replay refuses it under others
        lines.append(f"rules: {rules.digest}")
    lines.append(f"variant: {setup.variant.name}")
    if setup.seed is not None:
        lines.append(f"seed: {setup.seed}")
    lines.append("players: " + ", ".join(setup.names))
    if policies:
        lines.append("policies: " + ", ".join(policies))
    if setup.options:
        lines.append("options: " + ", ".join(f"{k} = {_literal(v)}" for k, v in sorted(setup.options.items())))
    lines.append("gods revealed: " + ", ".join(setup.gods))
    lines.append("display: " + ", ".join(str(t + 1) for t in setup.display))
    for pile in setup.piles:
        if pile:
            lines.append(f"pile {rules.tiles[pile[0]].level}: " + ", ".join(str(t + 1) for t in pile))
    return lines


def _literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def result_line(report: ScoreReport) -> str:
    parts = [f"{p.name} {p.total}" + (" (winner)" if p.winner else "") for p in report.players]
    return "result: " + ", ".join(parts)


def log_text(game: Game, recorder: Recorder, report: ScoreReport | None = None,
             policies: list[str] | None = None) -> str:
    lines = header_lines(game.rules, game.setup, policies)
    lines.append("")
    lines.extend(recorder.lines)
    if report is not None:
        lines.append(result_line(report))
    return "\n".join(lines) + "\n"


def play_logged(rules: Rules, variant, seed: int, policies: list[Policy], names=None, options=None):
    """Play one game while logging it: (game, report, log text)."""
    setup = deal(rules, variant, seed, names, options)
    recorder = Recorder()
    game = Game(rules, setup, policies, recorder).play()
    report = game.score()
    text = log_text(game, recorder, report, [getattr(p, "name", type(p).__name__) for p in policies])
    return game, report, text


# ---- replaying ----------------------------------------------------------------------------------------------


class ScriptError(Exception):
    def __init__(self, message: str, column: int | None = None, end: int | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        self.end = end
        self.hint = hint


@attrs.define
class ReplayResult:
    diagnostics: list[Diagnostic]
    game: Game | None = None
    report: ScoreReport | None = None

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


# Numbers are ASCII digits, at most 9 (`\d` takes every script's digits, and int() refuses 4,300 or more).
_TAKE_DISPLAY = re.compile(r"take display ([0-9]{1,9})(?:\s*\((.*)\))?$")
_TAKE_GOD = re.compile(r"take god (.+?)(?:\s*\((.*)\))?$")
_PLACE = re.compile(r"place row ([0-9]{1,9}),? tile ([0-9]{1,9})$")
_DESTROY = re.compile(r"destroy ([0-9]{1,9}) (\S+) from displays? (.+)$")
_EXCHANGE = re.compile(r"exchange ([0-9]{1,9}) (\S+) for (.+)$")


def _norm(text: str) -> str:
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
        if _norm(seg[0]) != _norm(text):
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
                if _norm(desc) != _norm(actual):
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


_HEADER_KEYS = ("format", "game", "rules", "title", "variant", "seed", "players", "policies", "options",
                "gods revealed", "display")
_TURN = re.compile(r"round\s+([0-9]{1,9})\s*,\s*([^:]+?)\s*:\s?")
_HEADER = re.compile(r"([a-z][a-z0-9 ]*?)\s*:\s*(.*)$")


def replay(text: str, rules: Rules, file: str = "<log>", rules_chosen: bool = False) -> ReplayResult:
    """Replay a log: the first illegal or mismatching move as a located diagnostic, else the final game and
    its scores. A log played under other rules (its `rules:` hash) is refused, unless the rules were chosen
    explicitly (`--rules`): then it is replayed with a warning."""

    warnings: list[Diagnostic] = []  # shown before whatever else the replay finds

    def diag(line: int, column: int, message: str, end: int | None = None, hint: str | None = None):
        return ReplayResult([*warnings, Diagnostic(message, span=Span(file, line, max(1, column),
                                                                      line if end else None, end), hint=hint)])

    lines = text.splitlines()
    header: dict[str, tuple[str, int, int]] = {}
    body: list[tuple[int, str]] = []
    result_at = None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if _TURN.match(line):
            body.append((number, line))
            continue
        m = _HEADER.match(stripped)
        if m and m.group(1) == "result":
            if result_at is not None:  # which one would count? neither: the log is ambiguous
                return diag(number, 1, f"a second result line (the first is on line {result_at[0]})")
            result_at = (number, line)
            continue
        if m and not body:
            key = m.group(1)
            if key not in _HEADER_KEYS and not re.fullmatch(r"pile [0-9]{1,9}", key):
                return diag(number, 1, f"unknown header '{key}'",
                            hint="expected one of: " + ", ".join((*_HEADER_KEYS, "pile N")))
            if key in header:
                return diag(number, 1, f"'{key}' is given twice (first on line {header[key][1]})")
            header[key] = (m.group(2), number, line.index(m.group(2)) + 1 if m.group(2) else len(line))
            continue
        if body:
            return diag(number, 1, f"expected a turn ('round N, NAME: …') or the result line, found '{stripped}'")
        return diag(number, 1, f"expected a header line ('key: value') or a turn, found '{stripped}'")

    warnings.extend(_rules_mismatch(rules, header, file, rules_chosen))
    if any(w.is_error for w in warnings):
        return ReplayResult(warnings)
    setup_or_diag = _setup(rules, header, file)
    if isinstance(setup_or_diag, ReplayResult):
        return ReplayResult(warnings + setup_or_diag.diagnostics)
    setup = setup_or_diag
    T = tables_for(rules)
    script = Script(T)
    n = len(setup.names)
    try:
        game = Game(rules, setup, [script] * n, script)
    except SetupError as error:
        return diag(1, 1, str(error))
    turns = iter(body)
    last_line = body[-1][0] if body else (max(v[1] for v in header.values()) if header else 1)
    for rnd in range(1, T.rounds + 1):
        game.round = rnd
        for seat in range(n):
            name = setup.names[seat]
            entry = next(turns, None)
            if entry is None:
                return diag(last_line, 1, f"the log ends before round {rnd}, {name}'s turn "
                                          f"(a game has {T.rounds} rounds)")
            number, line = entry
            m = _TURN.match(line)
            if int(m.group(1)) != rnd or m.group(2) != name:
                return diag(number, 1, f"expected round {rnd}, {name}'s turn; the log says round {m.group(1)}, "
                                       f"{m.group(2)}")
            script.load(line[m.end():], m.end() + 1)
            try:
                game.turn(seat)
                script.leftover()
            except ScriptError as error:
                column = error.column if error.column is not None else (script.last[1] if script.last else 1)
                end = error.end if error.column is not None else (script.last[2] if script.last else None)
                return diag(number, column, error.message, end, error.hint)
            except IllegalMove as error:
                seg = script.last
                return diag(number, seg[1] if seg else 1, str(error), seg[2] if seg else None)
    game.finished = True
    extra = next(turns, None)
    if extra is not None:
        return diag(extra[0], 1, f"the game is over after {T.rounds} rounds; this turn is one too many")
    report = game.score(explain=True)
    if result_at is not None:
        expected = result_line(report)
        if _norm(result_at[1]) != _norm(expected):
            return ReplayResult([*warnings, Diagnostic(f"the result does not match the replayed game: {expected}",
                                                       span=Span(file, result_at[0], 1))], game, report)
    else:
        warnings.append(Diagnostic("the log has no result line: the replayed scores were checked against nothing",
                                   span=Span(file, last_line, 1), severity="warning"))
    return ReplayResult(warnings, game, report)


def _rules_mismatch(rules: Rules, header: dict, file: str, rules_chosen: bool) -> list[Diagnostic]:
    """An error (or, for rules chosen with --rules, a warning) when the log names another game or rule set."""
    out = []
    if "game" in header and header["game"][0].strip() != GAME:
        value, line, column = header["game"]
        out.append(Diagnostic(f"this is a log of the game '{value.strip()[:40]}', not of {GAME}",
                              span=Span(file, line, column)))
    if "rules" in header and rules.digest is not None and header["rules"][0].strip() != rules.digest:
        value, line, column = header["rules"]
        if rules_chosen:
            out.append(Diagnostic("the log was played under other rules than the ones given with --rules; "
                                  "replaying it under these", span=Span(file, line, column), severity="warning"))
        else:
            out.append(Diagnostic("the log was played under other rules (another rule pack, or an older rule "
                                  "set): its scores would not be reproduced", span=Span(file, line, column),
                                  hint="replay it with --rules PACK, naming the rules it was played under"))
    return out


def _setup(rules: Rules, header: dict, file: str) -> Setup | ReplayResult:
    def bad(key: str, message: str, hint: str | None = None) -> ReplayResult:
        _value, line, column = header.get(key, ("", 1, 1))
        return ReplayResult([Diagnostic(message, span=Span(file, line, column), hint=hint)])

    def ints(key: str):
        value = header[key][0]
        try:
            return [int(v) - 1 for v in value.split(",") if v.strip()]
        except ValueError:
            return None

    if "format" in header and header["format"][0].strip() != FORMAT:
        return bad("format", f"unknown log format '{header['format'][0]}' (expected {FORMAT})")
    if "players" not in header:
        return ReplayResult([Diagnostic("the log names no players ('players: Ana, Ben, …')",
                                        span=Span(file, 1, 1))])
    names = [n.strip() for n in header["players"][0].split(",") if n.strip()]
    if len(set(names)) != len(names):
        return bad("players", "two players have the same name")
    variant_name = header["variant"][0].strip() if "variant" in header else f"{len(names)}p"
    variant = rules.variants.get(variant_name)
    if variant is None:
        return bad("variant" if "variant" in header else "players", f"unknown variant '{variant_name}'",
                   "expected one of: " + ", ".join(rules.variants))
    if variant.players != len(names):
        return bad("players", f"variant '{variant.name}' is for {variant.players} players; the log names {len(names)}")
    options = {}
    if "options" in header:
        specs = rules.options
        for item in header["options"][0].split(","):
            if not item.strip():
                continue
            key, _, value = item.partition("=")
            key, value = key.strip(), value.strip()
            spec = specs.get(key)
            if spec is None:
                return bad("options", f"unknown rule option '{key}'", "expected one of: " + ", ".join(specs))
            if spec.type == "bool":
                if value not in ("true", "false"):
                    return bad("options", f"option '{key}' is true or false, not '{value}'")
                options[key] = value == "true"
            elif spec.type == "int":
                number = plain_count(value.removeprefix("-"))
                if number is None:
                    return bad("options", f"option '{key}' is a whole number, not '{value[:20]}'")
                options[key] = -number if value.startswith("-") else number
            else:
                value = value.strip('"')
                if spec.choices and value not in spec.choices:
                    return bad("options", f"option '{key}' is one of {', '.join(spec.choices)}, not '{value}'")
                options[key] = value
    seed = None
    if "seed" in header:
        try:
            seed = int(header["seed"][0])
        except ValueError:
            return bad("seed", f"a seed is a whole number, not '{header['seed'][0]}'")
    explicit = "display" in header
    if not explicit:
        if seed is None:
            return ReplayResult([Diagnostic("the log gives neither the deal ('display:', 'pile N:') nor a seed",
                                            span=Span(file, 1, 1))])
        try:
            setup = deal(rules, variant, seed, names, options)
        except SetupError as error:
            return bad("variant" if "variant" in header else "players", str(error))
        if "gods revealed" in header:
            gods = [g.strip() for g in header["gods revealed"][0].split(",") if g.strip()]
            if gods != setup.gods:
                return bad("gods revealed", f"seed {seed} reveals {', '.join(setup.gods)}")
        return setup
    # an explicit deal
    tables_n = len(rules.tiles)
    display = ints("display")
    if display is None:
        return bad("display", "expected tile numbers separated by commas")
    piles_by_level = {}
    for key in header:
        m = re.fullmatch(r"pile ([0-9]{1,9})", key)
        if m:
            pile = ints(key)
            if pile is None:
                return bad(key, "expected tile numbers separated by commas")
            piles_by_level[int(m.group(1))] = (key, pile)
    for key, ids in [("display", display), *list(piles_by_level.values())]:
        for t in ids:
            if not 0 <= t < tables_n:
                return bad(key, f"there is no tile {t + 1} (the rule set has {tables_n})")
    for level, (key, ids) in piles_by_level.items():
        for t in ids:
            if rules.tiles[t].level != level:
                return bad(key, f"tile {t + 1} is of level {rules.tiles[t].level}, not {level}")
    dealt = sorted(display + [t for _, ids in piles_by_level.values() for t in ids])
    expected = sorted(variant_tiles(rules, variant))
    if dealt != expected:
        missing = sorted(set(expected) - set(dealt))
        extra = sorted(set(dealt) - set(expected))
        twice = sorted({t for t in dealt if dealt.count(t) > 1})
        what = []
        if missing:
            what.append("missing tiles " + ", ".join(str(t + 1) for t in missing[:8]))
        if extra:
            what.append("tiles not in this variant " + ", ".join(str(t + 1) for t in extra[:8]))
        if twice:
            what.append("tiles dealt twice " + ", ".join(str(t + 1) for t in twice[:8]))
        return bad("display", f"the deal is not the variant's tiles: {'; '.join(what)}")
    if "gods revealed" not in header:
        return ReplayResult([Diagnostic("the log does not say which gods are revealed ('gods revealed: …')",
                                        span=Span(file, 1, 1))])
    gods = []
    for word in header["gods revealed"][0].split(","):
        god = find_god(rules, word)
        if god is None:
            return bad("gods revealed", f"unknown god '{word.strip()}'", "expected one of: " + ", ".join(rules.gods))
        if god in gods:
            return bad("gods revealed", f"the god '{god}' is revealed twice")
        gods.append(god)
    if len(gods) != variant.gods_revealed:
        return bad("gods revealed", f"variant '{variant.name}' reveals {variant.gods_revealed} gods, not {len(gods)}")
    piles = [piles_by_level[level][1] for level in sorted(piles_by_level)]
    return Setup(variant, names, gods, display, piles, seed, options)
