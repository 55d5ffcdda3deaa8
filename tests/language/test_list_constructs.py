"""The list and across-players constructs (`count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)`,
`sum(EXPR over players)`): a small game scores random records alike compiled, interpreted and by a plain Python
model of what docs/language.md says; `orbis fmt` lays them out and reads them back; the checker names each misuse
at its place."""

from __future__ import annotations

import json
import random

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.format.fmt import format_source
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.language.syntax.parse import parse_text
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.sheet import refusals, score_sheet

TOKENS = """\
game "tokens" "Tokens" {
  record "tokens/1"
  report "tokens-score/1"
}

set shapes: ring, star, cube
fact kept "shapes kept, in order": list of shapes?
fact order "the shapes' order this game": list of shapes for game
fact bonus "bonus": int? 0..9

score rings "Rings": 10 * count(ring in kept) + max(position(star in kept), 0)
score table "Table": sum(count(cube in kept) over players) + sum(bonus over players) + sum(1 over players)
score first "First": if position(ring in order) = 1 and distinct(kept) then 100 else 0

refuse "{shape} is kept more than twice in all" if sum(count(shape in kept) over players) > 4 for each shape in shapes
warn "a shape kept twice" if not distinct(kept)

winner: most total, ties shared
"""
SHAPES = ["ring", "star", "cube"]


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    path = tmp_path_factory.mktemp("tokens") / "tokens.orbis"
    path.write_text(TOKENS, encoding="utf-8")
    compiled = compile_paths([path])
    assert [d.message for d in compiled.diagnostics if d.is_error] == []
    return rules_from_modules(compiled.modules, "test_tokens_game"), build_rules(compiled.model)


def _model(players: list[dict], order: list[str]) -> dict:
    """What docs/language.md says each construct gives, in plain Python: (columns, refused shapes, warned)."""
    out = {}
    cubes = sum((p["kept"] or []).count("cube") for p in players)
    bonuses = sum(p["bonus"] for p in players if p["bonus"] is not None)
    for p in players:
        kept = p["kept"] or []
        star = kept.index("star") + 1 if "star" in kept else 0
        first = 100 if order and order[0] == "ring" and len(set(kept)) == len(kept) else 0
        out[p["name"]] = {"rings": 10 * kept.count("ring") + star, "table": cubes + bonuses + len(players),
                          "first": first, "warned": len(set(kept)) != len(kept)}
    refused = [s for s in SHAPES if sum((p["kept"] or []).count(s) for p in players) > 4]
    return {"players": out, "refused": refused}


def _random_record(rng: random.Random) -> tuple[dict, list[dict], list[str]]:
    players = []
    for i in range(rng.randint(1, 4)):
        kept = None if rng.random() < 0.2 else [rng.choice(SHAPES) for _ in range(rng.randint(0, 4))]
        players.append({"name": f"P{i}", "kept": kept,
                        "bonus": None if rng.random() < 0.3 else rng.randint(0, 9)})
    order = rng.sample(SHAPES, rng.randint(1, 3))
    doc = {"format": "tokens/1", "game": "tokens", "order": order,
           "players": [{k: v for k, v in p.items() if v is not None} for p in players]}
    return doc, players, order


def test_random_records_score_alike_compiled_interpreted_and_as_the_docs_say(both):
    generated, interpreted = both
    rng = random.Random("list-constructs")
    seen_refused = seen_warned = seen_position = 0
    for _ in range(400):
        doc, players, order = _random_record(rng)
        text = json.dumps(doc)
        want = _model(players, order)
        record, diags = read_sheet_json(text, "t.json", generated)
        again, diags_again = read_sheet_json(text, "t.json", interpreted)
        assert [(d.path, d.message) for d in diags] == [(d.path, d.message) for d in diags_again]
        if want["refused"]:
            seen_refused += 1
            assert record is None and again is None
            assert sorted({d.message.split()[0] for d in diags}) == sorted(want["refused"])
            continue
        assert diags == [], [d.message for d in diags]
        assert refusals(generated, record) == refusals(interpreted, record) == []
        report = score_sheet(generated, record, "tokens-score/1")
        assert report.to_json() == score_sheet(interpreted, again, "tokens-score/1").to_json()
        for p in report.players:
            expected = want["players"][p.name]
            assert p.columns == {k: expected[k] for k in ("rings", "table", "first")}, (doc, p.name)
            warned = any(w.where == p.name for w in report.warnings)
            assert warned == expected["warned"]
            seen_warned += warned
            seen_position += expected["rings"] % 10 > 0
    assert seen_refused > 10 and seen_warned > 20 and seen_position > 50


def test_a_list_the_record_leaves_out_counts_nothing_and_is_distinct(both):
    generated, _ = both
    doc = {"format": "tokens/1", "game": "tokens", "order": ["ring"], "players": [{"name": "Ann"}]}
    record, diags = read_sheet_json(json.dumps(doc), "t.json", generated)
    assert diags == []
    ann = score_sheet(generated, record, "tokens-score/1").players[0]
    assert ann.columns == {"rings": 0, "table": 1, "first": 100}


def test_fmt_keeps_the_layout_and_reads_back_the_same_tree():
    """`format_source` refuses a layout that would not parse back to the same tree, so a result is a round trip."""
    assert format_source(TOKENS, "t.orbis") == (TOKENS, [])
    squeezed = TOKENS.replace("count(ring in kept)", "count( ring  in kept )").replace(
        "sum(bonus over players)", "sum(  bonus   over players)")
    assert format_source(squeezed, "t.orbis") == (TOKENS, [])
    nested = 'score x "X": count((a + b) * 2 in kept) + position(-a in kept) + sum(if a then 1 else 0 over players)\n'
    assert format_source(nested, "t.orbis") == (nested, [])
    tree, diags = parse_text(nested, "x.orbis")
    assert diags == [] and tree is not None


@pytest.mark.parametrize("line, at, message", [
    ('score x "X": count(star in kep)', "kep)", "unknown list fact 'kep'"),
    ('score x "X": count(star in bonus)', "bonus)", "'count' reads a list fact (`list of …`), and 'bonus' is"),
    ('score x "X": max(position(bonus in kept), 0)', "bonus in", "'kept' lists shapes, so 'position' needs one"),
    ('warn "w" if distinct(order) and distinct(bonus)', "bonus)", "'distinct' reads a list fact"),
    ('score x "X": sum(distinct(kept) over players)', "distinct", "what 'sum(… over players)' adds up must be a"),
])
def test_a_misuse_is_named_at_its_place(check_rules, line, at, message):
    model, diags, _ = check_rules(TOKENS + line + "\n", base=False)
    assert model is None
    errors = [d for d in diags if d.is_error]
    assert len(errors) == 1, [d.message for d in errors]
    assert errors[0].message.startswith(message), errors[0].message
    assert (errors[0].span.line, errors[0].span.column) == (TOKENS.count("\n") + 1, line.index(at) + 1)


def test_the_hint_names_the_list_facts(check_rules):
    _, diags, _ = check_rules(TOKENS + 'score x "X": count(star in kep)\n', base=False)
    assert "did you mean 'kept'?" in (diags[0].hint or "")
