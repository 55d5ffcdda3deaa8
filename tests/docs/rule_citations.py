"""Which sections of a game's page under docs/rules/ its rule files cite for their scores and checks: a
declaration cites the sections of the comment block above it, or of the last block that cited any (a run of
checks under one heading)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"terra-mystica.md": "terra_mystica", "mondo.md": "mondo", "orbis.md": "orbis"}
# What scores or checks, and how a "used by" line names it: the plural, and whether it is named one by one.
KINDS = {"score": ("scores", True), "award": ("awards", True), "kind": ("tile kinds", True),
         "god": ("gods", True), "facedown": ("the face-down tile", False), "refuse": ("refusals", False),
         "warn": ("warnings", False), "note": ("notes", False)}
_DECL = re.compile(r"(" + "|".join(KINDS) + r")\b\s*(\w+)?")
MARK = "**Used by the rule files**"


def uses(game: str) -> dict[int, list[tuple[str, str | None]]]:
    """Section number -> the (kind, name) of each score and check that cites it."""
    out: dict[int, list[tuple[str, str | None]]] = defaultdict(list)
    for path in sorted((ROOT / "rules" / game).glob("*.orbis")):
        cites: set[int] = set()
        block: set[int] = set()
        in_comment = False
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith("#"):
                block = (block if in_comment else set()) | {int(n) for n in re.findall(r"§(\d+)", stripped)}
                in_comment = True
                if block:
                    cites = set(block)
                continue
            in_comment = False
            m = _DECL.match(line)
            if m and cites:
                for n in cites:
                    out[n].append((m[1], m[2] if KINDS[m[1]][1] else None))
    return out


def used_by_line(game: str, items: list[tuple[str, str | None]]) -> str:
    """The line a section ends with: what scores and checks there (`scores vp, cults; 3 refusals`)."""
    parts = []
    for kind, (plural, named) in KINDS.items():
        names = [name for k, name in items if k == kind]
        if not names:
            continue
        if named:
            parts.append(f"{plural} " + ", ".join(f"`{n}`" for n in dict.fromkeys(names)))
        elif kind == "facedown":
            parts.append(plural)
        else:
            parts.append(f"{len(names)} {plural if len(names) > 1 else plural[:-1]}")
    return f"{MARK} (`rules/{game}/`): " + "; ".join(parts) + "."
