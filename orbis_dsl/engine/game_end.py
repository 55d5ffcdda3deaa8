"""The end of a game: the finished universes as an `orbis-game/1` record, scored by the same scorer as
`orbis score`."""

from __future__ import annotations

from orbis_dsl.engine.state import DESERT, EMPTY
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.scoring import ScoreReport, score_game


class EndOfGame:
    """The record and the scores of a game; mixed into `Game` (game.py)."""

    def record(self, title: str | None = None) -> GameRecord:
        T = self.tables
        board = self.rules.board
        recs = T.rec
        players = []
        for me in self.players:
            rows = []
            for r, width in enumerate(board.rows):
                start = board.position(r, 0)
                row = []
                for pos in range(start, start + width):
                    v = me.pc[pos]
                    if v == DESERT:
                        row.append(T.desert_record)
                    elif v == EMPTY:
                        row.append(T.desert_record)  # only for unfinished games: an empty place shows nothing
                    else:
                        tile = me.tid[pos]
                        if T.t_cancellable[tile]:
                            row.append(recs[2][tile] if me.cancelled[pos] else recs[1][tile])
                        else:
                            row.append(recs[0][tile])
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

