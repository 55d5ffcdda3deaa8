# generated — do not edit.
# source: 'rules/terra_mystica/game.orbis'
# sha256: fa352bdaf43e17ba4b168d3b8733f48493d182da070d916715b57f2b62288e27
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import (
    compare as _compare,
    extreme_max as _extreme_max,
    extreme_min as _extreme_min,
    holds as _holds,
    largest_group as _largest_group,
    let as _let,
    link as _link,
    shown_divide as _shown_divide,
    shown_sum as _shown_sum,
    size as _size,
)
from orbis_dsl.runtime.lists import (
    both_equal as _both_equal,
    count_in as _count_in,
    position as _position,
    sum_over as _sum_over,
)
from orbis_dsl.runtime.specs import AwardSpec, CheckSpec, FactSpec, OptionSpec, ScoreSpec, Settings

SOURCE = 'rules/terra_mystica/game.orbis'
SOURCE_SHA256 = 'fa352bdaf43e17ba4b168d3b8733f48493d182da070d916715b57f2b62288e27'


# from 'rules/terra_mystica/game.orbis', line 79
def _award_cult_measure(g, p, each, trace=None):
    return p.facts['cults'][each]


# from 'rules/terra_mystica/game.orbis', line 80
def _award_cult_eligible(g, p, each, measure, trace=None):
    return _compare(trace, 'measure is {value}', '>=', measure, 1)


# from 'rules/terra_mystica/game.orbis', line 102
def _award_area_measure(g, p, trace=None):
    return (
        _largest_group(
            g.board, p.facts['structures'],
            (
                _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                _link('beside', pairs=p.facts['mermaid_river_towns']),
                _link(
                    'water',
                    _extreme_max((p.facts['shipping'], p.values['start_shipping'])) if p.values['ships'] else None,
                ),
                _link(
                    'within',
                    (
                        _extreme_max(
                            (
                                p.facts['shipping'],
                                (
                                    p.values['start_range']
                                    + (
                                        p.values['sh_range']
                                        if _compare(
                                            trace, 'size of structures[SH] is {value}', '=',
                                            _size(p.facts['structures'], 'SH'), 1,
                                        )
                                        else 0
                                    )
                                ),
                            ),
                        )
                        if not p.values['ships']
                        else None
                    ),
                ),
            ),
            trace,
        )
        if p.facts['structures'] is not None
        else p.facts['network']
    )


# from 'rules/terra_mystica/game.orbis', line 103
def _award_area_eligible(g, p, measure, trace=None):
    return _compare(trace, 'measure is {value}', '>=', measure, 1)


# let shipping_reach, from 'rules/terra_mystica/game.orbis', line 88
def _let_shipping_reach(trace, p):
    return _extreme_max((p.facts['shipping'], p.values['start_shipping']))


# from 'rules/terra_mystica/game.orbis', line 129
def _award_fire_ice_measure(g, p, trace=None):
    known = {}
    def _let1_hop_reach(trace):
        return _extreme_max(
            (
                p.facts['shipping'],
                (
                    p.values['start_range']
                    + (
                        p.values['sh_range']
                        if _compare(
                            trace, 'size of structures[SH] is {value}', '=', _size(p.facts['structures'], 'SH'), 1,
                        )
                        else 0
                    )
                ),
            ),
        )
    let0_fire_and_ice = p.facts['edition'] == 'fire_and_ice'
    return (
        (
            _largest_group(
                g.board, p.facts['structures'],
                (
                    _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                    _link('beside', pairs=p.facts['mermaid_river_towns']),
                    _link('water', _let(known, 0, trace, _let_shipping_reach, p) if p.values['ships'] else None),
                    _link('within', _let(known, 1, trace, _let1_hop_reach) if not p.values['ships'] else None),
                ),
                trace, by='span', between=(), parts=(),
            )
            if p.facts['final_tile'] == 'connected-distance'
            else (
                _largest_group(
                    g.board, p.facts['structures'],
                    (
                        _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                        _link('beside', pairs=p.facts['mermaid_river_towns']),
                        _link('water', _let(known, 0, trace, _let_shipping_reach, p) if p.values['ships'] else None),
                        _link('within', _let(known, 1, trace, _let1_hop_reach) if not p.values['ships'] else None),
                    ),
                    trace, by='span', between=('SA', 'SH'), parts=(),
                )
                if p.facts['final_tile'] == 'connected-sa-sh-distance'
                else (
                    _largest_group(
                        g.board, p.facts['structures'],
                        (
                            _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                            _link('beside', pairs=p.facts['mermaid_river_towns']),
                            _link(
                                'water', _let(known, 0, trace, _let_shipping_reach, p) if p.values['ships'] else None,
                            ),
                            _link('within', _let(known, 1, trace, _let1_hop_reach) if not p.values['ships'] else None),
                        ),
                        trace, by='border', between=(), parts=(),
                    )
                    if p.facts['final_tile'] == 'building-on-edge'
                    else _largest_group(
                        g.board, p.facts['structures'],
                        (
                            _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                            _link('beside', pairs=p.facts['mermaid_river_towns']),
                            _link(
                                'water', _let(known, 0, trace, _let_shipping_reach, p) if p.values['ships'] else None,
                            ),
                            _link('within', _let(known, 1, trace, _let1_hop_reach) if not p.values['ships'] else None),
                        ),
                        trace, by='parts', between=(),
                        parts=(
                            _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                            _link('beside', pairs=p.facts['mermaid_river_towns']),
                        ),
                    )
                )
            )
        )
        if let0_fire_and_ice
        else 0
    )


# from 'rules/terra_mystica/game.orbis', line 136
def _score_vp(g, p, trace=None):
    return p.facts['vp']


# from 'rules/terra_mystica/game.orbis', line 138
def _score_cults(g, p, trace=None):
    return p.awards.get('cult', 0)


# from 'rules/terra_mystica/game.orbis', line 140
def _score_network(g, p, trace=None):
    return p.awards.get('area', 0)


# from 'rules/terra_mystica/game.orbis', line 142
def _score_resources(g, p, trace=None):
    return _shown_divide(
        trace, '', 'coins_per_vp ',
        _shown_sum(
            trace,
            (
                ('coins ', p.facts['coins']), ('workers ', p.facts['workers']), ('priests ', p.facts['priests']),
                ('power[III] ', p.facts['power']['III']),
                ('', _shown_divide(trace, 'power[II] ', '', p.facts['power']['II'], 2, False)),
            ),
        ),
        p.values['coins_per_vp'], True,
    )


# from 'rules/terra_mystica/game.orbis', line 144
def _score_final_tile(g, p, trace=None):
    return p.awards.get('fire_ice', 0)


# from 'rules/terra_mystica/game.orbis', line 154
def _check_0(g, p, each, trace=None):
    return (
        _compare(trace, '{value} players', '<', len(g.players), 2)
        or _compare(trace, '{value} players', '>', len(g.players), 5)
    )


# from 'rules/terra_mystica/game.orbis', line 155
def _check_1(g, p, each, trace=None):
    return (
        p.values['home'] == each
        and _compare(
            trace, '{value} players that are their home = terrain', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.values['home'], each, True)), 2,
        )
    )


# from 'rules/terra_mystica/game.orbis', line 157
def _check_2(g, p, each, trace=None):
    return p.facts['network'] is None and p.facts['structures'] is None


# from 'rules/terra_mystica/game.orbis', line 159
def _check_3(g, p, each, trace=None):
    return _compare(
        trace, 'power[I] + power[II] + power[III] is {value}', '>',
        p.facts['power']['I'] + p.facts['power']['II'] + p.facts['power']['III'], 12,
    )


# from 'rules/terra_mystica/game.orbis', line 160
def _check_4(g, p, each, trace=None):
    return _compare(
        trace, 'priests + sum of priests_on_cult[t] for t in tracks is {value}', '>',
        (
            p.facts['priests']
            + _sum_over((p.facts['priests_on_cult'] or {}).get(m0) for m0 in ('fire', 'water', 'earth', 'air'))
        ),
        7,
    )


# from 'rules/terra_mystica/game.orbis', line 162
def _check_5(g, p, each, trace=None):
    return _compare(trace, 'shipping is {value}', '<', p.facts['shipping'], p.values['min_shipping'])


# from 'rules/terra_mystica/game.orbis', line 163
def _check_6(g, p, each, trace=None):
    return _compare(trace, 'shipping is {value}', '>', p.facts['shipping'], p.values['max_shipping'])


# from 'rules/terra_mystica/game.orbis', line 164
def _check_7(g, p, each, trace=None):
    return _compare(trace, 'dig is {value}', '>', p.facts['dig'], p.values['max_dig'])


# from 'rules/terra_mystica/game.orbis', line 167
def _check_8(g, p, each, trace=None):
    return _compare(
        trace, 'size of structures[building] is {value}', '>', _size(p.facts['structures'], each),
        (
            p.values['pieces_D']
            if each == 'D'
            else (
                p.values['pieces_TP']
                if each == 'TP'
                else (
                    p.values['pieces_TE']
                    if each == 'TE'
                    else p.values['pieces_SH'] if each == 'SH' else p.values['pieces_SA']
                )
            )
        ),
    )


# from 'rules/terra_mystica/game.orbis', line 169
def _check_9(g, p, each, trace=None):
    return _compare(trace, 'size of bridges is {value}', '>', _size(p.facts['bridges']), 3)


# from 'rules/terra_mystica/game.orbis', line 170
def _check_10(g, p, each, trace=None):
    return (
        p.facts['scoring_tiles'] is not None
        and _compare(trace, 'size of scoring_tiles is {value}', '!=', _size(p.facts['scoring_tiles']), 6)
    )


# from 'rules/terra_mystica/game.orbis', line 171
def _check_11(g, p, each, trace=None):
    return (
        p.facts['bonus_cards_in_play'] is not None
        and _compare(
            trace, 'size of bonus_cards_in_play is {value}', '!=', _size(p.facts['bonus_cards_in_play']),
            len(g.players) + 3,
        )
    )


# from 'rules/terra_mystica/game.orbis', line 173
def _check_12(g, p, each, trace=None):
    return (
        p.facts['bonus_card'] is not None
        and _compare(trace, 'size of bonus_card is {value}', '!=', _size(p.facts['bonus_card']), 1)
    )


# from 'rules/terra_mystica/game.orbis', line 174
def _check_13(g, p, each, trace=None):
    return (
        _holds(p.facts['bonus_card'], each)
        and p.facts['bonus_cards_in_play'] is not None
        and not _holds(p.facts['bonus_cards_in_play'], each)
    )


# from 'rules/terra_mystica/game.orbis', line 176
def _check_14(g, p, each, trace=None):
    return (
        _holds(p.facts['bonus_card'], each)
        and _compare(
            trace, '{value} players that are card in their bonus_card', '>=',
            sum(1 for q0 in g.players if _holds(q0.facts['bonus_card'], each)), 2,
        )
    )


# from 'rules/terra_mystica/game.orbis', line 178
def _check_15(g, p, each, trace=None):
    return (
        _compare(trace, 'size of mermaid_river_towns is {value}', '>=', _size(p.facts['mermaid_river_towns']), 1)
        and not p.values['river_towns']
    )


# from 'rules/terra_mystica/game.orbis', line 186
def _check_16(g, p, each, trace=None):
    return (
        _compare(trace, 'count of fav in favor_tiles is {value}', '=', _count_in(p.facts['favor_tiles'], each), 1)
        and _compare(
            trace, 'sum of count of fav in favor_tiles over players is {value}', '>',
            _sum_over(_count_in(q0.facts['favor_tiles'], each) for q0 in g.players),
            (
                p.values['favour_copies_FAV1']
                if each == 'FAV1'
                else (
                    p.values['favour_copies_FAV2']
                    if each == 'FAV2'
                    else (
                        p.values['favour_copies_FAV3']
                        if each == 'FAV3'
                        else (
                            p.values['favour_copies_FAV4']
                            if each == 'FAV4'
                            else (
                                p.values['favour_copies_FAV5']
                                if each == 'FAV5'
                                else (
                                    p.values['favour_copies_FAV6']
                                    if each == 'FAV6'
                                    else (
                                        p.values['favour_copies_FAV7']
                                        if each == 'FAV7'
                                        else (
                                            p.values['favour_copies_FAV8']
                                            if each == 'FAV8'
                                            else (
                                                p.values['favour_copies_FAV9']
                                                if each == 'FAV9'
                                                else (
                                                    p.values['favour_copies_FAV10']
                                                    if each == 'FAV10'
                                                    else (
                                                        p.values['favour_copies_FAV11']
                                                        if each == 'FAV11'
                                                        else p.values['favour_copies_FAV12']
                                                    )
                                                )
                                            )
                                        )
                                    )
                                )
                            )
                        )
                    )
                )
            ),
        )
    )


# from 'rules/terra_mystica/game.orbis', line 189
def _check_17(g, p, each, trace=None):
    return (
        _compare(trace, 'count of town in town_tiles is {value}', '>=', _count_in(p.facts['town_tiles'], each), 1)
        and _compare(
            trace, 'sum of count of town in town_tiles over players is {value}', '>',
            _sum_over(_count_in(q0.facts['town_tiles'], each) for q0 in g.players),
            (
                p.values['town_copies_TW1']
                if each == 'TW1'
                else (
                    p.values['town_copies_TW2']
                    if each == 'TW2'
                    else (
                        p.values['town_copies_TW3']
                        if each == 'TW3'
                        else (
                            p.values['town_copies_TW4']
                            if each == 'TW4'
                            else (
                                p.values['town_copies_TW5']
                                if each == 'TW5'
                                else (
                                    p.values['town_copies_TW6']
                                    if each == 'TW6'
                                    else p.values['town_copies_TW7'] if each == 'TW7' else p.values['town_copies_TW8']
                                )
                            )
                        )
                    )
                )
            ),
        )
    )


# from 'rules/terra_mystica/game.orbis', line 194
def _check_18(g, p, each, trace=None):
    return _compare(trace, 'count of fav in favor_tiles is {value}', '>=', _count_in(p.facts['favor_tiles'], each), 2)


# from 'rules/terra_mystica/game.orbis', line 196
def _check_19(g, p, each, trace=None):
    return _compare(
        trace, 'count of scoring in scoring_tiles is {value}', '>=', _count_in(p.facts['scoring_tiles'], each), 2,
    )


# from 'rules/terra_mystica/game.orbis', line 198
def _check_20(g, p, each, trace=None):
    return _compare(
        trace, 'position of SCORE1 in scoring_tiles is {value}', '>=', _position(p.facts['scoring_tiles'], 'SCORE1'), 5,
    )


# from 'rules/terra_mystica/game.orbis', line 200
def _check_21(g, p, each, trace=None):
    return _compare(
        trace, 'count of card in bonus_cards_in_play is {value}', '>=', _count_in(p.facts['bonus_cards_in_play'], each),
        2,
    )


# from 'rules/terra_mystica/game.orbis', line 204
def _check_22(g, p, each, trace=None):
    return (
        _compare(trace, 'priests_on_cult[track] is {value}', '>=', (p.facts['priests_on_cult'] or {}).get(each), 1)
        and _compare(
            trace, 'sum of priests_on_cult[track] over players is {value}', '>',
            _sum_over((q0.facts['priests_on_cult'] or {}).get(each) for q0 in g.players), 4,
        )
    )


# from 'rules/terra_mystica/game.orbis', line 208
def _check_23(g, p, each, trace=None):
    let0_fire_and_ice = p.facts['edition'] == 'fire_and_ice'
    return let0_fire_and_ice and not p.facts['final_tile'] is not None


# from 'rules/terra_mystica/game.orbis', line 209
def _check_24(g, p, each, trace=None):
    let0_final_tile_named = p.facts['final_tile'] is not None
    return let0_final_tile_named and not p.facts['edition'] == 'fire_and_ice'


# from 'rules/terra_mystica/game.orbis', line 210
def _check_25(g, p, each, trace=None):
    let0_fire_and_ice = p.facts['edition'] == 'fire_and_ice'
    return let0_fire_and_ice and p.facts['final_tile'] is not None and p.facts['structures'] is None


# from 'rules/terra_mystica/game.orbis', line 214
def _check_26(g, p, each, trace=None):
    return (
        _compare(trace, 'cults[track] is {value}', '=', p.facts['cults'][each], 10)
        and _compare(
            trace, '{value} players that are their cults[track] = 10', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.facts['cults'][each], 10, True)), 2,
        )
    )


# from 'rules/terra_mystica/game.orbis', line 223
def _check_27(g, p, each, trace=None):
    known = {}
    def _def0_cult_steps(trace, a_track):
        return _sum_over(
            (
                (
                    p.values['favour_steps_FAV1']
                    if m0 == 'FAV1'
                    else (
                        p.values['favour_steps_FAV2']
                        if m0 == 'FAV2'
                        else (
                            p.values['favour_steps_FAV3']
                            if m0 == 'FAV3'
                            else (
                                p.values['favour_steps_FAV4']
                                if m0 == 'FAV4'
                                else (
                                    p.values['favour_steps_FAV5']
                                    if m0 == 'FAV5'
                                    else (
                                        p.values['favour_steps_FAV6']
                                        if m0 == 'FAV6'
                                        else (
                                            p.values['favour_steps_FAV7']
                                            if m0 == 'FAV7'
                                            else (
                                                p.values['favour_steps_FAV8']
                                                if m0 == 'FAV8'
                                                else (
                                                    p.values['favour_steps_FAV9']
                                                    if m0 == 'FAV9'
                                                    else (
                                                        p.values['favour_steps_FAV10']
                                                        if m0 == 'FAV10'
                                                        else (
                                                            p.values['favour_steps_FAV11']
                                                            if m0 == 'FAV11'
                                                            else p.values['favour_steps_FAV12']
                                                        )
                                                    )
                                                )
                                            )
                                        )
                                    )
                                )
                            )
                        )
                    )
                )
                for m0 in (
                    'FAV1', 'FAV2', 'FAV3', 'FAV4', 'FAV5', 'FAV6', 'FAV7', 'FAV8', 'FAV9', 'FAV10', 'FAV11', 'FAV12',
                )
                if (
                    _holds(p.facts['favor_tiles'], m0)
                    and (
                        (
                            p.values['favour_track_FAV1']
                            if m0 == 'FAV1'
                            else (
                                p.values['favour_track_FAV2']
                                if m0 == 'FAV2'
                                else (
                                    p.values['favour_track_FAV3']
                                    if m0 == 'FAV3'
                                    else (
                                        p.values['favour_track_FAV4']
                                        if m0 == 'FAV4'
                                        else (
                                            p.values['favour_track_FAV5']
                                            if m0 == 'FAV5'
                                            else (
                                                p.values['favour_track_FAV6']
                                                if m0 == 'FAV6'
                                                else (
                                                    p.values['favour_track_FAV7']
                                                    if m0 == 'FAV7'
                                                    else (
                                                        p.values['favour_track_FAV8']
                                                        if m0 == 'FAV8'
                                                        else (
                                                            p.values['favour_track_FAV9']
                                                            if m0 == 'FAV9'
                                                            else (
                                                                p.values['favour_track_FAV10']
                                                                if m0 == 'FAV10'
                                                                else (
                                                                    p.values['favour_track_FAV11']
                                                                    if m0 == 'FAV11'
                                                                    else p.values['favour_track_FAV12']
                                                                )
                                                            )
                                                        )
                                                    )
                                                )
                                            )
                                        )
                                    )
                                )
                            )
                        )
                        == a_track
                    )
                )
            ),
        )
    return _compare(
        trace, 'cults[track] is {value}', '<', p.facts['cults'][each],
        _extreme_min(
            (
                (
                    (
                        p.values['start_fire']
                        if each == 'fire'
                        else (
                            p.values['start_water']
                            if each == 'water'
                            else p.values['start_earth'] if each == 'earth' else p.values['start_air']
                        )
                    )
                    + _let(known, (0, each), trace, _def0_cult_steps, each)
                ),
                9,
            ),
        ),
    )


# from 'rules/terra_mystica/game.orbis', line 226
def _check_28(g, p, each, trace=None):
    return _compare(trace, 'network is {value}', '>', p.facts['network'], _size(p.facts['structures']))


# from 'rules/terra_mystica/game.orbis', line 228
def _check_29(g, p, each, trace=None):
    return (
        _compare(trace, 'network is {value}', '<=', p.facts['network'], _size(p.facts['structures']))
        and (
            p.facts['network']
            != _largest_group(
                g.board, p.facts['structures'],
                (
                    _link('adjacent'), _link('joined', pairs=p.facts['bridges']),
                    _link('beside', pairs=p.facts['mermaid_river_towns']),
                    _link(
                        'water',
                        _extreme_max((p.facts['shipping'], p.values['start_shipping'])) if p.values['ships'] else None,
                    ),
                    _link(
                        'within',
                        (
                            _extreme_max(
                                (
                                    p.facts['shipping'],
                                    (
                                        p.values['start_range']
                                        + (
                                            p.values['sh_range']
                                            if _compare(
                                                trace, 'size of structures[SH] is {value}', '=',
                                                _size(p.facts['structures'], 'SH'), 1,
                                            )
                                            else 0
                                        )
                                    ),
                                ),
                            )
                            if not p.values['ships']
                            else None
                        ),
                    ),
                ),
                trace,
            )
        )
    )


# from 'rules/terra_mystica/game.orbis', line 234
def _check_30(g, p, each, trace=None):
    let0_shipping_assumed = p.facts['structures'] is not None and p.facts['shipping'] is None
    return let0_shipping_assumed and p.values['ships']


# from 'rules/terra_mystica/game.orbis', line 236
def _check_31(g, p, each, trace=None):
    let0_shipping_assumed = p.facts['structures'] is not None and p.facts['shipping'] is None
    return (
        let0_shipping_assumed
        and p.values['flies']
        and _compare(trace, 'size of structures[SH] is {value}', '=', _size(p.facts['structures'], 'SH'), 1)
    )


# from 'rules/terra_mystica/game.orbis', line 238
def _check_32(g, p, each, trace=None):
    let0_shipping_assumed = p.facts['structures'] is not None and p.facts['shipping'] is None
    return (
        let0_shipping_assumed
        and p.values['flies']
        and not _compare(trace, 'size of structures[SH] is {value}', '=', _size(p.facts['structures'], 'SH'), 1)
    )


# from 'rules/terra_mystica/game.orbis', line 240
def _check_33(g, p, each, trace=None):
    return (
        p.facts['shipping'] is not None
        and _compare(
            trace, 'shipping is {value}', '<', p.facts['shipping'],
            (
                p.values['start_range']
                + (
                    p.values['sh_range']
                    if _compare(trace, 'size of structures[SH] is {value}', '=', _size(p.facts['structures'], 'SH'), 1)
                    else 0
                )
            ),
        )
        and p.values['flies']
    )


# from 'rules/terra_mystica/game.orbis', line 244
def _check_34(g, p, each, trace=None):
    return (
        p.facts['structures'] is not None
        and _compare(
            trace, 'size of favor_tiles is {value}', '!=', _size(p.facts['favor_tiles']),
            (
                (
                    p.values['favours_per_temple']
                    * (_size(p.facts['structures'], 'TE') + 2 * _size(p.facts['structures'], 'SA'))
                )
                + (
                    p.values['sh_favour']
                    if _compare(trace, 'size of structures[SH] is {value}', '=', _size(p.facts['structures'], 'SH'), 1)
                    else 0
                )
            ),
        )
    )


# from 'rules/terra_mystica/game.orbis', line 247
def _check_35(g, p, each, trace=None):
    return (
        p.facts['town_tiles'] is not None
        and _compare(
            trace, 'count of tracks t where cults[t] = 10 is {value}', '>',
            sum(
                (
                    1
                    for m0 in ('fire', 'water', 'earth', 'air')
                    if _compare(trace, 'cults[t] is {value}', '=', p.facts['cults'][m0], 10)
                ),
            ),
            _size(p.facts['town_tiles']) + (1 if _holds(p.facts['town_tiles'], 'TW6') else 0),
        )
    )


# from 'rules/terra_mystica/game.orbis', line 149
def _winner_key_0(g, p, trace=None):
    return p.total


# from 'rules/terra_mystica/game.orbis', line 150
def _winner_key_1(g, p, trace=None):
    return (
        (
            p.facts['coins']
            + p.facts['workers']
            + p.facts['priests']
            + p.facts['power']['I']
            + p.facts['power']['II']
            + p.facts['power']['III']
        )
        if g.options['tiebreak'] == 'resources'
        else 0
    )


SETTINGS = Settings(
    game='terra-mystica', title='Terra Mystica', record_format='tm-final/1', report_format='tm-score/1',
    held_family='faction', winner=(('most', _winner_key_0), ('most', _winner_key_1)),
    options=(OptionSpec(name='tiebreak', type='enum', choices=('shared', 'resources'), default='shared'),),
    values={
        'coins_per_vp': 3, 'start_fire': 0, 'start_water': 0, 'start_earth': 0, 'start_air': 0, 'ships': True,
        'start_shipping': 0, 'start_range': 0, 'flies': False, 'sh_range': 0, 'min_shipping': 0, 'max_shipping': 3,
        'max_dig': 2, 'home': None, 'river_towns': False, 'favours_per_temple': 1, 'sh_favour': 0, 'pieces_D': 8,
        'pieces_TP': 4, 'pieces_TE': 3, 'pieces_SH': 1, 'pieces_SA': 1, 'favour_copies_FAV1': 1,
        'favour_copies_FAV2': 1, 'favour_copies_FAV3': 1, 'favour_copies_FAV4': 1, 'favour_copies_FAV5': 3,
        'favour_copies_FAV6': 3, 'favour_copies_FAV7': 3, 'favour_copies_FAV8': 3, 'favour_copies_FAV9': 3,
        'favour_copies_FAV10': 3, 'favour_copies_FAV11': 3, 'favour_copies_FAV12': 3, 'town_copies_TW1': 2,
        'town_copies_TW2': 2, 'town_copies_TW3': 2, 'town_copies_TW4': 2, 'town_copies_TW5': 2, 'town_copies_TW6': 1,
        'town_copies_TW7': 2, 'town_copies_TW8': 1, 'favour_track_FAV1': 'fire', 'favour_track_FAV2': 'water',
        'favour_track_FAV3': 'earth', 'favour_track_FAV4': 'air', 'favour_track_FAV5': 'fire',
        'favour_track_FAV6': 'water', 'favour_track_FAV7': 'earth', 'favour_track_FAV8': 'air',
        'favour_track_FAV9': 'fire', 'favour_track_FAV10': 'water', 'favour_track_FAV11': 'earth',
        'favour_track_FAV12': 'air', 'favour_steps_FAV1': 3, 'favour_steps_FAV2': 3, 'favour_steps_FAV3': 3,
        'favour_steps_FAV4': 3, 'favour_steps_FAV5': 2, 'favour_steps_FAV6': 2, 'favour_steps_FAV7': 2,
        'favour_steps_FAV8': 2, 'favour_steps_FAV9': 1, 'favour_steps_FAV10': 1, 'favour_steps_FAV11': 1,
        'favour_steps_FAV12': 1,
    },
    sets={
        'tracks': ('fire', 'water', 'earth', 'air'),
        'terrains': ('yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'), 'bowls': ('I', 'II', 'III'),
        'buildings': ('D', 'TP', 'TE', 'SH', 'SA'),
        'favours': ('FAV1', 'FAV2', 'FAV3', 'FAV4', 'FAV5', 'FAV6', 'FAV7', 'FAV8', 'FAV9', 'FAV10', 'FAV11', 'FAV12'),
        'towns': ('TW1', 'TW2', 'TW3', 'TW4', 'TW5', 'TW6', 'TW7', 'TW8'),
        'scorings': ('SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7', 'SCORE8', 'SCORE9'),
        'bonuses': ('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'),
    },
)


AWARDS = (
    AwardSpec(
        name='cult', title='Cult track', measure=_award_cult_measure, eligible=_award_cult_eligible, tiebreak=None,
        ties='split', warn=False, prizes=(8, 4, 2), members=('fire', 'water', 'earth', 'air'),
    ),
    AwardSpec(
        name='area', title='Largest network', measure=_award_area_measure, eligible=_award_area_eligible, tiebreak=None,
        ties='split', warn=False, prizes=(18, 12, 6),
    ),
    AwardSpec(
        name='fire_ice', title='Fire & Ice final tile', measure=_award_fire_ice_measure, eligible=_award_area_eligible,
        tiebreak=None, ties='split', warn=False, prizes=(18, 12, 6),
    ),
)


FACTS = (
    FactSpec(
        name='vp', title='VP on the score track', type='int', choices=(), low=0, high=999, members=(), optional=False,
    ),
    FactSpec(
        name='cults', title='cult positions', type='int', choices=(), low=0, high=10,
        members=('fire', 'water', 'earth', 'air'), optional=False,
    ),
    FactSpec(
        name='network', title='largest network', type='int', choices=(), low=0, high=17, members=(), optional=True,
    ),
    FactSpec(name='coins', title='coins', type='int', choices=(), low=0, high=999, members=(), optional=False),
    FactSpec(name='workers', title='workers', type='int', choices=(), low=0, high=999, members=(), optional=False),
    FactSpec(name='priests', title='priests', type='int', choices=(), low=0, high=7, members=(), optional=False),
    FactSpec(
        name='power', title='power tokens in bowls I, II, III', type='int', choices=(), low=0, high=12,
        members=('I', 'II', 'III'), optional=False,
    ),
    FactSpec(
        name='structures', title='structures on the base map', type='cells', choices=(), low=None, high=None,
        members=('D', 'TP', 'TE', 'SH', 'SA'), optional=True,
    ),
    FactSpec(
        name='bridges', title='bridges', type='crossings', choices=(), low=None, high=None, members=(), optional=True,
    ),
    FactSpec(
        name='shipping', title='shipping level (Dwarves and Fakirs: tunnelling or carpet range)', type='int',
        choices=(), low=0, high=5, members=(), optional=True,
    ),
    FactSpec(name='dig', title='dig level', type='int', choices=(), low=0, high=2, members=(), optional=True),
    FactSpec(
        name='favor_tiles', title='favour tiles', type='list',
        choices=('FAV1', 'FAV2', 'FAV3', 'FAV4', 'FAV5', 'FAV6', 'FAV7', 'FAV8', 'FAV9', 'FAV10', 'FAV11', 'FAV12'),
        low=None, high=None, members=(), optional=True,
    ),
    FactSpec(
        name='town_tiles', title='town tiles', type='list',
        choices=('TW1', 'TW2', 'TW3', 'TW4', 'TW5', 'TW6', 'TW7', 'TW8'), low=None, high=None, members=(),
        optional=True,
    ),
    FactSpec(
        name='priests_on_cult', title='priests on the cult board', type='int', choices=(), low=0, high=7,
        members=('fire', 'water', 'earth', 'air'), optional=True,
    ),
    FactSpec(
        name='bonus_card', title='bonus card', type='list',
        choices=('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'), low=None, high=None,
        members=(), optional=True,
    ),
    FactSpec(
        name='scoring_tiles', title='scoring tiles', type='list',
        choices=('SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7', 'SCORE8', 'SCORE9'), low=None,
        high=None, members=(), optional=True, level='game',
    ),
    FactSpec(
        name='bonus_cards_in_play', title='bonus cards in play', type='list',
        choices=('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'), low=None, high=None,
        members=(), optional=True, level='game',
    ),
    FactSpec(
        name='mermaid_river_towns', title="river hexes of the Mermaids' towns", type='waters', choices=(), low=None,
        high=None, members=(), optional=True,
    ),
    FactSpec(
        name='edition', title='edition', type='enum', choices=('base', 'fire_and_ice'), low=None, high=None, members=(),
        optional=True, level='game',
    ),
    FactSpec(
        name='final_tile', title='Fire & Ice final scoring tile', type='enum',
        choices=('connected-distance', 'connected-sa-sh-distance', 'building-on-edge', 'connected-clusters'), low=None,
        high=None, members=(), optional=True, level='game',
    ),
)


SCORES = (
    ScoreSpec(name='vp', title='VP before final scoring', fn=_score_vp, text='VP on the score track {vp}'),
    ScoreSpec(name='cults', title='Cult tracks', fn=_score_cults, text='award cult {awards[cult]}', awards=('cult',)),
    ScoreSpec(
        name='network', title='Largest network', fn=_score_network, text='award area {awards[area]}', awards=('area',),
    ),
    ScoreSpec(
        name='resources', title='Resources', fn=_score_resources,
        text=(
            '(coins {coins} + workers {workers} + priests {priests} + power[III] {power[III]} + power[II] {power[II]} /'
            ' 2) / coins_per_vp {coins_per_vp}'
        ),
    ),
    ScoreSpec(
        name='final_tile', title='Fire & Ice final tile', fn=_score_final_tile,
        text='award fire_ice {awards[fire_ice]}', awards=('fire_ice',),
    ),
)


CHECKS = (
    CheckSpec(
        message='a game of Terra Mystica has 2 to 5 players', fn=_check_0, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message=(
            "the faction's home terrain is {terrain}, as is the faction {others} plays: no two factions may share a col"
            'our'
        ),
        fn=_check_1, each_name='terrain', members=('yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'),
        refuse=True,
    ),
    CheckSpec(
        message='the sheet gives neither the network nor the structures on the map: add "network" or "structures"',
        fn=_check_2, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message='the power bowls hold more than 12 tokens', fn=_check_3, each_name=None, members=(), refuse=True,
        at_player='power',
    ),
    CheckSpec(
        message='more priests than the 7 a faction has, in the supply and on the cult board together', fn=_check_4,
        each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message="a shipping level (or range) below the faction's lowest", fn=_check_5, each_name=None, members=(),
        refuse=True, at_player='shipping',
    ),
    CheckSpec(
        message="a shipping level (or range) above the faction's highest", fn=_check_6, each_name=None, members=(),
        refuse=True, at_player='shipping',
    ),
    CheckSpec(
        message="a dig level above the faction's highest (Fakirs 1, Darklings none)", fn=_check_7, each_name=None,
        members=(), refuse=True, at_player='dig',
    ),
    CheckSpec(
        message=(
            'more {building} than a faction has: its pieces are 8 D (dwellings), 4 TP (trading posts), 3 TE (temples), '
            'one SH (Stronghold) and one SA (Sanctuary)'
        ),
        fn=_check_8, each_name='building', members=('D', 'TP', 'TE', 'SH', 'SA'), refuse=True, at_player='structures',
    ),
    CheckSpec(message='more than 3 bridges', fn=_check_9, each_name=None, members=(), refuse=True, at_player='bridges'),
    CheckSpec(
        message='a game has 6 scoring tiles, one per round', fn=_check_10, each_name=None, members=(), refuse=True,
        at='scoring_tiles',
    ),
    CheckSpec(
        message='the bonus cards in play are as many as the players + 3', fn=_check_11, each_name=None, members=(),
        refuse=True, at='bonus_cards_in_play',
    ),
    CheckSpec(
        message='a player holds one bonus card after round 6', fn=_check_12, each_name=None, members=(), refuse=True,
        at_player='bonus_card',
    ),
    CheckSpec(
        message='{card} is not among the bonus cards in play', fn=_check_13, each_name='card',
        members=('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'), refuse=True,
    ),
    CheckSpec(
        message='{card} is held by {others} too: each bonus card is held by one player', fn=_check_14, each_name='card',
        members=('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'), refuse=True,
        at_player='bonus_card',
    ),
    CheckSpec(
        message='only the Mermaids found a town across a river hex', fn=_check_15, each_name=None, members=(),
        refuse=True, at_player='mermaid_river_towns',
    ),
    CheckSpec(
        message=(
            '{fav} appears more often across the players than the box has copies (FAV1 to FAV4: one; the others: three)'
        ),
        fn=_check_16, each_name='fav',
        members=('FAV1', 'FAV2', 'FAV3', 'FAV4', 'FAV5', 'FAV6', 'FAV7', 'FAV8', 'FAV9', 'FAV10', 'FAV11', 'FAV12'),
        refuse=True, at_player='favor_tiles',
    ),
    CheckSpec(
        message=(
            '{town} appears more often across the players than the box has copies (TW6 and TW8: one; the others: two)'
        ),
        fn=_check_17, each_name='town', members=('TW1', 'TW2', 'TW3', 'TW4', 'TW5', 'TW6', 'TW7', 'TW8'), refuse=True,
        at_player='town_tiles',
    ),
    CheckSpec(
        message='{fav} is listed twice: a faction takes each favour tile once', fn=_check_18, each_name='fav',
        members=('FAV1', 'FAV2', 'FAV3', 'FAV4', 'FAV5', 'FAV6', 'FAV7', 'FAV8', 'FAV9', 'FAV10', 'FAV11', 'FAV12'),
        refuse=True, at_player='favor_tiles',
    ),
    CheckSpec(
        message='{scoring} is the scoring tile of two rounds: the 6 rounds have 6 different tiles', fn=_check_19,
        each_name='scoring',
        members=('SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7', 'SCORE8', 'SCORE9'), refuse=True,
        at='scoring_tiles',
    ),
    CheckSpec(
        message='SCORE1 is the scoring tile of round 5 or 6: it may only be one of rounds 1 to 4', fn=_check_20,
        each_name=None, members=(), refuse=True, at='scoring_tiles',
    ),
    CheckSpec(
        message='{card} is listed twice among the bonus cards in play', fn=_check_21, each_name='card',
        members=('BON1', 'BON2', 'BON3', 'BON4', 'BON5', 'BON6', 'BON7', 'BON8', 'BON9', 'BON10'), refuse=True,
        at='bonus_cards_in_play',
    ),
    CheckSpec(
        message='more than 4 priests on the {track} track across the players: it has 4 priest spaces', fn=_check_22,
        each_name='track', members=('fire', 'water', 'earth', 'air'), refuse=True, at_player='priests_on_cult',
    ),
    CheckSpec(
        message='a Fire & Ice game names its final scoring tile: add "final_tile"', fn=_check_23, each_name=None,
        members=(), refuse=True, at='edition',
    ),
    CheckSpec(
        message='a Fire & Ice final scoring tile needs "edition": "fire_and_ice"', fn=_check_24, each_name=None,
        members=(), refuse=True, at='final_tile',
    ),
    CheckSpec(
        message='the Fire & Ice final tile is scored from the structures on the map: add this player\'s "structures"',
        fn=_check_25, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message='at 10 on {track} with {others}: only one faction may reach the top of a track', fn=_check_26,
        each_name='track', members=('fire', 'water', 'earth', 'air'), refuse=False, at_player='cults',
    ),
    CheckSpec(
        message=(
            "below the faction's starting position on {track} (plus its favour tiles' steps): cult positions never go d"
            'own'
        ),
        fn=_check_27, each_name='track', members=('fire', 'water', 'earth', 'air'), refuse=False, at_player='cults',
    ),
    CheckSpec(
        message=(
            'the sheet gives network {network}, more than the structures on the map: the network they make, {measures[a'
            'rea]}, is scored'
        ),
        fn=_check_28, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message=(
            "the sheet gives network {network}, the structures on the map make {measures[area]}: the map's {measures[ar"
            'ea]} is scored'
        ),
        fn=_check_29, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message="no shipping level is given: shipping {start_shipping} is assumed (the faction's starting level)",
        fn=_check_30, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='no carpet range is given ("shipping"): range 2 is assumed (1, +1 with the Stronghold on the map)',
        fn=_check_31, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='no carpet range is given ("shipping"): range 1 is assumed (no Stronghold on the map)', fn=_check_32,
        each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message=(
            'shipping {shipping} is given, but the carpet range is 2 with the Stronghold on the map (1, +1 with the Str'
            'onghold): range 2 is scored'
        ),
        fn=_check_33, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message=(
            'the favour tiles do not match the temples and Sanctuary built (one per temple, two for the Sanctuary, whic'
            'h was a temple first; Chaos Magicians twice that; Auren one more with the Stronghold)'
        ),
        fn=_check_34, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='more tracks at 10 than the keys the town tiles give (one per town, two for TW6)', fn=_check_35,
        each_name=None, members=(), refuse=False,
    ),
)
