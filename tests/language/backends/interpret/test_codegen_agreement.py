"""The code generator's comparisons, presence tests and traced conditions against the interpreter, on small rule
sets written to reach what the bundled games leave out (issue 32, item 5: a mutation run of the generator found
these unreached): `!=` in a clause's condition and in a `where`, a colour compared on the right (`blue = color`),
which a face-down tile matches, `not (…)` of a traced condition, a rule option with and without a title (inside a
`not (… and …)` too), a tile's parameter in a traced label, membership in a parameter's list and in a set written
out, a let read twice whose working out traces a comparison (`runtime.support.let` replays its reasons); and
on a score sheet, an award per member of a set ranked fewest with `unless all equal` whose measure reads an
option through a traced comparison, `X in LIST` of a list a record may leave out,
`their home = my home` and `!=` between players, and a score column dividing a sum step by step.

Each test compiles its rule set itself and scores the modules the generator writes now, beside the interpreter
over the same model: the lines, their points and their `why` must be the same.
"""

from __future__ import annotations

import json
import random

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import score_game
from orbis_dsl.runtime.sheet import score_sheet

ODD = """\
colors red, blue, green
family kind "Tile" for tiles
board stacked 3, 2, 1
option bonus "bonus round": bool = false
option quiet: bool = false
winner: most total, ties shared

facedown desert "desert" {
  matches every color
  end: 0
}

kind plain "Plain" {
  end: 0
}

kind odd "Odd" {
  param c: color
  param n: int
  param cs: colors
  end: 2 if color != red
  end: 3 if blue = color
  end: 1 if not (count(b in neighbours where b.color = blue) >= 1)
  end: 5 if bonus
  end: 7 if quiet
  end: 4 if count(b in neighbours where b.color = c) >= n
  end: 6 if count(x in neighbours where x.color != green) = 2
  end: 8 if c != color
  end: 9 if not (n = 2)
  end: 10 if n != 1 and not (color = green)
  end: 11 if not (bonus and n = 0)
  end: 12 if count(b in neighbours where b.color = c) = n
  end: 13 if count(b in neighbours where blue = b.color) >= 1
  end: 14 if c in cs
  end: 15 if color in cs
  end: 16 if c in {red, blue}
  let enough = n >= 2
  end: 17 if enough or (c = red and enough)
  end: 18 if enough and c = red
}
"""
COLOURS = ("red", "blue", "green")


def _both(tmp_path, text: str, name: str):
    path = tmp_path / f"{name}.orbis"
    path.write_text(text, encoding="utf-8")
    compiled = compile_paths([path])
    assert compiled.diagnostics == [] and compiled.model is not None, [d.message for d in compiled.diagnostics]
    return rules_from_modules(compiled.modules, f"codegen_agreement_{name}"), build_rules(compiled.model)


def _tile(rng: random.Random) -> TileRecord:
    if rng.random() < 0.2:
        return TileRecord(desert=True)
    if rng.random() < 0.2:
        return TileRecord(kind="plain", color=rng.choice(COLOURS))
    params = {"c": rng.choice(COLOURS), "n": rng.randint(0, 3), "cs": tuple(rng.sample(COLOURS, rng.randint(1, 2)))}
    return TileRecord(kind="odd", color=rng.choice(COLOURS), params=params)


def _game(rng: random.Random) -> GameRecord:
    players = [PlayerRecord(f"P{i + 1}", None, 0, tuple(tuple(_tile(rng) for _ in range(w)) for w in (3, 2, 1)))
               for i in range(rng.randint(1, 3))]
    options = {name: rng.random() < 0.5 for name in ("bonus", "quiet") if rng.random() < 0.7}
    return GameRecord(tuple(players), None, options)


def _lines(report) -> list:
    return [[(line.where, line.what, line.cp, line.why) for line in p.lines] for p in report.players]


def test_traced_conditions_and_comparisons_agree(tmp_path):
    generated, interpreted = _both(tmp_path, ODD, "odd")
    rng = random.Random(3)
    scored = set()
    for i in range(300):
        game = _game(rng)
        compiled, reference = score_game(generated, game), score_game(interpreted, game)
        assert _lines(compiled) == _lines(reference), i
        assert compiled.to_json() == reference.to_json(), i
        scored |= {line.cp for p in compiled.players for line in p.lines}
    assert set(range(1, 19)) <= scored  # every clause scored somewhere (and, by the odds, failed elsewhere)


def test_the_odd_tile_by_hand(tmp_path):
    """One tile worked out by hand, so that both back ends agreeing on nonsense fails: a blue Odd tile (c red,
    n 1) on a green tile and a desert, beside a red one, under a green one, no option set."""
    generated, interpreted = _both(tmp_path, ODD, "odd_hand")
    odd = TileRecord(kind="odd", color="blue", params={"c": "red", "n": 1, "cs": ("green", "blue")})
    green, red = TileRecord(kind="plain", color="green"), TileRecord(kind="plain", color="red")
    pyramid = ((green, TileRecord(desert=True), red), (odd, red), (green,))
    game = GameRecord((PlayerRecord("Ann", None, 0, pyramid),), None, {})
    for rules in (generated, interpreted):
        lines = [line.cp for line in score_game(rules, game).players[0].lines if line.what == "odd" and line.cp]
        # not red 2; blue 3; a blue neighbour? its neighbours are the green and desert below, the red beside and
        # the green above: the desert matches blue, so not "no blue neighbour" (1 fails); bonus, quiet unset;
        # neighbours matching red (c): the desert and the red one, 2 >= 1: 4; neighbours not green: the desert
        # (matches every colour, green too, so it is not "other than green") and the red: 1, not 2 (6 fails);
        # c red != blue: 8; n = 1, not 2: 9; n != 1 fails (10 fails); bonus unset, so not (bonus and …): 11;
        # 2 neighbours matching red, not n = 1 (12 fails); blue = a neighbour's colour: the desert, 13; red is
        # not in green, blue (14 fails); blue is: 15; red is in {red, blue}: 16; n = 1 is not enough (17, 18 fail).
        assert sorted(lines) == [2, 3, 4, 8, 9, 11, 13, 15, 16], lines


# ---- a score sheet ---------------------------------------------------------------------------------------------

FAIRS = """\
game "fairs" "Fairs" {
  record "fairs/1"
  report "fairs-score/1"
}

set goods: bread, cloth
set homes: hill, vale
family stall "Stall" for players
value home: homes
fact sold "goods sold": int 0..3 per goods
fact coins "coins": int 0..3
fact seen "goods seen": list of goods?
option double "double sales": bool = false

stall miller "Miller" {
  modify home = hill
}

stall weaver "Weaver" {
  modify home = vale
}

stall baker "Baker" {
  modify home = hill
}

award sales "Sales" for each g in goods {
  measure: sold[g] + (if double and coins >= 2 then 1 else 0)
  eligible: measure >= 1
  rank: fewest
  prizes: 5, 2
  ties: split
  unless all equal
  says "{title}: {prize}"
}

award rich "Rich" {
  measure: coins
  tiebreak: sold[bread]
  prizes: 3, 1
  ties: keep order
}

score sales "Sales": award sales
score rich "Rich": award rich
score seen "Seen": (if bread in seen then 2 else 0) + (if cloth in seen then 1 else 0)
score kin "Kin": count(players where their home = my home) + 10 * count(players where their home != my home)
score split "Split": (coins + sold[bread] + sold[cloth]) / 2
winner: most total, ties shared
"""


def _sheet_lines(rules, doc: dict) -> list:
    record, diags = read_sheet_json(json.dumps(doc), "table", rules)
    assert record is not None, [d.message for d in diags]
    report = score_sheet(rules, record, "fairs-score/1")
    return [[p.name, p.total, [(line.where, line.what, line.cp, line.why) for line in p.lines]]
            for p in report.players], report.to_json()


def _fair(rng: random.Random) -> dict:
    players = []
    for i, stall in enumerate(rng.sample(["miller", "weaver", "baker"], rng.randint(1, 3))):
        player = {"name": f"P{i}", "stall": stall, "sold": {g: rng.randint(0, 3) for g in ("bread", "cloth")},
                  "coins": rng.randint(0, 3)}
        if rng.random() < 0.7:  # (else the list is left out: none, which holds nothing)
            player["seen"] = rng.sample(["bread", "cloth"], rng.randint(0, 2))
        players.append(player)
    doc = {"format": "fairs/1", "game": "fairs", "players": players}
    if rng.random() < 0.7:
        doc["options"] = {"double": rng.random() < 0.5}
    return doc


def test_a_score_sheet_agrees(tmp_path):
    generated, interpreted = _both(tmp_path, FAIRS, "fairs")
    rng = random.Random(8)
    for i in range(200):
        doc = _fair(rng)
        assert _sheet_lines(generated, doc) == _sheet_lines(interpreted, doc), i


def test_the_sheet_by_hand(tmp_path):
    """Sales, double on: bread Ann 2 + 1, Bo 1, Cy 0 + 1; fewest first, Bo and Cy split 5 + 2: 3 each; cloth Ann
    0 + 1, Bo 1, Cy 2 + 1: Ann and Bo 3 each. Rich: Ann 3, Cy 1. Seen: Ann 2, Bo none 0, Cy 3. Kin: the hill
    (Ann, Cy) 2 + 10 for Bo, Bo 1 + 20. Split: 5 / 2, 3 / 2, 4 / 2."""
    generated, interpreted = _both(tmp_path, FAIRS, "fairs_hand")
    doc = {"format": "fairs/1", "game": "fairs", "options": {"double": True}, "players": [
        {"name": "Ann", "stall": "miller", "sold": {"bread": 2, "cloth": 0}, "coins": 3, "seen": ["bread"]},
        {"name": "Bo", "stall": "weaver", "sold": {"bread": 1, "cloth": 1}, "coins": 1},
        {"name": "Cy", "stall": "baker", "sold": {"bread": 0, "cloth": 2}, "coins": 2, "seen": ["cloth", "bread"]}]}
    for rules in (generated, interpreted):
        players, _ = _sheet_lines(rules, doc)
        points = {name: [line[2] for line in lines] for name, _, lines in players}
        assert points == {"Ann": [0, 3, 3, 2, 12, 2], "Bo": [3, 3, 0, 0, 21, 1], "Cy": [3, 0, 1, 3, 12, 2]}
        assert [total for _, total, _ in players] == [22, 28, 21]
        assert players[0][2][-1][3] == "coins 3 + sold[bread] 2 + sold[cloth] 0 = 5; 5 / 2 = 2"
