"""Telling a rule pack checked on its own from a broken rule set (`orbis check mypack`, without --rules).

A pack names what the base game declares (colours, star colours, kinds, awards) and declares no board or colours
of its own, so on its own it fails with one error per such name: hundreds for a pack with a tile list. When most
errors are of that sort, the one useful message is "check it laid over the base game".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.runtime.rules import Rules

_UNKNOWN = re.compile(r"^unknown [a-z -]+ '([^']+)'")
_UNDECLARED = re.compile(r"^the rule set declares no '([^']+)'")


def base_names(rules: Rules) -> set[str]:
    """Every name the base game declares that a pack may use without declaring it."""
    s = rules.settings
    names = {*s.colors, *s.aliases, *s.stars, *s.values, *rules.kinds, *rules.gods, *rules.awards, *rules.options,
             *rules.variants, *(a.name for a in s.attributes)}
    for kind in rules.kinds.values():
        names.update(p.name for p in kind.params)
    return names


def _names_the_base_declares(diag: Diagnostic, names: set[str]) -> bool:
    if _UNDECLARED.match(diag.message):  # the base game declares every setting a rule set needs
        return True
    match = _UNKNOWN.match(diag.message)
    return match is not None and match.group(1) in names


def looks_like_a_pack(diagnostics: Sequence[Diagnostic], base: Rules) -> bool:
    """True when more than half of the errors name what the base game declares."""
    errors = [d for d in diagnostics if d.is_error]
    names = base_names(base)
    return bool(errors) and 2 * sum(_names_the_base_declares(d, names) for d in errors) > len(errors)


def pack_hint(path: str, diagnostics: Sequence[Diagnostic], base: Rules) -> Diagnostic | None:
    """The message for a pack checked without --rules, or None when the errors do not look like that."""
    if not looks_like_a_pack(diagnostics, base):
        return None
    return Diagnostic("this looks like a rule pack: most of its errors name what the base game declares",
                      file=path, hint=f"check it laid over the base game: orbis check --rules {path}")
