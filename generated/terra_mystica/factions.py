# generated — do not edit.
# source: 'rules/terra_mystica/factions.orbis'
# sha256: 984beec7c9f6520162f42208a76d75c614e9696ea0bb1281301981cf700c6dc1
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import GodSpec

SOURCE = 'rules/terra_mystica/factions.orbis'
SOURCE_SHA256 = '984beec7c9f6520162f42208a76d75c614e9696ea0bb1281301981cf700c6dc1'


GODS = (
    GodSpec(
    name='alchemists',
    title='Alchemists',
    ends=(),
    taken=None,
    modifiers={'coins_per_vp': 2, 'home': 3, 'start_fire': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='auren',
    title='Auren',
    ends=(),
    taken=None,
    modifiers={'home': 5, 'sh_favour': 1, 'start_air': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='chaosmagicians',
    title='Chaos Magicians',
    ends=(),
    taken=None,
    modifiers={'favours_per_temple': 2, 'home': 7, 'start_fire': 2},
    cancellable=False,
),
    GodSpec(
    name='cultists',
    title='Cultists',
    ends=(),
    taken=None,
    modifiers={'home': 2, 'start_earth': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='darklings',
    title='Darklings',
    ends=(),
    taken=None,
    modifiers={'home': 3, 'max_dig': 0, 'start_earth': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='dwarves',
    title='Dwarves',
    ends=(),
    taken=None,
    modifiers={'home': 6, 'max_shipping': 1, 'min_shipping': 1, 'ships': 0, 'start_earth': 2, 'start_range': 1},
    cancellable=False,
),
    GodSpec(
    name='engineers',
    title='Engineers',
    ends=(),
    taken=None,
    modifiers={'home': 6},
    cancellable=False,
),
    GodSpec(
    name='fakirs',
    title='Fakirs',
    ends=(),
    taken=None,
    modifiers={'home': 1, 'max_dig': 1, 'max_shipping': 3, 'min_shipping': 1, 'sh_range': 1, 'ships': 0, 'start_air': 1, 'start_fire': 1, 'start_range': 1},
    cancellable=False,
),
    GodSpec(
    name='giants',
    title='Giants',
    ends=(),
    taken=None,
    modifiers={'home': 7, 'start_air': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='halflings',
    title='Halflings',
    ends=(),
    taken=None,
    modifiers={'home': 2, 'start_air': 1, 'start_earth': 1},
    cancellable=False,
),
    GodSpec(
    name='mermaids',
    title='Mermaids',
    ends=(),
    taken=None,
    modifiers={'home': 4, 'max_shipping': 5, 'min_shipping': 1, 'river_towns': 1, 'start_shipping': 1, 'start_water': 2},
    cancellable=False,
),
    GodSpec(
    name='nomads',
    title='Nomads',
    ends=(),
    taken=None,
    modifiers={'home': 1, 'start_earth': 1, 'start_fire': 1},
    cancellable=False,
),
    GodSpec(
    name='swarmlings',
    title='Swarmlings',
    ends=(),
    taken=None,
    modifiers={'home': 4, 'start_air': 1, 'start_earth': 1, 'start_fire': 1, 'start_water': 1},
    cancellable=False,
),
    GodSpec(
    name='witches',
    title='Witches',
    ends=(),
    taken=None,
    modifiers={'home': 5, 'start_air': 2},
    cancellable=False,
),
)
