# generated — do not edit.
# source: 'rules/mondo/cards.orbis'
# sha256: ac2276362e7639b497d58e53698458a66f50b65fb8346c64637d5d7a063652a1
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import compare as _compare
from orbis_dsl.runtime.specs import CheckSpec, GodSpec, Settings

SOURCE = 'rules/mondo/cards.orbis'
SOURCE_SHA256 = 'ac2276362e7639b497d58e53698458a66f50b65fb8346c64637d5d7a063652a1'


# from 'rules/mondo/cards.orbis', line 28
def _check_0(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T01 and done != (together[buffalo] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T01'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[buffalo] is {value}', '>=', (p.facts['together'] or {}).get('buffalo'),
                                3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 33
def _check_1(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T02 and done != (together[elephant] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T02'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[elephant] is {value}', '>=',
                                (p.facts['together'] or {}).get('elephant'), 3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 38
def _check_2(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T03 and done != (together[panda] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T03'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[panda] is {value}', '>=', (p.facts['together'] or {}).get('panda'), 3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 43
def _check_3(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T04 and done != (together[parrot] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T04'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[parrot] is {value}', '>=', (p.facts['together'] or {}).get('parrot'),
                                3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 48
def _check_4(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T05 and done != (together[snake] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T05'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[snake] is {value}', '>=', (p.facts['together'] or {}).get('snake'), 3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 53
def _check_5(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T06 and done != (together[scorpion] >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T06'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'together[scorpion] is {value}', '>=',
                                (p.facts['together'] or {}).get('scorpion'), 3,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 58
def _check_6(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T07 and done != (species_together[plains] >= 4) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T07'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'species_together[plains] is {value}', '>=',
                                (p.facts['species_together'] or {}).get('plains'), 4,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 63
def _check_7(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T08 and done != (species_together[forest] >= 4) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T08'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'species_together[forest] is {value}', '>=',
                                (p.facts['species_together'] or {}).get('forest'), 4,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 68
def _check_8(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T09 and done != (species_together[desert] >= 4) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T09'
                        and (
                            n0.flag
                            != _compare(
                                trace, 'species_together[desert] is {value}', '>=',
                                (p.facts['species_together'] or {}).get('desert'), 4,
                            )
                        )
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 73
def _check_9(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T10 and done != (lakes >= 2) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if n0.piece == 'T10' and n0.flag != _compare(trace, 'lakes is {value}', '>=', p.facts['lakes'], 2)
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 78
def _check_10(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T11 and done != (lake_size >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T11'
                        and n0.flag != _compare(trace, 'lake_size is {value}', '>=', p.facts['lake_size'], 3)
                    )
                ),
            ),
            1,
        )
    )


# from 'rules/mondo/cards.orbis', line 83
def _check_11(g, p, each, trace=None):
    return (
        p.facts['board_spaces'] is not None
        and _compare(
            trace, 'count of tasks where task = T12 and done != (water_animals >= 3) is {value}', '>=',
            sum(
                (
                    1
                    for n0 in p.facts['tasks']
                    if (
                        n0.piece == 'T12'
                        and n0.flag != _compare(trace, 'water_animals is {value}', '>=', p.facts['water_animals'], 3)
                    )
                ),
            ),
            1,
        )
    )


SETTINGS = Settings(
    values={
        'spaces': 24, 'chips_in_play': 4, 'solo_threshold_1': 6, 'solo_threshold_2': 4, 'solo_threshold_3': 2,
        'points': 3,
    },
    sets={
        'species': (
            'buffalo', 'elephant', 'zebra', 'lion', 'panda', 'parrot', 'tiger', 'monkey', 'snake', 'scorpion', 'camel',
            'lizard', 'penguin', 'turtle', 'whale', 'crab',
        ),
    },
)


GODS = (
    GodSpec(
        name='T01', title='At least 3 buffaloes in one enclosed plains landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T02', title='At least 3 elephants in one enclosed plains landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T03', title='At least 3 pandas in one enclosed forest landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T04', title='At least 3 parrots in one enclosed forest landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T05', title='At least 3 snakes in one enclosed desert landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T06', title='At least 3 scorpions in one enclosed desert landscape', ends=(), taken=None,
        modifiers={'points': 3}, cancellable=False,
    ),
    GodSpec(
        name='T07', title='Plains animals: all 4 plains species in one enclosed landscape', ends=(), taken=None,
        modifiers={'points': 4}, cancellable=False,
    ),
    GodSpec(
        name='T08', title='Forest animals: all 4 forest species in one enclosed landscape', ends=(), taken=None,
        modifiers={'points': 4}, cancellable=False,
    ),
    GodSpec(
        name='T09', title='Desert animals: all 4 desert species in one enclosed landscape (inferred)', ends=(),
        taken=None, modifiers={'points': 4}, cancellable=False,
    ),
    GodSpec(
        name='T10', title='RECONSTRUCTED: at least 2 lakes', ends=(), taken=None, modifiers={'points': 3},
        cancellable=False,
    ),
    GodSpec(
        name='T11', title='RECONSTRUCTED: a lake of at least 3 spaces', ends=(), taken=None, modifiers={'points': 3},
        cancellable=False,
    ),
    GodSpec(
        name='T12', title='RECONSTRUCTED: at least 3 water animals', ends=(), taken=None, modifiers={'points': 3},
        cancellable=False,
    ),
)


CHECKS = (
    CheckSpec(
        message='task T01 (3 buffaloes in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_0, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T02 (3 elephants in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_1, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T03 (3 pandas in one enclosed landscape): its typed "done" disagrees with the board', fn=_check_2,
        each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T04 (3 parrots in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_3, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T05 (3 snakes in one enclosed landscape): its typed "done" disagrees with the board', fn=_check_4,
        each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T06 (3 scorpions in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_5, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T07 (the 4 plains species in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_6, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T08 (the 4 forest species in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_7, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T09 (the 4 desert species in one enclosed landscape): its typed "done" disagrees with the board',
        fn=_check_8, each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T10 (2 lakes): its typed "done" disagrees with the board', fn=_check_9, each_name=None,
        members=(), refuse=False,
    ),
    CheckSpec(
        message='task T11 (a lake of 3 spaces): its typed "done" disagrees with the board', fn=_check_10,
        each_name=None, members=(), refuse=False,
    ),
    CheckSpec(
        message='task T12 (3 water animals): its typed "done" disagrees with the board', fn=_check_11, each_name=None,
        members=(), refuse=False,
    ),
)
