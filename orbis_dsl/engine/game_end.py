"""The end of a game: the finished universes as an `orbis-game/1` record, scored by the same scorer as
`orbis score`."""

from __future__ import annotations

from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.scoring import ScoreReport, score_game


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

    def score(self, explain: bool = True) -> ScoreReport:
        """The score report `orbis score` gives for this game's record."""
        return score_game(self.rules, self.record(), explain)

    @property
    def tokens_short(self) -> int:
        """Cancelation tokens used beyond the supply (the cancellation still counts)."""
        return max(0, -self.tokens)

