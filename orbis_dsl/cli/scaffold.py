"""`orbis new god|kind|variant NAME`: a commented starting file in a rule pack folder.

Each file checks clean as a pack on its own (`orbis check --rules DIR`) and is already in the layout `orbis fmt`
gives, so an author starts from something that works and changes one line at a time.
"""

from __future__ import annotations

import re
from pathlib import Path

import typer

KINDS = ("god", "kind", "variant")

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VARIANT = re.compile(r"[A-Za-z0-9_]+")  # a variant name is one word of the game notation: `variant 5p`

# Words of grammar/rules.lark, built-in names and the base game's declared nouns (its families, face-down state,
# marker, mark and resource): not usable as the name of a god or a kind.
KEYWORDS = frozenset({
    "include", "extends", "colors", "alias", "mark", "marked", "levels", "board", "stacked", "market", "resource",
    "per", "limit", "trade", "marker", "supply", "otherwise", "family", "facedown", "for", "option", "value",
    "attribute", "matches", "every", "color", "param", "let", "when", "end", "modify", "gain", "reduce", "pay", "else",
    "destroy", "from", "require", "award", "measure", "eligible", "tiebreak", "ties", "keep", "order", "and", "warn",
    "split", "prizes", "winner", "then", "shared", "variant", "players", "reveal", "remove", "tile", "if", "unless",
    "not", "or", "in", "is", "among", "count", "sum", "max", "min", "of", "where", "tiles", "neighbours",
    "supports", "most", "fewest", "any", "true", "false", "unique", "int", "bool", "string", "amount", "level",
    "row", "column", "border", "total", "none", "my", "their", "given",
    "kind", "god", "desert", "stars", "cancelled", "validated", "worshippers",
})

# The temple tokens of the box (2, 4, 7, 9, 11 CP): the prizes a variant for N players hands out, and the star
# colours whose tiles it leaves out so that 9 + 14 x N tiles remain (docs/rules/orbis.md §3).
_TEMPLE_PRIZES = {1: (7,), 2: (7, 2), 3: (9, 4, 2), 4: (11, 7, 4, 2)}
_REMOVED_STARS = {2: ("white", "purple"), 3: ("white",)}


def _title(name: str) -> str:
    return name.replace("_", " ").strip().capitalize() or name


def _god_text(name: str) -> str:
    return f'''# The god "{name}", a starting point made by `orbis new god {name}`.
# Check the pack with `orbis check --rules DIR`; score games with `orbis score --rules DIR GAME`.
#
# What a god block may hold (see docs/language.md):
#   let NAME = EXPRESSION           a named value, used by the lines below it
#   when taken: EFFECT, ...         on the turn it is taken: gain 2 any | pay 3 any else mark cancelled
#   end: POINTS                     creation points at the end of the game; add `if COND` or `unless COND`
#   modify VALUE = NUMBER           while its holder has it, a rule value changes (e.g. desert_penalty = 0)
# A god with the name of a base-game god (love, fire, death ...) replaces it (`orbis new` says so).

god {name} "{_title(name)}" {{
  let stones = count(tiles where kind = stone)
  end: 2 if stones >= 3
}}
'''


def _kind_text(name: str) -> str:
    return f'''# The tile kind "{name}", a starting point made by `orbis new kind {name}`.
# Check the pack with `orbis check --rules DIR`; score games with `orbis score --rules DIR GAME`.
#
# What a kind block may hold (see docs/language.md):
#   param NAME: TYPE                a value printed on each tile: int, bool, string, color, colors(N), amount;
#                                   `= DEFAULT` gives a default, `?` makes it optional
#   let NAME = EXPRESSION           a named value
#   when taken: EFFECT, ...         phase 5 of the turn: gain 1 red | reduce COLOR | pay 2 any else mark cancelled
#   when placed: require CONDITION else mark cancelled
#   end: POINTS                     creation points at the end of the game; add `if COND` or `unless COND`
#
# In a game file a tile of this kind is its colour, `{name}`, then its parameters in the order declared
# below, e.g. `green {name} blue 3`.
# The engine's supply is the `tile` lines. A pack that lists any tile replaces the whole base list, so a pack
# lists all of its tiles (start from a copy of rules/orbis/tiles.orbis) or none, e.g.
#   tile 2 green black [blue, any]  {name}(likes: blue, cp: 3)

kind {name} "{_title(name)}" {{
  param likes: color  # neighbours of this colour make the tile score
  param cp: int       # the creation points printed on the tile
  end: cp if count(n in neighbours where n.color = likes) >= 2
}}
'''


def _variant_text(name: str) -> str:
    match = re.fullmatch(r"([0-9]+)p", name)
    players = max(1, int(match.group(1))) if match else 4
    prizes = _TEMPLE_PRIZES.get(players, (11, 9, 7, 4, 2))
    removed = _REMOVED_STARS.get(players, ())
    note = ""
    if not 2 <= players <= 4:
        note = (f"# The base game's 65 tiles play 2 to 4 players: the engine needs 9 + 14 x {players} = "
                f"{9 + 14 * players} tiles and\n# one temple prize per player, all different. Scoring a finished game "
                f"needs neither; to simulate,\n# the pack lists its own `tile` lines (see `orbis variant check`).\n")
    remove = f"  remove tiles marked {', '.join(removed)}\n" if removed else ""
    return f'''# The variant "{name}", a starting point made by `orbis new variant {name}`.
# Check the pack with `orbis check --rules DIR` and `orbis variant check {name} --rules DIR`; a game file
# chooses it with the header `variant {name}`.
#
# What a variant block may hold (see docs/language.md):
#   players: N                      how many play
#   reveal god: N                   gods on display at the start (the engine wants players + 1)
#   remove tiles marked COLOUR, ... leave out the tiles whose level stars have these colours
#   award AWARD: PRIZE, ...         the prizes of a ranked award (the temple tokens), one per player
#   option OPTION = VALUE           a rule option set for this variant, e.g. option majority_needs_one = true
{note}
variant "{name}" {{
  players: {players}
  reveal god: {players + 1}
{remove}  award temple: {", ".join(map(str, prizes))}
}}
'''


def base_piece(kind: str, name: str) -> tuple[str, int] | None:
    """(title, tiles of it) when the base game already declares a god, kind or variant called NAME; else None.
    A pack's declaration of that name replaces the base game's (docs/language.md, Rule packs)."""
    from orbis_dsl.language.ruleset import base_rules

    rules = base_rules()
    found = {"god": rules.gods, "kind": rules.kinds, "variant": rules.variants}.get(kind, {}).get(name)
    if found is None:
        return None
    return getattr(found, "title", name), sum(1 for t in rules.tiles if kind == "kind" and t.kind == name)


def replacement_note(kind: str, name: str) -> str | None:
    """What a starting file called NAME replaces in the base game, in words; None when it replaces nothing."""
    found = base_piece(kind, name)
    if found is None:
        return None
    title, _ = found
    return (f"'{name}' is a {kind} of the base game{f' ({title})' if title != name else ''}: a pack's {kind} of "
            f"that name replaces it; choose another name to add a {kind} beside it")


def validate_name(kind: str, name: str, replace: bool = False) -> None:
    """Raise ValueError saying why NAME cannot name a new god, kind or variant (a base game's kind only with
    `replace`: the base tile list's tiles of it would need the new kind's parameters)."""
    if kind not in KINDS:
        raise ValueError(f"cannot make a '{kind}': expected one of {', '.join(KINDS)}")
    if kind == "variant":
        if not _VARIANT.fullmatch(name):
            raise ValueError(f"'{name}' cannot name a variant: use letters, digits and underscores (like 5p)")
        return
    if not _IDENTIFIER.fullmatch(name):
        raise ValueError(f"'{name}' cannot name a {kind}: use letters, digits and underscores, "
                         f"not starting with a digit")
    if name in KEYWORDS:
        raise ValueError(f"'{name}' is a word of the rules language and cannot name a {kind}")
    if kind == "kind":
        taken = _expression_names()
        if name in taken:
            raise ValueError(f"'{name}' already names {taken[name]} of the base game; a kind needs a name of "
                             f"its own")
        found = base_piece(kind, name)
        if found is not None and not replace:
            title, tiles = found
            raise ValueError(f"'{name}' is already a kind of the base game ({title}): a pack's kind of that name "
                             f"replaces it, and the base game's {tiles} {title} tiles would then need the new kind's "
                             f"parameters; choose another name (like my_{name}), or pass --replace to start from a "
                             f"copy of the base {title}")


def _expression_names() -> dict[str, str]:
    """Names a kind would clash with inside expressions: colours, aliases, stars, options, values, attributes."""
    from orbis_dsl.language.ruleset import base_rules

    settings = base_rules().settings
    names: dict[str, str] = {}
    for what, items in (("a colour", settings.colors), ("a colour", settings.aliases),
                        ("a star colour", settings.stars), ("an option", [o.name for o in settings.options]),
                        ("a value", settings.values), ("an attribute", [a.name for a in settings.attributes])):
        for item in items:
            names.setdefault(item, what)
    return names


def _replacement_text(kind: str, name: str) -> str:
    """A copy of the base game's god, kind or variant NAME, to change: what a replacement starts from."""
    from orbis_dsl.language.ruleset import compile_base

    compiled = compile_base()
    declared = {"god": compiled.model.gods, "kind": compiled.model.kinds, "variant": compiled.model.variants}[kind]
    span = declared[name].span
    text = compiled.sources.text_at(span)
    title, tiles = base_piece(kind, name)
    keep = (f"\n# The base tile list's {tiles} tiles of it give its parameters: keep them (or list the pack's\n"
            "# own tiles, which replace the whole base list)." if kind == "kind" else "")
    return (f"# A replacement of the base game's {title}, copied by `orbis new {kind} {name} --replace` from\n"
            f"# {Path(span.file).name}: a pack's {kind} of this name replaces the base one; change what you like.{keep}"
            f"\n\n{text}\n")


def new(kind: str, name: str, directory: Path, replace: bool = False) -> Path:
    """Write `DIRECTORY/NAME.orbis`, a commented god, kind or variant that checks clean as a pack; with `replace`
    and a name of the base game's, a copy of the base declaration to change.

    Raises ValueError for a bad kind or name (a base game's kind without `replace`), FileExistsError rather than
    overwrite a file, and OSError with the folder's name when it cannot be made or written in."""
    validate_name(kind, name, replace)
    if replace and base_piece(kind, name) is not None:
        text = _replacement_text(kind, name)
    else:
        text = {"god": _god_text, "kind": _kind_text, "variant": _variant_text}[kind](name)
    directory = Path(directory)
    path = directory / f"{name}.orbis"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8", newline="\n") as handle:  # "x": never overwrite
            handle.write(text)
    except FileExistsError:
        raise FileExistsError(f"{path} already exists; nothing was written") from None
    except OSError as error:  # a file where the folder should be, no permission, a name too long
        raise OSError(f"cannot write {path}: {error.strerror or error}") from None
    return path


def new_cli(
    what: str = typer.Argument(..., help="What to start: god, kind or variant.", metavar="god|kind|variant"),
    name: str = typer.Argument(..., help="Its name (variants may be like 5p)."),
    directory: Path = typer.Option(Path("mypack"), "--dir", "-d", help="The rule pack folder to write into."),
    replace: bool = typer.Option(False, "--replace", help="NAME is the base game's: start from a copy of it, "
                                                          "which the pack's file replaces."),
) -> None:
    """Start a new god, tile kind or variant: a commented file in a rule pack folder that checks clean."""
    try:
        path = new(what, name, directory, replace)
    except (ValueError, OSError) as error:  # an argument that cannot be used: a usage error, as click's are
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    note = replacement_note(what, name)
    if note is not None and not replace:
        typer.echo(f"note: {note} (or pass --replace to start from a copy of it)", err=True)
    typer.echo(f"wrote {path}")
    typer.echo(f"next: edit it, then `orbis check --rules {directory}`")
