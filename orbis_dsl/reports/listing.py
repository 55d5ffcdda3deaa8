"""A rule set summarised for people and programs (`orbis rules`)."""

from __future__ import annotations

from collections import Counter

from orbis_dsl.runtime.rules import Rules


def describe_rules(rules: Rules) -> dict:
    per_level = Counter(t.level for t in rules.tiles)
    return {
        "colors": list(rules.settings.colors),
        "kinds": [{"name": k.name, "title": k.title,
                   "params": [{"name": p.name, "type": p.type, "required": p.required,
                               **({"low": p.low, "high": p.high} if p.low is not None else {})} for p in k.params]}
                  for k in rules.kinds.values()],
        "gods": [{"name": g.name, "title": g.title} for g in rules.gods.values()],
        "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices)}
                    for o in rules.settings.options],
        "variants": [{"name": v.name, "players": v.players, "gods_revealed": v.gods_revealed,
                      "removed_stars": list(v.removed_stars), "tiles": len(rules.tile_ids_in_play(v)),
                      "prizes": {k: list(p) for k, p in v.prizes.items()}, "options": dict(v.options)}
                     for v in rules.variants.values()],
        "awards": [_award(a) for a in rules.awards.values()],
        "tiles_per_level": {str(level): per_level[level] for level in sorted(per_level)},
        "tiles": [{"level": t.level, "color": t.color, "stars": t.stars,
                   "cost": [c or "any" for c in t.cost], "kind": t.kind,
                   "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in t.params.items()
                              if v is not None}}
                  for t in rules.tiles],
    }


def describe_sheet_rules(rules: Rules) -> dict:
    """A score-sheet game's rule set: the facts a record gives, the pieces players hold, the columns that add up
    to the total and the awards handed out."""
    settings = rules.settings
    return {
        "record": settings.record_format,
        "report": settings.report_format,
        "rounds": settings.rounds,
        "pieces": {"family": settings.held_family,
                   "names": [{"name": g.name, "title": g.title} for g in rules.gods.values()]},
        "facts": [{"name": f.name, "title": f.title, "type": f.type, "low": f.low, "high": f.high,
                   "members": list(f.members), "choices": list(f.choices), "optional": f.optional,
                   "level": f.level} for f in rules.facts.values()],
        "columns": [{"name": c.name, "title": c.title} for c in rules.scores.values()],
        "awards": [_award(a) for a in rules.awards.values()],
        "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices)}
                    for o in settings.options],
    }


def _award(a) -> dict:
    return {"name": a.name, "title": a.title, "prizes": list(a.prizes), "ties": a.ties, "rank": a.rank,
            "for_each": list(a.members), "unless_all_equal": a.unless_equal}


def _award_line(a: dict) -> str:
    each = f" for each of {', '.join(a['for_each'])}" if a["for_each"] else ""
    prizes = "/".join(map(str, a["prizes"])) or "from the variant"
    return (f"award     {a['name']}: {a['title']}{each}: {a['rank']} first, prizes {prizes}, "
            f"ties {a['ties'].replace('_', ' ')}{', nothing if all equal' if a['unless_all_equal'] else ''}")


def listing_lines(summary: dict) -> list[str]:
    """A game of tiles' summary as a person reads it: kinds, gods, awards, variants, tiles."""
    lines = ["kinds:    " + ", ".join(k["name"] for k in summary["kinds"]),
             "gods:     " + ", ".join(f'{g["name"]} ({g["title"]})' for g in summary["gods"])]
    lines += [_award_line(a) for a in summary["awards"]]
    lines += [f'variant {v["name"]}: {v["players"]} players, {v["tiles"]} tiles, {v["gods_revealed"]} gods revealed'
              for v in summary["variants"]]
    levels = ", ".join(f"level {lvl}: {n}" for lvl, n in summary["tiles_per_level"].items())
    lines.append(f"tiles:    {len(summary['tiles'])} ({levels})")
    return lines


def sheet_listing_lines(summary: dict) -> list[str]:
    """The summary as a person reads it: a line per fact, column and award."""
    lines = []
    pieces = summary["pieces"]
    if pieces["family"]:
        lines.append(f"{pieces['family']}: " + ", ".join(f"{n['name']} ({n['title']})" for n in pieces["names"]))
    if summary["rounds"]:
        lines.append(f"rounds:   {summary['rounds']}")
    for f in summary["facts"]:
        bounds = f" {f['low']}..{f['high']}" if f["low"] is not None and f["high"] is not None else ""
        per = f" per {'/'.join(f['members'])}" if f["members"] else ""
        where = {"game": ", for the game", "round": ", for the round"}.get(f["level"] or "", "")
        lines.append(f"fact      {f['name']}: {f['title']} ({f['type']}{bounds}{per}{where}"
                     f"{', optional' if f['optional'] else ''})")
    for c in summary["columns"]:
        lines.append(f"column    {c['name']}: {c['title']}")
    lines += [_award_line(a) for a in summary["awards"]]
    for o in summary["options"]:
        lines.append(f"option    {o['name']} ({'|'.join(o['choices']) or o['type']}, default {o['default']})")
    return lines
