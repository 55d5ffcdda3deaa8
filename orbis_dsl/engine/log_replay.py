"""A log played again through the engine: every choice is checked by the rules, every consequence is compared
with what the log says, and the first difference becomes a located diagnostic.

A log played under other rules (its `rules:` hash) is refused, unless the rules were chosen explicitly
(`--rules`): then it is replayed with a warning. A log with two result lines is refused.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import SetupError
from orbis_dsl.engine.game_turn import IllegalMove
from orbis_dsl.engine.log_header import TURN, LogLines, located, read_setup, rules_mismatch, split_log
from orbis_dsl.engine.log_script import Script, ScriptError, normalized
from orbis_dsl.engine.log_write import result_line
from orbis_dsl.engine.state import tables_for
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport


@attrs.define
class ReplayResult:
    """What a replay found (warnings first), and the replayed game and its scores when it got that far."""

    diagnostics: list[Diagnostic]
    game: Game | None = None
    report: ScoreReport | None = None

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def replay(text: str, rules: Rules, file: str = "<log>", rules_chosen: bool = False) -> ReplayResult:
    """Replay a log: the first illegal or mismatching move as a located diagnostic, else the final game and
    its scores. A log played under other rules (its `rules:` hash) is refused, unless the rules were chosen
    explicitly (`--rules`): then it is replayed with a warning."""
    parts = split_log(text, file)
    if isinstance(parts, Diagnostic):
        return ReplayResult([parts])
    warnings = rules_mismatch(rules, parts.header, file, rules_chosen)  # shown before whatever else is found
    if any(w.is_error for w in warnings):
        return ReplayResult(warnings)
    setup = read_setup(rules, parts.header, file)
    if isinstance(setup, Diagnostic):
        return ReplayResult([*warnings, setup])
    script = Script(tables_for(rules))
    try:
        game = Game(rules, setup, [script] * len(setup.names), script)
    except SetupError as error:
        return ReplayResult([*warnings, located(file, 1, 1, str(error))])
    problem = _replay_turns(game, script, parts, file)
    if problem is not None:
        return ReplayResult([*warnings, problem])
    return _checked_result(game, parts, warnings, file)


def _replay_turns(game: Game, script: Script, parts: LogLines, file: str) -> Diagnostic | None:
    """Every seat's turn of every round, in order, as the log says; the first problem, or None."""
    rounds = game.tables.rounds
    turns = iter(parts.turns)
    for rnd in range(1, rounds + 1):
        game.round = rnd
        for seat, name in enumerate(game.setup.names):
            entry = next(turns, None)
            if entry is None:
                return located(file, parts.last_line, 1, f"the log ends before round {rnd}, {name}'s turn "
                                                         f"(a game has {rounds} rounds)")
            problem = _replay_turn(game, script, seat, entry, file)
            if problem is not None:
                return problem
    game.finished = True
    extra = next(turns, None)
    if extra is not None:
        return located(file, extra[0], 1, f"the game is over after {rounds} rounds; this turn is one too many")
    return None


def _replay_turn(game: Game, script: Script, seat: int, entry: tuple[int, str], file: str) -> Diagnostic | None:
    """One turn line, played by the script for the seat whose turn it is; the first problem, or None."""
    number, line = entry
    name = game.setup.names[seat]
    m = TURN.match(line)
    if int(m.group(1)) != game.round or m.group(2) != name:
        return located(file, number, 1, f"expected round {game.round}, {name}'s turn; the log says round "
                                        f"{m.group(1)}, {m.group(2)}")
    script.load(line[m.end():], m.end() + 1)
    try:
        game.turn(seat)
        script.leftover()
    except ScriptError as error:
        last = script.last
        column = error.column if error.column is not None else (last[1] if last else 1)
        end = error.end if error.column is not None else (last[2] if last else None)
        return located(file, number, column, error.message, end, error.hint)
    except IllegalMove as error:
        last = script.last
        return located(file, number, last[1] if last else 1, str(error), last[2] if last else None)
    return None


def _checked_result(game: Game, parts: LogLines, warnings: list[Diagnostic], file: str) -> ReplayResult:
    """The replayed game's scores, compared with the log's result line (a warning when it has none)."""
    report = game.score(explain=True)
    if parts.result is None:
        missing = Diagnostic("the log has no result line: the replayed scores were checked against nothing",
                             span=Span(file, parts.last_line, 1), severity="warning")
        return ReplayResult([*warnings, missing], game, report)
    expected = result_line(report)
    if normalized(parts.result[1]) != normalized(expected):
        mismatch = Diagnostic(f"the result does not match the replayed game: {expected}",
                              span=Span(file, parts.result[0], 1))
        return ReplayResult([*warnings, mismatch], game, report)
    return ReplayResult(warnings, game, report)
