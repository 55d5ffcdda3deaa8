"""Static checks of a variant against its rule set, as located diagnostics (at the variant's declaration).

A variant can be played when:
- the tiles left after removing its star colours are exactly display + board size x players
  (docs/rules/orbis.md §3: the display is refilled after every region take and the whole supply is used);
- the lowest level holds enough tiles to deal the display;
- it reveals players + 1 gods, and no more than the rule set has;
- every ranked award (the temple tokens) has one prize per player, all different;
- the star colours it removes exist; its option values are valid.
"""

from __future__ import annotations

import re
from pathlib import Path

from orbis_dsl.common.diagnostics import Diagnostic, Span, unknown
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import VariantSpec


def span_from_source(source: str) -> Span | None:
    """'rules/orbis/variants.orbis:9' → a span at that line."""
    m = re.fullmatch(r"(.+):(\d+)", source or "")
    return Span(m.group(1), int(m.group(2)), 1) if m else None


def check_variant(rules: Rules, variant: VariantSpec, span: Span | None = None) -> list[Diagnostic]:
    """What keeps `variant` from being dealt and played (see the module's docstring), located at its declaration."""
    s = rules.settings
    span = span or span_from_source(variant.source)
    name = variant.name
    diags: list[Diagnostic] = []

    def error(message: str, hint: str | None = None) -> None:
        diags.append(Diagnostic(f"variant '{name}': {message}", span=span, hint=hint,
                                file=None if span else (variant.source or None)))

    players = variant.players
    if players < 1:
        error(f"a variant needs at least one player, not {players}")
    for star in variant.removed_stars:
        if star not in s.stars:
            d = unknown("star colour", star, s.stars)
            error(d.message.replace("unknown", "removes an unknown", 1), d.hint)
    left = [rules.tiles[i] for i in rules.tile_ids_in_play(variant)]
    size = rules.board.size
    need = s.display + size * players
    if len(left) != need:
        removing = (f"after removing the {', '.join(variant.removed_stars)} stars"
                    if variant.removed_stars else "with no stars removed")
        hint = _fix_hint(rules, variant, need)
        error(f"{len(left)} tiles remain {removing}; {players} player{'s' if players != 1 else ''} need "
              f"display {s.display} + {size} x {players} = {need}", hint)
    if left:
        lowest = min(t.level for t in left)
        first = sum(1 for t in left if t.level == lowest)
        if first < s.display:
            error(f"only {first} level-{lowest} tiles remain; the display needs {s.display}")
    gods = len(rules.gods)
    if variant.gods_revealed != players + 1:
        error(f"reveals {variant.gods_revealed} gods; {players} players need players + 1 = {players + 1}")
    if variant.gods_revealed > gods:
        error(f"reveals {variant.gods_revealed} gods, but the rule set has only {gods}")
    for message, hint in (*_prize_problems(rules, variant), *_option_problems(rules, variant)):
        error(message, hint)
    return diags


def _prize_problems(rules: Rules, variant: VariantSpec) -> list[tuple[str, str | None]]:
    """(message, hint) for prizes of unknown awards, and for ranked awards without one distinct prize a player."""
    problems = []
    players = variant.players
    for award_name in variant.prizes:
        if award_name not in rules.awards:
            d = unknown("award", award_name, rules.awards)
            problems.append((d.message, d.hint))
    for award in rules.awards.values():
        prizes = variant.prizes.get(award.name, award.prizes)
        if len(prizes) != players:
            problems.append((f"{len(prizes)} {award.title} prize{'s' if len(prizes) != 1 else ''} "
                             f"({', '.join(map(str, prizes)) or 'none'}); {players} players need {players}", None))
        if len(set(prizes)) != len(prizes):
            twice = sorted({p for p in prizes if list(prizes).count(p) > 1})
            problems.append((f"{award.title} prizes must all differ; {', '.join(map(str, twice))} appears twice",
                             None))
    return problems


def _option_problems(rules: Rules, variant: VariantSpec) -> list[tuple[str, str | None]]:
    """(message, hint) for option values the variant sets that its rule set does not declare or allow."""
    problems = []
    options = rules.options
    for key, value in variant.options.items():
        spec = options.get(key)
        if spec is None:
            d = unknown("rule option", key, options)
            problems.append((d.message, d.hint))
        elif spec.type == "bool" and not isinstance(value, bool):
            problems.append((f"option '{key}' is true or false, not {value!r}", None))
        elif spec.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            problems.append((f"option '{key}' is a whole number, not {value!r}", None))
        elif spec.type == "enum" and value not in spec.choices:
            problems.append((f"option '{key}' is one of {', '.join(spec.choices)}, not {value!r}", None))
    return problems


def _fix_hint(rules: Rules, variant: VariantSpec, need: int) -> str | None:
    """A set of star colours whose removal leaves exactly the tiles needed, if there is one."""
    from itertools import combinations

    stars = rules.settings.stars
    for k in range(len(stars) + 1):
        for combo in combinations(stars, k):
            if sum(1 for t in rules.tiles if t.stars not in combo) == need:
                return ("remove tiles marked " + ", ".join(combo)) if combo else "remove no tiles"
    players = [p for p in range(1, 9)
               if rules.settings.display + rules.board.size * p in
               {sum(1 for t in rules.tiles if t.stars not in c) for k in range(len(stars) + 1)
                for c in combinations(stars, k)}]
    if players:
        return f"this tile list supports {', '.join(map(str, players))} players"
    return None


def check_variants(rules: Rules, spans: dict[str, Span] | None = None,
                   names: list[str] | None = None) -> list[Diagnostic]:
    diags = []
    for name, variant in rules.variants.items():
        if names is not None and name not in names:
            continue
        diags.extend(check_variant(rules, variant, (spans or {}).get(name)))
    return diags


def variant_spans(compiled) -> dict[str, Span]:
    """The declaration span of every variant of a compiled rule set (`ruleset.compile_paths`)."""
    if compiled is None or compiled.model is None:
        return {}
    return {name: v.span for name, v in compiled.model.variants.items() if v.span is not None}


def variants_declared_in(compiled, path: Path) -> list[str]:
    """The names of the variants a given rule file declares itself (not those it includes)."""
    if compiled is None or compiled.model is None:
        return []
    from orbis_dsl.common.resources import display_path

    shown = display_path(path)
    return [name for name, v in compiled.model.variants.items() if v.file == shown]
