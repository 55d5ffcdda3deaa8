# generated — do not edit.
# source: 'rules/mondo/game.orbis'
# sha256: 26ee2fcd9c137ad6853bf5cfdc2c7a797f5d264cb0fafff26730c33b70019fb4
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import (
    among as _among,
    compare as _compare,
    earlier as _earlier,
    holds as _holds,
    let as _let,
)
from orbis_dsl.runtime.lists import both_equal as _both_equal, sum_over as _sum_over
from orbis_dsl.runtime.specs import (
    AwardSpec,
    CheckSpec,
    FactSpec,
    GridMarkSpec,
    GridSpec,
    OptionSpec,
    ScoreSpec,
    Settings,
)

SOURCE = 'rules/mondo/game.orbis'
SOURCE_SHA256 = '26ee2fcd9c137ad6853bf5cfdc2c7a797f5d264cb0fafff26730c33b70019fb4'


# from 'rules/mondo/game.orbis', line 52
def _derive_animals(g, p, trace=None):
    return _sum_over(p.facts['animal_in'][m0] for m0 in ('water', 'desert', 'forest', 'plains'))


# from 'rules/mondo/game.orbis', line 53
def _derive_enclosed(g, p, trace=None):
    return _sum_over(p.facts['enclosed'][m0] for m0 in ('water', 'desert', 'forest', 'plains') if m0 != 'water')


# from 'rules/mondo/game.orbis', line 54
def _derive_empty(g, p, trace=None):
    return p.facts['empty']


# from 'rules/mondo/game.orbis', line 55
def _derive_mismatches(g, p, trace=None):
    return p.facts['mismatches']


# from 'rules/mondo/game.orbis', line 56
def _derive_volcanoes(g, p, trace=None):
    return dict(p.facts['volcano'])


# from 'rules/mondo/game.orbis', line 59
def _derive_modifier(g, p, trace=None):
    return (
        p.facts['animal_in']['water']
        if p.facts['card'] == 'most_water_animals'
        else (
            p.facts['largest_region']['forest']
            if p.facts['card'] == 'largest_forest'
            else (
                p.facts['largest_inland']['water']
                if p.facts['card'] == 'largest_lake'
                else (
                    p.facts['inland']['water']
                    if p.facts['card'] == 'most_lakes'
                    else (
                        _sum_over(p.facts['animal_in'][m0] for m0 in ('water', 'desert', 'forest', 'plains'))
                        if p.facts['card'] == 'most_animals'
                        else 0
                    )
                )
            )
        )
    )


# from 'rules/mondo/game.orbis', line 66
def _derive_shaded_placed(g, p, trace=None):
    return p.facts['shaded_placed']


# from 'rules/mondo/game.orbis', line 67
def _derive_shaded_terrains(g, p, trace=None):
    return p.facts['shaded_members']


# from 'rules/mondo/game.orbis', line 68
def _derive_shaded_volcanoes(g, p, trace=None):
    return p.facts['shaded_volcano']


# from 'rules/mondo/game.orbis', line 71
def _derive_plain_split(g, p, trace=None):
    return p.facts['plain_split']


# from 'rules/mondo/game.orbis', line 72
def _derive_plain_marked(g, p, trace=None):
    return p.facts['plain_animal'] + p.facts['plain_volcano']


# from 'rules/mondo/game.orbis', line 75
def _derive_together(g, p, trace=None):
    return dict(p.facts['animal_together'])


# from 'rules/mondo/game.orbis', line 76
def _derive_species_together(g, p, trace=None):
    return dict(p.facts['animal_kinds'])


# from 'rules/mondo/game.orbis', line 77
def _derive_lakes(g, p, trace=None):
    return p.facts['inland']['water']


# from 'rules/mondo/game.orbis', line 78
def _derive_lake_size(g, p, trace=None):
    return p.facts['largest_inland']['water']


# from 'rules/mondo/game.orbis', line 79
def _derive_water_animals(g, p, trace=None):
    return p.facts['animal_in']['water']


# from 'rules/mondo/game.orbis', line 80
def _derive_board_spaces(g, p, trace=None):
    return p.facts['cells']


# from 'rules/mondo/game.orbis', line 104
def _award_modifier_most_measure(g, p, trace=None):
    return p.facts['modifier']


# from 'rules/mondo/game.orbis', line 105
def _award_modifier_most_eligible(g, p, measure, trace=None):
    let0_modifier_played = g.options['level'] == 'advanced' or g.options['level'] == 'expert'
    return let0_modifier_played


# from 'rules/mondo/game.orbis', line 121
def _score_animals(g, p, trace=None):
    return 0 if g.options['level'] == 'solo' else p.facts['animals']


# from 'rules/mondo/game.orbis', line 122
def _score_landscapes(g, p, trace=None):
    return 0 if g.options['level'] == 'solo' else 2 * p.facts['enclosed']


# from 'rules/mondo/game.orbis', line 123
def _score_chip(g, p, trace=None):
    return p.facts['chip'] if p.facts['chip'] is not None else 0


# let chip_holder, from 'rules/mondo/game.orbis', line 88
def _let_chip_holder(trace, g, p, site):
    return (
        g.options['level'] != 'solo'
        and _among(
            g, p, 'most', lambda q0: q0.prior.get('total'), site + '@88:39', trace,
            'total of the round before is {value}',
        )
    )


# from 'rules/mondo/game.orbis', line 126
def _score_volcanoes(g, p, trace=None):
    known = {}
    def _let1_counted_volcanoes(trace):
        return (
            p.facts['volcanoes']['active']
            + (
                p.facts['volcanoes']['inactive']
                if (
                    _let(known, 0, trace, _let_chip_holder, g, p, '_score_volcanoes')
                    and g.options['volcano_chip_mode'] == 'counts_as_active'
                )
                else 0
            )
        )
    return (
        -(p.facts['volcanoes']['active'] + p.facts['volcanoes']['inactive'])
        if g.options['level'] == 'solo'
        else (
            0
            if (
                _let(known, 0, trace, _let_chip_holder, g, p, '_score_volcanoes')
                and g.options['volcano_chip_mode'] == 'flat'
            )
            else (
                -_let(known, 1, trace, _let1_counted_volcanoes)
                if (
                    _compare(
                        trace,
                        (
                            'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoe'
                            's[inactive] else 0) is {value}'
                        ),
                        '>=', _let(known, 1, trace, _let1_counted_volcanoes), 1,
                    )
                    and _among(
                        g, p, 'most',
                        lambda q0: (
                            (
                                q0.facts['volcanoes']['active']
                                + (
                                    q0.facts['volcanoes']['inactive']
                                    if (
                                        g.options['level'] != 'solo'
                                        and _among(
                                            g, q0, 'most', lambda q1: q1.prior.get('total'), '_score_volcanoes@88:39',
                                            trace, 'total of the round before is {value}',
                                        )
                                        and g.options['volcano_chip_mode'] == 'counts_as_active'
                                    )
                                    else 0
                                )
                            )
                        ),
                        '_score_volcanoes@97:51', trace,
                        (
                            'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoe'
                            's[inactive] else 0) is {value}'
                        ),
                    )
                )
                else 0
            )
        )
    )


# from 'rules/mondo/game.orbis', line 130
def _score_volcano_chip(g, p, trace=None):
    return (
        -(p.facts['volcanoes']['active'] + p.facts['volcanoes']['inactive'])
        if (
            g.options['level'] != 'solo'
            and _among(
                g, p, 'most', lambda q0: q0.prior.get('total'), '_score_volcano_chip@88:39', trace,
                'total of the round before is {value}',
            )
            and g.options['volcano_chip_mode'] == 'flat'
        )
        else 0
    )


# from 'rules/mondo/game.orbis', line 132
def _score_empty(g, p, trace=None):
    return -p.facts['empty']


# from 'rules/mondo/game.orbis', line 133
def _score_mismatches(g, p, trace=None):
    return -p.facts['mismatches']


# from 'rules/mondo/game.orbis', line 135
def _score_modifier(g, p, trace=None):
    return p.awards.get('modifier_most', 0) + p.awards.get('modifier_fewest', 0)


# from 'rules/mondo/game.orbis', line 137
def _score_tasks(g, p, trace=None):
    return (
        sum(n0.values['points'] for n0 in p.facts['tasks'] if n0.flag)
        - sum(n0.values['points'] for n0 in p.facts['tasks'] if not n0.flag)
    )


# from 'rules/mondo/game.orbis', line 143
def _check_0(g, p, each, trace=None):
    return (
        g.options['level'] != 'solo'
        and _among(
            g, p, 'most', lambda q0: q0.prior.get('total'), '_check_0@88:39', trace,
            'total of the round before is {value}',
        )
    )


# from 'rules/mondo/game.orbis', line 144
def _check_1(g, p, each, trace=None):
    known = {}
    return (
        _compare(
            trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
            '>=',
            (
                p.facts['volcanoes']['active']
                + (
                    p.facts['volcanoes']['inactive']
                    if (
                        _let(known, 0, trace, _let_chip_holder, g, p, '_check_1')
                        and g.options['volcano_chip_mode'] == 'counts_as_active'
                    )
                    else 0
                )
            ),
            1,
        )
        and _among(
            g, p, 'most',
            lambda q0: (
                (
                    q0.facts['volcanoes']['active']
                    + (
                        q0.facts['volcanoes']['inactive']
                        if (
                            g.options['level'] != 'solo'
                            and _among(
                                g, q0, 'most', lambda q1: q1.prior.get('total'), '_check_1@88:39', trace,
                                'total of the round before is {value}',
                            )
                            and g.options['volcano_chip_mode'] == 'counts_as_active'
                        )
                        else 0
                    )
                )
            ),
            '_check_1@97:51', trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
        )
        and not _let(known, 0, trace, _let_chip_holder, g, p, '_check_1')
    )


# from 'rules/mondo/game.orbis', line 145
def _check_2(g, p, each, trace=None):
    known = {}
    return (
        _compare(
            trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
            '>=',
            (
                p.facts['volcanoes']['active']
                + (
                    p.facts['volcanoes']['inactive']
                    if (
                        _let(known, 0, trace, _let_chip_holder, g, p, '_check_2')
                        and g.options['volcano_chip_mode'] == 'counts_as_active'
                    )
                    else 0
                )
            ),
            1,
        )
        and _among(
            g, p, 'most',
            lambda q0: (
                (
                    q0.facts['volcanoes']['active']
                    + (
                        q0.facts['volcanoes']['inactive']
                        if (
                            g.options['level'] != 'solo'
                            and _among(
                                g, q0, 'most', lambda q1: q1.prior.get('total'), '_check_2@88:39', trace,
                                'total of the round before is {value}',
                            )
                            and g.options['volcano_chip_mode'] == 'counts_as_active'
                        )
                        else 0
                    )
                )
            ),
            '_check_2@97:51', trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
        )
        and _let(known, 0, trace, _let_chip_holder, g, p, '_check_2')
        and g.options['volcano_chip_mode'] == 'flat'
    )


# from 'rules/mondo/game.orbis', line 147
def _check_3(g, p, each, trace=None):
    known = {}
    return (
        _compare(
            trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
            '>=',
            (
                p.facts['volcanoes']['active']
                + (
                    p.facts['volcanoes']['inactive']
                    if (
                        _let(known, 0, trace, _let_chip_holder, g, p, '_check_3')
                        and g.options['volcano_chip_mode'] == 'counts_as_active'
                    )
                    else 0
                )
            ),
            1,
        )
        and _among(
            g, p, 'most',
            lambda q0: (
                (
                    q0.facts['volcanoes']['active']
                    + (
                        q0.facts['volcanoes']['inactive']
                        if (
                            g.options['level'] != 'solo'
                            and _among(
                                g, q0, 'most', lambda q1: q1.prior.get('total'), '_check_3@88:39', trace,
                                'total of the round before is {value}',
                            )
                            and g.options['volcano_chip_mode'] == 'counts_as_active'
                        )
                        else 0
                    )
                )
            ),
            '_check_3@97:51', trace,
            (
                'volcanoes[active] + (if chip_holder and volcano_chip_mode = counts_as_active then volcanoes[inactive] '
                'else 0) is {value}'
            ),
        )
        and _let(known, 0, trace, _let_chip_holder, g, p, '_check_3')
        and g.options['volcano_chip_mode'] == 'counts_as_active'
    )


# from 'rules/mondo/game.orbis', line 151
def _check_4(g, p, each, trace=None):
    return g.options['level'] == 'solo' and g.rounds_played != 1


# from 'rules/mondo/game.orbis', line 152
def _check_5(g, p, each, trace=None):
    return g.options['level'] != 'solo' and g.rounds_played != 3


# from 'rules/mondo/game.orbis', line 153
def _check_6(g, p, each, trace=None):
    return g.options['level'] == 'solo' and _compare(trace, '{value} players', '!=', len(g.players), 1)


# from 'rules/mondo/game.orbis', line 154
def _check_7(g, p, each, trace=None):
    return g.options['level'] == 'solo' and p.facts['chip'] is not None


# from 'rules/mondo/game.orbis', line 155
def _check_8(g, p, each, trace=None):
    return (
        p.facts['chip'] is not None
        and _compare(trace, 'chip is {value}', '<=', p.facts['chip'], p.values['chips_in_play'] - len(g.players))
    )


# from 'rules/mondo/game.orbis', line 157
def _check_9(g, p, each, trace=None):
    return (
        p.facts['chip'] == 4
        and _compare(
            trace, '{value} players that are their chip = 4', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.facts['chip'], 4, True)), 2,
        )
    )


# from 'rules/mondo/game.orbis', line 157
def _check_10(g, p, each, trace=None):
    return (
        p.facts['chip'] == 3
        and _compare(
            trace, '{value} players that are their chip = 3', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.facts['chip'], 3, True)), 2,
        )
    )


# from 'rules/mondo/game.orbis', line 157
def _check_11(g, p, each, trace=None):
    return (
        p.facts['chip'] == 2
        and _compare(
            trace, '{value} players that are their chip = 2', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.facts['chip'], 2, True)), 2,
        )
    )


# from 'rules/mondo/game.orbis', line 157
def _check_12(g, p, each, trace=None):
    return (
        p.facts['chip'] == 1
        and _compare(
            trace, '{value} players that are their chip = 1', '>=',
            sum(1 for q0 in g.players if _both_equal(q0.facts['chip'], 1, True)), 2,
        )
    )


# from 'rules/mondo/game.orbis', line 159
def _check_13(g, p, each, trace=None):
    let0_modifier_played = g.options['level'] == 'advanced' or g.options['level'] == 'expert'
    return not let0_modifier_played and _compare(trace, 'modifier is {value}', '>=', p.facts['modifier'], 1)


# from 'rules/mondo/game.orbis', line 160
def _check_14(g, p, each, trace=None):
    let0_modifier_played = g.options['level'] == 'advanced' or g.options['level'] == 'expert'
    return let0_modifier_played and p.facts['modifier'] is None


# from 'rules/mondo/game.orbis', line 164
def _check_15(g, p, each, trace=None):
    let0_modifier_played = g.options['level'] == 'advanced' or g.options['level'] == 'expert'
    return let0_modifier_played and p.facts['card'] is None and p.facts['board_spaces'] is not None


# from 'rules/mondo/game.orbis', line 167
def _check_16(g, p, each, trace=None):
    return p.facts['card'] in _earlier(p.history, 'card')


# from 'rules/mondo/game.orbis', line 169
def _check_17(g, p, each, trace=None):
    return (
        g.options['level'] != 'expert'
        and _compare(trace, 'count of tasks is {value}', '>=', sum(1 for n0 in p.facts['tasks']), 1)
    )


# from 'rules/mondo/game.orbis', line 170
def _check_18(g, p, each, trace=None):
    return _compare(trace, 'count of tasks is {value}', '>', sum(1 for n0 in p.facts['tasks']), 2)


# from 'rules/mondo/game.orbis', line 171
def _check_19(g, p, each, trace=None):
    return _compare(
        trace, 'count of tasks where not task in tasks_revealed is {value}', '>=',
        sum(1 for n0 in p.facts['tasks'] if not _holds(p.facts['tasks_revealed'], n0.piece)), 1,
    )


# from 'rules/mondo/game.orbis', line 172
def _check_20(g, p, each, trace=None):
    return _compare(
        trace, 'count of tasks where count of players that are task in their tasks >= 2 is {value}', '>=',
        sum(
            (
                1
                for n0 in p.facts['tasks']
                if _compare(
                    trace, '{value} players that are task in their tasks', '>=',
                    sum(1 for q1 in g.players if _holds(q1.facts['tasks'], n0.piece)), 2,
                )
            ),
        ),
        1,
    )


# from 'rules/mondo/game.orbis', line 174
def _check_21(g, p, each, trace=None):
    return (
        g.options['level'] == 'expert'
        and _compare(
            trace, 'count of tasks_revealed is {value}', '!=', sum(1 for n0 in p.facts['tasks_revealed']),
            2 * len(g.players),
        )
    )


# from 'rules/mondo/game.orbis', line 177
def _check_22(g, p, each, trace=None):
    return _compare(trace, 'plain_split is {value}', '>=', p.facts['plain_split'], 1)


# from 'rules/mondo/game.orbis', line 186
def _check_23(g, p, each, trace=None):
    let0_modifier_played = g.options['level'] == 'advanced' or g.options['level'] == 'expert'
    return (
        let0_modifier_played
        and p.facts['card'] is None
        and p.facts['board_spaces'] is None
        and p.facts['modifier'] is not None
    )


# from 'rules/mondo/game.orbis', line 189
def _check_24(g, p, each, trace=None):
    return _compare(trace, 'plain_marked is {value}', '>=', p.facts['plain_marked'], 1)


# from 'rules/mondo/game.orbis', line 191
def _check_25(g, p, each, trace=None):
    let0_placed = p.values['spaces'] - p.facts['empty']
    return _compare(trace, 'animals is {value}', '>', p.facts['animals'], let0_placed)


# from 'rules/mondo/game.orbis', line 192
def _check_26(g, p, each, trace=None):
    let0_all_volcanoes = p.facts['volcanoes']['active'] + p.facts['volcanoes']['inactive']
    let1_placed = p.values['spaces'] - p.facts['empty']
    return _compare(trace, 'volcanoes[active] + volcanoes[inactive] is {value}', '>', let0_all_volcanoes, let1_placed)


# from 'rules/mondo/game.orbis', line 193
def _check_27(g, p, each, trace=None):
    let0_placed = p.values['spaces'] - p.facts['empty']
    return _compare(trace, 'enclosed is {value}', '>', p.facts['enclosed'], let0_placed)


# from 'rules/mondo/game.orbis', line 194
def _check_28(g, p, each, trace=None):
    return (
        g.options['level'] == 'solo'
        and _compare(trace, 'spaces - empty is {value}', '<', p.values['spaces'] - p.facts['empty'], 4)
    )


# from 'rules/mondo/game.orbis', line 196
def _check_29(g, p, each, trace=None):
    return (
        g.options['level'] == 'solo'
        and _compare(trace, 'shaded_placed is {value}', '<', p.facts['shaded_placed'], 4)
    )


# from 'rules/mondo/game.orbis', line 198
def _check_30(g, p, each, trace=None):
    return (
        g.options['level'] == 'solo'
        and _compare(trace, 'shaded_terrains is {value}', '<', p.facts['shaded_terrains'], 2)
    )


# from 'rules/mondo/game.orbis', line 200
def _check_31(g, p, each, trace=None):
    return (
        g.options['level'] == 'solo'
        and _compare(trace, 'shaded_volcanoes is {value}', '>=', p.facts['shaded_volcanoes'], 1)
    )


# from 'rules/mondo/game.orbis', line 202
def _check_32(g, p, each, trace=None):
    return (
        g.options['level'] == 'solo'
        and _compare(
            trace, 'all_volcanoes + empty + mismatches is {value}', '>',
            (
                p.facts['volcanoes']['active']
                + p.facts['volcanoes']['inactive']
                + p.facts['empty']
                + p.facts['mismatches']
            ),
            (
                p.values['solo_threshold_1']
                if g.options['solo_level'] == 1
                else p.values['solo_threshold_2'] if g.options['solo_level'] == 2 else p.values['solo_threshold_3']
            ),
        )
    )


# from 'rules/mondo/game.orbis', line 140
def _winner_key_0(g, p, trace=None):
    return p.total


# from 'rules/mondo/game.orbis', line 140
def _winner_if(g, p, trace=None):
    return (
        g.options['level'] != 'solo'
        or _compare(
            trace, '-total is {value}', '<=', -p.total,
            (
                p.values['solo_threshold_1']
                if g.options['solo_level'] == 1
                else p.values['solo_threshold_2'] if g.options['solo_level'] == 2 else p.values['solo_threshold_3']
            ),
        )
    )


SETTINGS = Settings(
    game='mondo', title='Mondo', record_format='mondo-rounds/1', report_format='mondo-score/1', rounds=3, rounds_also=1,
    grid=GridSpec(
        name='world', title='World board', shape=(2, 4, 6, 6, 4, 2), edges=('water', 'desert', 'forest', 'plains'),
        edge_set='terrains',
        marks=(
            GridMarkSpec(
                'animal', 'animal',
                (
                    'buffalo', 'elephant', 'zebra', 'lion', 'panda', 'parrot', 'tiger', 'monkey', 'snake', 'scorpion',
                    'camel', 'lizard', 'penguin', 'turtle', 'whale', 'crab',
                ),
                'species', True,
                {
                    'buffalo': 'plains', 'elephant': 'plains', 'zebra': 'plains', 'lion': 'plains', 'panda': 'forest',
                    'parrot': 'forest', 'tiger': 'forest', 'monkey': 'forest', 'snake': 'desert', 'scorpion': 'desert',
                    'camel': 'desert', 'lizard': 'desert', 'penguin': 'water', 'turtle': 'water', 'whale': 'water',
                    'crab': 'water',
                },
            ),
            GridMarkSpec('volcano', 'volcano', ('active', 'inactive'), 'volcano_states', False),
        ),
        borders={'front': ('water',), 'back': ('desert', 'water', 'forest', 'plains')},
        areas={'shaded': ('r3c3', 'r3c4', 'r4c3', 'r4c4')}, faces=('plain', 'mixed'),
    ),
    winner=(('most', _winner_key_0),), winner_if=_winner_if,
    options=(
        OptionSpec(name='level', type='enum', choices=('beginner', 'advanced', 'expert', 'solo'), default='beginner'),
        OptionSpec(name='volcano_chip_mode', type='enum', choices=('flat', 'counts_as_active'), default='flat'),
        OptionSpec(name='solo_level', type='int', choices=(), default=1),
    ),
    sets={'terrains': ('water', 'desert', 'forest', 'plains'), 'volcano_states': ('active', 'inactive')},
)


AWARDS = (
    AwardSpec(
        name='modifier_most', title='Modifier card, most', measure=_award_modifier_most_measure,
        eligible=_award_modifier_most_eligible, tiebreak=None, ties='each_takes', warn=False, prizes=(4,),
        unless_equal=True,
    ),
    AwardSpec(
        name='modifier_fewest', title='Modifier card, fewest', measure=_award_modifier_most_measure,
        eligible=_award_modifier_most_eligible, tiebreak=None, ties='each_takes', warn=False, prizes=(-4,),
        rank='fewest', unless_equal=True,
    ),
)


FACTS = (
    FactSpec(
        name='card', title="the round's scoring modifier card", type='enum',
        choices=('most_water_animals', 'largest_forest', 'largest_lake', 'most_lakes', 'most_animals'), low=None,
        high=None, members=(), optional=True, level='round', key='modifier',
    ),
    FactSpec(
        name='tasks_revealed', title='the tasks revealed this round', type='held', choices=('task',), low=None,
        high=None, members=(), optional=True, level='round',
    ),
    FactSpec(
        name='animals', title='animals', type='int', choices=(), low=0, high=24, members=(), optional=False,
        derive=_derive_animals,
    ),
    FactSpec(
        name='enclosed', title='enclosed, mistake-free land landscapes', type='int', choices=(), low=0, high=24,
        members=(), optional=False, derive=_derive_enclosed,
    ),
    FactSpec(
        name='empty', title='empty spaces', type='int', choices=(), low=0, high=24, members=(), optional=False,
        derive=_derive_empty,
    ),
    FactSpec(
        name='mismatches', title='mismatched edges', type='int', choices=(), low=0, high=60, members=(), optional=False,
        derive=_derive_mismatches,
    ),
    FactSpec(
        name='volcanoes', title='volcanoes', type='int', choices=(), low=0, high=24, members=('active', 'inactive'),
        optional=False, derive=_derive_volcanoes,
    ),
    FactSpec(
        name='modifier', title="the measure of the round's modifier card", type='int', choices=(), low=0, high=99,
        members=(), optional=True, derive=_derive_modifier,
    ),
    FactSpec(
        name='shaded_placed', title='shaded spaces filled', type='int', choices=(), low=0, high=4, members=(),
        optional=True, derive=_derive_shaded_placed,
    ),
    FactSpec(
        name='shaded_terrains', title='terrains on the shaded spaces', type='int', choices=(), low=0, high=4,
        members=(), optional=True, derive=_derive_shaded_terrains,
    ),
    FactSpec(
        name='shaded_volcanoes', title='volcanoes on the shaded spaces', type='int', choices=(), low=0, high=4,
        members=(), optional=True, derive=_derive_shaded_volcanoes,
    ),
    FactSpec(
        name='plain_split', title='plain faces showing more than one terrain', type='int', choices=(), low=0, high=24,
        members=(), optional=True, derive=_derive_plain_split, board_only=True,
    ),
    FactSpec(
        name='plain_marked', title='animals and volcanoes on plain faces', type='int', choices=(), low=0, high=48,
        members=(), optional=True, derive=_derive_plain_marked, board_only=True,
    ),
    FactSpec(
        name='together', title='the most of one species in one enclosed landscape', type='int', choices=(), low=0,
        high=24,
        members=(
            'buffalo', 'elephant', 'zebra', 'lion', 'panda', 'parrot', 'tiger', 'monkey', 'snake', 'scorpion', 'camel',
            'lizard', 'penguin', 'turtle', 'whale', 'crab',
        ),
        optional=True, derive=_derive_together, board_only=True,
    ),
    FactSpec(
        name='species_together', title='the most different species in one enclosed landscape', type='int', choices=(),
        low=0, high=4, members=('water', 'desert', 'forest', 'plains'), optional=True, derive=_derive_species_together,
        board_only=True,
    ),
    FactSpec(
        name='lakes', title='lakes: enclosed water off the border', type='int', choices=(), low=0, high=24, members=(),
        optional=True, derive=_derive_lakes, board_only=True,
    ),
    FactSpec(
        name='lake_size', title='the spaces of the largest lake', type='int', choices=(), low=0, high=24, members=(),
        optional=True, derive=_derive_lake_size, board_only=True,
    ),
    FactSpec(
        name='water_animals', title='water animals', type='int', choices=(), low=0, high=24, members=(), optional=True,
        derive=_derive_water_animals, board_only=True,
    ),
    FactSpec(
        name='board_spaces', title='the spaces of a typed board (a record of counts leaves it out)', type='int',
        choices=(), low=0, high=24, members=(), optional=True, derive=_derive_board_spaces, board_only=True,
    ),
    FactSpec(name='chip', title='bonus chip', type='int', choices=(), low=1, high=4, members=(), optional=True),
    FactSpec(
        name='tasks', title='tasks taken', type='held', choices=('task',), low=None, high=None, members=(),
        optional=True, flag='done',
    ),
)


SCORES = (
    ScoreSpec(name='animals', title='Animals', fn=_score_animals, text='if level = solo then 0 else animals {animals}'),
    ScoreSpec(
        name='landscapes', title='Enclosed landscapes', fn=_score_landscapes,
        text='if level = solo then 0 else 2 * enclosed {enclosed}',
    ),
    ScoreSpec(name='chip', title='Bonus chip', fn=_score_chip, text='if chip {chip} is given then chip {chip} else 0'),
    ScoreSpec(
        name='volcanoes', title='Volcanoes', fn=_score_volcanoes,
        text=(
            'if level = solo then -all_volcanoes else if chip_holder and volcano_chip_mode = flat then 0 else if volcan'
            'o_majority then -counted_volcanoes else 0'
        ),
    ),
    ScoreSpec(
        name='volcano_chip', title='Volcano chip', fn=_score_volcano_chip,
        text='if chip_holder and volcano_chip_mode = flat then -all_volcanoes else 0',
    ),
    ScoreSpec(name='empty', title='Empty spaces', fn=_score_empty, text='-empty {empty}'),
    ScoreSpec(name='mismatches', title='Mismatched edges', fn=_score_mismatches, text='-mismatches {mismatches}'),
    ScoreSpec(
        name='modifier', title='Modifier card', fn=_score_modifier,
        text='award modifier_most {awards[modifier_most]} + award modifier_fewest {awards[modifier_fewest]}',
        awards=('modifier_most', 'modifier_fewest'),
    ),
    ScoreSpec(
        name='tasks', title='Tasks', fn=_score_tasks,
        text='sum of points of tasks where done - sum of points of tasks where not done',
    ),
)


CHECKS = (
    CheckSpec(
        message='holds the volcano chip: the most points in the round before', fn=_check_0, each_name=None, members=(),
        refuse=False, note=True,
    ),
    CheckSpec(
        message='has the most volcanoes that count as active (active: {volcanoes[active]})', fn=_check_1,
        each_name=None, members=(), refuse=False, note=True,
    ),
    CheckSpec(
        message=(
            "has the most active volcanoes ({volcanoes[active]}), but as the chip's holder pays the chip's penalty inst"
            'ead'
        ),
        fn=_check_2, each_name=None, members=(), refuse=False, note=True,
    ),
    CheckSpec(
        message=(
            "has the most volcanoes that count as active (active: {volcanoes[active]}; inactive, as the chip's holder: "
            '{volcanoes[inactive]})'
        ),
        fn=_check_3, each_name=None, members=(), refuse=False, note=True,
    ),
    CheckSpec(message='a solo game is scored in one round', fn=_check_4, each_name=None, members=(), refuse=True),
    CheckSpec(
        message='a game of Mondo is scored in 3 rounds (1 in solo)', fn=_check_5, each_name=None, members=(),
        refuse=True,
    ),
    CheckSpec(message='solo is played alone', fn=_check_6, each_name=None, members=(), refuse=True),
    CheckSpec(
        message='there are no bonus chips in solo', fn=_check_7, each_name=None, members=(), refuse=True,
        at_player='chip',
    ),
    CheckSpec(
        message='this bonus chip is not in play with this many players (4 players: 4, 3, 2, 1; 3: 4, 3, 2; 2: 4, 3)',
        fn=_check_8, each_name=None, members=(), refuse=True, at_player='chip',
    ),
    CheckSpec(
        message='{others} holds bonus chip 4 in this round too: each chip is taken once', fn=_check_9, each_name=None,
        members=(), refuse=True, at_player='chip',
    ),
    CheckSpec(
        message='{others} holds bonus chip 3 in this round too: each chip is taken once', fn=_check_10, each_name=None,
        members=(), refuse=True, at_player='chip',
    ),
    CheckSpec(
        message='{others} holds bonus chip 2 in this round too: each chip is taken once', fn=_check_11, each_name=None,
        members=(), refuse=True, at_player='chip',
    ),
    CheckSpec(
        message='{others} holds bonus chip 1 in this round too: each chip is taken once', fn=_check_12, each_name=None,
        members=(), refuse=True, at_player='chip',
    ),
    CheckSpec(
        message='a modifier card is played only in the advanced and expert games', fn=_check_13, each_name=None,
        members=(), refuse=True,
    ),
    CheckSpec(
        message="the advanced and expert games give each player's measure for the round's modifier card", fn=_check_14,
        each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message=(
            'the advanced and expert games reveal a modifier card each round, and a typed board is measured by it: name'
            ' the round\'s card ("modifier")'
        ),
        fn=_check_15, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message='this modifier card was already played in an earlier round: each card is used at most once a game',
        fn=_check_16, each_name=None, members=(), refuse=True, at='modifier',
    ),
    CheckSpec(
        message='tasks are taken only in the expert game', fn=_check_17, each_name=None, members=(), refuse=True,
        at_player='tasks',
    ),
    CheckSpec(
        message='a player holds at most 2 tasks', fn=_check_18, each_name=None, members=(), refuse=True,
        at_player='tasks',
    ),
    CheckSpec(
        message='a task held was not revealed in this round', fn=_check_19, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message='{others} holds the same task in this round: each task is taken by one player', fn=_check_20,
        each_name=None, members=(), refuse=True, at_player='tasks',
    ),
    CheckSpec(
        message='the expert game reveals 2 tasks per player each round', fn=_check_21, each_name=None, members=(),
        refuse=True, at='tasks_revealed',
    ),
    CheckSpec(
        message='a tile typed as a plain face shows more than one terrain: a plain face is a single terrain',
        fn=_check_22, each_name=None, members=(), refuse=True,
    ),
    CheckSpec(
        message='no modifier card is named for this round ("modifier"): the measures typed are scored as they stand',
        fn=_check_23, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='an animal or volcano stands on a tile typed as a plain face: no plain face is known to show one',
        fn=_check_24, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='more animals than tiles placed: a tile shows at most one', fn=_check_25, each_name=None, members=(),
        refuse=False,
    ),
    CheckSpec(
        message='more volcanoes than tiles placed: a tile shows at most one', fn=_check_26, each_name=None, members=(),
        refuse=False,
    ),
    CheckSpec(
        message='more enclosed landscapes than tiles placed', fn=_check_27, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='solo: fewer than 4 tiles are placed, but the 4 shaded spaces are filled before the timer starts',
        fn=_check_28, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='solo: a shaded space is empty, but the 4 shaded spaces are filled before the timer starts',
        fn=_check_29, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message=(
            'solo: the tiles on the shaded spaces show fewer than 2 terrains, but the 4 drawn for them must show at lea'
            'st 2'
        ),
        fn=_check_30, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='solo: a tile on the shaded spaces shows a volcano, but the 4 drawn for them must show none',
        fn=_check_31, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message="solo: the penalties are above the level's threshold, a loss", fn=_check_32, each_name=None, members=(),
        refuse=False, note=True,
    ),
)
