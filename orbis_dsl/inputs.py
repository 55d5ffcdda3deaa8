"""Reading a game file in either format: JSON records (`.json`, or text starting with `{`) or the notation."""

from __future__ import annotations

import re
from pathlib import Path

from .diagnostics import Diagnostic
from .game import GameRecord
from .resources import display_path
from .runtime.rules import Rules


def is_json(path: Path, text: str) -> bool:
    return path.suffix.lower() == ".json" or text.lstrip().startswith("{")


# The notation's quoted string (grammar/game.lark): a '#' inside one starts no comment.
_STRING = re.compile(r'"[^"\\\n]*(\\.[^"\\\n]*)*"')


def comment_lines(text: str) -> int:
    """How many lines of a notation text carry a comment: what a conversion cannot keep (JSON has no comments,
    and the notation is written back from the record)."""
    return sum("#" in _STRING.sub("", line) for line in text.splitlines())


def read_game(path: Path, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic], dict[str, str]]:
    """The game, its diagnostics, and the source texts for rendering carets."""
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # -sig: files saved by Notepad start with a BOM
    except FileNotFoundError:
        return None, [Diagnostic("no such file", file=shown)], {}
    except (OSError, UnicodeDecodeError) as error:
        return None, [Diagnostic(f"cannot read the file: {error}", file=shown)], {}
    if is_json(path, text):
        from .records import read_json_text

        game, diags = read_json_text(text, shown, rules)
    else:
        from .notation import read_text

        game, diags = read_text(text, shown, rules)
    return game, diags, {shown: text}
