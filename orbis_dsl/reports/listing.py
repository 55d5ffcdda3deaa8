"""A rule set summarised for people and programs (`orbis rules`)."""

from __future__ import annotations

from collections import Counter

from orbis_dsl.runtime.rules import Rules


def describe_rules(rules: Rules) -> dict:
    per_level = Counter(t.level for t in rules.tiles)
    return {
        "colors": list(rules.settings.colors),
        "kinds": [{"name": k.name, "title": k.title,
                   "params": [{"name": p.name, "type": p.type, "required": p.required} for p in k.params]}
                  for k in rules.kinds.values()],
        "gods": [{"name": g.name, "title": g.title} for g in rules.gods.values()],
        "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices)}
                    for o in rules.settings.options],
        "variants": [{"name": v.name, "players": v.players, "gods_revealed": v.gods_revealed,
                      "removed_stars": list(v.removed_stars), "tiles": len(rules.tile_ids_in_play(v)),
                      "prizes": {k: list(p) for k, p in v.prizes.items()}, "options": dict(v.options)}
                     for v in rules.variants.values()],
        "tiles_per_level": {str(level): per_level[level] for level in sorted(per_level)},
        "tiles": [{"level": t.level, "color": t.color, "stars": t.stars,
                   "cost": [c or "any" for c in t.cost], "kind": t.kind,
                   "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in t.params.items()
                              if v is not None}}
                  for t in rules.tiles],
    }
