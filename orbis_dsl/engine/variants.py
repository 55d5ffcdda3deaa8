"""Static checks of a variant against its rule set, as located diagnostics (at the variant's line each problem
comes from: its `players`, `reveal`, `remove`, `award` or `option` line, else its declaration).

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


def check_variant(rules: Rules, variant: VariantSpec, span: Span | None = None,
                  lines: dict[str, Span] | None = None) -> list[Diagnostic]:
    """What keeps `variant` from being dealt and played (see the module's docstring), each problem located at the
    variant's line it comes from (`lines`: "players", "reveal", "remove", "remove:MARK", "award:NAME",
    "option:NAME"), else at its declaration."""
    s = rules.settings
    span = span or span_from_source(variant.source)
    lines = lines or {}
    name = variant.name
    diags: list[Diagnostic] = []

    def error(message: str, hint: str | None = None, line: str | None = None) -> None:
        at = lines.get(line, lines.get(line.split(":")[0])) if line else None
        at = at or span
        diags.append(Diagnostic(f"variant '{name}': {message}", span=at, hint=hint,
                                file=None if at else (variant.source or None)))

    players = variant.players
    if players < 1:
        error(f"a variant needs at least one player, not {players}", line="players")
    for star in variant.removed_stars:
        if star not in s.stars:
            d = unknown("star colour", star, s.stars)
            error(d.message.replace("unknown", "removes an unknown", 1), d.hint, f"remove:{star}")
    left = [rules.tiles[i] for i in rules.tile_ids_in_play(variant)]
    size = rules.board.size
    need = s.display + size * players
    if len(left) != need:
        removing = (f"after removing the {', '.join(variant.removed_stars)} stars"
                    if variant.removed_stars else "with no stars removed")
        hint = _fix_hint(rules, variant, need)
        error(f"{len(left)} tiles remain {removing}; {players} player{'s' if players != 1 else ''} need "
              f"display {s.display} + {size} x {players} = {need}", hint, "remove")
    if left:
        lowest = min(t.level for t in left)
        first = sum(1 for t in left if t.level == lowest)
        if first < s.display:
            error(f"only {first} level-{lowest} tiles remain; the display needs {s.display}", line="remove")
    gods = len(rules.gods)
    if variant.gods_revealed != players + 1:
        error(f"reveals {variant.gods_revealed} gods; {players} players need players + 1 = {players + 1}",
              line="reveal")
    if variant.gods_revealed > gods:
        error(f"reveals {variant.gods_revealed} gods, but the rule set has only {gods}", line="reveal")
    for message, hint, line in (*_prize_problems(rules, variant), *_option_problems(rules, variant)):
        error(message, hint, line)
    return diags


def _prize_problems(rules: Rules, variant: VariantSpec) -> list[tuple[str, str | None, str]]:
    """(message, hint, line) for prizes of unknown awards, and for ranked awards without one distinct prize a
    player (at the variant's `award` line, when it has one)."""
    problems = []
    players = variant.players
    for award_name in variant.prizes:
        if award_name not in rules.awards:
            d = unknown("award", award_name, rules.awards)
            problems.append((d.message, d.hint, f"award:{award_name}"))
    for award in rules.awards.values():
        prizes = variant.prizes.get(award.name, award.prizes)
        line = f"award:{award.name}" if award.name in variant.prizes else "variant"
        if len(prizes) != players:
            hint = (None if award.name in variant.prizes else
                    f"give them in the variant: award {award.name}: {', '.join(['…'] * max(players, 1))}")
            problems.append((f"{len(prizes)} {award.title} prize{'s' if len(prizes) != 1 else ''} "
                             f"({', '.join(map(str, prizes)) or 'none'}); {players} players need {players}", hint,
                             line))
        if len(set(prizes)) != len(prizes):
            twice = sorted({p for p in prizes if list(prizes).count(p) > 1})
            problems.append((f"{award.title} prizes must all differ; {', '.join(map(str, twice))} appears twice",
                             None, line))
    return problems


def _option_problems(rules: Rules, variant: VariantSpec) -> list[tuple[str, str | None, str]]:
    """(message, hint, line) for option values the variant sets that its rule set does not declare or allow."""
    problems = []
    options = rules.options
    for key, value in variant.options.items():
        spec = options.get(key)
        line = f"option:{key}"
        if spec is None:
            d = unknown("rule option", key, options)
            problems.append((d.message, d.hint, line))
        elif spec.type == "bool" and not isinstance(value, bool):
            problems.append((f"option '{key}' is true or false, not {value!r}", None, line))
        elif spec.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            problems.append((f"option '{key}' is a whole number, not {value!r}", None, line))
        elif spec.type == "enum" and value not in spec.choices:
            problems.append((f"option '{key}' is one of {', '.join(spec.choices)}, not {value!r}", None, line))
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
    """Every variant's problems (`names`: only these). `spans` gives each variant's declaration; when it is a
    `VariantSpans`, each problem is placed at the variant's line it comes from."""
    diags = []
    lines = getattr(spans, "lines", {})
    for name, variant in rules.variants.items():
        if names is not None and name not in names:
            continue
        diags.extend(check_variant(rules, variant, (spans or {}).get(name), lines.get(name)))
    return diags


class VariantSpans(dict):
    """Each variant's declaration span, by name; and in `lines`, by name, where each of its lines was written."""

    def __init__(self, spans: dict[str, Span], lines: dict[str, dict[str, Span]]):
        super().__init__(spans)
        self.lines = lines


def variant_spans(compiled) -> VariantSpans:
    """The declaration span of every variant of a compiled rule set (`ruleset.compile_paths`), and of its lines."""
    if compiled is None or compiled.model is None:
        return VariantSpans({}, {})
    spans = {name: v.span for name, v in compiled.model.variants.items() if v.span is not None}
    return VariantSpans(spans, variant_lines(compiled, spans))


def variant_lines(compiled, spans: dict[str, Span]) -> dict[str, dict[str, Span]]:
    """Where each line of each variant was written: its `players`, `reveal` and (last) `remove` line, each mark
    it removes, and its `award` and `option` lines by name."""
    from orbis_dsl.language.check.members import last_line
    from orbis_dsl.language.syntax.ast_decl import VariantDecl

    found: dict[str, dict[str, Span]] = {}
    for file in compiled.sources.files:
        for decl in file.decls:
            if not isinstance(decl, VariantDecl) or decl.span is None or spans.get(decl.name) != decl.span:
                continue  # (a variant a pack replaced)
            lines = {f"award:{p.award}": p.span for p in decl.prizes if p.span is not None}
            lines.update({f"option:{o.name}": o.span for o in decl.options if o.span is not None})
            lines.update({f"remove:{m}": s for m, s in zip(decl.removed_marks, decl.removed_spans) if s is not None})
            lines.update(players=last_line(decl, "players:"), reveal=last_line(decl, "reveal"),
                         remove=decl.remove_lines[-1] if decl.remove_lines else None)
            found[decl.name] = {k: v for k, v in lines.items() if v is not None}
    return found


def variants_declared_in(compiled, path: Path) -> list[str]:
    """The names of the variants a given rule file declares itself (not those it includes)."""
    if compiled is None or compiled.model is None:
        return []
    from orbis_dsl.common.resources import display_path

    shown = display_path(path)
    return [name for name, v in compiled.model.variants.items() if v.file == shown]
