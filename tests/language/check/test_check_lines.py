"""Stage 2: a declaration's once-only lines given twice, and messages placed at the line they are about.

A second `players:` in a variant (or `prizes:` in an award …) silently replaced the first; an unknown family
after `reveal`, or an unknown placeholder in a `says`, was reported at the declaration's first line. Snippets are
checked on top of the base game, as in test_check.py (a snippet's first line is line 2 of its file).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from language.check.test_check import SMALL, check_one, errors, locate

ONCE = "(the later line would replace the first): keep one"


@pytest.mark.parametrize("text, words, what, name, nth", [
    ('variant v {\n  players: 2\n  reveal god: 3\n  players: 3\n}\n', "players:", "variant", "v", 1),
    ('variant v {\n  players: 2\n  reveal god: 3\n  reveal god: 4\n}\n', "reveal", "variant", "v", 1),
    ('award relic "Relic" {\n  measure: count(tiles)\n  prizes: 5, 3\n  prizes: 4, 2\n}\n', "prizes:", "award",
     "relic", 1),
    ('award relic "Relic" {\n  measure: count(tiles)\n  measure: 1\n  prizes: 1\n}\n', "measure:", "award", "relic",
     1),
    ('award relic "Relic" {\n  measure: count(tiles)\n  ties: split\n  prizes: 1\n  ties: keep order\n}\n', "ties:",
     "award", "relic", 1),
    ('award relic "Relic" {\n  measure: count(tiles)\n  prizes: 1\n  says "a"\n  says "b"\n}\n', "says", "award",
     "relic", 1),
    ('award relic "Relic" {\n  measure: count(tiles)\n  eligible: measure >= 1\n  prizes: 1\n  eligible: true\n}\n',
     "eligible:", "award", "relic", 1),
])
def test_a_once_only_line_given_twice_is_an_error_at_the_repeat(check_rules, text, words, what, name, nth):
    word = words.split()[0].rstrip(":")
    line, column = locate(text, word)  # the first line (`measure` in `eligible:` comes after its own line)
    check_one(check_rules, text, f"{what} '{name}' gives '{words}' twice: the first is at {line}:{column}", word,
              f"{'an' if what == 'award' else 'a'} {what} says '{words}' once {ONCE}", nth=nth)


def test_a_marker_supply_given_twice(check_rules):
    text = 'colors red\nfamily kind "K" for tiles\nboard stacked 1\nwinner: most total, ties shared\n' \
           'marker spent "Spent" {\n  supply 3\n  otherwise fresh\n  supply 4\n}\n'
    check_one(check_rules, text, "marker 'spent' gives 'supply' twice: the first is at 6:3", "supply", nth=1,
              base=False)


def test_a_god_modifying_a_value_twice(check_rules):
    text = 'god sun "Sun" {\n  modify desert_penalty = 0\n  modify desert_penalty = -2\n}\n'
    check_one(check_rules, text, "god 'sun' modifies 'desert_penalty' twice: the first is at 3:10", "desert_penalty",
              nth=1)


def test_a_word_used_twice_in_other_lines_is_no_repeat(check_rules):
    """`measure` in `eligible:`, `players` in a comment: the text names a line's word twice, the lines are once."""
    text = ('award relic "Relic" {\n  measure: count(tiles)  # prizes: below\n  eligible: measure >= 1\n'
            '  tiebreak: measure\n  prizes: 1\n}\n'
            'variant v {\n  players: 4  # players: 4, reveal 5\n  reveal god: 5\n  award temple: 9, 7, 4, 2\n'
            '  award relic: 3, 2, 1, 0\n}\n')
    model, diags, _ = check_rules(text)
    assert model is not None, [d.message for d in diags]
    assert errors(diags) == []


# ---- messages at the line they are about ---------------------------------------------------------------------


def test_an_unknown_family_after_reveal_is_placed_at_it(check_rules):
    text = 'variant duo {\n  players: 2\n  reveal gods: 3\n  award temple: 9, 4\n}\n'
    check_one(check_rules, text, "unknown family held by players 'gods'", "gods", "did you mean 'god'?")


def test_a_variant_of_no_player_is_placed_at_its_players_line(check_rules):
    text = 'variant empty {\n  award temple: 1\n  players: 0\n}\n'
    check_one(check_rules, text, "a variant needs at least one player", "players")


def test_an_unknown_placeholder_in_an_award_is_placed_in_its_sentence(check_rules):
    text = 'award relic "Relic" {\n  measure: count(tiles)\n  prizes: 5\n  says "{titel}: {measure}"\n}\n'
    diag = check_one(check_rules, text, "unknown placeholder 'titel': a sentence may name title, measure, place, "
                     "prize, tiebreak, tied, ranking or an option of the game", "{titel}", "did you mean 'title'?")
    assert diag.span.end_column - diag.span.column == len("{titel}")


def test_an_awards_sentence_may_name_the_games_options(check_rules):
    """The base game's temple tokens say how they were counted: `{temple_count}`, the option."""
    text = ('award relic "Relic" {\n  measure: count(tiles)\n  prizes: 5\n'
            '  says "{title}: {measure} ({temple_count} counted; {no_such_option})"\n}\n')
    check_one(check_rules, text, "unknown placeholder 'no_such_option': a sentence may name title, measure, place, "
              "prize, tiebreak, tied, ranking or an option of the game", "{no_such_option}")


def test_each_unknown_placeholder_of_a_clause_is_placed_at_its_own(check_rules):
    text = 'kind lamp "Lamp" {\n  param cp: int\n  end: cp says "Lamp {cp}: {pionts} and {pionts}"\n}\n'
    _, diags, _ = check_rules(text)
    found = [(d.span.line, d.span.column) for d in errors(diags)]
    assert found == [locate(text, "{pionts}"), locate(text, "{pionts}", nth=1)]


def test_a_placeholder_after_an_escape_is_placed_at_it(check_rules):
    """The column is counted in the string as written: `\\"` is two characters of the line, one of the text."""
    text = 'kind lamp "Lamp" {\n  param cp: int\n  end: cp says "\\"Lamp\\" {pionts}"\n}\n'
    check_one(check_rules, text, "unknown placeholder 'pionts': a sentence may name points, why, how or a name of "
              "the clause (a parameter, a let, a value, an option)", "{pionts}")


def test_an_unpaired_brace_is_placed_at_the_sentence(check_rules):
    text = 'kind lamp "Lamp" {\n  param cp: int\n  end: cp says "x {"\n}\n'
    check_one(check_rules, text, "this sentence has an unpaired '{' or '}' (write '{{' or '}}' for a brace itself)",
              '"x {"')


MARKET = """\
game "market" "Market" {
  record "market/1"
  report "market-score/1"
}

set goods: bread, iron
value coins_per_vp = 3
fact coins "coins": int 0..99
fact sold "goods sold": int 0..20 per goods

score coins "Coins": coins / coins_per_vp
winner: most total, ties shared
"""


@pytest.mark.parametrize(("line", "message"), [
    ('note "sold {sold[bread]} bread, {coins} coins at {coins_per_vp}" if coins > 1\n', None),
    ('warn "more {good} sold than the market holds" if sold[good] > 8 for each good in goods\n', None),
    ('note "has {coinz} coins" if coins > 1\n',
     "unknown placeholder 'coinz': a note message may name a fact, a value, awards[NAME], measures[NAME], others"),
    ('warn "has {coins} coins, as has {others}" if coins > 90\n', None),
    ('warn "has {coinz} coins" if coins > 90\n',
     "unknown placeholder 'coinz': a warn message may name a fact, a value, awards[NAME], measures[NAME], others"),
    ('refuse "has {coins} coins" if coins > 90\n',
     "unknown placeholder 'coins': a refuse message may name only others"),
    ('refuse "too much {goods}" if sold[good] > 20 for each good in goods\n',
     "unknown placeholder 'goods': a refuse message may name its member '{good}' or others"),
    ('note "sold {sold[wine]} wine" if coins > 1\n', "'sold[wine]' names no member of 'sold'"),
    ('note "sold {sold}" if coins > 1\n', "'{sold}' is given per goods: name one, like '{sold[…]}'"),
    ('note "a {brace" if coins > 1\n',
     "this note message has an unpaired '{' or '}' (write '{{' or '}}' for a brace itself)"),
])
def test_a_table_checks_message_names_only_what_the_scorer_fills_in(check_rules, line, message):
    """Else the message would be printed with the braces as written, or 'none' in their place."""
    model, diags, _ = check_rules(MARKET + line, base=False)
    if message is None:
        assert diags == [] and model is not None
        return
    (diag,) = diags
    assert diag.message == message and diag.span.line == MARKET.count("\n") + 1


# ---- every declaration with once-only lines, read off the syntax tree ----------------------------------------

SHEET = 'game "patch" "Patch" {\n}\nset soils: clay, sand\nfact plots "plots": int 0..9\nscore plots "Plots": plots\n' \
        'winner: most total, ties shared\n'
GRID = 'grid garden "Garden" {\n  shape: 2, 4, 2\n  edges: soils\n  border edge: clay\n  faces: plain\n}\n'


@pytest.mark.parametrize("line, words", [("  shape: 3, 3\n", "shape:"), ("  edges: soils\n", "edges:"),
                                         ("  faces: mixed\n", "faces:")])
def test_a_grid_line_given_twice(check_rules, line, words):
    text = SHEET + GRID.replace("}\n", line + "}\n")
    word = words.rstrip(":")
    first = locate(text, word, offset=0)
    check_one(check_rules, text, f"grid 'garden' gives '{words}' twice: the first is at {first[0]}:{first[1]}", word,
              f"a grid says '{words}' once {ONCE}", nth=1, base=False)


def test_a_grid_checks_clean_with_each_line_once(check_rules):
    model, diags, _ = check_rules(SHEET + GRID, base=False)
    assert model is not None and errors(diags) == [], [d.message for d in diags]


@pytest.mark.parametrize("decl, words, what, name", [
    ('resource coins "coin" {\n  per color\n  limit 10\n  limit 12\n}\n', "limit", "resource", "coins"),
    ('resource coins "coin" {\n  per color\n  trade 3 for 1\n  per color\n}\n', "per color", "resource",
     "coins"),
    ('marker spent "Spent" {\n  otherwise fresh\n  supply 3\n  otherwise kept\n}\n', "otherwise", "marker",
     "spent"),
    ('game "g" "G" {\n  report "g-score/1"\n  record "g/1"\n  report "g-score/2"\n}\n', "report", "game", "g"),
    ('facedown blank "blank" {\n  matches every color\n  end: 0\n  matches every color\n}\n',
     "matches every color", "face-down state", "blank"),
])
def test_a_game_line_given_twice(check_rules, decl, words, what, name):
    text = SMALL + decl
    word = words.split()[0]
    first = locate(text, word, offset=0)
    check_one(check_rules, text, f"{what} '{name}' gives '{words}' twice: the first is at {first[0]}:{first[1]}",
              word, f"{'an' if what[0] in 'aeiou' else 'a'} {what} says '{words}' once {ONCE}", nth=1, base=False)


def test_a_hexmap_water_given_twice(check_rules):
    text = ('game "hexes" "Hexes" {\n}\nhexmap base "Base" {\n  water "." "w"\n  row A: "U ."\n  water "~"\n}\n'
            'fact n "n": int 0..3\nscore n "N": n\nwinner: most total, ties shared\n')
    check_one(check_rules, text, "hexmap 'base' gives 'water' twice: the first is at 4:3", "water", nth=1,
              base=False)


def parse(text: str):
    from orbis_dsl.language.syntax.parse import parse_text

    return parse_text(text, "t.orbis")


def test_the_syntax_tree_keeps_each_once_only_line_as_written():
    """In order, with its span; out of equality, so a line written twice leaves the tree equal to one written once
    (with the later value)."""
    once, _ = parse('variant v {\n  players: 3\n  reveal god: 4\n}\n')
    twice, _ = parse('variant v {\n  players: 2\n  reveal god: 4\n  players: 3\n}\n')
    assert once == twice
    lines = twice.decls[0].lines
    assert [(line.word, line.span.line, line.span.column) for line in lines] == [
        ("players:", 2, 3), ("reveal", 3, 3), ("players:", 4, 3)]
    assert twice.decls[0].revealed_family_span[1:3] == (3, 10)
    assert "lines" not in repr(twice.decls[0])


def test_a_grid_span_covers_the_whole_declaration():
    tree, _ = parse(GRID)
    grid = tree.decls[0]
    assert (grid.span.line, grid.span.column, grid.span.end_line) == (1, 1, 6)
    assert (grid.name_span.line, grid.name_span.column) == (1, 6)
    assert [line.word for line in grid.lines] == ["shape:", "edges:", "faces:"]


def test_a_sentence_keeps_its_string_as_written():
    tree, _ = parse('kind lamp "Lamp" {\n  end: 1 says "a \\"{points}\\""\n}\n')
    written = tree.decls[0].members[0].says_written
    assert written.word == '"a \\"{points}\\""' and (written.span.line, written.span.column) == (2, 15)


def test_the_checker_never_parses():
    """Semantic checks are a pass over the syntax tree: no check module imports the parser or Lark."""
    import orbis_dsl.language as language

    for path in sorted(Path(language.__file__).parent.glob("check*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) lark\b|language\.parse\b|\bparse_text\b", text, re.MULTILINE), \
            path.name
