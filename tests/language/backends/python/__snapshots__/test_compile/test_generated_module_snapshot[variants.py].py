# generated — do not edit.
# source: 'rules/orbis/variants.orbis'
# sha256: ef157f03598ad756338fd375dfff1c2d84ee1897a4e1c665d008cdbcc3b259cc
# Regenerate with `orbis compile`; `orbis compile --check` tells when this file is stale.
"""Rule handlers compiled from the rule file named by SOURCE."""

from orbis_dsl.runtime.specs import VariantSpec

SOURCE = 'rules/orbis/variants.orbis'
SOURCE_SHA256 = 'ef157f03598ad756338fd375dfff1c2d84ee1897a4e1c665d008cdbcc3b259cc'


VARIANTS = (
    VariantSpec(
        name='4p', players=4, gods_revealed=5, removed_stars=(), prizes={'temple': (11, 7, 4, 2)}, options={},
        source='rules/orbis/variants.orbis:3',
    ),
    VariantSpec(
        name='3p', players=3, gods_revealed=4, removed_stars=('white',), prizes={'temple': (9, 4, 2)}, options={},
        source='rules/orbis/variants.orbis:9',
    ),
    VariantSpec(
        name='2p', players=2, gods_revealed=3, removed_stars=('white', 'purple'), prizes={'temple': (7, 2)}, options={},
        source='rules/orbis/variants.orbis:16',
    ),
)
