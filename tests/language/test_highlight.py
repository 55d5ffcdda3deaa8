"""The Pygments lexer for rule files, and the terminal highlighter built on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Text

from orbis_dsl.language.highlight import OrbisLexer, highlight

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "rules").rglob("*.orbis")) + sorted((ROOT / "examples").rglob("*.orbis"))


def tokens(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in OrbisLexer().get_tokens(text) if v.strip()]


def test_lexer_metadata():
    assert OrbisLexer.name == "Orbis"
    assert OrbisLexer.aliases == ["orbis"]
    assert OrbisLexer.filenames == ["*.orbis"]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_shipped_rule_file_lexes_without_errors_or_loss(path):
    text = path.read_text(encoding="utf-8")
    toks = list(OrbisLexer().get_tokens(text))
    assert "".join(v for _, v in toks) == (text if text.endswith("\n") else text + "\n")
    leftovers = [(t, v) for t, v in toks if t in Error or (t is Text and v.strip())]
    assert not leftovers


def test_declarations_names_and_keywords():
    toks = tokens('kind forest "Forest" {\n  param colors: colors(2)\n  when taken: pay need any else mark cancelled\n'
                  "  end: cp if count(neighbours where color in colors) >= threshold  # scores\n}\n")
    assert (Keyword.Declaration, "kind") in toks
    assert (Name.Class, "forest") in toks
    assert (String.Double, '"Forest"') in toks
    assert (Keyword, "param") in toks and (Name.Variable, "colors") in toks
    assert (Keyword.Type, "colors") in toks
    assert (Name.Label, "taken") in toks
    assert (Keyword.Reserved, "pay") in toks
    assert (Keyword.Constant, "any") in toks
    assert (Name.Builtin, "count") in toks and (Name.Builtin.Pseudo, "neighbours") in toks
    assert (Name.Builtin, "color") in toks
    assert (Keyword, "where") in toks and (Keyword, "in") in toks and (Keyword, "if") in toks
    assert (Operator, ">=") in toks
    assert (Comment.Single, "# scores") in toks
    assert (Punctuation, "{") in toks and (Punctuation, "}") in toks


def test_tile_lines_numbers_and_operators():
    toks = tokens("tile 2 blue black [red, any]  irrigation(needs: green, cp: 3)\nvalue desert_penalty = -1\n")
    assert toks[0] == (Keyword.Declaration, "tile")
    assert (Number.Integer, "2") in toks and (Number.Integer, "3") in toks
    assert (Name.Function, "irrigation") in toks
    assert (Punctuation, "[") in toks and (Keyword.Constant, "any") in toks
    assert (Operator, "-") in toks and (Operator, "=") in toks


def test_a_games_nouns_are_names_and_its_declarations_are_told_by_shape():
    """The language knows no game's nouns: `kind`, `desert` and `stars` are names the rule set declares.
    `facedown desert {` declares a name; `kind stone {` (a piece of a declared family) is told by its shape."""
    toks = tokens('facedown desert "desert" {\n  end: 1\n}\nkind stone {\n  end: count(tiles where kind = stone '
                  "and not desert and row = 2)\n}\ntile mark stars: black, white\n")
    assert toks[0] == (Keyword.Declaration, "facedown")
    assert (Name.Class, "desert") in toks
    assert (Keyword.Declaration, "kind") in toks and (Name.Class, "stone") in toks
    assert (Name, "kind") in toks and (Name, "desert") in toks
    assert (Name.Builtin, "row") in toks
    assert (Keyword.Declaration, "tile") in toks and (Keyword, "mark") in toks


def test_strings_with_escapes_and_enum_types():
    toks = tokens('option temple_count: "icons" | "tiles" = "icons"\ninclude "a\\"b.orbis"\n')
    assert (Operator, "|") in toks
    assert (String.Double, '"a\\"b.orbis"') in toks


def test_highlight_gives_coloured_text_with_the_same_characters():
    from rich.console import Console
    from rich.text import Text as RichText

    source = (ROOT / "rules" / "orbis" / "gods.orbis").read_text(encoding="utf-8")
    text = highlight(source)
    assert isinstance(text, RichText)
    assert text.plain == source
    assert len(text.spans) > 50  # coloured, not plain
    console = Console(force_terminal=True, color_system="truecolor", width=200, record=True)
    console.print(text)
    assert "\x1b[" in console.export_text(styles=True)
    for edge in ("", "a", "a\n", "x\n\n"):
        assert highlight(edge).plain == edge


def test_rich_syntax_accepts_the_lexer_for_line_numbers():
    from rich.console import Console
    from rich.syntax import Syntax

    console = Console(width=120, record=True)
    console.print(Syntax("god g {\n  end: 1\n}\n", OrbisLexer(), line_numbers=True))
    assert "1 god g {" in " ".join(console.export_text().split())


def test_registered_with_pygments_once_installed():
    """The `pygments.lexers` entry point (pyproject) makes `-l orbis` work; before install, skip."""
    from importlib.metadata import entry_points

    if not any(ep.name == "orbis" for ep in entry_points(group="pygments.lexers")):
        pytest.skip("the package is not installed with its pygments.lexers entry point")
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert isinstance(get_lexer_by_name("orbis"), OrbisLexer)
    assert isinstance(get_lexer_for_filename("gods.orbis"), OrbisLexer)
