"""A finished game as read from a record (JSON or text notation): what the table shows, nothing computed."""

from __future__ import annotations

import attrs


@attrs.frozen
class TileRecord:
    """A tile as typed in. `params` holds the printed data (and `cp`, `mystic`); `cancelled` is None when the
    record says nothing of a Cancelation token."""

    desert: bool = False
    kind: str | None = None
    color: str | None = None
    params: dict[str, object] = attrs.field(factory=dict)
    cancelled: bool | None = None
    level: int | None = None
    stars: str | None = None


@attrs.frozen
class PlayerRecord:
    name: str
    god: str | None
    worshippers: int
    pyramid: tuple[tuple[TileRecord, ...], ...]  # rows bottom first, tiles left to right
    god_cancelled: bool = False


@attrs.frozen
class GameRecord:
    players: tuple[PlayerRecord, ...]
    variant: str | None = None
    options: dict[str, object] = attrs.field(factory=dict)
    title: str | None = None
