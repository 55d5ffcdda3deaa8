# generated — do not edit.
# source: 'rules/mondo/cards.orbis'
# sha256: d0b213f329398c2d7055ffdecbe023c04b5b64e3ad514767e8dbdbd5f2cd6b64
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import GodSpec, Settings

SOURCE = 'rules/mondo/cards.orbis'
SOURCE_SHA256 = 'd0b213f329398c2d7055ffdecbe023c04b5b64e3ad514767e8dbdbd5f2cd6b64'


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
