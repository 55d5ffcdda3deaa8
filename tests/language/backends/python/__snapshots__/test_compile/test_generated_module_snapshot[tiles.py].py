# generated — do not edit.
# source: 'rules/orbis/tiles.orbis'
# sha256: 3c84368a8ba7dd5b14f630f5fbd5562791fdf9762b201e313d86cb7a7ceff245
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import TileSpec

SOURCE = 'rules/orbis/tiles.orbis'
SOURCE_SHA256 = '3c84368a8ba7dd5b14f630f5fbd5562791fdf9762b201e313d86cb7a7ceff245'


TILES = (
    TileSpec(1, 'red', 'black', (), 'stone', {'cp': 1, 'mystic': None}, 'rules/orbis/tiles.orbis:25'),
    TileSpec(
        1, 'red', 'black', (), 'proselytism', {'cp': 0, 'gain': (1, 'red'), 'mystic': None},
        'rules/orbis/tiles.orbis:26',
    ),
    TileSpec(
        1, 'red', 'purple', (), 'proselytism', {'cp': 0, 'gain': (2, 'red'), 'mystic': None},
        'rules/orbis/tiles.orbis:27',
    ),
    TileSpec(
        1, 'red', 'white', (), 'proselytism', {'cp': 0, 'gain': (1, None), 'mystic': None},
        'rules/orbis/tiles.orbis:28',
    ),
    TileSpec(1, 'yellow', 'black', (), 'stone', {'cp': 1, 'mystic': None}, 'rules/orbis/tiles.orbis:29'),
    TileSpec(
        1, 'yellow', 'black', (), 'proselytism', {'cp': 0, 'gain': (1, 'yellow'), 'mystic': None},
        'rules/orbis/tiles.orbis:30',
    ),
    TileSpec(
        1, 'yellow', 'purple', (), 'proselytism', {'cp': 0, 'gain': (1, None), 'mystic': None},
        'rules/orbis/tiles.orbis:31',
    ),
    TileSpec(1, 'yellow', 'white', (), 'stone', {'cp': 1, 'mystic': None}, 'rules/orbis/tiles.orbis:32'),
    TileSpec(1, 'blue', 'black', (), 'stone', {'cp': 1, 'mystic': None}, 'rules/orbis/tiles.orbis:33'),
    TileSpec(
        1, 'blue', 'black', (), 'proselytism', {'cp': 0, 'gain': (1, 'blue'), 'mystic': None},
        'rules/orbis/tiles.orbis:34',
    ),
    TileSpec(
        1, 'blue', 'purple', (), 'proselytism', {'cp': 0, 'gain': (1, None), 'mystic': None},
        'rules/orbis/tiles.orbis:35',
    ),
    TileSpec(
        1, 'blue', 'white', (), 'proselytism', {'cp': 0, 'gain': (2, 'blue'), 'mystic': None},
        'rules/orbis/tiles.orbis:36',
    ),
    TileSpec(1, 'green', 'black', (), 'stone', {'cp': 1, 'mystic': None}, 'rules/orbis/tiles.orbis:37'),
    TileSpec(
        1, 'green', 'black', (), 'proselytism', {'cp': 0, 'gain': (1, 'green'), 'mystic': None},
        'rules/orbis/tiles.orbis:38',
    ),
    TileSpec(
        1, 'green', 'black', (), 'proselytism', {'cp': 0, 'gain': (2, 'green'), 'mystic': None},
        'rules/orbis/tiles.orbis:39',
    ),
    TileSpec(
        1, 'green', 'white', (), 'proselytism', {'cp': 0, 'gain': (1, None), 'mystic': None},
        'rules/orbis/tiles.orbis:40',
    ),
    TileSpec(
        1, 'white', 'black', (), 'proselytism', {'cp': 0, 'gain': (1, 'white'), 'mystic': 1},
        'rules/orbis/tiles.orbis:41',
    ),
    TileSpec(1, 'white', 'black', (), 'stone', {'cp': 1, 'mystic': 2}, 'rules/orbis/tiles.orbis:42'),
    TileSpec(
        1, 'white', 'purple', ('red',), 'temple', {'cp': 0, 'icons': 1, 'mystic': 4}, 'rules/orbis/tiles.orbis:43',
    ),
    TileSpec(
        1, 'white', 'white', ('blue',), 'temple', {'cp': 0, 'icons': 1, 'mystic': 3}, 'rules/orbis/tiles.orbis:44',
    ),
    TileSpec(
        2, 'red', 'black', ('blue', None), 'volcano', {'cp': 3, 'destroys': 'green', 'mystic': None, 'need': 2},
        'rules/orbis/tiles.orbis:48',
    ),
    TileSpec(
        2, 'red', 'black', ('yellow',), 'volcano', {'cp': 2, 'destroys': 'blue', 'mystic': None, 'need': 1},
        'rules/orbis/tiles.orbis:49',
    ),
    TileSpec(2, 'red', 'black', ('white', 'green'), 'stone', {'cp': 2, 'mystic': None}, 'rules/orbis/tiles.orbis:50'),
    TileSpec(
        2, 'red', 'white', ('green', None), 'volcano', {'cp': 3, 'destroys': 'white', 'mystic': None, 'need': 2},
        'rules/orbis/tiles.orbis:51',
    ),
    TileSpec(
        2, 'yellow', 'black', ('red', None), 'farm', {'cp': 0, 'mystic': None, 'reduces': 'blue'},
        'rules/orbis/tiles.orbis:52',
    ),
    TileSpec(
        2, 'yellow', 'black', ('blue', 'green'), 'farm', {'cp': 0, 'mystic': None, 'reduces': 'red'},
        'rules/orbis/tiles.orbis:53',
    ),
    TileSpec(
        2, 'yellow', 'purple', ('green', 'green', None), 'village', {'cp': 3, 'mystic': None, 'need': 2},
        'rules/orbis/tiles.orbis:54',
    ),
    TileSpec(
        2, 'yellow', 'white', ('white', None), 'farm', {'cp': 0, 'mystic': None, 'reduces': 'green'},
        'rules/orbis/tiles.orbis:55',
    ),
    TileSpec(
        2, 'blue', 'black', ('yellow', None), 'irrigation', {'cp': 3, 'mystic': None, 'needs': 'green'},
        'rules/orbis/tiles.orbis:56',
    ),
    TileSpec(
        2, 'blue', 'black', ('red',), 'irrigation', {'cp': 2, 'mystic': None, 'needs': 'blue'},
        'rules/orbis/tiles.orbis:57',
    ),
    TileSpec(
        2, 'blue', 'purple', ('green', 'white', None), 'irrigation', {'cp': 4, 'mystic': None, 'needs': 'red'},
        'rules/orbis/tiles.orbis:58',
    ),
    TileSpec(2, 'blue', 'white', ('red', None), 'stone', {'cp': 2, 'mystic': None}, 'rules/orbis/tiles.orbis:59'),
    TileSpec(
        2, 'green', 'black', ('yellow', 'blue'), 'forest',
        {'colors': ('red', 'yellow'), 'cp': 2, 'mystic': None, 'threshold': 2}, 'rules/orbis/tiles.orbis:60',
    ),
    TileSpec(
        2, 'green', 'black', ('white', None), 'forest',
        {'colors': ('blue', 'white'), 'cp': 2, 'mystic': None, 'threshold': 2}, 'rules/orbis/tiles.orbis:61',
    ),
    TileSpec(
        2, 'green', 'purple', ('red', 'red', None), 'forest',
        {'colors': ('yellow', 'white'), 'cp': 4, 'mystic': None, 'threshold': 3}, 'rules/orbis/tiles.orbis:62',
    ),
    TileSpec(2, 'green', 'white', ('blue', None), 'stone', {'cp': 2, 'mystic': None}, 'rules/orbis/tiles.orbis:63'),
    TileSpec(
        2, 'white', 'black', ('red', None), 'temple', {'cp': 0, 'icons': 1, 'mystic': 6}, 'rules/orbis/tiles.orbis:64',
    ),
    TileSpec(
        2, 'white', 'black', ('green', 'blue', None), 'temple', {'cp': 0, 'icons': 2, 'mystic': 8},
        'rules/orbis/tiles.orbis:65',
    ),
    TileSpec(
        2, 'white', 'purple', ('yellow', None), 'temple', {'cp': 0, 'icons': 1, 'mystic': 7},
        'rules/orbis/tiles.orbis:66',
    ),
    TileSpec(2, 'white', 'white', ('blue', 'yellow'), 'stone', {'cp': 2, 'mystic': 5}, 'rules/orbis/tiles.orbis:67'),
    TileSpec(
        3, 'red', 'black', ('blue', 'blue', None), 'volcano',
        {'cp': 5, 'destroys': 'yellow', 'mystic': None, 'need': 2}, 'rules/orbis/tiles.orbis:71',
    ),
    TileSpec(
        3, 'red', 'black', ('green', 'white', None, None), 'volcano',
        {'cp': 7, 'destroys': 'blue', 'mystic': None, 'need': 3}, 'rules/orbis/tiles.orbis:72',
    ),
    TileSpec(
        3, 'red', 'black', ('yellow', 'yellow', None), 'volcano',
        {'cp': 4, 'destroys': 'red', 'mystic': None, 'need': 1}, 'rules/orbis/tiles.orbis:73',
    ),
    TileSpec(
        3, 'red', 'purple', ('white', 'green', None), 'volcano',
        {'cp': 6, 'destroys': 'green', 'mystic': None, 'need': 3}, 'rules/orbis/tiles.orbis:74',
    ),
    TileSpec(
        3, 'red', 'white', ('blue', 'yellow', 'green', None), 'stone', {'cp': 5, 'mystic': None},
        'rules/orbis/tiles.orbis:75',
    ),
    TileSpec(
        3, 'yellow', 'black', ('red', 'blue', None), 'farm', {'cp': 0, 'mystic': None, 'reduces': 'white'},
        'rules/orbis/tiles.orbis:76',
    ),
    TileSpec(
        3, 'yellow', 'black', ('blue', 'blue', None, None), 'village', {'cp': 5, 'mystic': None, 'need': 2},
        'rules/orbis/tiles.orbis:77',
    ),
    TileSpec(
        3, 'yellow', 'black', ('red', 'white', 'green', None), 'village', {'cp': 7, 'mystic': None, 'need': 3},
        'rules/orbis/tiles.orbis:78',
    ),
    TileSpec(
        3, 'yellow', 'purple', ('green', 'white', None), 'farm', {'cp': 0, 'mystic': None, 'reduces': 'yellow'},
        'rules/orbis/tiles.orbis:79',
    ),
    TileSpec(
        3, 'yellow', 'purple', ('green', None, None), 'village', {'cp': 4, 'mystic': None, 'need': 1},
        'rules/orbis/tiles.orbis:80',
    ),
    TileSpec(
        3, 'blue', 'black', ('green', 'green', None), 'irrigation', {'cp': 4, 'mystic': None, 'needs': 'yellow'},
        'rules/orbis/tiles.orbis:81',
    ),
    TileSpec(
        3, 'blue', 'black', ('red', 'yellow', None, None), 'irrigation', {'cp': 6, 'mystic': None, 'needs': 'white'},
        'rules/orbis/tiles.orbis:82',
    ),
    TileSpec(
        3, 'blue', 'black', ('white', 'white', 'red', None, None), 'irrigation',
        {'cp': 8, 'mystic': None, 'needs': 'green'}, 'rules/orbis/tiles.orbis:83',
    ),
    TileSpec(
        3, 'blue', 'purple', ('yellow', 'red', None), 'irrigation', {'cp': 5, 'mystic': None, 'needs': 'blue'},
        'rules/orbis/tiles.orbis:84',
    ),
    TileSpec(
        3, 'blue', 'white', ('green', 'white', None), 'stone', {'cp': 4, 'mystic': None}, 'rules/orbis/tiles.orbis:85',
    ),
    TileSpec(
        3, 'green', 'black', ('yellow', 'white', None), 'forest',
        {'colors': ('red', 'green'), 'cp': 3, 'mystic': None, 'threshold': 2}, 'rules/orbis/tiles.orbis:86',
    ),
    TileSpec(
        3, 'green', 'black', ('blue', 'yellow', None, None), 'forest',
        {'colors': ('green', 'white'), 'cp': 5, 'mystic': None, 'threshold': 3}, 'rules/orbis/tiles.orbis:87',
    ),
    TileSpec(
        3, 'green', 'black', ('red', 'white', 'yellow', None, None), 'forest',
        {'colors': ('red', 'blue'), 'cp': 8, 'mystic': None, 'threshold': 4}, 'rules/orbis/tiles.orbis:88',
    ),
    TileSpec(
        3, 'green', 'purple', ('white', 'blue', None), 'stone', {'cp': 4, 'mystic': None}, 'rules/orbis/tiles.orbis:89',
    ),
    TileSpec(
        3, 'green', 'white', ('red', 'red', 'blue', None), 'forest',
        {'colors': ('yellow', 'blue'), 'cp': 5, 'mystic': None, 'threshold': 3}, 'rules/orbis/tiles.orbis:90',
    ),
    TileSpec(
        3, 'white', 'black', ('red', 'blue', None), 'temple', {'cp': 0, 'icons': 1, 'mystic': 9},
        'rules/orbis/tiles.orbis:91',
    ),
    TileSpec(
        3, 'white', 'black', ('yellow', 'yellow', None, None), 'temple', {'cp': 0, 'icons': 2, 'mystic': 10},
        'rules/orbis/tiles.orbis:92',
    ),
    TileSpec(
        3, 'white', 'black', ('green', 'red', 'blue', None, None), 'temple', {'cp': 0, 'icons': 2, 'mystic': 13},
        'rules/orbis/tiles.orbis:93',
    ),
    TileSpec(
        3, 'white', 'purple', ('blue', 'green', None, None), 'temple', {'cp': 0, 'icons': 1, 'mystic': 11},
        'rules/orbis/tiles.orbis:94',
    ),
    TileSpec(
        3, 'white', 'white', ('red', 'yellow', 'green', None), 'stone', {'cp': 5, 'mystic': 12},
        'rules/orbis/tiles.orbis:95',
    ),
)
