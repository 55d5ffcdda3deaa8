"""The collision fuzz test's sweep over orbis: every sort of declaration crossed with the first and the last
name of each class of names (see `test_pack_collisions.py`). One file per game, so the three sweeps run on
different workers under `--dist loadfile`.
"""

from custom.collisions import assert_every_pair_of_sorts


def test_every_pair_of_sorts_over_orbis():
    assert_every_pair_of_sorts('orbis')
