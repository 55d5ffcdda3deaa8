"""When a tile counts as validated (docs/language.md, Pieces of a family for tiles): no marker on it, and some
clause of its kind scores. The tutorial's Lighthouse scores `cp + …` and a bonus `if row >= 3`: on row 2 the
bonus fails, the tile still scores, and it is validated (drawn without '-', counted by `validated`)."""

from __future__ import annotations

from pathlib import Path

from orbis_dsl.language.packs.load import lay_pack
from orbis_dsl.records.inputs import read_record, score_record

ROOT = Path(__file__).resolve().parents[2]


def test_a_failed_bonus_beside_a_clause_that_scores_leaves_the_tile_validated():
    laid, compiled = lay_pack(ROOT / "examples" / "custom" / "pack")
    assert laid is not None, compiled.diagnostics
    record, rules, diags, _ = read_record(ROOT / "examples" / "custom" / "night.orbisgame", laid)
    assert diags == []
    ana = score_record(rules, record).players[0]
    lighthouses = {rules.board.labels[t.pos]: t for t in ana.tiles if t.kind == "lighthouse"}
    # row 2, tile 1: 3 CP + 3 blue neighbours, and the row-3 bonus fails
    assert lighthouses["row 2, tile 1"].points == 6 and lighthouses["row 2, tile 1"].validated
    # a Lighthouse resting on no white tile: cancelled by its placement condition, so no clause scores
    cancelled = [t for t in lighthouses.values() if t.cancelled]
    assert cancelled and not any(t.validated for t in cancelled)
    # every scoring one is validated
    assert all(t.validated for t in lighthouses.values() if not t.cancelled)
