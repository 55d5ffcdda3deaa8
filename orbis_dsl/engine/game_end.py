"""The end of a game: the finished universes as an `orbis-game/1` record, scored by the same scorer as
`orbis score`."""

from __future__ import annotations

from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.scoring import ScoreReport, score_game
from orbis_dsl.runtime.views import PlayerView, TileView

_new_object = object.__new__
_NO_PARAMS: dict = {}  # a desert's parameters (the scorer's views share one empty dict too: handlers only read)


class EndOfGame:
    """The record and the scores of a game; mixed into `Game` (game.py)."""

    def record(self, title: str | None = None) -> GameRecord:
        T = self.tables
        desert = T.desert_record  # a desert, and in an unfinished game an empty place, which shows nothing
        records, spans = T.t_records, T.row_spans
        players = []
        for me in self.players:
            pc, tid, cancelled = me.pc, me.tid, me.cancelled
            # a place's mark is a colour index (>= 0) under a face-up tile, else DESERT or EMPTY (plain loops: the
            # comprehensions' function objects cost more than they save here, by callgrind's count)
            rows = []
            for span in spans:
                row = []
                for pos in span:
                    row.append(records[tid[pos]][cancelled[pos]] if pc[pos] >= 0 else desert)
                rows.append(tuple(row))
            players.append(PlayerRecord(me.name, me.god, sum(me.realm), tuple(rows), me.god_cancelled))
        return GameRecord(tuple(players), self.variant.name, dict(self.chosen_options), title)

    def score(self, explain: bool = True, lines: bool = True) -> ScoreReport:
        """The score report `orbis score` gives for this game's record (`lines=False`: totals, places and winners
        only, as `score_game` gives them). The record and the scorer's views of it are made here in one pass over
        the engine's own boards, rather than the record written and then read back (`_scored_player`): the same
        record, the same views, scored by the same scorer and handlers."""
        T = self.tables
        rules = self.rules
        players, built = [], []
        for me in self.players:
            record, view, settle = self._scored_player(T, rules, me)
            players.append(record)
            built.append((view, settle))
        record = GameRecord(tuple(players), self.variant.name, dict(self.chosen_options), None)
        return score_game(rules, record, explain, lines, built)

    @staticmethod
    def _scored_player(T, rules, me) -> tuple:
        """(the player's record, as `record` writes it; their view and the tiles whose cancellation the scorer
        settles, as the scorer's `_player_view` makes them from that record: tests/engine/test_engine_score.py
        holds the two to each other). A face-up tile's view is built from `Tables.t_scored`, field by field as
        `views.scored_tile` builds it; a desert's, and an empty place's in an unfinished game, from the desert's
        record."""
        desert = T.desert_record
        scored, spans = T.t_scored, T.row_spans
        pc, tid, cancelled = me.pc, me.tid, me.cancelled
        rows, slots, settle = [], [], []
        for span in spans:
            row = []
            for pos in span:
                t = _new_object(TileView)
                t.pos = pos
                t.validated = False
                t.cost = ()
                t.points = 0
                if pc[pos] >= 0:
                    record, t.kind, t.color, t.params, t.cancelled, t.level, t.stars, t.recorded, check = \
                        scored[tid[pos]][cancelled[pos]]
                    t.desert = False
                    if check:
                        settle.append(t)
                else:
                    record = desert
                    t.kind = t.color = t.level = t.stars = t.recorded = None
                    t.params = _NO_PARAMS
                    t.desert = True
                    t.cancelled = False
                t.record = record
                row.append(record)
                slots.append(t)
            rows.append(tuple(row))
        god = me.god
        values = rules.settings.values
        if god:
            values = rules.god_values.get(god, values)
        worshippers = sum(me.realm)
        view = PlayerView(me.seat, me.name, slots, worshippers, god, me.god_cancelled, values, slots)
        return PlayerRecord(me.name, god, worshippers, tuple(rows), me.god_cancelled), view, settle

    @property
    def tokens_short(self) -> int:
        """Cancelation tokens used beyond the supply (the cancellation still counts)."""
        return max(0, -self.tokens)
