"""A plain, hand-written Orbis scorer that writes the whole report: the second baseline of bench_batch.py.

    python bench/plain_full_scorer.py GAME.json…     # one orbis-score/1 line per game, as `orbis score --json`

plain_scorer.py is what a programmer writes in an afternoon for totals and winners. This one does, by hand and
for the base game only, the work the `orbis-score/1` contract asks of `orbis score --json` (docs/rules/orbis.md
§6–§8): a line for every scoring item with its reason, and a warning for every inconsistency the table shows
(a tile resting on no tile of its colour, a Cancelation token where none can lie or that the tiles below
contradict, a god held twice or by nobody, too many gods for the variant, a realm over its limit, a Farm's colour
taken twice, a tile the variant removes, a Temple-token tie nobody can break). It checks nothing else: no
validation of the record beyond what scoring needs. bench_batch.py checks that on every file its lines (place,
kind and points) and the places of its warnings are orbis's, so that the two do the same work; its sentences are
worded like orbis's but not always to the letter. It knows nothing of rule packs and imports nothing from
orbis_dsl.

It answers one question: how fast can plain Python honour the report contract at all? `orbis score` is measured
against this beside plain_scorer.py, in the same run.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

ROWS = (5, 4, 3, 2)  # bottom first
LABELS = [[f"row {r + 1}, tile {i + 1}" for i in range(width)] for r, width in enumerate(ROWS)]
TEMPLE_PRIZES = {2: (7, 2), 3: (9, 4, 2), 4: (11, 7, 4, 2)}
GODS_REVEALED = {2: 3, 3: 4, 4: 5}
REMOVED_STARS = {2: ("white", "purple"), 3: ("white",), 4: ()}
ALIASES = {"orange": "yellow"}
TOKENS = 18  # Cancelation tokens in the box
MAJORITY = {"oceans": ("irrigation", "God of the Oceans, most validated Irrigations"),
            "fire": ("volcano", "Goddess of Fire, most validated Volcanoes"),
            "nature": ("forest", "Goddess of Nature, most validated Forests"),
            "harvests": ("village", "God of Harvests, most validated Villages")}
FLAT = {"love": (1, "Goddess of Love: 1 CP"), "apprentice": (2, "Apprentice Goddess: 2 CP"),
        "idleness": (1, "Goddess of Idleness: 1 CP (and deserts cost nothing)")}
GOD_NAMES = {"goddess of love": "love", "god of the oceans": "oceans", "goddess of fire": "fire",
             "goddess of nature": "nature", "god of harvests": "harvests", "apprentice goddess": "apprentice",
             "goddess of idleness": "idleness", "god of technology": "technology", "god of balance": "balance",
             "god of death": "death"}
TITLES = {"stone": "Sacred Stone", "forest": "Forest", "farm": "Farm", "proselytism": "Proselytism",
          "temple": "Temple"}
COLOURS = ("red", "yellow", "blue", "green", "white")


def colour(name):
    name = name.lower()
    return ALIASES.get(name, name)


def _around(r, i):
    near = ((r, i - 1), (r, i + 1), (r - 1, i), (r - 1, i + 1), (r + 1, i - 1), (r + 1, i))
    return [(rr, ii) for rr, ii in near if 0 <= rr < len(ROWS) and 0 <= ii < ROWS[rr]]


NEIGHBOURS = {(r, i): _around(r, i) for r in range(len(ROWS)) for i in range(ROWS[r])}


def _tiles(count, noun="tiles"):
    return f"{count} {noun[:-1]}" if count == 1 else f"{count} {noun}"


class Player:
    def __init__(self, doc):
        self.name = doc["name"]
        god = doc.get("god")
        self.god = GOD_NAMES.get(god.lower(), god.lower()) if god else None
        self.god_cancelled = doc.get("god_cancelled", False)
        self.worshippers = doc["worshippers"]
        self.pyramid = doc["pyramid"]
        self.lines = []
        self.validated = Counter()
        self.regions = self.deserts = self.icons = self.temples = 0
        self.mystic = None
        self.tokens = 0


def score_pyramid(p, resting, warnings):
    pyramid, idle = p.pyramid, p.god == "idleness"
    for r, row in enumerate(pyramid):
        for i, tile in enumerate(row):
            where = LABELS[r][i]
            if tile.get("desert") is True:
                p.tokens += tile.get("cancelled") is True
                cost = 0 if idle else -1
                p.deserts += cost
                p.lines.append((where, "desert", cost, f"face-down tile: {cost} CP"))
                continue
            kind, cp, token = tile["kind"].lower(), tile.get("cp", 0), tile.get("cancelled")
            p.tokens += token is True
            if r > 0:  # a tile rests on two tiles below, one of its colour (a desert counts as any)
                below = (pyramid[r - 1][i], pyramid[r - 1][i + 1])
                mine = colour(tile["color"])
                if not any(b.get("desert") is True or colour(b["color"]) == mine for b in below):
                    shown = " and ".join("desert" if b.get("desert") is True else colour(b["color"]) for b in below)
                    resting.append((f"{p.name}, {where}",
                                    f"a {mine} tile rests on {shown}: one of them must be {mine}"))
            if kind in ("village", "volcano"):
                if token:
                    p.lines.append((where, kind, 0, "cancelled: scores nothing"))
                else:
                    p.regions += cp
                    p.validated[kind] += 1
                    why = (f"Village, paid for ({tile.get('need')} worshippers): {cp} CP" if kind == "village" else
                           f"Volcano, {tile.get('need')} {tile.get('destroys')} worshippers destroyed: {cp} CP")
                    p.lines.append((where, kind, cp, why))
                continue
            if kind == "irrigation":
                needs = colour(tile["needs"])
                below = (pyramid[r - 1][i], pyramid[r - 1][i + 1]) if r > 0 else ()
                count = sum(b.get("desert") is True or colour(b["color"]) == needs for b in below)
                reason = (f"{count} tile below that is {needs} or desert (needs at least 1)" if count == 1 else
                          f"{count} tiles below that are {needs} or desert (needs at least 1)")
                cancelled = count < 1
                if token is not None and token != cancelled:
                    should = "cancelled" if cancelled else "validated"
                    warnings.append((f"{p.name}, {where}", f"irrigation: {reason}: it should be {should}"))
                if cancelled:
                    p.lines.append((where, kind, 0, f"{reason}; cancelled: scores nothing"))
                else:
                    p.regions += cp
                    p.validated[kind] += 1
                    p.lines.append((where, kind, cp, f"{reason}; Irrigation: {cp} CP"))
                continue
            if token:
                warnings.append((f"{p.name}, {where}", f"a Cancelation token on a {TITLES[kind]}, which cannot be "
                                                       f"cancelled"))
            if kind == "stone":
                cp = tile.get("cp", 1)
                p.regions += cp
                p.lines.append((where, kind, cp, f"Sacred Stone: {cp} CP"))
            elif kind == "forest":
                wanted = [colour(c) for c in tile["colors"]]
                count = 0
                for rr, ii in NEIGHBOURS[r, i]:
                    other = pyramid[rr][ii]
                    count += other.get("desert") is True or colour(other["color"]) in wanted
                threshold = tile["threshold"]
                names = "/".join(sorted(wanted, key=COLOURS.index))
                reason = (f"{count} neighbour that is {names} or desert" if count == 1 else
                          f"{count} neighbours that are {names} or desert") + f" (needs at least {threshold})"
                if count >= threshold:
                    p.regions += cp
                    p.validated[kind] += 1
                    p.lines.append((where, kind, cp, f"Forest: {reason}: {cp} CP"))
                else:
                    p.lines.append((where, kind, 0, f"{reason}: scores nothing"))
            elif kind == "temple":
                p.regions += cp
                p.icons += tile.get("icons", 1)
                p.temples += 1
                p.lines.append((where, kind, cp, f"Temple: {cp} CP (it counts for the Temple tokens)"))
            if colour(tile["color"]) == "white" and "mystic" in tile:
                p.mystic = tile["mystic"] if p.mystic is None else max(p.mystic, tile["mystic"])


def god_line(p, players, options, warnings):
    god = p.god
    if god is None:
        return 0
    if god in FLAT:
        points, why = FLAT[god]
        if p.god_cancelled:
            warnings.append((p.name, f"a Cancelation token on the {god}, which cannot be cancelled"))
    elif god in MAJORITY:
        kind, says = MAJORITY[god]
        mine, best = p.validated[kind], max(q.validated[kind] for q in players)
        needs_one = options.get("majority_needs_one", False)
        found = f"{_tiles(mine, f'validated {kind} tiles')}; most among players is {best}"
        if mine >= best:  # (the option is looked at only then)
            found += f"; majority needs at least one: {'on' if needs_one else 'off'}"
            if needs_one:
                found += f"; {_tiles(mine, f'validated {kind} tiles')} (needs at least 1)"
        points = 3 if mine >= best and (not needs_one or mine >= 1) else 0
        why = f"{says} ({found}): +3" if points else f"{found}: scores nothing"
    elif god == "technology":
        mine = sum(row_tile.get("desert") is True for row in p.pyramid for row_tile in row)
        fewest = min(sum(t.get("desert") is True for row in q.pyramid for t in row) for q in players)
        found = f"{_tiles(mine, 'desert tiles')}; fewest among players is {fewest}"
        points = 3 if mine <= fewest else 0
        why = f"God of Technology, fewest deserts ({found}): +3" if points else f"{found}: scores nothing"
    elif god == "balance":
        found, points = [], 3
        for count, noun in ((p.validated["village"], "validated village tiles"), (p.temples, "temple tiles"),
                            (p.validated["volcano"], "validated volcano tiles")):
            found.append(f"{_tiles(count, noun)} (needs at least 1)")
            if not count:  # the first one missing ends the test
                points = 0
                break
        found = "; ".join(found)
        why = (f"God of Balance, a validated Village, a Temple and a validated Volcano ({found}): +3" if points
               else f"{found}: scores nothing")
    else:  # death
        points = 0 if p.god_cancelled else 3
        why = "God of Death, paid for (no Cancelation token): +3" if points else "cancelled: scores nothing"
    p.lines.append(("god", god, points, why))
    return points


def temple_tokens(players, options, results, warnings):
    icons = options.get("temple_count", "icons") == "icons"
    measure = {id(p): p.icons if icons else p.temples for p in players}
    entries = [p for p in players if measure[id(p)] >= 1]
    entries.sort(key=lambda p: (-measure[id(p)], -(p.mystic if p.mystic is not None else -10**9)))
    groups = []
    for p in entries:
        if groups and (measure[id(groups[-1][0])], groups[-1][0].mystic) == (measure[id(p)], p.mystic):
            groups[-1].append(p)
        else:
            groups.append([p])
    ranking = "; ".join(" = ".join(f"{q.name} {measure[id(q)]}" for q in group) for group in groups)
    prizes, rank = TEMPLE_PRIZES[len(players)], 0
    for p in players:
        results[p.name]["temple"] = 0
    for group in groups:
        if len(group) > 1:
            warnings.append(("Temple token", f"{', '.join(q.name for q in group)} tie on {measure[id(group[0])]} and "
                                             f"the tie-break does not separate them: they keep their order in the "
                                             f"record"))
        for offset, p in enumerate(group):
            prize = prizes[rank + offset] if rank + offset < len(prizes) else 0
            results[p.name]["temple"] = prize
            mystic = "none" if p.mystic is None else p.mystic
            counted = "icons" if icons else "tiles"
            p.lines.append(("Temple token", "temple", prize,
                            f"Temple token: {measure[id(p)]} temple {counted}, place {rank + offset + 1} ({ranking}; "
                            f"the highest mystic value on a white tile breaks a tie: {mystic})"))
        rank += len(group)


def table_checks(players, variant, warnings):
    variant_players = len(players)
    gods = Counter(p.god for p in players if p.god)
    for god, count in sorted(gods.items()):
        if count > 1:
            names = ", ".join(p.name for p in players if p.god == god)
            warnings.append((names, f"{count} players hold the {god}: each god is taken once"))
    for p in players:
        if p.god is None:
            warnings.append((p.name, "holds no god: every player takes one god during the game"))
    if len(gods) > GODS_REVEALED[variant_players]:
        warnings.append(("gods", f"{len(gods)} gods are in play, but variant {variant} reveals "
                                 f"{GODS_REVEALED[variant_players]}"))
    farms = {}
    for p in players:
        for r, row in enumerate(p.pyramid):
            for i, tile in enumerate(row):
                if tile.get("kind") == "farm" and tile.get("reduces"):
                    farms.setdefault(colour(tile["reduces"]), []).append(f"{p.name}, {LABELS[r][i]}")
    for reduces, places in sorted(farms.items()):
        if len(places) > 1:
            warnings.append(("; ".join(places), f"{len(places)} farm tiles with reduces {reduces}: the game has only "
                                                f"one"))
    for p in players:
        if p.worshippers > 10:
            warnings.append((p.name, f"{p.worshippers} worshippers left: a realm holds at most 10"))
    tokens = sum(p.tokens for p in players) + sum(bool(p.god_cancelled) for p in players)
    if tokens > TOKENS:
        warnings.append(("table", f"{tokens} Cancelation tokens on the table: the game has {TOKENS}"))
    removed = REMOVED_STARS[variant_players]
    for p in players:
        for r, row in enumerate(p.pyramid):
            for i, tile in enumerate(row):
                if tile.get("stars") in removed:
                    warnings.append((f"{p.name}, {LABELS[r][i]}", f"a tile with {tile['stars']} stars: variant "
                                                                    f"{variant} removes those tiles"))


def score(doc):
    options = doc.get("options", {})
    players = [Player(p) for p in doc["players"]]
    resting, found, table = [], [], []
    for p in players:
        score_pyramid(p, resting, found)
    results = {p.name: {"name": p.name, "total": 0, "regions": p.regions, "deserts": p.deserts, "god": 0}
               for p in players}
    for p in players:
        results[p.name]["god"] = god_line(p, players, options, found)
    temple_tokens(players, options, results, found)
    variant = doc.get("variant", f"{len(players)}p")
    table_checks(players, variant, table)
    for p in players:
        r = results[p.name]
        r["total"] = r["regions"] + r["deserts"] + r["god"] + r["temple"]
        r["worshippers"] = p.worshippers
    for p in players:
        r = results[p.name]
        r["place"] = 1 + sum((o["total"], o["worshippers"]) > (r["total"], r["worshippers"]) for o in results.values())
        r["winner"] = r["place"] == 1
        r["lines"] = [{"where": w, "what": k, "cp": c, "why": y} for w, k, c, y in p.lines]
    reports = [results[p.name] for p in players]
    return {"format": "orbis-score/1", "variant": variant, "players": reports,
            "winners": [r["name"] for r in reports if r["winner"]],
            "warnings": [{"where": w, "message": m} for w, m in resting + table + found]}


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as file:
            print(json.dumps(score(json.load(file)), ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
