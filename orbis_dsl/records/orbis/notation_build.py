"""The game notation's nodes, as notation_read reads them → the `orbis-game/1` document a JSON record holds,
remembering where each part was typed (notation.py reads the text and checks the document with the JSON record
reader)."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.syntax.literals import number, unquote
from orbis_dsl.records.names import find_kind
from orbis_dsl.records.orbis.json_reader import FORMAT
from orbis_dsl.runtime.rules import Rules

if TYPE_CHECKING:
    from orbis_dsl.records.orbis.notation_read import Node as Tree
    from orbis_dsl.records.orbis.notation_read import Tok as Token


def span_of(file: str, item) -> Span:
    if isinstance(item, str):  # a Token (a str); a Tree has a `meta`
        return Span(file, item.line, item.column, item.end_line, item.end_column)
    meta = item.meta
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _unquote(token: Token) -> str:
    # A string of printable characters with no backslash is its inside, as literal_eval reads it: taken here,
    # since unquote's ast is a few ms of a start. Anything else (an escape, a control character, a lone
    # surrogate) goes to the rules language's unquote: same escapes, same refusals.
    text = str(token)
    inside = text[1:-1]
    plain = inside.isprintable() and '"' not in inside and "\\" not in inside
    if plain and len(text) >= 2 and text[0] == text[-1] == '"':
        return inside
    return unquote(token)


def label_text(token: str) -> str:
    """A label as typed, a word or a quoted string (a word never starts with a quote) → its text."""
    return _unquote(token) if token[:1] == '"' else str(token)


def player_head(name: str, god: str | None, mark: str | None, worshippers: str) -> dict:
    """A player line's parts as typed (labels quotes and all; `god` and `mark` None where not given) → the
    player's document but its pyramid. Shared by the placed build below and notation.record_of."""
    player: dict[str, object] = {"name": label_text(name)}
    if god is not None:
        player["god"] = label_text(god)
        if mark is not None and mark.lower() == "x":
            player["god_cancelled"] = True
    player["worshippers"] = number(worshippers)
    return player


class Builder:
    """Parse tree → an `orbis-game/1` document, plus the span of every JSON path it fills."""

    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.spans: dict[str, Span] = {}
        self.diags: list[Diagnostic] = []
        self.said: set[str] = set()  # JSON paths of what the builder has said is wrong

    def at(self, path: str, item) -> None:
        self.spans[path] = span_of(self.file, item)

    def once(self, path: str, item) -> None:
        """A second value for the same thing would silently win over the first: say so instead."""
        if path in self.spans:
            first = self.spans[path]
            self.diags.append(Diagnostic(f"given twice (first on line {first.line})", span=span_of(self.file, item)))

    def document(self, tree: Tree) -> dict:
        doc: dict[str, object] = {"format": FORMAT}
        players = []
        for child in tree.children:
            if child.data == "player":
                if not players:
                    self.at("$.players", child)
                players.append(self.player(child, f"$.players[{len(players)}]"))
            else:
                self.header(child, doc)
        doc["players"] = players
        if not players:
            self.spans["$.players"] = Span(self.file, 1, 1)
        return doc

    def header(self, child: Tree, doc: dict) -> None:
        """A header line (`game`, `variant`, `option`) into the document (notation.record_of's too)."""
        if child.data == "game_id":
            # Only an Orbis record reaches this reader (a file naming another game goes to that game's).
            self.once("$.game", child)
            doc["game"] = str(child.children[0])
            self.at("$.game", child)
        elif child.data == "title":
            self.once("$.title", child)
            doc["title"] = _unquote(child.children[0])
            self.at("$.title", child)
        elif child.data == "variant":
            self.once("$.variant", child)
            doc["variant"] = self.label(child.children[0])
            self.at("$.variant", child.children[0])
        elif child.data == "option":
            name, value = child.children
            self.once(f"$.options.{name}", child)
            doc.setdefault("options", {})[str(name)] = self.option_value(value)
            self.at(f"$.options.{name}", value)

    @staticmethod
    def option_value(value: Tree):
        token = value.children[0]
        if value.data == "word" and str(token) in ("true", "false"):
            return str(token) == "true"
        if value.data == "number":
            return number(token)
        if value.data == "text":
            return _unquote(token)
        return str(token)

    def player(self, tree: Tree, path: str) -> dict:
        label, god, mark, worshippers, *rows = tree.children
        self.at(path, tree)
        player = player_head(label.children[0], god.children[0] if god is not None else None, mark, worshippers)
        self.at(f"{path}.name", label)
        if god is not None:
            self.at(f"{path}.god", god)
            if "god_cancelled" in player:
                self.at(f"{path}.god_cancelled", mark)
        self.at(f"{path}.worshippers", worshippers)
        player["pyramid"] = self.pyramid(rows, tree, f"{path}.pyramid")
        return player

    @staticmethod
    def label(tree: Tree) -> str:
        return label_text(tree.children[0])

    def say(self, message: str, span: Span, path: str | None = None, hint: str | None = None) -> None:
        """A mistake worded for the notation; the record reader's message about `path` (or within it), worded for
        JSON, is then left out (notation.read_text)."""
        self.diags.append(Diagnostic(message, span=span, hint=hint))
        if path is not None:
            self.said.add(path)

    def pyramid(self, rows: list[Tree], player: Tree, path: str) -> list:
        self.at(path, rows[0] if rows else player)
        widths = list(self.rules.board.rows)  # bottom row first, as stored
        height = len(widths)
        if len(rows) > height:
            extra = rows[height]
            first = extra.children[0].children[0] if extra.children[0].children else None
            hint = None
            if first is not None and str(first) in ("game", "variant", "option"):
                hint = "header lines (game, variant, option) come before the first player"
            self.say(f"a pyramid has {height} rows; this line is one too many", span_of(self.file, extra), hint=hint)
            rows = rows[:height]
        tiles = [[part for tile in row.children for part in self.parts(tile)] for row in rows]
        given = [len(row) for row in tiles]
        top_first = widths[::-1]
        # Written top row first, as the pyramid stands; stored bottom row first.
        order = list(range(len(rows)))[::-1]
        if len(rows) < height:
            self.say(f"a pyramid has {height} rows, written top row first ({', '.join(map(str, top_first))} "
                     f"tiles); this one has {len(rows)}", span_of(self.file, player.children[0]), path,
                     _missing_rows(given, widths))
        elif given == widths and widths != top_first:
            self.say("these rows are written bottom row first; the notation writes the top row first, as the "
                     "pyramid stands", span_of(self.file, rows[0]),
                     hint=f"the top row ({top_first[0]} tiles) first, the bottom row ({widths[0]} tiles) last")
            order.reverse()  # read as meant, so that each tile is still checked
        result = []
        for r, index in enumerate(order):
            self.at(f"{path}[{r}]", rows[index])
            result.append([self.tile(anchor, f"{path}[{r}][{i}]", children)
                           for i, (anchor, children) in enumerate(tiles[index])])
        return result

    def parts(self, tile: Tree) -> list[tuple]:
        """A tile as (the node its messages point at, its children), or, where a `|` was left out between two tiles
        (`green stone green proselytism 2green`, `green stone desert`), each tile of it, with one message for each
        `|` missing. A desert's children are none."""
        children = tile.children
        if tile.data != "face_up":
            return [(tile, None)]
        cuts, i = [], 2
        while i < len(children):
            size = self.starts_a_tile(children, i)
            cuts += [i] if size else []
            i += size or 1
        if not cuts:
            return [(tile, children)]
        parts = [(tile, children[:cuts[0]])]
        for start, end in pairwise([*cuts, len(children)]):
            first = children[start]
            if end == start + 1:  # a desert
                shown, part = "desert", []
            else:  # the colour and kind: their words' tokens
                shown = f"{first.children[0]} {children[start + 1].children[0]}"
                part = [first.children[0], children[start + 1].children[0], *children[start + 2:end]]
            self.say("a `|` is missing before this tile", span_of(self.file, first),
                     hint=f"tiles in a row are separated by `|`: `… | {shown} …`")
            parts.append((first, part))
        return parts

    def starts_a_tile(self, children: list, i: int) -> int:
        """How many of the values from `i` on can only be a tile of their own: 2 for a colour and a kind, 1 for a
        `desert` at the end or before another tile; else 0."""
        def word(item) -> str | None:
            return None if isinstance(item, str) or item.data != "word" else str(item.children[0])

        first = word(children[i])
        if first is None:
            return 0
        if first.lower() == "desert":
            return 1 if i + 1 == len(children) or self.starts_a_tile(children, i + 1) else 0
        second = word(children[i + 1]) if i + 1 < len(children) else None
        if second is not None and self.rules.canonical_color(first.lower()) is not None \
                and find_kind(self.rules, second) is not None:
            return 2
        return 0

    def tile(self, tree: Tree, path: str, children: list | None = None) -> dict:
        self.at(path, tree)
        if children is None:
            children = None if tree.data == "desert" else tree.children
        if not children:  # a desert, typed as one or after a tile with its `|` left out
            return {"desert": True}
        colour, kind_name, *items = children
        tile: dict[str, object] = {"kind": str(kind_name), "color": str(colour)}
        self.at(f"{path}.kind", kind_name)
        self.at(f"{path}.color", colour)
        kind = self.rules.kinds.get(find_kind(self.rules, str(kind_name)) or "")
        positional = list(kind.declared) if kind is not None else []
        taken = set()  # the items read with the one before them (`1 green`)
        for n, item in enumerate(items):
            following = items[n + 1] if n + 1 < len(items) else None
            if n in taken:
                continue
            if isinstance(item, str):  # a Token: a mark
                tile["cancelled"] = str(item).lower() == "x"
                self.at(f"{path}.cancelled", item)
                continue
            if item.data == "named":
                name, value = item.children
                if str(name) in tile:
                    self.say(f"'{name}' is given twice for this tile", span_of(self.file, item))
                anchor = item
            else:
                while positional and positional[0] in tile:
                    positional.pop(0)
                if not positional:
                    if kind is not None:
                        self.say(f"{kind.name} has no more parameters to fill; this value is one too many",
                                 span_of(self.file, item),
                                 hint="its parameters in order: " + ", ".join(kind.declared) if kind.declared else None)
                    continue
                name, value, anchor = positional.pop(0), item, item
            spaced = self.spaced_amount(value, following, kind, str(name), f"{path}.{name}")
            if spaced is not None:
                taken.add(n + 1)
            tile[str(name)] = spaced or self.value(value, str(name), kind, f"{path}.{name}")
            self.at(f"{path}.{name}", anchor)
        return tile

    def spaced_amount(self, value: Tree, following, kind, name: str, path: str) -> str | None:
        """`1 green` typed for the amount `1green`: said once, and read as meant (no "one too many" after it)."""
        spec = kind.param(name) if kind is not None else None
        if spec is None or spec.type != "amount" or value.data != "number" or isinstance(following, str) \
                or following is None or following.data != "word":
            return None
        count, colour = str(value.children[0]), str(following.children[0])
        if colour.lower() != "any" and self.rules.canonical_color(colour.lower()) is None:
            return None
        start, end = value.meta, following.meta
        self.say(f"an amount is one word, the count joined to the colour: `{count}{colour}`, not `{count} {colour}`",
                 Span(self.file, start.line, start.column, end.end_line, end.end_column), path)
        return f"{count} {colour}"

    def value(self, value: Tree, name: str, kind, path: str):
        token = value.children[0]
        spec = kind.param(name) if kind is not None else None
        if spec is not None and spec.type == "amount" and value.data != "amount":
            self.say(f"expected an amount like 1blue or 1any (a count joined to a colour), got {token}",
                     span_of(self.file, value), path)
        if value.data == "number":
            return number(token)
        if value.data == "text":
            return _unquote(token)
        if value.data == "amount":
            if spec is not None and spec.type != "amount":
                return str(token)  # `cp=2x`: shown as typed in the type error
            match = re.fullmatch(r"([0-9]+)([a-zA-Z]+)", str(token))
            return f"{match.group(1)} {match.group(2)}"
        if value.data == "words":
            return str(token).split("/")
        text = str(token)
        if spec is not None and spec.type == "colors":
            return [text]
        if spec is not None and spec.type == "bool" and text in ("true", "false"):
            return text == "true"
        return text


def _missing_rows(given: list[int], widths: list[int]) -> str | None:
    """Which row was left out, when the rows typed are the pyramid's with one or more missing (top row first)."""
    top_first, missing, at = widths[::-1], [], 0
    for width in top_first:
        if at < len(given) and given[at] == width:
            at += 1
        else:
            missing.append(width)
    if at != len(given) or not given:
        return None
    def row(width: int) -> str:
        number = widths.index(width) + 1
        return f"row {number}" + (" (the bottom)" if number == 1 else " (the top)" if number == len(widths) else "")

    if len(missing) == 1:
        return f"the row of {missing[0]} tiles, {row(missing[0])}, is missing"
    return f"the rows of {' and '.join(map(str, missing))} tiles are missing: " + ", ".join(map(row, missing))
