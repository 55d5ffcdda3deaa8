"""Tiles are marked validated as they are laid (`Game._mark_validated`), as the scorer would mark them if the game
ended then. Until 2026-12-07 only the scorer marked them, at the end, so during play every clause that counts
validated tiles read the same for every player, whatever was on the table: the Sun King's "1 CP per validated red
tile" read 0 with seven red tiles laid, and every majority god read 3 for everyone (a tie at zero). These tests
failed then (docs/balance.md, "What the players could not see")."""

from __future__ import annotations

import contextlib

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.simulate import load_rules
from orbis_dsl.language.ruleset import base_rules


class _Stop(Exception):
    pass


def _after_round(rules, seed: int, round_: int) -> Game:
    """A greedy 2-player game of `rules` stopped after `round_`."""
    game = Game(rules, deal(rules, "2p", seed), [GreedyPolicy(), GreedyPolicy()])

    def stop(g):
        if g.round == round_:
            raise _Stop

    with contextlib.suppress(_Stop):
        game.play(after_round=stop)
    assert game.round == round_
    return game


def test_the_sun_kings_clause_reads_the_red_tiles_validated_so_far():
    rules = load_rules("pack:examples/balance/sun-king")
    game = _after_round(rules, 3, 10)
    end = rules.gods["sunking"].ends[0]
    readings = []
    for p in game.players:
        game.g.cache.clear()
        # what the scorer would count if the game ended now: red tiles on the table, face up and not cancelled,
        # whose clauses score (a Sacred Stone always does; the pack's red tiles here are of kinds that score)
        red = [t for t in p.view.tiles if not t.desert and t.color == "red" and not t.cancelled]
        readings.append((len(red), end.fn(game.g, p.view)))
    assert any(n > 0 for n, _ in readings), "no red tile was laid by round 10: pick another seed"
    assert all(reading > 0 for n, reading in readings if n > 0), readings


def test_a_majority_god_reads_nothing_for_a_player_with_fewer():
    rules = base_rules()
    game = _after_round(rules, 3, 12)
    counts = [sum(1 for t in p.view.tiles if not t.desert and t.kind == "volcano") for p in game.players]
    assert counts[0] != counts[1], counts
    fewer = game.players[counts.index(min(counts))]
    game.g.cache.clear()
    assert rules.gods["fire"].ends[0].fn(game.g, fewer.view) in (0, None)


def test_the_live_marks_are_the_scorers_for_tiles_whose_clauses_read_only_what_lies_below():
    """At the end of a game, every mark made as a tile was laid is the scorer's own mark on the finished board
    (`runtime/scoring.py`, over the views `Game.score` builds), for the base game's tiles whose validity is settled
    when they are laid; a Forest's clause reads its neighbours and may come true later, so it is left out."""
    from orbis_dsl.engine.game_end import GameRecord
    from orbis_dsl.runtime.scoring import score_game

    rules = base_rules()
    compared = validated = 0
    for seed in range(6):
        game = Game(rules, deal(rules, "2p", seed), [GreedyPolicy(), GreedyPolicy()]).play()
        players, built = [], []
        for me in game.players:
            record, view, settle = game._scored_player(game.tables, rules, me)
            players.append(record)
            built.append((view, settle))
        score_game(rules, GameRecord(tuple(players), game.variant.name, dict(game.chosen_options), None), False,
                   False, built)
        for me, (scored, _) in zip(game.players, built, strict=True):
            marked = {t.pos: t.validated for t in scored.tiles if not t.desert}
            for tv in me.view.tiles:
                if tv.desert or tv.kind == "forest":
                    continue
                assert tv.validated == marked[tv.pos], (seed, me.seat, tv.pos, tv.kind)
                compared += 1
                validated += tv.validated
    assert compared > 50 and 0 < validated < compared
