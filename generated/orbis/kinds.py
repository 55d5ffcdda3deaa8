# generated — do not edit.
# source: 'rules/orbis/kinds.orbis'
# sha256: 3e79fe3f545adb0a9ae554c00dca9e40adc7f13fa46bc14bd10daa769371528e
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import (
    compare as _compare,
    flag as _flag,
    neighbours as _neighbours,
    show as _show,
    supports as _supports,
)
from orbis_dsl.runtime.specs import EndSpec, KindSpec, ParamSpec

SOURCE = 'rules/orbis/kinds.orbis'
SOURCE_SHA256 = '3e79fe3f545adb0a9ae554c00dca9e40adc7f13fa46bc14bd10daa769371528e'


# from 'rules/orbis/kinds.orbis', line 7
def _kind_stone_end_0(g, p, t, trace=None):
    return t.params.get('cp')


# from 'rules/orbis/kinds.orbis', line 7
def _kind_stone_end_0_explain(g, p, t, trace=None):
    return {'_sum': 'cp ' + _show(t.params.get('cp'))}


# from 'rules/orbis/kinds.orbis', line 12
def _kind_proselytism_taken(api, g, p, t):
    trace = None
    api.gain(p, t.params['gain'][0], t.params['gain'][1])


# from 'rules/orbis/kinds.orbis', line 17
def _kind_farm_taken(api, g, p, t):
    trace = None
    api.reduce(p, t.params.get('reduces'))


# from 'rules/orbis/kinds.orbis', line 24
def _kind_village_end_0(g, p, t, trace=None):
    if _flag(trace, 'cancelled', t.cancelled):
        return None
    return t.params.get('cp')


# from 'rules/orbis/kinds.orbis', line 24
def _kind_village_end_0_explain(g, p, t, trace=None):
    return {'_sum': 'cp ' + _show(t.params.get('cp')), 'need': _show(t.params.get('need'))}


# from 'rules/orbis/kinds.orbis', line 23
def _kind_village_taken(api, g, p, t):
    trace = None
    if not api.pay(p, t.params.get('need'), None):
        api.cancel(p, t)


# from 'rules/orbis/kinds.orbis', line 32
def _kind_volcano_end_0_explain(g, p, t, trace=None):
    return {
        '_sum': 'cp ' + _show(t.params.get('cp')), 'need': _show(t.params.get('need')),
        'destroys': _show(t.params.get('destroys')),
    }


# from 'rules/orbis/kinds.orbis', line 31
def _kind_volcano_taken(api, g, p, t):
    trace = None
    if not api.destroy(p, t.params.get('need'), t.params.get('destroys')):
        api.cancel(p, t)


# from 'rules/orbis/kinds.orbis', line 38
def _kind_irrigation_placed(g, p, t, trace=None):
    return _compare(
        trace, '{value} tiles below that are {needs} or desert', '>=',
        sum(1 for n0 in _supports(g, p, t) if n0.desert or n0.color == t.params.get('needs')), 1, t.params,
    )


# from 'rules/orbis/kinds.orbis', line 46
def _kind_forest_end_0(g, p, t, trace=None):
    if not _compare(
        trace, '{value} neighbours that are {colors} or desert', '>=',
        sum(1 for n0 in _neighbours(g, p, t) if n0.desert or n0.color in t.params.get('colors')),
        t.params.get('threshold'), t.params,
    ):
        return None
    return t.params.get('cp')


KINDS = (
    KindSpec(
        name='stone', title='Sacred Stone',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=1, has_default=True, unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=('cp',), declared=('cp',),
        ends=(
            EndSpec(
                fn=_kind_stone_end_0, text='{cp}', explain=_kind_stone_end_0_explain, says='Sacred Stone: {points} CP',
                local=True,
            ),
        ),
        placed=None, taken=None, cancellable_when=None,
    ),
    KindSpec(
        name='proselytism', title='Proselytism',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=0, has_default=True, unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='gain', type='amount', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=(), declared=('gain',), ends=(), placed=None, taken=_kind_proselytism_taken,
        cancellable_when=None,
    ),
    KindSpec(
        name='farm', title='Farm',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=0, has_default=True, unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='reduces', type='color', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=True,
            ),
        ),
        scoring_params=(), declared=('reduces',), ends=(), placed=None, taken=_kind_farm_taken, cancellable_when=None,
    ),
    KindSpec(
        name='village', title='Village',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='need', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=('cp',), declared=('need', 'cp'),
        ends=(
            EndSpec(
                fn=_kind_village_end_0, text='{cp} unless cancelled', explain=_kind_village_end_0_explain,
                says='Village, paid for ({need} worshippers): {points} CP', local=True,
            ),
        ),
        placed=None, taken=_kind_village_taken, cancellable_when='taken',
    ),
    KindSpec(
        name='volcano', title='Volcano',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='need', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='destroys', type='color', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=('cp',), declared=('need', 'destroys', 'cp'),
        ends=(
            EndSpec(
                fn=_kind_village_end_0, text='{cp} unless cancelled', explain=_kind_volcano_end_0_explain,
                says='Volcano, {need} {destroys} worshippers destroyed: {points} CP', local=True,
            ),
        ),
        placed=None, taken=_kind_volcano_taken, cancellable_when='taken',
    ),
    KindSpec(
        name='irrigation', title='Irrigation',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='needs', type='color', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=('cp', 'needs'), declared=('needs', 'cp'),
        ends=(
            EndSpec(
                fn=_kind_village_end_0, text='{cp} unless cancelled', explain=_kind_stone_end_0_explain,
                says='Irrigation: {points} CP', local=True,
            ),
        ),
        placed=_kind_irrigation_placed, taken=None, cancellable_when='placed',
    ),
    KindSpec(
        name='forest', title='Forest',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='threshold', type='int', size=None, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='colors', type='colors', size=2, choices=(), optional=False, default=None, has_default=False,
                unique=False,
            ),
        ),
        scoring_params=('colors', 'cp', 'threshold'), declared=('threshold', 'colors', 'cp'),
        ends=(
            EndSpec(
                fn=_kind_forest_end_0, text='{cp} if count of neighbours that are {colors} or desert >= {threshold}',
                explain=_kind_stone_end_0_explain, says='Forest: {why}: {points} CP',
            ),
        ),
        placed=None, taken=None, cancellable_when=None,
    ),
    KindSpec(
        name='temple', title='Temple',
        params=(
            ParamSpec(
                name='cp', type='int', size=None, choices=(), optional=False, default=0, has_default=True, unique=False,
            ),
            ParamSpec(
                name='mystic', type='int', size=None, choices=(), optional=True, default=None, has_default=False,
                unique=False,
            ),
            ParamSpec(
                name='icons', type='int', size=None, choices=(), optional=False, default=1, has_default=True,
                unique=False, low=1, high=2,
            ),
        ),
        scoring_params=('cp',), declared=('icons',),
        ends=(
            EndSpec(
                fn=_kind_stone_end_0, text='{cp}', explain=_kind_stone_end_0_explain,
                says='Temple: {points} CP (it counts for the Temple tokens)', local=True,
            ),
        ),
        placed=None, taken=None, cancellable_when=None,
    ),
)
