"""A readable move log, one line per turn: its format and its writing.

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

`rules:` is the hash of the rule texts the game was played under (`Rules.digest`), which ties the log to them.

Reading a log back: its lines, header and deal in `log_header.py`; the turns, by a policy that reads its choices
from the log, in `log_script.py`; the replay under the rules in `log_replay.py`.
"""

from __future__ import annotations

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import Setup, deal
from orbis_dsl.engine.policy import Policy
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport

FORMAT = "orbis-log/1"
GAME = "orbis"  # the game this engine plays; a log names it
SEP = " · "


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

