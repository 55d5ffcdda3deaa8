"""Names a record gives for what the rules declare, matched as a player would type them."""

from __future__ import annotations

from orbis_dsl.runtime.rules import Rules


def find_god(rules: Rules, text: str, titles: bool = True) -> str | None:
    """A god (or any piece a player holds: a faction, a task card) by id or by English name, in any letter case;
    the id as declared (`Seer` for `seer`). An id typed exactly wins, then an id in another case, then a title."""
    given = text.strip()
    if given in rules.gods:
        return given
    lowered = given.lower()
    for name in rules.gods:
        if name.lower() == lowered:
            return name
    if titles:
        for god in rules.gods.values():
            if god.title.lower() == lowered:
                return god.name
    return None


def find_kind(rules: Rules, text: str) -> str | None:
    """A tile kind by its id in any letter case, the id as declared (`Spire` for `spire`); an exact id wins."""
    if text in rules.kinds:
        return text
    lowered = text.lower()
    return next((name for name in rules.kinds if name.lower() == lowered), None)
