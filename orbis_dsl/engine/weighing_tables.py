"""What the greedy policy may weigh once instead of again and again, worked out per rule set on the compiled
handlers' code and kept on the engine's tables (state.py): the parts alike at every place (place_free.py), the
award measures that are sums over tiles (measure_sum.py), the tiles weighed alike in every turn (tile_fixed.py),
and what a dry run asks of the game."""

from __future__ import annotations

from operator import itemgetter

from orbis_dsl.engine.measure_sum import fixed_term, tile_sum
from orbis_dsl.engine.place_free import names_read, place_free
from orbis_dsl.engine.tile_fixed import KEPT_CLAUSE, kept_tiles, reads_only, region_tiles


def weighing_parts(T) -> None:
    """Set on the rule set's tables `T` (state.py) what the greedy policy may weigh once for all places:
    `measures_free`, the award measures together; per tile id, `t_free` (its 'when taken' handler, all its end
    clauses: a clause the compiler found local, `EndSpec.local`, reads its tile alone), `t_whole` (no placement
    condition and every other part place-free or absent: weighed alike at every place but for the row's
    preference), `t_shares` (some part place-free), and what a 'when taken' handler's dry run may read beyond
    the game's views: `t_pays` (it may ask to be paid: the realm, `EffectProbe.pay`) and `t_destroys` (it may
    destroy: the display's worshippers but the slot's, `EffectProbe.destroy`); per award measure, `measures_sum`
    (a sum of a term reading only its own tile, `tile_sum`) and `measures_fixed` (one whose term reads none of
    the tile's place or state either: the same for a tile id all game, `fixed_term`); per tile id, `t_kept`
    (its whole weighing kept across turns, tile_fixed.py; `kept_any`: some tile is) and `t_kept_by_id` (kept
    under its id alone), `t_region` (kept by its place and the tiles around it that it reads)."""
    T.measures_free = all(place_free(m) for m in T.measures)
    T.measures_sum = tuple(tile_sum(m) for m in T.measures)
    T.measures_fixed = tuple(summed and fixed_term(m) for summed, m in zip(T.measures_sum, T.measures))
    T.t_free = tuple((h is not None and place_free(h),
                      k is not None and all(end.local or place_free(end.fn) for end in k.ends))
                     for h, k in zip(T.t_taken, T.t_kind))
    measures = T.measures_free or not T.measures
    T.t_whole = tuple(measures and _whole(p, h, k, free) for p, h, k, free in zip(T.t_placed, T.t_taken, T.t_kind,
                                                                                 T.t_free))
    T.t_shares = tuple(probe or (ends and bool(k.ends)) or (T.measures_free and bool(T.measures))
                       for (probe, ends), k in zip(T.t_free, T.t_kind))
    T.t_pays = tuple(_asks(h, "pay") for h in T.t_taken)
    T.t_destroys = tuple(_asks(h, "destroy") for h in T.t_taken)
    _kept_tables(T)


def _kept_tables(T) -> None:
    """`t_kept`, `t_kept_by_id`, `t_take`, `t_take_unkept`, `t_region` (and its getters), `kept_any` (see
    `weighing_parts`) and `desert_kept`."""
    T.t_kept = kept_tiles(T)
    # the desert clauses weigh one desert view, alike in every turn: reading nothing else that moves (the options,
    # the player's values), what a desert is worth is kept while the values are the same (`_kept_desert`)
    T.desert_kept = all(reads_only(fn, KEPT_CLAUSE) for fn in T.desert_ends)
    # kept by its id alone: its dry run reads neither the realm nor the reductions
    T.t_kept_by_id = tuple(kept == 1 and not pays for kept, pays in zip(T.t_kept, T.t_pays))
    # what the greedy take loop reads of a tile id, in one tuple: its cost's coloured squares and multicoloured
    # ones, its colour, whether it is kept by its id (`t_take`) or, in a turn keeping nothing, not (`t_take_unkept`)
    T.t_take = tuple(zip(T.t_fixed, T.t_any, T.t_color, T.t_kept_by_id))
    T.t_take_unkept = tuple(zip(T.t_fixed, T.t_any, T.t_color, (False,) * len(T.t_kept)))
    T.t_region = region_tiles(T)
    T.t_region_get = region_getters(T.board, T.t_region_reads)
    T.kept_any = any(T.t_kept) or any(region is not None for region in T.t_region)


def region_getters(board, reads) -> tuple:
    """Per tile id, None for a tile not kept by its region (`Tables.t_region`), else per place, for each region
    it is handed (`reads`: per tile id the regions' names, as `Tables.t_region_reads` holds them), one
    `itemgetter` of that region's positions in the board's order, the order its helper hands them in (None: no
    position there): a player's lists read in one call each."""
    out = []
    for names in reads:
        if names is None:
            out.append(None)
            continue
        tables = [getattr(board, name) for name in names]
        out.append(tuple(tuple(itemgetter(*table[pos]) if table[pos] else None for table in tables)
                         for pos in range(board.size)))
    return tuple(out)


def _whole(condition, handler, kind, free) -> bool:
    """No placement condition, and the 'when taken' handler and the end clauses place-free or absent."""
    probe, ends = free
    return condition is None and (handler is None or probe) and (kind is None or not kind.ends or ends)


def _asks(handler, ask: str) -> bool:
    """Whether a 'when taken' handler (None: no handler) may make `ask` of the api: when what it names cannot be
    told, it may."""
    if handler is None:
        return False
    names = names_read(handler)
    return names is None or ask in names


