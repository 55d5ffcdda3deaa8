# generated — do not edit.
# source: 'rules/terra_mystica/game.orbis'
# sha256: b899e80518dee9d4041db1c5f59fbbdfaaca99b13ba1946b0f58343d6b8d082c
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.support import compare as _compare, divide as _divide, extreme_max as _extreme_max, largest_group as _largest_group, link as _link
from orbis_dsl.runtime.specs import AwardSpec, CheckSpec, FactSpec, OptionSpec, ScoreSpec, Settings

SOURCE = 'rules/terra_mystica/game.orbis'
SOURCE_SHA256 = 'b899e80518dee9d4041db1c5f59fbbdfaaca99b13ba1946b0f58343d6b8d082c'


# from 'rules/terra_mystica/game.orbis', line 50
def _award_cult_measure(g, p, each, trace=None):
    return p.facts['cults'][each]


# from 'rules/terra_mystica/game.orbis', line 51
def _award_cult_eligible(g, p, each, measure, trace=None):
    return _compare(trace, 'measure is {value}', '>=', measure, 1)


# from 'rules/terra_mystica/game.orbis', line 58
def _award_area_measure(g, p, trace=None):
    return (_extreme_max((_largest_group(g.board, p.facts['structures'], (_link('adjacent'), _link('joined', pairs=p.facts['bridges']), _link('water', (_extreme_max((p.facts['shipping'], p.values['start_shipping'],)) if (p.values['ships'] == 1) else (-1))), _link('within', ((-1) if (p.values['ships'] == 1) else _extreme_max((p.facts['shipping'], p.values['start_range'],)))),), trace), 0,)) if _compare(trace, 'the largest group of structures is {value}', '>=', _largest_group(g.board, p.facts['structures'], (_link('adjacent'), _link('joined', pairs=p.facts['bridges']), _link('water', (_extreme_max((p.facts['shipping'], p.values['start_shipping'],)) if (p.values['ships'] == 1) else (-1))), _link('within', ((-1) if (p.values['ships'] == 1) else _extreme_max((p.facts['shipping'], p.values['start_range'],)))),), trace), 0) else _extreme_max((p.facts['network'], 0,)))


# from 'rules/terra_mystica/game.orbis', line 61
def _award_area_eligible(g, p, measure, trace=None):
    return _compare(trace, 'measure is {value}', '>=', measure, 1)


# from 'rules/terra_mystica/game.orbis', line 66
def _score_vp(g, p, trace=None):
    return p.facts['vp']


# from 'rules/terra_mystica/game.orbis', line 67
def _score_cults(g, p, trace=None):
    return p.awards.get('cult', 0)


# from 'rules/terra_mystica/game.orbis', line 68
def _score_network(g, p, trace=None):
    return p.awards.get('area', 0)


# from 'rules/terra_mystica/game.orbis', line 69
def _score_resources(g, p, trace=None):
    return _divide(((((p.facts['coins'] + p.facts['workers']) + p.facts['priests']) + p.facts['power']['III']) + _divide(p.facts['power']['II'], 2)), p.values['coins_per_vp'])


# from 'rules/terra_mystica/game.orbis', line 79
def _check_0(g, p, each, trace=None):
    return _compare(trace, 'power[I] + power[II] + power[III] is {value}', '>', ((p.facts['power']['I'] + p.facts['power']['II']) + p.facts['power']['III']), 12)


# from 'rules/terra_mystica/game.orbis', line 80
def _check_1(g, p, each, trace=None):
    return (_compare(trace, 'cults[track] is {value}', '=', p.facts['cults'][each], 10) and _compare(trace, '{value} players that are cults[track] = 10', '>=', sum(1 for q0 in g.players if _compare(trace, 'cults[track] is {value}', '=', q0.facts['cults'][each], 10)), 2))


# from 'rules/terra_mystica/game.orbis', line 82
def _check_2(g, p, each, trace=None):
    return _compare(trace, 'cults[fire] is {value}', '<', p.facts['cults']['fire'], p.values['start_fire'])


# from 'rules/terra_mystica/game.orbis', line 83
def _check_3(g, p, each, trace=None):
    return _compare(trace, 'cults[water] is {value}', '<', p.facts['cults']['water'], p.values['start_water'])


# from 'rules/terra_mystica/game.orbis', line 84
def _check_4(g, p, each, trace=None):
    return _compare(trace, 'cults[earth] is {value}', '<', p.facts['cults']['earth'], p.values['start_earth'])


# from 'rules/terra_mystica/game.orbis', line 85
def _check_5(g, p, each, trace=None):
    return _compare(trace, 'cults[air] is {value}', '<', p.facts['cults']['air'], p.values['start_air'])


# from 'rules/terra_mystica/game.orbis', line 74
def _winner_key_0(g, p, trace=None):
    return p.total


# from 'rules/terra_mystica/game.orbis', line 75
def _winner_key_1(g, p, trace=None):
    return ((((((p.facts['coins'] + p.facts['workers']) + p.facts['priests']) + p.facts['power']['I']) + p.facts['power']['II']) + p.facts['power']['III']) if (g.options['tiebreak'] == 'resources') else 0)


SETTINGS = Settings(
    game='terra-mystica',
    title='Terra Mystica',
    record_format='tm-final/1',
    report_format='tm-score/1',
    held_family='faction',
    winner=(
        ('most', _winner_key_0),
        ('most', _winner_key_1),
    ),
    options=(
        OptionSpec(name='tiebreak', type='enum', choices=('shared', 'resources'), default='shared'),
    ),
    values={'coins_per_vp': 3, 'start_fire': 0, 'start_water': 0, 'start_earth': 0, 'start_air': 0, 'ships': 1, 'start_shipping': 0, 'start_range': 0, 'home': 0},
    sets={'tracks': ('fire', 'water', 'earth', 'air'), 'bowls': ('I', 'II', 'III'), 'buildings': ('D', 'TP', 'TE', 'SH', 'SA')},
)


AWARDS = (
    AwardSpec(
    name='cult',
    title='Cult track',
    measure=_award_cult_measure,
    eligible=_award_cult_eligible,
    tiebreak=None,
    ties='split',
    warn=False,
    prizes=(8, 4, 2),
    members=('fire', 'water', 'earth', 'air'),
),
    AwardSpec(
    name='area',
    title='Largest network',
    measure=_award_area_measure,
    eligible=_award_area_eligible,
    tiebreak=None,
    ties='split',
    warn=False,
    prizes=(18, 12, 6),
),
)


FACTS = (
    FactSpec(name='vp', title='VP on the score track', type='int', choices=(), low=0, high=999, members=(), optional=False),
    FactSpec(name='cults', title='cult positions', type='int', choices=(), low=0, high=10, members=('fire', 'water', 'earth', 'air'), optional=False),
    FactSpec(name='network', title='largest network', type='int', choices=(), low=0, high=17, members=(), optional=True),
    FactSpec(name='structures', title='structures on the base map', type='cells', choices=(), low=None, high=None, members=('D', 'TP', 'TE', 'SH', 'SA'), optional=True),
    FactSpec(name='bridges', title='bridges', type='crossings', choices=(), low=None, high=None, members=(), optional=True),
    FactSpec(name='shipping', title='shipping level (Dwarves and Fakirs: tunnelling or carpet range)', type='int', choices=(), low=0, high=5, members=(), optional=True),
    FactSpec(name='coins', title='coins', type='int', choices=(), low=0, high=999, members=(), optional=False),
    FactSpec(name='workers', title='workers', type='int', choices=(), low=0, high=999, members=(), optional=False),
    FactSpec(name='priests', title='priests', type='int', choices=(), low=0, high=7, members=(), optional=False),
    FactSpec(name='power', title='power tokens in bowls I, II, III', type='int', choices=(), low=0, high=12, members=('I', 'II', 'III'), optional=False),
)


SCORES = (
    ScoreSpec(name='vp', title='VP before final scoring', fn=_score_vp, text='vp {vp}'),
    ScoreSpec(name='cults', title='Cult tracks', fn=_score_cults, text='award cult {awards[cult]}'),
    ScoreSpec(name='network', title='Largest network', fn=_score_network, text='award area {awards[area]}'),
    ScoreSpec(name='resources', title='Resources', fn=_score_resources, text='(coins {coins} + workers {workers} + priests {priests} + power[III] {power[III]} + power[II] {power[II]} / 2) / coins_per_vp {coins_per_vp}'),
)


CHECKS = (
    CheckSpec(message='the power bowls hold more than 12 tokens', fn=_check_0, each_name=None, members=(), refuse=True),
    CheckSpec(message='another player also stands at 10 on {track}: only one faction may reach the top of a track', fn=_check_1, each_name='track', members=('fire', 'water', 'earth', 'air'), refuse=False),
    CheckSpec(message="below the faction's starting position on fire: cult positions never go down", fn=_check_2, each_name=None, members=(), refuse=False),
    CheckSpec(message="below the faction's starting position on water: cult positions never go down", fn=_check_3, each_name=None, members=(), refuse=False),
    CheckSpec(message="below the faction's starting position on earth: cult positions never go down", fn=_check_4, each_name=None, members=(), refuse=False),
    CheckSpec(message="below the faction's starting position on air: cult positions never go down", fn=_check_5, each_name=None, members=(), refuse=False),
)
