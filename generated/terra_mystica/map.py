# generated — do not edit.
# source: 'rules/terra_mystica/map.orbis'
# sha256: 2d367d48fc8d58c14e60a33d0f033e8d6dab6adb1d36e8d2e0d7632ef36a157b
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import HexMapSpec, Settings

SOURCE = 'rules/terra_mystica/map.orbis'
SOURCE_SHA256 = '2d367d48fc8d58c14e60a33d0f033e8d6dab6adb1d36e8d2e0d7632ef36a157b'


SETTINGS = Settings(
    hexmap=HexMapSpec(
        'base', 'Base map', '.',
        (
            ('A', 'U S G B Y R U K R G B R K'), ('B', 'Y . . U K . . Y K . . Y'), ('C', '. . K . S . G . G . S . .'),
            ('D', 'G B Y . . R B . R . R U'), ('E', 'K U R B K U S Y . . G K B'), ('F', 'S G . . Y G . . . U S U'),
            ('G', '. . . S . R . G . Y K B Y'), ('H', 'Y B U . . . B K . S U S'), ('I', 'R K S B R G Y U S . B G R'),
        ),
        'r', ('home', ('yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red')),
    ),
)
