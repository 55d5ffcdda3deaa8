"""Where a check's failure is said: a check that reads only facts given once for the whole record (`for game`) or
once a round (`for round`) is about the record's key of that fact (`$.scoring_tiles`, `$.rounds[1].modifier`),
not about the players, who all break it alike.

Used by the compiler and the interpreter alike, which hand it to the runtime's `CheckSpec.at`.
"""

from __future__ import annotations

from orbis_dsl.language.check.model import RuleSet
from orbis_dsl.language.syntax.ast_walk import field_names, is_node


def facts_read(rules: RuleSet, expr) -> list[str]:
    """The facts an expression reads, in the order written, following top-level `let`s (every node field that
    names a fact: a name, an indexed fact, a list or cells fact)."""
    found: list[str] = []
    seen_lets: set[str] = set()

    def walk(node) -> None:
        for name in field_names(type(node)):
            value = getattr(node, name)
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, str) and name in ("name", "fact", "target") and item in rules.facts:
                    if item not in found:
                        found.append(item)
                elif isinstance(item, str) and name == "name" and item in rules.lets and item not in seen_lets:
                    seen_lets.add(item)
                    walk(rules.lets[item])
                elif is_node(item):
                    walk(item)

    walk(expr)
    return found


def table_key(rules: RuleSet, check) -> str | None:
    """The JSON key of the shared fact a check reads, when every fact it reads is given for the whole record or
    for the round (the first written; a round's fact before the record's, as the nearer place); else None (a
    check about each player). The reader places a round's key under that round (`$.rounds[1].modifier`)."""
    read = facts_read(rules, check.cond)
    if not read or any(rules.facts[name].level not in ("game", "round") for name in read):
        return None
    fact = next((rules.facts[n] for n in read if rules.facts[n].level == "round"), rules.facts[read[0]])
    return fact.key or fact.name


def player_key(rules: RuleSet, check) -> str | None:
    """The JSON key of the one fact of the player's a check reads, when it reads that fact and nothing else
    given in the record (`power[I] + power[II] + power[III] > 12`): the failure is said at that key of the
    player's (`$.players[1].power`), where the mistake was typed; else None (said at the player)."""
    read = facts_read(rules, check.cond)
    if len(read) != 1:
        return None
    fact = rules.facts[read[0]]
    if fact.level is not None or fact.derive is not None or fact.board_only:
        return None  # a shared fact is said at its own key; a fact a board gives may have no key in the record
    return fact.key or fact.name
