"""Telling a game of a rule pack scored without its pack (`orbis score duel.orbisgame`, without --rules) from a
game with mistakes of its own: it names kinds, gods or a variant the game's rules do not declare, and none of
them is a near miss of a declared one (a typo is). The rule-file side of this is cli/pack_hint.py."""

from __future__ import annotations

import re
from collections.abc import Sequence

from orbis_dsl.common.diagnostics import Diagnostic

_UNKNOWN = re.compile(r"^unknown (tile kind|god|variant) '([^']+)'$")
_WORDS = {"tile kind": ("the kind", "the kinds"), "god": ("the god", "the gods"),
          "variant": ("the variant", "the variants")}
_SHOWN = 4  # names shown of each sort


def pack_names_hint(diagnostics: Sequence[Diagnostic], shown: str, title: str) -> Diagnostic | None:
    """The message for a game that looks like a pack's scored without it: at least two of its errors, and most of
    them, are names its rules do not declare and that resemble none they do; else None."""
    errors = [d for d in diagnostics if d.is_error]
    names: dict[str, list[str]] = {}
    unknown = 0
    for diag in errors:
        match = _UNKNOWN.match(diag.message)
        if match is None or (diag.hint or "").startswith("did you mean"):
            continue
        unknown += 1
        sort = names.setdefault(match.group(1), [])
        if match.group(2) not in sort:
            sort.append(match.group(2))
    if unknown < 2 or 2 * unknown <= len(errors):
        return None
    parts = []
    for sort in ("tile kind", "god", "variant"):
        if sort in names:
            listed = names[sort]
            words = ", ".join(f"'{n}'" for n in listed[:_SHOWN]) + (" …" if len(listed) > _SHOWN else "")
            parts.append(f"{_WORDS[sort][len(listed) > 1]} {words}")
    return Diagnostic(f"{title} declares none of {'; '.join(parts)}: is this a game of a rule pack?", file=shown,
                      hint=f"score it laid over its pack: orbis score --rules PACK {shown}")
