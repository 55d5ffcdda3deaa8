# generated — do not edit.
# source: 'rules/variants.orbis'
# sha256: e4b733a5e79412952e543fcaf31a182bc22d658e55b0ce86e791f54a8ddb30c8
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import VariantSpec

SOURCE = 'rules/variants.orbis'
SOURCE_SHA256 = 'e4b733a5e79412952e543fcaf31a182bc22d658e55b0ce86e791f54a8ddb30c8'


VARIANTS = (
    VariantSpec(name='4p', players=4, gods_revealed=5, removed_stars=(), prizes={'temple': (11, 7, 4, 2)}, options={}, source='rules/variants.orbis:3'),
    VariantSpec(name='3p', players=3, gods_revealed=4, removed_stars=('white',), prizes={'temple': (9, 4, 2)}, options={}, source='rules/variants.orbis:9'),
    VariantSpec(name='2p', players=2, gods_revealed=3, removed_stars=('white', 'purple'), prizes={'temple': (7, 2)}, options={}, source='rules/variants.orbis:16'),
)
