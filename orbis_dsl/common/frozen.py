"""`EMPTY`: the one empty, read-only mapping that records and specs share as their default.

Why not `types.MappingProxyType({})`: a mapping proxy cannot be pickled or deep-copied, and game records and rule
specs are plain data that callers may send to other processes or copy.
"""

from collections.abc import Iterator, Mapping


class _Empty(Mapping):
    __slots__ = ()

    def __getitem__(self, key):
        raise KeyError(key)

    def __iter__(self) -> Iterator:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "EMPTY"

    def __reduce__(self) -> str:
        return "EMPTY"  # pickle and copy give back this module's one instance


EMPTY: Mapping = _Empty()
