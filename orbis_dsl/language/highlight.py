"""Syntax highlighting of rule files: a Pygments lexer for the rules language, and a helper for the terminal.

The lexer follows grammar/rules.lark: declaration words (`family`, `marker`, `tile` …), clause words (`param`,
`end`, `when` …), effect verbs, the words of expressions, built-in names (a tile's position and colour), types,
strings, numbers, comments, operators and punctuation. It knows no game's vocabulary: families, their pieces,
markers and colours are names; a piece declaration (`NAME NAME "Title" {`) is told by its shape.

Registered for Pygments under the alias `orbis` through the `pygments.lexers` entry point, so
`pygmentize -l orbis rules/orbis/gods.orbis` works once the package is installed.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

__all__ = ["OrbisLexer", "highlight"]

# Words that open a top-level declaration (each at the start of a statement).
DECLARATIONS = ("include", "extends", "colors", "alias", "levels", "board", "market", "resource", "marker", "family",
                "option", "value", "attribute", "facedown", "award", "winner", "variant", "tile", "def", "links")
# Words inside declarations and blocks.
CLAUSES = ("param", "let", "when", "end", "modify", "matches", "every", "unique", "measure", "eligible",
           "tiebreak", "ties", "keep", "order", "warn", "split", "prizes", "then", "shared", "players", "reveal",
           "remove", "marked", "mark", "stacked", "limit", "supply", "otherwise", "per", "trade", "for", "check")
EFFECTS = ("gain", "reduce", "pay", "destroy", "require", "from")
EXPRESSIONS = ("if", "else", "unless", "and", "or", "not", "in", "is", "among", "of", "where", "most", "fewest",
               "my", "their", "given")
FUNCTIONS = ("count", "sum", "max", "min")
SCOPES = ("tiles", "neighbours", "supports")
CONSTANTS = ("true", "false", "any", "none")
# Names every rule set knows without declaring them (see orbis_dsl/language/check/model.py).
BUILTINS = ("color", "level", "row", "column", "border", "total", "measure")
TYPES = ("int", "bool", "string", "colors", "amount")

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"


class OrbisLexer(RegexLexer):
    """Pygments lexer for `.orbis` rule files."""

    name = "Orbis"
    aliases: ClassVar[list[str]] = ["orbis"]
    filenames: ClassVar[list[str]] = ["*.orbis"]
    mimetypes: ClassVar[list[str]] = ["text/x-orbis"]

    tokens: ClassVar[dict] = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"', String.Double),
            # `award NAME`, `variant NAME`, `family NAME`, `marker NAME` …: the name being declared
            (r"\b(award|variant|family|marker|resource|facedown)(\s+)(" + _NAME + r")\b",
             bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            # `FAMILY NAME "Title" {` or `FAMILY NAME {` at the start of a line: a piece of a declared family
            (r"^(\s*)(" + _NAME + r")(\s+)(" + _NAME + r")(?=\s*(?:\"[^\"\n]*\"\s*)?\{)",
             bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Class)),
            # `param NAME`, `let NAME`, `option NAME`, `attribute NAME`, `value NAME`, `modify NAME`
            (r"\b(param|let|option|attribute|value|modify)(\s+)(" + _NAME + r")\b",
             bygroups(Keyword, Whitespace, Name.Variable)),
            # `def NAME(`: a function, and `links NAME:` a link set, being declared
            (r"\b(def|links)(\s+)(" + _NAME + r")\b", bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            # `when taken`, `when placed`
            (r"\b(when)(\s+)(" + _NAME + r")\b", bygroups(Keyword, Whitespace, Name.Label)),
            # `: int`, `: colors(2)`, `: color`: a type after a colon
            (r"(:)(\s*)(int|bool|string|colors|color|amount)\b", bygroups(Punctuation, Whitespace, Keyword.Type)),
            # the kind of a tile line, `stone(` … `)`
            (r"\b(" + _NAME + r")(\()(?=\s*(?:" + _NAME + r"\s*:|\)))", bygroups(Name.Function, Punctuation)),
            # a declaration word opens a statement at the start of a line
            (r"^(\s*)(" + "|".join(DECLARATIONS) + r")\b", bygroups(Whitespace, Keyword.Declaration)),
            (words(EFFECTS, prefix=r"\b", suffix=r"\b"), Keyword.Reserved),
            (words(CLAUSES + EXPRESSIONS, prefix=r"\b", suffix=r"\b"), Keyword),
            (words(FUNCTIONS, prefix=r"\b", suffix=r"\b(?=\s*\()"), Name.Builtin),
            (words(SCOPES, prefix=r"\b", suffix=r"\b"), Name.Builtin.Pseudo),
            (words(CONSTANTS, prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(BUILTINS, prefix=r"\b", suffix=r"\b"), Name.Builtin),
            (words(TYPES, prefix=r"\b", suffix=r"\b"), Keyword.Type),
            (_NAME, Name),
            (r"[0-9]+", Number.Integer),
            (r"\.\.|>=|<=|!=|=|>|<|\+|-|\*|/|\||\?", Operator),  # `..`: a range, `int 0..99`
            (r"[{}()\[\],:.]", Punctuation),
            (r".", Text),
        ],
    }


def highlight(text: str, theme: str = "ansi_dark"):
    """Rule source as a rich `Text` coloured by `OrbisLexer`, ready for `Console.print` (the plain string if rich
    is missing). For line numbers, print `rich.syntax.Syntax(text, OrbisLexer(), line_numbers=True)` instead."""
    try:
        from rich.syntax import Syntax
    except ImportError:  # pragma: no cover - rich is a dependency of this package
        return text
    result = Syntax(text, OrbisLexer(), theme=theme, background_color="default").highlight(text)
    # Syntax ends what it highlights with one newline, whatever the text ended with: give back the text's own
    result.right_crop(len(result.plain) - len(result.plain.rstrip("\n")))
    result.append("\n" * (len(text) - len(text.rstrip("\n"))))
    return result
