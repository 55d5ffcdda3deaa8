"""Reuse (issue 32, item 3): functions of values, values per member of a set, checks per number and a held
piece's own check, each expanded before the checks (check/elaborate.py).

The oracle is a small score sheet scored by hand (the Spice Route of docs/language.md, with a few more columns):
each test names the numbers it expects and why, so that a construct that expands wrongly scores differently.

Every test runs twice: with small calls written out where they stand (as the base games' are), and with none
(`INLINED_NODES` 0: every call one definition the IR and both back ends share), so that both readings of a call
are held to the same numbers and messages.
"""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.check import expand
from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
from orbis_dsl.records.sheets.reader import read_sheet_json
from orbis_dsl.runtime.sheet import score_sheet

GAME = """game "spice-route" "Spice Route" {
  record "spice-route/1"
  report "spice-route-score/1"
}

set crafts: glass, silk, spice
family order "Order" for players

fact made "goods made": int 0..20 per crafts
fact seal "trade seal": int? 1..3
fact orders "orders taken": list of order with done?

value quota per crafts: glass = 4, silk = 3, spice = 5
value prize per crafts = 2

def met(c: crafts): bool = made[c] >= quota[c]
def crafts_met(): int = count(c in crafts where met(c))

order rush "Rush order" {
  check "every quota met": crafts_met() = 3
}

order glassworks "Glassworks" {
  check "the glass quota met": met(glass)
}

score quotas "Quotas": sum(prize[c] for c in crafts where met(c))
score orders "Orders": 5 * count(orders where done)
score seal "Seal": if seal is given then seal else 0
EXTRA
refuse "{others} holds trade seal {s} too: each seal is taken once"
  if seal = s and count(players where their seal = s) >= 2 for each s in 3, 2, 1
warn "order {o} ({o.check}): its typed \\"done\\" disagrees with the goods made"
  if count(orders where order = o and done != o.check) >= 1 for each o in order

winner: most total, ties shared
"""

ANN = {"name": "Ann", "made": {"glass": 4, "silk": 3, "spice": 2}, "seal": 3,
       "orders": [{"id": "glassworks", "done": True}]}
BO = {"name": "Bo", "made": {"glass": 1, "silk": 1, "spice": 5}, "seal": 2,
      "orders": [{"id": "glassworks", "done": True}]}


@pytest.fixture(autouse=True, params=["written-out", "one-definition"])
def calls(request, monkeypatch):
    if request.param == "one-definition":
        monkeypatch.setattr(expand, "INLINED_NODES", 0)
    return request.param


def compiled(tmp_path, extra: str = "", name: str = "spice"):
    path = tmp_path / f"{name}.orbis"
    path.write_text(GAME.replace("EXTRA", extra), encoding="utf-8")
    return compile_paths([path])


def score(tmp_path, players, extra: str = ""):
    result = compiled(tmp_path, extra)
    assert result.model is not None, [d.message for d in result.diagnostics]
    rules = rules_from_modules(result.modules, f"reuse_{abs(hash(extra))}_{expand.INLINED_NODES}")
    doc = {"format": "spice-route/1", "game": "spice-route", "players": players}
    record, diags = read_sheet_json(json.dumps(doc), "test", rules)
    if record is None:
        return None, [d.message for d in diags]
    report = score_sheet(rules, record, "spice-route-score/1")
    # the interpreter, on the same IR, gives the same report (a call written out or one definition)
    interpreted = build_rules(result.model)
    again, _ = read_sheet_json(json.dumps(doc), "test", interpreted)
    assert score_sheet(interpreted, again, "spice-route-score/1").to_json() == report.to_json()
    return report, []


def errors(tmp_path, extra: str) -> list[str]:
    return [d.message for d in compiled(tmp_path, extra).diagnostics if d.is_error]


def test_a_call_is_its_body_with_the_arguments_in_place(tmp_path):
    # Ann meets glass (4 >= 4) and silk (3 >= 3): 2 + 2; the Glassworks done: 5; seal 3. Bo meets spice: 2; 5; 2.
    report, _ = score(tmp_path, [ANN, BO])
    assert {p.name: p.total for p in report.players} == {"Ann": 12, "Bo": 9}


GUILDS = """game "guild-hall" "Guild Hall" {
  record "guild-hall/1"
  report "guild-hall-score/1"
}

set crafts: glass, silk, spice
family guild "Guild" for players
fact made "goods made": int 0..20 per crafts
value start per crafts = 1

guild weavers "Weavers" {
  modify start[silk] = 3
}

guild glaziers "Glaziers" {
}

score head "Head start": sum(start[c] for c in crafts)
score silk "Silk over start": made[silk] - start[silk]
warn "below the guild's start on {c}" if made[c] < start[c] for each c in crafts
winner: most total, ties shared
"""


def test_a_held_piece_changes_one_members_value(tmp_path):
    path = tmp_path / "guilds.orbis"
    path.write_text(GUILDS, encoding="utf-8")
    result = compile_paths([path])
    assert result.model is not None, [d.message for d in result.diagnostics]
    rules = rules_from_modules(result.modules, "reuse_guilds")
    doc = {"format": "guild-hall/1", "game": "guild-hall", "players": [
        {"name": "Ann", "guild": "weavers", "made": {"glass": 1, "silk": 2, "spice": 4}},
        {"name": "Bo", "guild": "glaziers", "made": {"glass": 0, "silk": 5, "spice": 1}}]}
    record, diags = read_sheet_json(json.dumps(doc), "test", rules)
    assert record is not None, [d.message for d in diags]
    report = score_sheet(rules, record, "guild-hall-score/1")
    # Ann's Weavers start at 1, 3, 1 (head start 5; silk 2 - 3 = -1); Bo's Glaziers at 1, 1, 1 (3; 5 - 1 = 4).
    assert {p.name: p.total for p in report.players} == {"Ann": 4, "Bo": 7}
    # the check over the set reads each member's start: Ann below on silk (2 < 3), Bo on glass (0 < 1)
    said = sorted(str(getattr(w, "message", w)) for w in report.warnings)
    assert said == ["below the guild's start on glass", "below the guild's start on silk"], said


def test_a_parameter_never_captures_a_name_of_the_call_site(tmp_path):
    # `above(made[c])` inside `sum(… for c in crafts)`: the body's own `c` is another name. For Ann (4, 3, 2):
    # above(4) = 0, above(3) = 1 (glass), above(2) = 2 (glass, silk): 3. Captured, `made[c] > made[c]`: 0.
    extra = ("def above(n: int): int = count(c in crafts where made[c] > n)\n"
             'score ranks "Ranks": sum(above(made[c]) for c in crafts)\n')
    report, _ = score(tmp_path, [ANN, BO], extra)
    ranks = {p.name: p.columns["ranks"] for p in report.players}
    # Bo (1, 1, 5): above(1) = 1 twice, above(5) = 0: 2.
    assert ranks == {"Ann": 3, "Bo": 2}


# A body's free name means the rule set's declaration, wherever the function is called: `favourite` is silk.
FAVOURITE = "value favourite = silk\ndef fav_made(): int = made[favourite]\ndef fav_twice(): int = 2 * fav_made()\n"


@pytest.mark.parametrize(("column", "ann", "bo"), [
    # Ann made 4, 3, 2 (silk 3); Bo 1, 1, 5 (silk 1). Captured, `made[favourite] >= made[favourite]`: 3 and 3.
    ("count(favourite in crafts where made[favourite] >= fav_made())", 2, 3),
    # Captured, each craft's square: Ann 16 + 9 + 4 = 29, Bo 1 + 1 + 25 = 27.
    ("sum(made[favourite] * fav_made() for favourite in crafts)", 27, 7),
    # through a second function (its body calls fav_made): 2 * silk >= each craft's; captured, all three
    ("count(favourite in crafts where fav_twice() >= made[favourite])", 3, 2),
    # a binder of another name nested inside, reading the renamed one: crafts made less than silk that some
    # craft beats (Ann: spice, 2 < 3, beaten by glass: 1; Bo: none under 1). Captured, `x < x`: 0 and 0.
    ("count(favourite in crafts where made[favourite] < fav_made() and count(c in crafts where "
     "made[c] > made[favourite]) >= 1)", 1, 0),
])
def test_a_binder_around_a_call_never_captures_a_free_name_of_its_body(tmp_path, column, ann, bo):
    report, _ = score(tmp_path, [ANN, BO], FAVOURITE + f'score fav "Favourite": {column}\n')
    assert {p.name: p.columns["fav"] for p in report.players} == {"Ann": ann, "Bo": bo}


def test_a_renamed_binder_takes_no_name_the_rule_set_declares(tmp_path):
    # `favourite_1`, the first name a renamed `favourite` would take, is declared and read inside the count
    # (through the body of fav_1, which means spice): the binder takes another name. fav_1() - made[spice] is 0,
    # so the column scores as without it (Ann 2, Bo 3: see above). Were the binder named `favourite_1`, fav_1()
    # would read each counted craft: made[spice] >= made[silk], Ann 0, Bo 3.
    extra = FAVOURITE + ("value favourite_1 = spice\ndef fav_1(): int = made[favourite_1]\n"
                         'score fav "Favourite": count(favourite in crafts where made[favourite] >= fav_made() '
                         "+ fav_1() - made[spice])\n")
    report, _ = score(tmp_path, [ANN, BO], extra)
    assert {p.name: p.columns["fav"] for p in report.players} == {"Ann": 2, "Bo": 3}


def test_a_name_the_declaration_around_a_call_binds_is_refused_if_the_body_reads_it(tmp_path):
    # `for each favourite in crafts` names the warning's member in its sentence too: not renamed, refused at the
    # call, saying what each reading means and how to write it
    extra = FAVOURITE + 'warn "low on {favourite}" if fav_made() < 2 for each favourite in crafts\n'
    found = [d for d in compiled(tmp_path, extra).diagnostics if d.is_error]
    assert len(found) == 1, [d.message for d in found]
    lines = GAME.replace("EXTRA", extra).split("\n")
    assert lines[found[0].span.line - 1][found[0].span.column - 1:].startswith("fav_made()")
    assert "reads 'favourite', the rule set's 'favourite' where fav_made is defined" in found[0].message
    assert "`for each favourite in crafts`" in found[0].message
    assert "name this one otherwise" in found[0].hint and "def fav_made(…, favourite: …)" in found[0].hint
    # written either way, it checks and scores: Bo's silk (1) is low, so one warning per craft for Bo
    report, _ = score(tmp_path, [ANN, BO], extra.replace("favourite in crafts", "f in crafts").replace(
        "{favourite}", "{f}"))
    said = sorted(str(getattr(w, "message", w)) for w in report.warnings if "low on" in str(getattr(w, "message", w)))
    assert said == ["low on glass", "low on silk", "low on spice"], said


def test_a_check_is_made_once_per_number(tmp_path):
    # Both at seal 2: refused by the check made for 2, with its number in the sentence.
    _, refused = score(tmp_path, [{**ANN, "seal": 2}, BO])
    assert any("holds trade seal 2 too" in m for m in refused), refused


def test_each_pieces_check_is_the_warning_it_stands_for(tmp_path):
    report, _ = score(tmp_path, [ANN, BO])
    said = [w.message if hasattr(w, "message") else str(w) for w in report.warnings]
    # Bo typed the Glassworks done with 1 glass (quota 4); Ann's 4 glass meets it.
    assert any('order glassworks (the glass quota met): its typed "done" disagrees' in m for m in said), said
    assert len(said) == 1, said


@pytest.mark.parametrize(("extra", "says"), [
    ('score x "X": mett(glass)\n', "unknown function 'mett'"),
    ('score x "X": if met(glass, silk) then 1 else 0\n', "met takes 1 argument (c: crafts), but 2 are given"),
    ('score x "X": if met(3) then 1 else 0\n', "argument 'c' of met must be"),
    ("def a(n: int): int = b(n)\ndef b(n: int): int = a(n)\n", "a function may not be recursive"),
    ("def big(n: int): bool = n + 1\n", "the body of big (declared bool) must be a yes/no condition"),
    ("def odd(n: number): int = n\n", "unknown type 'number'"),
    ("def twice(n: int, n: int): int = n\n", "parameter 'n' of twice is named twice"),
    ("def hidden(c: crafts): int = count(c in crafts where made[c] > 1)\n", "parameter 'c' of hidden is hidden"),
    ("def count(n: int): int = n\n", "'count' is a word of the language"),
    ("def seal(n: int): int = n\n", "'seal' names a function here and something else too"),
    ("value bonus per crafts: glass = 1, silk = 2\n", "value 'bonus' gives no value for spice"),
    ("value bonus per crafts: glass = 1, silk = 2, spice = 3, gold = 4\n", "unknown member of crafts 'gold'"),
    ("value bonus per craft = 1\n", "unknown set 'craft'"),
    ('score x "X": quota[seal]\n', "cannot compare a number (or none) with a member of crafts"),
    ('award a "A" for each s in 1, 2 {\n  measure: 1\n}\n', "is for checks (warn, refuse, note)"),
    # a `for each` named like a declared fact or value: it would stand for it everywhere in the check, silently
    ('warn "w {seal}" if seal >= 2 for each seal in 1, 2\n', "'seal' already names something here"),
    ('warn "w {seal}" if made[seal] >= 2 for each seal in crafts\n', "'seal' already names something here"),
])
def test_each_mistake_is_a_located_error(tmp_path, extra, says):
    result = compiled(tmp_path, extra)
    found = [d for d in result.diagnostics if d.is_error]
    assert any(says in d.message for d in found), [d.message for d in found]
    assert all(d.span is not None for d in found)


def test_an_unused_parameter_is_a_warning(tmp_path):
    result = compiled(tmp_path, "def one(n: int): int = 1\n")
    assert [d.message for d in result.diagnostics if not d.is_error] == [
        "parameter 'n' of one is never read: every call passes it for nothing"]


def test_a_piece_check_no_check_reads_is_an_error(tmp_path):
    path = tmp_path / "lone.orbis"
    text = GAME.replace("EXTRA", "")
    text = text[:text.index('warn "order')] + "\nwinner: most total, ties shared\n"
    path.write_text(text, encoding="utf-8")
    found = [d.message for d in compile_paths([path]).diagnostics if d.is_error]
    assert any("order rush's check is read by no check of the game" in m for m in found), found


def test_a_mistake_in_a_body_says_which_call_it_was_checked_at(tmp_path):
    extra = "def shy(c: crafts): int = if made[c] > 1 then 1 else 0\n" + 'score x "X": shy(glass) + shy(silk) + 1\n'
    report, _ = score(tmp_path, [ANN, BO], extra)  # clean: a baseline for the next line
    assert report is not None
    result = compiled(tmp_path, extra.replace("made[c] > 1", "made[c] > quota"), name="bad")
    found = [d for d in result.diagnostics if d.is_error]
    assert found and all(d.span.line == GAME.count("\n", 0, GAME.index("EXTRA")) + 1 for d in found)
    assert all("in shy, called at" in (d.hint or "") for d in found), [d.hint for d in found]


# ---- rule packs: a function is replaced only by one of the same type, and every call follows it --------------


def _pack(tmp_path, text: str):
    from orbis_dsl.language.packs.load import compile_pack

    pack = tmp_path / "pack"
    pack.mkdir(exist_ok=True)
    (pack / "pack.orbis").write_text('extends "orbis"\n' + text, encoding="utf-8")
    return compile_pack(pack)


def test_a_pack_replaces_a_function_by_one_of_the_same_type(tmp_path, calls):
    compiled_pack = _pack(tmp_path, "def majority(k: kind): bool = validated_tiles(k) >= 99\n")
    assert compiled_pack.model is not None, [d.message for d in compiled_pack.diagnostics]
    # every use follows it: the four majority gods now ask for 99 validated tiles
    text = "\n".join(compiled_pack.modules.values())
    for kind in ("irrigation", "volcano", "forest", "village"):
        if calls == "written-out":
            assert f"'3 if count of validated {kind} tiles >= 99'" in text, kind
        else:  # each god calls the pack's one function, whose body asks for 99
            assert f"'3 if majority({kind})'" in text and f"(0, {kind!r}), trace, _def0_majority" in text, kind
    if calls == "one-definition":
        assert "'validated_tiles(k) is {value}', '>=', " in text and "majority_needs_one" not in text.split(
            "def _god_oceans_end_0")[1].split("def _god_fire")[0]


def test_a_pack_replacing_a_function_by_another_type_is_refused(tmp_path):
    compiled_pack = _pack(tmp_path, "def majority(k: kind): int = validated_tiles(k)\n")
    found = [d for d in compiled_pack.diagnostics if d.is_error]
    assert len(found) == 1
    assert "is the base game's function (kind): bool" in found[0].message
    assert found[0].span.file.endswith("pack.orbis") and "gods.orbis" in found[0].hint


# ---- link sets, over Terra Mystica (a hex map and its `structures`) -------------------------------------------


def _tm_pack(tmp_path, text: str):
    from orbis_dsl.language.packs.load import compile_pack

    pack = tmp_path / "tm_pack"
    pack.mkdir(exist_ok=True)
    (pack / "pack.orbis").write_text('extends "terra-mystica"\n' + text, encoding="utf-8")
    return compile_pack(pack)


@pytest.mark.parametrize(("text", "says"), [
    ("let widest = largest group(structures: conected) by span\n", "unknown link set 'conected'"),
    ("links loop_a: adjacent, loop_b\nlinks loop_b: loop_a\nlet x = largest group(structures: loop_a)\n",
     "link set 'loop_a' names itself (loop_a → loop_b → loop_a)"),
    ("def connected(n: int): int = n\n", "'connected' is the base game's link set"),
])
def test_a_link_set_mistake_is_a_located_error(tmp_path, text, says):
    found = [d for d in _tm_pack(tmp_path, text).diagnostics if d.is_error]
    assert any(says in d.message for d in found), [d.message for d in found]
    assert all(d.span is not None and d.span.file.endswith("pack.orbis") for d in found)


def test_a_link_set_is_its_links_wherever_it_is_named(tmp_path):
    # A pack that makes the network direct adjacency only: the networks the map's structures make (measured
    # through `connected`) shrink, so a map-level example scores otherwise; an empty pack scores as the game.
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    record = "examples/terra-mystica/2p-fire-ice-clusters.json"

    def scored(text: str) -> dict:
        _tm_pack(tmp_path, text)
        result = CliRunner().invoke(app, ["score", "--json", "--rules", str(tmp_path / "tm_pack"), record])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    plain = CliRunner().invoke(app, ["score", "--json", record])
    assert scored("") == json.loads(plain.stdout)
    assert scored("links connected: adjacent\n") != json.loads(plain.stdout)


# ---- the plain values a value per member is written out as are taken names -------------------------------------


@pytest.mark.parametrize(("extra", "plain_line"), [
    # a plain value and a top-level let, each named like a value written out for one member
    ("value prize_silk = 5\n", "value prize_silk = 5"),
    ("let quota_glass = 1\n", "let quota_glass = 1"),
])
def test_a_name_a_value_per_member_writes_out_is_taken(tmp_path, extra, plain_line):
    result = compiled(tmp_path, extra)
    found = [d for d in result.diagnostics if d.is_error]
    assert len(found) == 1, [d.message for d in found]
    error, lines = found[0], GAME.replace("EXTRA", extra).split("\n")
    # at the plain declaration, naming the value per member with its file:line and text
    assert lines[error.span.line - 1] == plain_line and error.span.file.endswith("spice.orbis")
    written = plain_line.split()[1]
    name, member = written.split("_")
    per_line = next(i for i, line in enumerate(lines, 1) if line.startswith(f"value {name} per crafts"))
    assert f"'{written}' is named like the value `value {name} per crafts` gives {member}" in error.message
    assert f"spice.orbis:{per_line}:1: `value {name} per crafts" in error.hint, error.hint


def test_a_value_per_member_may_not_write_out_a_pack_over_a_plain_value(tmp_path):
    # Terra Mystica declares `value sh_range = 0` and `value sh_favour = 0`: a pack's `value sh per zz`, zz
    # having members range and favour, would write both out again.
    found = [d for d in _tm_pack(tmp_path, "set zz: range, favour\nvalue sh per zz = 1\n").diagnostics
             if d.is_error]
    assert [d.span.file.endswith("pack.orbis") for d in found] == [True, True]
    assert "would write out 'sh_range' for range" in found[0].message
    assert "game.orbis" in found[0].hint and "`value sh_range = 0`" in found[0].hint


def test_a_pack_value_named_like_a_written_out_one_is_refused(tmp_path):
    # `value start_fire = 2` silently replaced the start Terra Mystica's `value start per tracks` gives fire
    found = [d for d in _tm_pack(tmp_path, "value start_fire = 2\n").diagnostics if d.is_error]
    assert len(found) == 1 and found[0].span.file.endswith("pack.orbis")
    assert "`value start per tracks` gives fire as 'start_fire'" in found[0].message
    assert "`value start per tracks = 0`" in found[0].hint


def test_a_mistake_in_a_body_is_reported_once_by_its_definition(tmp_path):
    """It was reported twice: at the written-out call as "the condition of 'if' …", and at the definition."""
    found = errors(tmp_path, 'def big(n: int): bool = n + 1\nscore x "X": if big(1) then 1 else 0\n')
    assert found == ["the body of big (declared bool) must be a yes/no condition, but this is a number"]
