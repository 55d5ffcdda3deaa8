"""The score-sheet scorer: games scored from what each player's record says (Terra Mystica's final scoring,
Mondo's rounds), by the columns, awards and checks a rule set declares.

It knows no game: facts, columns, awards and checks all come from the rule handlers. A game of rounds is scored
round by round; each round's columns add up to the round's total, the rounds to the game's.
"""

from __future__ import annotations

from orbis_dsl.runtime.award_text import award_sentence, award_summary
from orbis_dsl.runtime.awards import hand_out
from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.score_report import MAX_POINTS, Line, Warning, bounded
from orbis_dsl.runtime.sheet_types import (
    CheckFailure,
    SheetGame,
    SheetPlayer,
    SheetPlayerRecord,
    SheetPlayerScore,
    SheetRecord,
    SheetReport,
)
from orbis_dsl.runtime.support import show


def refusals(rules: Rules, record: SheetRecord) -> list[CheckFailure]:
    """Every `refuse` rule the record breaks, before anything is scored."""
    found = []
    for r, sheets in enumerate(record.rounds):
        g = _game(rules, record, sheets, [{} for _ in sheets], r)
        for p in g.players:
            for index, check in enumerate(rules.checks):
                if check.refuse:
                    found.extend(CheckFailure(p.index, r, message, check.at, check.at_player, index)
                                 for message in _broken(check, g, p))
    return found


def still_refused(rules: Rules, record: SheetRecord, failure: CheckFailure, facts: dict) -> bool:
    """Whether `failure`'s check still holds for its player with `facts` in place of the record's (the facts a
    single tile of their board gives: which tile a refusal is about)."""
    sheets = list(record.rounds[failure.round])
    sheets[failure.player] = sheets[failure.player]._replace(facts=facts)
    g = _game(rules, record, sheets, [{} for _ in sheets], failure.round)
    return failure.message in _broken(rules.checks[failure.check], g, g.players[failure.player])


def score_sheet(rules: Rules, record: SheetRecord, report_format: str, explain: bool = True) -> SheetReport:
    tally = _Tally(len(record.rounds[0]) if record.rounds else 0, record.notes)
    g = None
    for r, sheets in enumerate(record.rounds):
        g = _score_round(rules, record, sheets, r, tally, explain)
    return _report(rules, record, g, tally, report_format, explain)


class _Tally:
    """What scoring a record builds up round by round: each player's lines, columns (of the round scored last),
    totals (the game's, and each round's) and the columns and total of the round before; the warnings and the
    awards' summaries."""

    def __init__(self, n: int, notes):
        self.totals, self.round_totals = [0] * n, [[] for _ in range(n)]
        self.lines: list[list[Line]] = [[] for _ in range(n)]
        self.columns: list[dict[str, int]] = [{} for _ in range(n)]
        self.warnings: list[Warning] = [Warning(where, message) for where, message in notes]
        self.prior: list[dict] = [{} for _ in range(n)]
        self.summaries: list[str] = []

    def close_round(self, g: SheetGame) -> None:
        for p in g.players:
            self.totals[p.index] += p.total
            self.round_totals[p.index].append(p.total)
            self.prior[p.index] = {**self.columns[p.index], "total": p.total}


def _score_round(rules: Rules, record: SheetRecord, sheets, r: int, tally: _Tally, explain: bool) -> SheetGame:
    """One round (the whole game, in a game without rounds): the board's lines, the awards, the columns, the said
    checks, then the round's totals."""
    label = f"round {r + 1}" if rules.settings.rounds else ""
    g = _game(rules, record, sheets, tally.prior, r)
    if explain:
        _board_lines(rules, g, sheets, tally.lines, label)
    tally.summaries += _hand_out_awards(rules, g, tally.lines, label, explain)
    for p in g.players:
        _score_columns(rules, g, p, label, explain, tally)
    _said_checks(rules, g, tally.lines, tally.warnings, label, explain)
    tally.close_round(g)
    return g


def _score_columns(rules: Rules, g: SheetGame, p: SheetPlayer, label: str, explain: bool, tally: _Tally) -> None:
    """A player's points in each column of the round, bounded, added to their total, and each column's line."""
    columns, lines = tally.columns[p.index], tally.lines[p.index]
    for column in rules.scores.values():
        # A column of awards gives no line: the awards' own lines above are its breakdown, and sum to it.
        trace = [] if explain and not column.awards else None
        points = column.fn(g, p, trace) or 0
        if not -MAX_POINTS <= points <= MAX_POINTS:  # see MAX_POINTS
            points, why = bounded(points)
            tally.warnings.append(Warning(p.name, f"{column.title}: {why}"))
        columns[column.name] = points
        p.total += points
        if not column.awards:
            lines.append(Line(label or column.title, column.name, points, _column_why(column, trace, p, points)))


def _report(rules: Rules, record: SheetRecord, g: SheetGame | None, tally: _Tally, report_format: str,
            explain: bool) -> SheetReport:
    """The scored record's report: players placed, the winners, the boards and the map's cells drawn."""
    players = _player_scores(rules, g, tally)
    boards = tuple(tuple(sheets[i].board for sheets in record.rounds) for i in range(len(players)))
    cells = occupied_cells(rules, record.rounds[-1]) if record.rounds else {}
    return SheetReport(report_format, players, [p.name for p in players if p.winner], tally.warnings,
                       rules.settings.rounds, tuple(tally.summaries) if explain else (), cells,
                       boards if any(b is not None for row in boards for b in row) else (),
                       player_colours(rules, g) if cells and g is not None else None)


def _player_scores(rules: Rules, g: SheetGame | None, tally: _Tally) -> list[SheetPlayerScore]:
    """Each player's score: columns (a game without rounds) or round totals, lines, total, place and win."""
    settings, n = rules.settings, len(tally.totals)
    places = _places(rules, g, tally.totals) if g is not None else []
    # `winner: …, only if COND`: a player the condition fails for (a solo game lost) wins nothing.
    wins = [places[i] == 1 and (settings.winner_if is None or bool(settings.winner_if(g, g.players[i])))
            for i in range(n)]
    return [SheetPlayerScore(g.players[i].name, tally.columns[i] if not settings.rounds else {},
                             tally.round_totals[i] if settings.rounds else [], tally.lines[i], tally.totals[i],
                             places[i], wins[i])
            for i in range(n)]


def _said_checks(rules: Rules, g: SheetGame, lines: list[list[Line]], warnings: list[Warning], label: str,
                 explain: bool) -> None:
    """Each player's notes (with --explain) and warnings, player by player, in the order the rules declare them;
    a message's `{others}` names the other players of the round the same message is said of."""
    said = [check for check in rules.checks if not check.refuse and (explain or not check.note)]
    broken = [[(p, message) for p in g.players for message in _broken(check, g, p)] for check in said]
    for p in g.players:
        for check, found in zip(said, broken):
            for q, message in found:
                if q is not p:
                    continue
                text = _filled(message, p, [o.name for o, same in found if same == message and o is not p])
                if check.note:
                    lines[p.index].append(Line(label or "note", "note", 0, text))
                else:
                    warnings.append(Warning(f"{p.name}, {label}" if label else p.name, text))


def _board_lines(rules: Rules, g: SheetGame, sheets, lines: list[list[Line]], label: str) -> None:
    """`--explain` on a grid record: each enclosed area by its cells, each mismatched edge."""
    from orbis_dsl.runtime.grid import features

    grid = rules.settings.grid
    for p, sheet in zip(g.players, sheets):
        if sheet.board is None:
            continue
        found = features(grid.shape, grid.borders, sheet.board)
        where = label or grid.title
        for region in found.regions:
            if region.enclosed:
                lines[p.index].append(Line(where, "enclosed", 0, f"enclosed {region.member}: "
                                                                  + ", ".join(region.cells)))
        for m in found.mismatches:
            lines[p.index].append(Line(where, "mismatch", 0, "mismatched edge: " + m.words()))


def _game(rules: Rules, record: SheetRecord, sheets: list[SheetPlayerRecord], prior: list[dict],
          r: int = 0) -> SheetGame:
    options = rules.option_values(None, record.options)
    base = rules.settings.values
    players = []
    for i, sheet in enumerate(sheets):
        piece = rules.gods.get(sheet.piece) if sheet.piece else None
        values = {**base, **piece.modifiers} if piece is not None and piece.modifiers else base
        history = tuple(record.rounds[k][i].facts for k in range(r))
        players.append(SheetPlayer(i, sheet.name, sheet.piece, sheet.facts, values, prior[i], history))
    game = SheetGame(players, options, r + 1, len(record.rounds))
    game.board = board_of(rules.settings.hexmap)  # a declared hex map's geometry, for `largest group(…)`
    return game


def _hand_out_awards(rules: Rules, g: SheetGame, lines: list[list[Line]], label: str, explain: bool) -> list[str]:
    """Every award of the round, once per member of an award `for each` member: who takes part, their measures,
    the prizes handed out and (with explain) each prize's line and the award's summary."""
    summaries = []
    for award in rules.awards.values():
        for member in award.members or (None,):
            args = (member,) if award.members else ()
            entries, traces = _award_entries(award, g, args, explain)
            placings = (award.hand_out or hand_out)(entries, award.prizes, award.ties, award.rank,
                                                    award.unless_equal, len(g.players))
            # An award nobody takes part in (Mondo's modifier card in a solo or beginner game) gets no summary
            # line: the report lists what was handed out, not what the level of play leaves out.
            if explain and entries:
                summaries.append(label + ": " * bool(label) + award_summary(
                    member.capitalize() if member is not None else award.title, [q.name for q in g.players],
                    placings, award.prizes, award.ties))
            for key, measure, _ in entries:
                g.players[key].measures[award.name] = measure
            _give_prizes(award, member, g, placings, traces, lines, label, explain)
    return summaries


def _award_entries(award, g: SheetGame, args: tuple, explain: bool) -> tuple[list, dict]:
    """The players taking part in an award, as (player, measure, tiebreak), and each player's measure notes: a
    player the award measures nothing of, or who is not eligible, takes no part."""
    entries, traces = [], {}
    for p in g.players:
        trace = [] if explain else None
        measure = award.measure(g, p, *args, trace=trace)
        traces[p.index] = _measure_notes(trace)
        if measure is None:
            continue
        if award.eligible is None or award.eligible(g, p, *args, measure):
            tiebreak = award.tiebreak(g, p, *args, measure) if award.tiebreak else None
            entries.append((p.index, measure, tiebreak))
    return entries, traces


def _give_prizes(award, member, g: SheetGame, placings, traces: dict, lines: list[list[Line]], label: str,
                 explain: bool) -> None:
    """Each placing's prize to its player, and (with explain) its line: the ranking, the place, the ties, in the
    award's own words where it `says` them."""
    title = f"{award.title}: {member}" if member is not None else award.title
    ranking = _ranking(g, placings)
    for placing in placings:
        p = g.players[placing.key]
        p.awards[award.name] = p.awards.get(award.name, 0) + placing.prize
        if explain:
            why = _award_why(title, ranking, placing, award.ties) + traces.get(p.index, "")
            if award.says is not None:
                tied = [g.players[q.key].name for q in placings
                        if q.place == placing.place and q.key != placing.key]
                why = award_sentence(award.says, title, placing, ranking, tied, g.options, why)
            lines[p.index].append(Line(label or title, award.name, placing.prize, why))


def _measure_notes(trace: list | None) -> str:
    """What a measure's handlers noted beyond comparisons (a map group's cells), for the award's line."""
    notes = [t for t in trace or () if t.startswith("largest group")]
    return "; " + notes[0] if notes else ""


def occupied_cells(rules: Rules, sheets: list[SheetPlayerRecord]) -> dict[str, list[str]]:
    """Each player's cells on the rule set's map (every `cells` fact, every member), for drawing it."""
    names = [f.name for f in rules.facts.values() if f.type == "cells"]
    found = {}
    for sheet in sheets:
        cells = []
        for name in names:
            value = sheet.facts.get(name)
            parts = value.values() if isinstance(value, dict) else [value]
            cells += [c for part in parts for c in part or ()]
        if cells:
            found[sheet.name] = cells
    return found


def player_colours(rules: Rules, g: SheetGame) -> dict[str, str]:
    """Each player's drawing colour, by the hex map's `player colors by VALUE: …` (1 picks the first; a member of a
    set, its place in the set); a player whose value picks none is left out (drawn by seat)."""
    hexmap = rules.settings.hexmap
    if hexmap is None or not hexmap.player_colors:
        return {}
    value, colours = hexmap.player_colors
    places = {m: i for members in rules.settings.sets.values() for i, m in enumerate(members, 1)}  # a member's
    picked = {p.name: places.get(v, 0) if isinstance(v := p.values.get(value, 0), str) else v for p in g.players}
    return {name: colours[i - 1] for name, i in picked.items() if isinstance(i, int) and 1 <= i <= len(colours)}


def _ranking(g: SheetGame, placings) -> str:
    """'Ann 7; Bo 5 = Cy 5': the ranking as a table reads it."""
    parts, previous = [], None
    for placing in placings:
        name = f"{g.players[placing.key].name} {show(placing.measure)}"
        if previous is not None and previous.place == placing.place:
            parts[-1] += f" = {name}"
        else:
            parts.append(name)
        previous = placing
    return "; ".join(parts)


def _award_why(title: str, ranking: str, placing, ties: str) -> str:
    why = f"{title}: {ranking}; place {placing.place}"
    if placing.tied > 1 and ties == "split":
        why += f", tied with {placing.tied - 1} (prizes shared, rounded down)"
    elif placing.tied > 1:
        why += f", tied with {placing.tied - 1}"
    return why


class _Shown(dict):
    """A column label's placeholders: the player's facts, values and awards, as a person reads them."""

    def __init__(self, p: SheetPlayer, others: list[str] = ()):
        super().__init__(p.values)
        # A fact not given reads "none" (a Mondo chip typed '-'), never Python's None.
        self.update((name, "none" if value is None else value) for name, value in p.facts.items())
        self["awards"] = _Prizes(p.awards)
        self["measures"] = _Measures(p.measures)
        self["others"] = and_list(others) or "another player"

    def __missing__(self, key):
        return "none"


class _Prizes(dict):
    """A player's prizes by award: an award they took no place in gave them 0."""

    def __missing__(self, key):
        return 0


class _Measures(dict):
    """A player's measure by award ("none" where the award measured nothing of them)."""

    def __missing__(self, key):
        return "none"

    def __getitem__(self, key):
        value = dict.get(self, key)
        return "none" if value is None else show(value)


def and_list(names) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy': names as a sentence lists them."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


_ARITHMETIC = (" + ", " - ", " * ", " / ", "(")


def _column_why(column, trace: list | None, p: SheetPlayer, points: int) -> str:
    """How a column's points came about, in the words a player checks them by: the column's arithmetic step by
    step ("coins 4 + workers 3 = 7; 7 / 3 = 2"), or its expression with the player's values filled in. The
    comparisons a condition made are left out (the notes and the award rankings say who had the most), and so is
    the expression of a conditional column, which would recite every case: its title and points say it."""
    steps = [step for step in trace or () if " is " not in step]  # "X is Y": a comparison, not a step
    if steps:
        return _summed("; ".join(steps), points)
    if " if " in f" {column.text} ":
        return f"{column.title} {points}"
    return _summed(_filled(column.text, p), points)


def _summed(why: str, points: int) -> str:
    """A column's words with its result: "coins 4 + workers 3 = 7"; a single value already says it."""
    if why.endswith(f" {points}") and not any(op in why for op in _ARITHMETIC):
        return why
    return f"{why} = {points}"


def _filled(label: str, p: SheetPlayer, others: list[str] = ()) -> str:
    """A message or label with the player's facts, values, prizes, measures and `{others}` (the other players a
    check held for in the round) filled in."""
    try:
        return label.format_map(_Shown(p, others))
    except (KeyError, IndexError, ValueError, AttributeError):
        return label  # a label the rule set's names do not fill (never an error in scoring)


def _broken(check, g: SheetGame, p: SheetPlayer) -> list[str]:
    messages = []
    for member in check.members or (None,):
        if check.fn(g, p, member):
            text = check.message.replace("{" + check.each_name + "}", member) if check.each_name else check.message
            messages.append(text)
    return messages


def _places(rules: Rules, g: SheetGame, totals: list[int]) -> list[int]:
    """Places by the winner rule; in a game of rounds, `total` is the whole game's."""
    for p in g.players:
        p.total = totals[p.index]
    keys = [tuple(-fn(g, p) if rank == "most" else fn(g, p) for rank, fn in rules.settings.winner)
            for p in g.players]
    return [1 + len([other for other in keys if other < mine]) for mine in keys]
