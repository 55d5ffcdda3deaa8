"""The scorer: a finished game under a runtime rule set → totals, lines, warnings, places and winners.

It knows no kind or god: every number comes from the rule handlers, and every check is stated in terms of what
the rule set declares (kinds that can be cancelled, placement conditions, unique parameters, variants).
"""

from __future__ import annotations

from typing import NamedTuple

from orbis_dsl.runtime.award_text import award_sentence, options_shown, placing_sentence, sentence_values
from orbis_dsl.runtime.awards import hand_out
from orbis_dsl.runtime.consistency import table_warnings
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.reasons import explained, static_why
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.score_report import (  # (imported from here too)
    MAX_POINTS,
    Line,
    PlayerScore,
    ScoreReport,
    Warning,
    bounded,
)
from orbis_dsl.runtime.score_report import new_tuple as _new_tuple
from orbis_dsl.runtime.specs import VariantSpec
from orbis_dsl.runtime.support import show
from orbis_dsl.runtime.views import GameView, PlayerView, TileView, scored_tile

_new_object = object.__new__


class _Tally(NamedTuple):
    """A player's score while it is being added up (the report's PlayerScore is built from it at the end)."""

    categories: dict[str, int]
    lines: list[Line]


_NO_PARAMS: dict = {}  # shared by deserts: handlers only read params
_LOCAL_LINES: dict = {}  # see Scorer._local_line
_LOCAL_LINES_LIMIT = 20_000


def variant_for(rules: Rules, game: GameRecord) -> VariantSpec | None:
    name = game.variant or f"{len(game.players)}p"
    return rules.variants.get(name)


class Scorer:
    """`explain`: each line's `why` says what the conditions found. `lines=False`: totals, places and winners
    only, with no lines and no table checks (what a simulation needs for its summary). `views`: each player's
    (view, tiles to settle) as `_player_view` makes them from `game`, made by the caller from its own state (the
    engine, engine/game_end.py, which has no record to read back), or None to make them here."""

    def __init__(self, rules: Rules, game: GameRecord, explain: bool = True, lines: bool = True, views=None):
        self.rules = rules
        self.game = game
        self.given_views = views
        self.explain = explain and lines
        self.lines = lines
        self.variant = variant_for(rules, game)
        self.warnings: list[Warning] = []
        self.placement_why: dict[TileView, str] = {}  # why a placement condition cancelled a tile
        # What each stage of score() leaves for the next (see views … report).
        self._options: dict = {}
        self._built: list[tuple[PlayerView, list[TileView]]] = []
        self._players: list[PlayerView] = []
        self._g: GameView | None = None
        self._tallies: list[_Tally] = []

    def warn(self, where: str, message: str) -> None:
        if self.lines:
            self.warnings.append(Warning(where, message))

    # ---- building the views -----------------------------------------------------------------------------

    def _player_view(self, index: int, record: PlayerRecord) -> tuple[PlayerView, list[TileView]]:
        """The player's tiles by board position, and those whose cancellation the scorer must settle: tiles with a
        placement condition, and tokens on tiles that no cost can cancel."""
        # One flat loop, rows bottom first = the board's positions: this runs 56 times a 4-player game, so the
        # records are unpacked as tuples and handlers share the records' read-only dicts where they can.
        fills = self.rules.param_fills
        placed_kinds, taken_kinds = self.rules.placed_kinds, self.rules.taken_kinds
        slots: list[TileView | None] = []
        settle: list[TileView] = []
        pos = 0
        gaps = False
        for row in record.pyramid:
            for tile in row:
                if tile is None:  # a place not filled yet: a table still being entered (`orbis serve`)
                    slots.append(None)
                    gaps = True
                    pos += 1
                    continue
                desert, kind, color, params, cancelled, level, stars = tile  # TileRecord's fields, in order
                if desert:  # `cancelled` kept as recorded, for the count of tokens on the table
                    slots.append(scored_tile(pos, None, None, _NO_PARAMS, True, False, None, None, cancelled, tile))
                else:
                    # Handlers read parameters with .get(), so only defaults other than none need filling in,
                    # and most records print those: no new dict for them.
                    fill = fills.get(kind)
                    if fill and not fill.keys() <= params.keys():
                        params = {**fill, **params}
                    # views.scored_tile's body written out: a call and its ten arguments cost a sixth of making
                    # a view, and this runs for ~45 of a 4-player game's 56 tiles (tests/runtime/test_views.py
                    # holds every slot of these views to TileView's constructor).
                    t = _new_object(TileView)
                    t.pos = pos
                    t.kind = kind
                    t.color = color
                    t.params = params
                    t.desert = False
                    t.cancelled = bool(cancelled)
                    t.validated = False
                    t.level = level
                    t.stars = stars
                    t.cost = ()
                    t.recorded = cancelled
                    t.points = 0
                    t.record = tile
                    slots.append(t)
                    if kind in placed_kinds or (cancelled and kind not in taken_kinds):
                        settle.append(t)
                pos += 1
        values = self.rules.settings.values
        if record.god:
            values = self.rules.god_values.get(record.god, values)
        view = PlayerView(index, record.name, slots, record.worshippers, record.god, record.god_cancelled, values,
                          tiles=[t for t in slots if t is not None] if gaps else slots)
        return view, settle

    # ---- scoring ----------------------------------------------------------------------------------------

    def score(self) -> ScoreReport:
        self.views()
        self.tiles()
        self.gods()
        self.awards()
        return self.report()

    # The five stages of a game's scoring, in order. score_games runs each over a run of games before the next,
    # as the batch reads, scores and writes a run a stage at a time (cli/batch.score_run); one game's stages and
    # what each leaves on the scorer are the same either way, so is its report.

    def views(self) -> None:
        self._options = self.rules.option_values(self.variant, self.game.options)
        # (the engine hands the views it made from its own state, as `_player_view` makes them: Game.score)
        self._built = self.given_views if self.given_views is not None else [
            self._player_view(i, p) for i, p in enumerate(self.game.players)]
        self._players = [view for view, _ in self._built]
        self._g = GameView(self._players, self._options, self.rules.board)

    def tiles(self) -> None:
        g = self._g
        self._tallies = tallies = []
        for p, settle in self._built:
            self._settle_cancellations(g, p, settle)
            tallies.append(self._score_player(g, p))

    def gods(self) -> None:
        for p, tally in zip(self._players, self._tallies):
            tally.lines.extend(self._god_lines(self._g, p, tally))

    def awards(self) -> None:
        self._awards(self._g, self._players, self._tallies)

    def report(self) -> ScoreReport:
        players, tallies = self._players, self._tallies
        for p, tally in zip(players, tallies):
            p.total = sum(tally.categories.values())
        places = self._places(self._g, players)
        scores = [_new_tuple(PlayerScore, (p.name, tally.categories, p.worshippers, tally.lines, p.total, place,
                                           place == 1, p.slots))
                  for p, tally, place in zip(players, tallies, places)]
        if self.lines:
            self.warnings[:0] = [_new_tuple(Warning, found)  # (where, message) pairs
                                 for found in table_warnings(self.rules, self.game, self.variant, players)]
        return ScoreReport(self.variant.name if self.variant else (self.game.variant or ""), scores,
                           [s.name for s in scores if s.winner], self.warnings)

    def _settle_cancellations(self, g, p: PlayerView, tiles: list[TileView]) -> None:
        """Placement conditions are recomputed (the table may be wrong); tokens on kinds that cannot be
        cancelled are reported and ignored; tokens from 'when taken' costs are taken as the table shows.
        `tiles`: the player's tiles of kinds with a placement condition, and tokens on kinds without a cost."""
        kinds = self.rules.kinds
        for t in tiles:
            kind = kinds.get(t.kind)
            if kind is None:
                continue
            when = kind.cancellable_when
            if when == "placed":
                # With a trace only when its words will be shown (traces cost more than the check): with `explain`
                # at once, else asked again when the table disagrees.
                trace: list[str] | None = [] if self.explain else None
                cancelled = not kind.placed(g, p, t, trace)
                recorded = t.recorded
                wrong = self.lines and recorded is not None and recorded != cancelled
                if self.explain or wrong:
                    # (Before the verdict is stored, so both calls see the tile as the condition first saw it.)
                    if trace is None:
                        trace = []
                        kind.placed(g, p, t, trace)
                    reason = "; ".join(trace)
                    if self.explain:
                        self.placement_why[t] = reason
                    if wrong:
                        should = "cancelled" if cancelled else "validated"
                        self.warn(self._where(p, t), f"{kind.name}: {reason}: it should be {should}")
                t.cancelled = cancelled
            elif when is None and t.recorded:
                self.warn(self._where(p, t), f"a Cancelation token on a {kind.title}, which cannot be cancelled")
                t.cancelled = False

    def _bounded(self, points: int, p: PlayerView, t: TileView | None = None, what: str | None = None) -> int:
        """MAX_POINTS with the sign of `points`, and a warning naming the tile, god or award (see MAX_POINTS)."""
        where = self._where(p, t) if t is not None else p.name
        source = what or (t.kind or "a desert" if t is not None else "the god")
        bound, why = bounded(points)
        self.warn(where, f"{source}: {why}")
        return bound

    def _where(self, p: PlayerView, t: TileView) -> str:
        return f"{p.name}, {self.rules.board.labels[t.pos]}"

    def _score_player(self, g, p: PlayerView) -> _Tally:
        regions, deserts, lines = 0, 0, []
        add_line = lines.append
        labels = self.rules.board.labels
        kinds = self.rules.kinds
        desert_ends = self.rules.settings.desert_ends
        keep, explain = self.lines, self.explain
        placed_why = self.placement_why.get
        values = p.values
        values_id = id(values)  # (looked up once a player, not once a tile)
        for t in p.tiles:  # in board order
            if t.desert:
                if desert_ends:
                    deserts += self._score_desert(g, p, t, desert_ends, add_line)
                continue
            kind = kinds.get(t.kind)
            if kind is None:
                continue
            # Validated: no marker on it, and some clause of its kind scores (a failed bonus clause beside one that
            # scores leaves it validated; a kind without clauses needs only the absence of a marker).
            scored = not kind.ends
            for end in kind.ends:
                if explain and end.local and t.record is not None:
                    # The remembered line looked up here, not in _local_line: most of a game's tiles find theirs.
                    record, where, placed = t.record, labels[t.pos], placed_why(t)
                    known = _LOCAL_LINES.get((id(end), where, id(record), values_id, t.cancelled, placed))
                    if known is not None:  # (the very clause, record and values: see _local_line)
                        points, line = known[2], known[3]
                    else:
                        points, line = self._local_line(g, p, t, end, kind.name, where, placed)
                    if points is not None:
                        scored = True
                        regions += points
                        t.points += points
                    add_line(line)
                    continue
                if explain:
                    trace = []
                    points = end.fn(g, p, t, trace)
                else:
                    trace = None
                    points = end.fn(g, p, t)
                if points is not None:
                    scored = True
                    points = points if -MAX_POINTS <= points <= MAX_POINTS else self._bounded(points, p, t)
                    regions += points
                    t.points += points
                if keep:
                    add_line(self._clause_line(end, trace, points, g, p, t, kind.name))
            t.validated = scored and not t.cancelled
        return _Tally({"regions": regions, "deserts": deserts, "god": 0}, lines)

    def _clause_line(self, end, trace: list[str] | None, points, g, p: PlayerView, t: TileView, kind: str) -> Line:
        """The line of a tile's clause that is not remembered (`trace`: its findings, None without reasons)."""
        why = self._why(end, trace, points, g, p, t) if trace is not None else static_why(end.text, points)
        return _new_tuple(Line, (self.rules.board.labels[t.pos], kind, points or 0, why))

    def _why(self, end, trace: list[str], points, g, p: PlayerView, t: TileView) -> str:
        """A tile's clause that reads more than its tile: what its trace found, after what its placement
        condition found."""
        why = explained(end, trace, points, (g, p, t))
        placed = self.placement_why.get(t)
        return f"{placed}; {why}" if placed else why

    def _score_desert(self, g, p: PlayerView, t: TileView, ends, add_line) -> int:
        """What a face-down tile scores by the rule set's desert clauses (Orbis: -1 CP), its lines added."""
        where, explain, scored = self.rules.board.labels[t.pos], self.explain, 0
        record, values = t.record, p.values
        for end in ends:
            if explain and end.local and record is not None:
                known = _LOCAL_LINES.get((id(end), where, id(record), id(values), t.cancelled, None))
                if known is not None:  # (as in _score_player)
                    points, line = known[2], known[3]
                else:
                    points, line = self._local_line(g, p, t, end, "desert", where, None, desert=True)
            else:
                trace = [] if explain else None
                points = end.fn(g, p, t, trace) or 0
                points = points if -MAX_POINTS <= points <= MAX_POINTS else self._bounded(points, p, t)
                line = None
                if self.lines:
                    why = explained(end, trace, points, (g, p, t)) if explain else static_why(end.text, points)
                    line = _new_tuple(Line, (where, "desert", points, why))
            scored += points
            t.points += points
            if line is not None:
                add_line(line)
        return scored

    def _local_line(self, g, p, t: TileView, end, kind: str, where: str, placed: str | None,
                    desert: bool = False) -> tuple:
        """(points, line) of a clause that reads its tile alone (EndSpec.local): worked out once per printed tile,
        place, player's values and outcome of its placement condition, and remembered. Records share their tiles
        (a batch's records are read by the tiles' texts) and most players the rule set's values, so identities
        stand for everything printed on the tile and for the values, and for the clause (a clause, a tuple of
        five fields, took longer to hash than the rest of the key). The entry holds all three: while it is in the
        memo none of them can be freed, so no other object can take one of their ids, and a key found is always
        the very clause, record and values it was made for (nothing more is checked when it is found; the
        memo's entries are dropped only with their keys)."""
        record, values = t.record, p.values
        # The key leaves out the kind's name, which the record fixes (`end` is one of its kind's clauses): one field
        # less to look up, build and hash for each of a game's ~56 tiles. The place's name stays: it is written.
        key = (id(end), where, id(record), id(values), t.cancelled, placed)
        known = _LOCAL_LINES.get(key)
        if known is not None:
            return known[2], known[3]
        trace: list[str] = []
        points = end.fn(g, p, t, trace)
        if desert:  # a desert's clause scores 0 rather than nothing
            points = points or 0
        over = points is not None and not -MAX_POINTS <= points <= MAX_POINTS
        if over:
            points = self._bounded(points, p, t)
        why = explained(end, trace, points, (g, p, t))
        if placed:
            why = f"{placed}; {why}"
        line = _new_tuple(Line, (where, kind, points or 0, why))
        if over:  # not remembered: its warning is given for every game that has it
            return points, line
        if len(_LOCAL_LINES) >= _LOCAL_LINES_LIMIT:
            _LOCAL_LINES.clear()
        _LOCAL_LINES[key] = (record, values, points, line, end)
        return points, line

    def _god_lines(self, g, p: PlayerView, tally: _Tally) -> list[Line]:
        god = self.rules.gods.get(p.god) if p.god else None
        if god is None:
            return []
        if p.god_cancelled and not god.cancellable:
            self.warn(p.name, f"a Cancelation token on the {god.title}, which cannot be cancelled")
            p.god_cancelled = False
        lines = []
        for end in god.ends:
            trace = [] if self.explain else None
            points = end.fn(g, p, trace)
            if points is not None and not -MAX_POINTS <= points <= MAX_POINTS:
                points = self._bounded(points, p)
            tally.categories["god"] += points or 0
            if self.lines:
                why = explained(end, trace, points, (g, p)) if self.explain else static_why(end.text, points)
                lines.append(_new_tuple(Line, ("god", god.name, points or 0, why)))
        return lines

    # ---- ranked awards ---------------------------------------------------------------------------------

    def _award_entries(self, award, g, players) -> list[tuple[int, int, int | None]]:
        """(player index, measure, tie-break) of each player taking part in an award."""
        entries = []
        for p in players:
            measure = award.measure(g, p)
            if measure is None:  # (a `max` of no tiles): nothing to rank
                continue
            if not -MAX_POINTS <= measure <= MAX_POINTS:
                measure = self._bounded(measure, p, what=award.title)
            if award.eligible is None or award.eligible(g, p, measure):
                tiebreak = award.tiebreak(g, p, measure) if award.tiebreak else None
                entries.append((p.index, measure, tiebreak))
        return entries

    def _awards(self, g, players, tallies: list[_Tally]) -> None:
        for award in self.rules.awards.values():
            prizes = self._prizes(award)
            entries = self._award_entries(award, g, players)
            for tally in tallies:
                tally.categories[award.name] = 0
            # Stable: players the tie-break cannot separate keep the record's order (awards.hand_out).
            placings = (award.hand_out or hand_out)(entries, prizes, award.ties, award.rank, award.unless_equal,
                                                    len(players))
            nobody = award.unless_equal and len(placings) > 1 and all(pl.tied == len(placings) for pl in placings)
            groups = _tie_groups(placings)
            for group in groups:
                if len(group) > 1 and award.warn and not nobody:
                    names = ", ".join(players[pl.key].name for pl in group)
                    self.warn(award.title, f"{names} tie on {show(group[0].measure)} and the tie-break does not "
                              f"separate them: {_TIED[award.ties]}")
            for placing in placings:
                tallies[placing.key].categories[award.name] += placing.prize
            if self.lines:
                self._award_lines(award, players, tallies, groups, nobody, g.options)
            if len(prizes) > len(players):
                self.warn(award.title, f"{len(prizes)} prizes are in play for {len(players)} players")

    def _award_lines(self, award, players, tallies: list[_Tally], groups, nobody: bool, options: dict) -> None:
        """`groups`: the placings in runs that tie (_tie_groups)."""
        ranking = "; ".join(" = ".join(f"{players[pl.key].name} {show(pl.measure)}" for pl in group)
                            for group in groups)
        says, title, name = award.says, award.title, award.name
        # A sentence showing the ranking is one table's (see award_sentence): what its placings' sentences share is
        # made once here. The plain words and the tied players are made only for a sentence that shows them.
        common = sentence_values(options_shown(options), title, ranking) if says and "ranking" in says else None
        shown_options = options_shown(options) if says is not None and common is None else None
        plain = says is None or "why" in says
        tied = says is not None and "tied" in says
        shared = award.ties != "keep_order"
        for group in groups:
            for placing in group:
                why = _plain_award_why(title, placing, shared and len(group), nobody) if plain else None
                if says is not None:
                    others = [players[q.key].name for q in group if q.key != placing.key] if tied else ()
                    if common is not None:
                        why = placing_sentence(says, common, placing, others, why)
                    else:
                        why = award_sentence(says, title, placing, ranking, others, options, why, shown_options)
                tallies[placing.key].lines.append(_new_tuple(Line, (title, name, placing.prize, why)))

    def _prizes(self, award) -> tuple[int, ...]:
        if self.variant is not None and award.name in self.variant.prizes:
            return self.variant.prizes[award.name]
        return award.prizes

    # ---- winner ---------------------------------------------------------------------------------------

    def _places(self, g, players) -> list[int]:
        """Each player's place by the winner rule: 1 + how many players rank strictly ahead."""
        winner = self.rules.settings.winner
        keys = [tuple([-fn(g, p) if rank == "most" else fn(g, p) for rank, fn in winner]) for p in players]
        return [1 + len([other for other in keys if other < mine]) for mine in keys]


def _plain_award_why(title: str, placing, shared: int, nobody: bool) -> str:
    """An award's line in the scorer's own words. `shared`: how many share the placing's prize (0 or 1: none)."""
    why = f"{title}: measure {show(placing.measure)}, rank {placing.place}"
    if placing.tiebreak is not None:
        why += f" (tie-break {show(placing.tiebreak)})"
    if shared > 1:
        why += " (every player ties: no prize)" if nobody else f", shared with {shared - 1}"
    return why


def _tie_groups(placings):
    """The placings in runs that neither the measure nor the tie-break separates."""
    groups = []
    for placing in placings:
        if groups and (groups[-1][0].measure, groups[-1][0].tiebreak) == (placing.measure, placing.tiebreak):
            groups[-1].append(placing)
        else:
            groups.append([placing])
    return groups


# What players an award cannot separate get, by its `ties` rule: the end of its warning.
_TIED = {"keep_order": "they keep their order in the record",
         "split": "they share the prizes of their places, rounded down",
         "each_takes": "each takes the prize of the place they share"}


def score_game(rules: Rules, game: GameRecord, explain: bool = True, lines: bool = True, views=None) -> ScoreReport:
    return Scorer(rules, game, explain, lines, views).score()


def score_games(rules: Rules, games: list[GameRecord], explain: bool = True) -> list[ScoreReport]:
    """`score_game` of each game, a stage at a time over them all: every game's views, then every game's tiles,
    gods, awards, reports. Each stage's code (and the rule handlers it calls) then runs for the whole run while it
    is warm in the processor's caches. Each game's report is the one score_game gives alone."""
    scorers = [Scorer(rules, game, explain) for game in games]
    for stage in (Scorer.views, Scorer.tiles, Scorer.gods, Scorer.awards):
        for scorer in scorers:
            stage(scorer)
    return [scorer.report() for scorer in scorers]
