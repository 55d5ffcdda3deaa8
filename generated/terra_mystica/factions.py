# generated — do not edit.
# source: 'rules/terra_mystica/factions.orbis'
# sha256: 3fa6e146121de017c8993fc39438da48945128ca0f72146a86fbc233ce845202
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import GodSpec

SOURCE = 'rules/terra_mystica/factions.orbis'
SOURCE_SHA256 = '3fa6e146121de017c8993fc39438da48945128ca0f72146a86fbc233ce845202'


GODS = (
    GodSpec(
        name='alchemists', title='Alchemists', ends=(), taken=None,
        modifiers={'coins_per_vp': 2, 'home': 'black', 'start_fire': 1, 'start_water': 1}, cancellable=False,
    ),
    GodSpec(
        name='auren', title='Auren', ends=(), taken=None,
        modifiers={'home': 'green', 'sh_favour': 1, 'start_air': 1, 'start_water': 1}, cancellable=False,
    ),
    GodSpec(
        name='chaosmagicians', title='Chaos Magicians', ends=(), taken=None,
        modifiers={'favours_per_temple': 2, 'home': 'red', 'start_fire': 2}, cancellable=False,
    ),
    GodSpec(
        name='cultists', title='Cultists', ends=(), taken=None,
        modifiers={'home': 'brown', 'start_earth': 1, 'start_fire': 1}, cancellable=False,
    ),
    GodSpec(
        name='darklings', title='Darklings', ends=(), taken=None,
        modifiers={'home': 'black', 'max_dig': 0, 'start_earth': 1, 'start_water': 1}, cancellable=False,
    ),
    GodSpec(
        name='dwarves', title='Dwarves', ends=(), taken=None,
        modifiers={
            'home': 'gray', 'max_shipping': 1, 'min_shipping': 1, 'ships': False, 'start_earth': 2, 'start_range': 1,
        },
        cancellable=False,
    ),
    GodSpec(name='engineers', title='Engineers', ends=(), taken=None, modifiers={'home': 'gray'}, cancellable=False),
    GodSpec(
        name='fakirs', title='Fakirs', ends=(), taken=None,
        modifiers={
            'flies': True, 'home': 'yellow', 'max_dig': 1, 'max_shipping': 3, 'min_shipping': 1, 'sh_range': 1,
            'ships': False, 'start_air': 1, 'start_fire': 1, 'start_range': 1,
        },
        cancellable=False,
    ),
    GodSpec(
        name='giants', title='Giants', ends=(), taken=None, modifiers={'home': 'red', 'start_air': 1, 'start_fire': 1},
        cancellable=False,
    ),
    GodSpec(
        name='halflings', title='Halflings', ends=(), taken=None,
        modifiers={'home': 'brown', 'start_air': 1, 'start_earth': 1}, cancellable=False,
    ),
    GodSpec(
        name='mermaids', title='Mermaids', ends=(), taken=None,
        modifiers={
            'home': 'blue', 'max_shipping': 5, 'min_shipping': 1, 'river_towns': True, 'start_shipping': 1,
            'start_water': 2,
        },
        cancellable=False,
    ),
    GodSpec(
        name='nomads', title='Nomads', ends=(), taken=None,
        modifiers={'home': 'yellow', 'start_earth': 1, 'start_fire': 1}, cancellable=False,
    ),
    GodSpec(
        name='swarmlings', title='Swarmlings', ends=(), taken=None,
        modifiers={'home': 'blue', 'start_air': 1, 'start_earth': 1, 'start_fire': 1, 'start_water': 1},
        cancellable=False,
    ),
    GodSpec(
        name='witches', title='Witches', ends=(), taken=None, modifiers={'home': 'green', 'start_air': 2},
        cancellable=False,
    ),
)
