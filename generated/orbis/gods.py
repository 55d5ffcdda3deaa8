# generated — do not edit.
# source: 'rules/orbis/gods.orbis'
# sha256: 5dec406da1f47f867b5ba0ca6df1dd35a8d572f94e5bdf6d98b360fba604b24f
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import among as _among, compare as _compare, flag as _flag, option_flag as _option_flag
from orbis_dsl.runtime.specs import EndSpec, GodSpec

SOURCE = 'rules/orbis/gods.orbis'
SOURCE_SHA256 = '5dec406da1f47f867b5ba0ca6df1dd35a8d572f94e5bdf6d98b360fba604b24f'


# scored the same for every clause scoring a fixed 1 point
def _points_1(g, p, trace=None):
    return 1


# explained the same for every clause scoring a fixed 1 point
def _points_1_explain(g, p, trace=None):
    return {'_sum': '1'}


# from 'rules/orbis/gods.orbis', line 10
def _god_love_taken(api, g, p):
    trace = None
    api.gain(p, 5, None)


# from 'rules/orbis/gods.orbis', line 15
def _god_oceans_end_0(g, p, trace=None):
    if not (
        _among(
            g, p, 'most', lambda q0: sum(1 for n1 in q0.tiles if n1.kind == 'irrigation' and n1.validated),
            '_god_oceans_end_0@6:31', trace, '{value} validated irrigation tiles',
        )
        and (
            not _option_flag(
                trace, 'majority_needs_one', g.options['majority_needs_one'], 'majority needs at least one',
            )
            or _compare(
                trace, '{value} validated irrigation tiles', '>=',
                sum(1 for n0 in p.tiles if n0.kind == 'irrigation' and n0.validated), 1,
            )
        )
    ):
        return None
    return 3


# explained the same for every clause scoring a fixed 3 points
def _points_3_explain(g, p, trace=None):
    return {'_sum': '3'}


# from 'rules/orbis/gods.orbis', line 19
def _god_fire_end_0(g, p, trace=None):
    if not (
        _among(
            g, p, 'most', lambda q0: sum(1 for n1 in q0.tiles if n1.kind == 'volcano' and n1.validated),
            '_god_fire_end_0@6:31', trace, '{value} validated volcano tiles',
        )
        and (
            not _option_flag(
                trace, 'majority_needs_one', g.options['majority_needs_one'], 'majority needs at least one',
            )
            or _compare(
                trace, '{value} validated volcano tiles', '>=',
                sum(1 for n0 in p.tiles if n0.kind == 'volcano' and n0.validated), 1,
            )
        )
    ):
        return None
    return 3


# from 'rules/orbis/gods.orbis', line 23
def _god_nature_end_0(g, p, trace=None):
    if not (
        _among(
            g, p, 'most', lambda q0: sum(1 for n1 in q0.tiles if n1.kind == 'forest' and n1.validated),
            '_god_nature_end_0@6:31', trace, '{value} validated forest tiles',
        )
        and (
            not _option_flag(
                trace, 'majority_needs_one', g.options['majority_needs_one'], 'majority needs at least one',
            )
            or _compare(
                trace, '{value} validated forest tiles', '>=',
                sum(1 for n0 in p.tiles if n0.kind == 'forest' and n0.validated), 1,
            )
        )
    ):
        return None
    return 3


# from 'rules/orbis/gods.orbis', line 27
def _god_harvests_end_0(g, p, trace=None):
    if not (
        _among(
            g, p, 'most', lambda q0: sum(1 for n1 in q0.tiles if n1.kind == 'village' and n1.validated),
            '_god_harvests_end_0@6:31', trace, '{value} validated village tiles',
        )
        and (
            not _option_flag(
                trace, 'majority_needs_one', g.options['majority_needs_one'], 'majority needs at least one',
            )
            or _compare(
                trace, '{value} validated village tiles', '>=',
                sum(1 for n0 in p.tiles if n0.kind == 'village' and n0.validated), 1,
            )
        )
    ):
        return None
    return 3


# scored the same for every clause scoring a fixed 2 points
def _points_2(g, p, trace=None):
    return 2


# explained the same for every clause scoring a fixed 2 points
def _points_2_explain(g, p, trace=None):
    return {'_sum': '2'}


# from 'rules/orbis/gods.orbis', line 40
def _god_technology_end_0(g, p, trace=None):
    if not _among(
        g, p, 'fewest', lambda q0: sum(1 for n1 in q0.tiles if n1.desert), '_god_technology_end_0@40:13', trace,
        '{value} desert tiles',
    ):
        return None
    return 3


# from 'rules/orbis/gods.orbis', line 45
def _god_balance_end_0(g, p, trace=None):
    if not (
        _compare(
            trace, '{value} validated village tiles', '>=',
            sum(1 for n0 in p.tiles if n0.kind == 'village' and n0.validated), 1,
        )
        and _compare(trace, '{value} temple tiles', '>=', sum(1 for n0 in p.tiles if n0.kind == 'temple'), 1)
        and _compare(
            trace, '{value} validated volcano tiles', '>=',
            sum(1 for n0 in p.tiles if n0.kind == 'volcano' and n0.validated), 1,
        )
    ):
        return None
    return 3


# from 'rules/orbis/gods.orbis', line 53
def _god_death_end_0(g, p, trace=None):
    if _flag(trace, 'cancelled', p.god_cancelled):
        return None
    return 3


# from 'rules/orbis/gods.orbis', line 52
def _god_death_taken(api, g, p):
    trace = None
    if not api.pay(p, 6, None):
        api.cancel(p, None)


GODS = (
    GodSpec(
        name='love', title='Goddess of Love',
        ends=(EndSpec(fn=_points_1, text='1', explain=_points_1_explain, says='Goddess of Love: {points} CP'),),
        taken=_god_love_taken, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='oceans', title='God of the Oceans',
        ends=(
            EndSpec(
                fn=_god_oceans_end_0,
                text=(
                    '3 if count of validated irrigation tiles is most among players and (not majority_needs_one or coun'
                    't of validated irrigation tiles >= 1)'
                ),
                explain=_points_3_explain, says='God of the Oceans, most validated Irrigations ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='fire', title='Goddess of Fire',
        ends=(
            EndSpec(
                fn=_god_fire_end_0,
                text=(
                    '3 if count of validated volcano tiles is most among players and (not majority_needs_one or count o'
                    'f validated volcano tiles >= 1)'
                ),
                explain=_points_3_explain, says='Goddess of Fire, most validated Volcanoes ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='nature', title='Goddess of Nature',
        ends=(
            EndSpec(
                fn=_god_nature_end_0,
                text=(
                    '3 if count of validated forest tiles is most among players and (not majority_needs_one or count of'
                    ' validated forest tiles >= 1)'
                ),
                explain=_points_3_explain, says='Goddess of Nature, most validated Forests ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='harvests', title='God of Harvests',
        ends=(
            EndSpec(
                fn=_god_harvests_end_0,
                text=(
                    '3 if count of validated village tiles is most among players and (not majority_needs_one or count o'
                    'f validated village tiles >= 1)'
                ),
                explain=_points_3_explain, says='God of Harvests, most validated Villages ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='apprentice', title='Apprentice Goddess',
        ends=(EndSpec(fn=_points_2, text='2', explain=_points_2_explain, says='Apprentice Goddess: {points} CP'),),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='idleness', title='Goddess of Idleness',
        ends=(
            EndSpec(
                fn=_points_1, text='1', explain=_points_1_explain,
                says='Goddess of Idleness: {points} CP (and deserts cost nothing)',
            ),
        ),
        taken=None, modifiers={'desert_penalty': 0}, cancellable=False,
    ),
    GodSpec(
        name='technology', title='God of Technology',
        ends=(
            EndSpec(
                fn=_god_technology_end_0, text='3 if count of desert tiles is fewest among players',
                explain=_points_3_explain, says='God of Technology, fewest deserts ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='balance', title='God of Balance',
        ends=(
            EndSpec(
                fn=_god_balance_end_0,
                text=(
                    '3 if count of validated village tiles >= 1 and count of temple tiles >= 1 and count of validated v'
                    'olcano tiles >= 1'
                ),
                explain=_points_3_explain,
                says='God of Balance, a validated Village, a Temple and a validated Volcano ({why}): +{points}',
            ),
        ),
        taken=None, modifiers={}, cancellable=False,
    ),
    GodSpec(
        name='death', title='God of Death',
        ends=(
            EndSpec(
                fn=_god_death_end_0, text='3 unless cancelled', explain=_points_3_explain,
                says='God of Death, paid for (no Cancelation token): +{points}',
            ),
        ),
        taken=_god_death_taken, modifiers={}, cancellable=True,
    ),
)
