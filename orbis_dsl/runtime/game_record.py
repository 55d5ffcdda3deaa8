"""A finished game as read from a record (JSON or text notation): what the table shows, nothing computed."""

# NamedTuples, not attrs classes, for what every start-up builds (see runtime/specs.py); and no
# `from __future__ import annotations`, which would make NamedTuple compile each annotation at import.

from collections.abc import Mapping
from typing import NamedTuple

from orbis_dsl.common.frozen import EMPTY


class TileRecord(NamedTuple):
    """A tile as typed in. `params` holds the printed data (and `cp`, `mystic`); `cancelled` is None when the
    record says nothing of a Cancelation token."""

    desert: bool = False
    kind: str | None = None
    color: str | None = None
    params: Mapping[str, object] = EMPTY
    cancelled: bool | None = None
    level: int | None = None
    stars: str | None = None


class PlayerRecord(NamedTuple):
    name: str
    god: str | None
    worshippers: int
    # Rows bottom first, tiles left to right. None for a place not entered yet: only the scoring pad's live
    # totals make such a record (`serve/records_in.py`); a game read from a file has every place filled.
    pyramid: tuple[tuple[TileRecord | None, ...], ...]
    god_cancelled: bool = False


class GameRecord(NamedTuple):
    players: tuple[PlayerRecord, ...]
    variant: str | None = None
    options: Mapping[str, object] = EMPTY
    title: str | None = None
