# generated — do not edit.
# source: 'rules/orbis/game.orbis'
# sha256: c74fd48a1b3c2221aef188a92bb833737913f960735a42044aa267ab5e16c989
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import (
    aggregate_max as _aggregate_max,
    aggregate_sum as _aggregate_sum,
    compare as _compare,
    show as _show,
)
from orbis_dsl.runtime.specs import AwardSpec, EndSpec, OptionSpec, ParamSpec, Settings

SOURCE = 'rules/orbis/game.orbis'
SOURCE_SHA256 = 'c74fd48a1b3c2221aef188a92bb833737913f960735a42044aa267ab5e16c989'


# from 'rules/orbis/game.orbis', line 60
def _award_temple_measure(g, p, trace=None):
    return (
        _aggregate_sum(n0.params.get('icons') for n0 in p.tiles if n0.kind == 'temple')
        if g.options['temple_count'] == 'icons'
        else sum(1 for n0 in p.tiles if n0.kind == 'temple')
    )


# from 'rules/orbis/game.orbis', line 61
def _award_temple_eligible(g, p, measure, trace=None):
    return _compare(trace, 'measure is {value}', '>=', measure, 1)


# from 'rules/orbis/game.orbis', line 62
def _award_temple_tiebreak(g, p, measure, trace=None):
    return _aggregate_max(
        (n0.params.get('mystic') for n0 in p.tiles if (n0.desert or n0.color == 'white') and not n0.desert),
    )


# from 'rules/orbis/game.orbis', line 54
def _desert_end_0(g, p, t, trace=None):
    return p.values['desert_penalty']


# from 'rules/orbis/game.orbis', line 54
def _desert_end_0_explain(g, p, t, trace=None):
    return {'_sum': 'desert_penalty ' + _show(p.values['desert_penalty'])}


# from 'rules/orbis/game.orbis', line 68
def _winner_key_0(g, p, trace=None):
    return p.total


# from 'rules/orbis/game.orbis', line 68
def _winner_key_1(g, p, trace=None):
    return p.worshippers


SETTINGS = Settings(
    game='orbis', title='Orbis', record_format='orbis-game/1', report_format='orbis-score/1',
    colors=('red', 'yellow', 'blue', 'green', 'white'), stars=('black', 'purple', 'white'), levels=3, display=9,
    board=(5, 4, 3, 2), realm_limit=10, exchange=(3, 1), cancel_tokens=18, desert_wild=True,
    desert_ends=(
        EndSpec(
            fn=_desert_end_0, text='desert_penalty', explain=_desert_end_0_explain, says='face-down tile: {points} CP',
            local=True,
        ),
    ),
    winner=(('most', _winner_key_0), ('most', _winner_key_1)), aliases={'orange': 'yellow'},
    attributes=(
        ParamSpec(
            name='cp', type='int', size=None, choices=(), optional=False, default=0, has_default=True, unique=False,
        ),
        ParamSpec(
            name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
            unique=False,
        ),
    ),
    options=(
        OptionSpec(name='majority_needs_one', type='bool', choices=(), default=False),
        OptionSpec(name='temple_count', type='enum', choices=('icons', 'tiles'), default='icons'),
    ),
    values={'desert_penalty': -1},
)


AWARDS = (
    AwardSpec(
        name='temple', title='Temple token', measure=_award_temple_measure, eligible=_award_temple_eligible,
        tiebreak=_award_temple_tiebreak, ties='keep_order', warn=True, prizes=(),
        says=(
            '{title}: {measure} temple {temple_count}, place {place} ({ranking}; the highest mystic value on a white ti'
            'le breaks a tie: {tiebreak})'
        ),
    ),
)
