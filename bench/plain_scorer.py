"""A plain, hand-written Orbis scorer: the baseline `orbis score --json` is measured against (issue 16).

    python bench/plain_scorer.py GAME.json…     # one JSON line per game: totals, categories, places, winners

It is what a programmer would write in an afternoon for the base game and `orbis-game/1` records: `json.load`,
then the scoring rules written directly in Python (rules reference §6–§7), no validation beyond what scoring
needs, no table checks, no reasons. bench_scoring.py checks its totals against the real scorer's on the same
files, so that it is an honest baseline and not a straw man. It knows nothing of rule packs and imports nothing
from orbis_dsl.
"""

from __future__ import annotations

import json
import sys

ROWS = (5, 4, 3, 2)  # bottom first
TEMPLE_PRIZES = {2: (7, 2), 3: (9, 4, 2), 4: (11, 7, 4, 2)}
ALIASES = {"orange": "yellow"}
MAJORITY_GODS = {"oceans": "irrigation", "fire": "volcano", "nature": "forest", "harvests": "village"}
FLAT_GODS = {"love": 1, "apprentice": 2, "idleness": 1}
GOD_NAMES = {"goddess of love": "love", "god of the oceans": "oceans", "goddess of fire": "fire",
             "goddess of nature": "nature", "god of harvests": "harvests", "apprentice goddess": "apprentice",
             "goddess of idleness": "idleness", "god of technology": "technology", "god of balance": "balance",
             "god of death": "death"}


def colour(name):
    name = name.lower()
    return ALIASES.get(name, name)


def neighbours(r, i):
    around = ((r, i - 1), (r, i + 1), (r - 1, i), (r - 1, i + 1), (r + 1, i - 1), (r + 1, i))
    return [(rr, ii) for rr, ii in around if 0 <= rr < len(ROWS) and 0 <= ii < ROWS[rr]]


NEIGHBOURS = {(r, i): neighbours(r, i) for r in range(len(ROWS)) for i in range(ROWS[r])}


def matches(tile, colours):
    """A desert counts as every colour."""
    return tile.get("desert") is True or colour(tile["color"]) in colours


def score_pyramid(pyramid):
    """(regions CP, deserts, validated count per kind, temple icons, temple tiles, best white mystic)."""
    regions = deserts = icons = temples = 0
    validated = {"irrigation": 0, "volcano": 0, "forest": 0, "village": 0}
    mystic = None
    for r, row in enumerate(pyramid):
        for i, tile in enumerate(row):
            if tile.get("desert") is True:
                deserts += 1
                continue
            kind = tile["kind"].lower()
            if kind == "stone":
                regions += tile.get("cp", 1)
            elif kind in ("village", "volcano"):
                if not tile.get("cancelled", False):
                    regions += tile["cp"]
                    validated[kind] += 1
            elif kind == "irrigation":
                below = [pyramid[r - 1][i], pyramid[r - 1][i + 1]] if r > 0 else []
                if any(matches(t, (colour(tile["needs"]),)) for t in below):
                    regions += tile["cp"]
                    validated[kind] += 1
            elif kind == "forest":
                wanted = {colour(c) for c in tile["colors"]}
                if sum(matches(pyramid[rr][ii], wanted) for rr, ii in NEIGHBOURS[r, i]) >= tile["threshold"]:
                    regions += tile["cp"]
                    validated[kind] += 1
            elif kind == "temple":
                regions += tile.get("cp", 0)
                icons += tile.get("icons", 1)
                temples += 1
            else:  # farm, proselytism: no end effect, but any kind may print CP that is never scored
                pass
            if colour(tile["color"]) == "white" and "mystic" in tile:
                mystic = tile["mystic"] if mystic is None else max(mystic, tile["mystic"])
    return regions, deserts, validated, icons, temples, mystic


def score(doc):
    options = doc.get("options", {})
    players = doc["players"]
    sheets = []
    for p in players:
        god = p.get("god")
        god = GOD_NAMES.get(god.lower(), god.lower()) if god else None
        regions, deserts, validated, icons, temples, mystic = score_pyramid(p["pyramid"])
        sheets.append({"name": p["name"], "god": god, "cancelled": p.get("god_cancelled", False),
                       "regions": regions, "deserts": deserts, "validated": validated, "temples": temples,
                       "measure": icons if options.get("temple_count", "icons") == "icons" else temples,
                       "mystic": mystic, "worshippers": p["worshippers"]})
    needs_one = options.get("majority_needs_one", False)
    results = []
    for s in sheets:
        god = s["god"]
        points = FLAT_GODS.get(god, 0)
        if god in MAJORITY_GODS:
            kind = MAJORITY_GODS[god]
            mine = s["validated"][kind]
            if mine >= max(o["validated"][kind] for o in sheets) and (not needs_one or mine >= 1):
                points = 3
        elif ((god == "technology" and s["deserts"] <= min(o["deserts"] for o in sheets))
              or (god == "balance" and s["validated"]["village"] and s["temples"] and s["validated"]["volcano"])
              or (god == "death" and not s["cancelled"])):
            points = 3
        desert_cp = 0 if god == "idleness" else -s["deserts"]
        results.append({"name": s["name"], "regions": s["regions"], "deserts": desert_cp, "god": points,
                        "temple": 0, "worshippers": s["worshippers"]})
    # Temple tokens: most icons first, ties broken by the highest white mystic value, else record order.
    ranked = sorted((i for i, s in enumerate(sheets) if s["measure"] >= 1),
                    key=lambda i: (-sheets[i]["measure"], -(sheets[i]["mystic"] if sheets[i]["mystic"] is not None
                                                            else -10**9)))
    for prize, i in zip(TEMPLE_PRIZES[len(players)], ranked):
        results[i]["temple"] = prize
    for r in results:
        r["total"] = r["regions"] + r["deserts"] + r["god"] + r["temple"]
    for r in results:
        r["place"] = 1 + sum((o["total"], o["worshippers"]) > (r["total"], r["worshippers"]) for o in results)
        r["winner"] = r["place"] == 1
    return {"players": results, "winners": [r["name"] for r in results if r["winner"]]}


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as file:
            print(json.dumps(score(json.load(file)), ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
