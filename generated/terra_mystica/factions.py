# generated — do not edit.
# source: 'rules/terra_mystica/factions.orbis'
# sha256: ca8e065f7537fb99b7c873af1166f99a2c0037f92cf8ac077fc2cac34712c39d
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import GodSpec

SOURCE = 'rules/terra_mystica/factions.orbis'
SOURCE_SHA256 = 'ca8e065f7537fb99b7c873af1166f99a2c0037f92cf8ac077fc2cac34712c39d'


GODS = (
    GodSpec(
    name='alchemists',
    title='Alchemists',
    ends=(),
    taken=None,
    modifiers={'coins_per_vp': 2, 'start_fire': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='auren',
    title='Auren',
    ends=(),
    taken=None,
    modifiers={'start_air': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='chaosmagicians',
    title='Chaos Magicians',
    ends=(),
    taken=None,
    modifiers={'start_fire': 2},
    cancellable=False,
),
    GodSpec(
    name='cultists',
    title='Cultists',
    ends=(),
    taken=None,
    modifiers={'start_earth': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='darklings',
    title='Darklings',
    ends=(),
    taken=None,
    modifiers={'start_earth': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='dwarves',
    title='Dwarves',
    ends=(),
    taken=None,
    modifiers={'start_earth': 2},
    cancellable=False,
),
    GodSpec(
    name='engineers',
    title='Engineers',
    ends=(),
    taken=None,
    modifiers={},
    cancellable=False,
),
    GodSpec(
    name='fakirs',
    title='Fakirs',
    ends=(),
    taken=None,
    modifiers={'start_air': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='giants',
    title='Giants',
    ends=(),
    taken=None,
    modifiers={'start_air': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='halflings',
    title='Halflings',
    ends=(),
    taken=None,
    modifiers={'start_air': 1, 'start_earth': 1},
    cancellable=False,
),
    GodSpec(
    name='mermaids',
    title='Mermaids',
    ends=(),
    taken=None,
    modifiers={'start_water': 2},
    cancellable=False,
),
    GodSpec(
    name='nomads',
    title='Nomads',
    ends=(),
    taken=None,
    modifiers={'start_earth': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='swarmlings',
    title='Swarmlings',
    ends=(),
    taken=None,
    modifiers={'start_air': 1, 'start_earth': 1, 'start_fire': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='witches',
    title='Witches',
    ends=(),
    taken=None,
    modifiers={'start_air': 2},
    cancellable=False,
),
)
