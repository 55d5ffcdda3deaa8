"""The games this installation scores: one folder of rules/ each, compiled into generated/FOLDER/.

A record names its game (`"game"` in JSON, a `game NAME` header in a text notation); a record that names none is
Orbis, the first game this project carried. Game ids are the folder names with `-` for `_` (`terra-mystica`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

from orbis_dsl.common.resources import BASE_GAME, GAME_ENTRY, data_dir


class Game(NamedTuple):
    id: str  # as records name it: `orbis`, `terra-mystica`, `mondo`
    folder: str  # rules/FOLDER and generated/FOLDER

    @property
    def entry(self) -> Path:
        return data_dir("rules") / self.folder / GAME_ENTRY

    @property
    def generated(self) -> Path:
        return data_dir("generated") / self.folder


def all_games() -> list[Game]:
    """Every game folder of rules/ (one holding a `game.orbis`), Orbis first, then by name."""
    root = data_dir("rules")
    folders = sorted(p.name for p in root.iterdir() if (p / GAME_ENTRY).is_file()) if root.is_dir() else []
    folders.sort(key=lambda name: name != BASE_GAME)
    return [Game(name.replace("_", "-"), name) for name in folders]


# The file endings of each game's text notation (docs/notation*.md). The header names the game; the ending only
# tells what a file without one was meant to be, to say what it lacks.
TEXT_SUFFIXES = {".orbisgame": "orbis", ".tmgame": "terra-mystica", ".mondo": "mondo"}


def game_of_suffix(path: str) -> Game | None:
    """The game whose text notation files end as `path` does, if any."""
    suffix = path[path.rfind("."):].lower() if "." in path.rsplit("/", 1)[-1] else ""
    name = TEXT_SUFFIXES.get(suffix)
    return game_named(name) if name is not None else None


def game_named(name: str) -> Game | None:
    wanted = name.strip().lower().replace("_", "-")
    return next((g for g in all_games() if g.id == wanted), None)


_HEADER = re.compile(r"^\s*game\s+([A-Za-z][\w-]*)\s*(?:#.*)?$")


def named_game(text: str, is_json: bool) -> str | None:
    """The game a record names, without reading the record in full: JSON's top-level `"game"`, or a text's first
    line that is not blank or a comment, when it is `game NAME`. None: the record names no game."""
    if is_json:
        if '"game"' not in text:
            return None  # most Orbis records name no game: no second parse of the JSON for them
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None  # the reader reports the broken JSON, with its place
        value = data.get("game") if isinstance(data, dict) else None
        return value if isinstance(value, str) else None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _HEADER.match(line)
        return match.group(1) if match else None
    return None
