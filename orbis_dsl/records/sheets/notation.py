"""The text notation of score-sheet records, read into the JSON record (each game's docs/notation-*.md): one
notation for every score-sheet game, two layouts of the same lines.

A line is a word and its values; `#` starts a comment (not inside a quoted string). Before the players:
`game NAME`, `title "…"`, an option as `option NAME VALUE` or by its name (`mode plain`), and each fact of the
whole record on a line of its own (`market_days MON,TUE`). Then the players, in one of two layouts:

- **a line per player** (a game without rounds): the name, the piece the player holds (a stall), then
  `FACT VALUE` pairs in any order: `Ann baker coins 7 sold 6/0/2 built hut:A1,B2 spans A1-C3`;
- **blocks** (a game of rounds, or with a grid): `round N`, the round's facts (`goal_card most_rubies`), then
  `player NAME` and the player's facts a line each (`lamp_count 1 0`, `cards C1+ C2-`), and a board row by row
  (`r2 . rbbr/nw.es:ruby@n bbbb:lit .`), `side NAME`, `border CELL DIRECTION MEMBER`.

Values are written alike in both: a number, `-` for none, `yes`/`no`, a choice; a fact per set as `a/b/c` or as
one word per member; a list as `A,B` or one word per item (`-` for none); cells per set `MEMBER:CELL,CELL`; a
crossing `C5-D7`; a held piece `C1+` (its flag yes), `C1-` (no), `C3+5` (and the piece's own points). A board
word is `.` for an empty space, else the four edge letters (north, east, south, west; each edge member by its
first letter), `/` and the patches (direction letters, patches split by `.`), then `:MEMBER` per mark (`@` and a
direction or patch number for a mark standing in a patch) and `:FACE` for the face the cell's tile shows.

Reading builds the JSON document and checks it with the JSON reader, so every check is the same; each JSON path is
traced back to the line and column where its value was typed.
"""

from __future__ import annotations

import re

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.records.sheets.notation_board import BoardWords
from orbis_dsl.records.sheets.words import held as _held
from orbis_dsl.records.sheets.words import items as _items
from orbis_dsl.records.sheets.words import scalar as _scalar
from orbis_dsl.records.sheets.words import tokens as _tokens
from orbis_dsl.records.sheets.words import unquote
from orbis_dsl.records.sheets.words import unterminated_quote as _unterminated_quote

_ROW = re.compile(r"^r(\d+)$")
_PARENT = re.compile(r"(\.[^.\[]*|\[\d+\])$")  # a JSON path's last step


def blocks_layout(rules) -> bool:
    """Whether a game's records are typed in blocks (rounds, boards) rather than a line per player."""
    return bool(rules.settings.rounds or rules.settings.grid)


class _Builder(BoardWords):
    def __init__(self, rules, file: str):
        self.rules = rules
        self.file = file
        self.grid = rules.settings.grid
        self.blocks = blocks_layout(rules)
        self.spans: dict[str, Span] = {}  # JSON path -> where its value was typed
        self.diags: list[Diagnostic] = []
        body = "rounds" if rules.settings.rounds else "players"
        self.doc: dict = {"format": rules.settings.record_format, "game": rules.settings.game, body: []}
        self.round: dict | None = None
        self.player: dict | None = None
        self.letters = {m[0]: m for m in self.grid.edges} if self.grid else {}
        self.mark_of = {member: mark for mark in (self.grid.marks if self.grid else ()) for member in mark.members}
        facts = rules.facts.values()
        # Facts by the words that name them, per level: the JSON key, and the fact's name where it differs.
        self.by_level = {level: {**{f.name: f for f in facts if f.level == level},
                                 **{f.json_key: f for f in facts if f.level == level}}
                         for level in ("game", "round", None)}
        self.options = {o.name: o for o in rules.settings.options}

    def error(self, line: int, column: int, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, span=Span(self.file, line, column), file=self.file, hint=hint))

    def place(self, path: str, line: int, column: int) -> None:
        self.spans[path] = Span(self.file, line, column)

    # ---- lines ----------------------------------------------------------------------------------------------

    def build(self, text: str) -> dict:
        for n, raw in enumerate(text.splitlines(), 1):
            open_quote = _unterminated_quote(raw)
            if open_quote is not None:
                self.error(n, open_quote, "this quoted text is not closed", 'end it with a " on the same line')
                continue
            tokens = _tokens(raw)
            if tokens:
                self.line(n, tokens)
        self.spans.setdefault("$.players", Span(self.file, 1, 1))
        rounds = self.doc.get("rounds")
        if rounds:  # how many rounds there are: said at the last one typed
            self.spans["$.rounds"] = self.spans[f"$.rounds[{len(rounds) - 1}]"]
        self.spans.setdefault("$", Span(self.file, 1, 1))  # what belongs to no line: the top of the file
        return self.doc

    def line(self, n: int, tokens) -> None:
        (word, col), rest = tokens[0], tokens[1:]
        if word == "game":  # the header names the game; `read_record` chose the rules by it
            self.place("$", n, col)
            self.place("$.game", n, rest[0][1] if rest else col)
            return
        if self.header_line(word, col, rest, n):
            return
        if self.blocks:
            self.block_line(word, col, rest, n)
        else:
            self.player_line(n, tokens)

    def header_line(self, word: str, col: int, rest, n: int) -> bool:
        """A line of the header (a title, an option, a fact of the whole record), read; whether it was one."""
        before = self.round is None and self.player is None and not self.doc.get("players")
        # A line per player: the header's lines may come anywhere; in blocks, before the first round or player.
        anywhere = before or not self.blocks
        if word == "title" and anywhere:
            self.title(n, col, rest)
        elif word == "option" and anywhere:
            self.option(n, col, rest)
        elif word in self.options and before:
            self.option_word(word, col, rest, n)
        elif word in self.by_level["game"] and anywhere:
            self.fact_line(self.by_level["game"][word], "$", self.doc, n, col, rest)
        else:
            return False
        return True

    def title(self, n: int, col: int, rest) -> None:
        self.doc["title"] = " ".join(unquote(t) for t, _ in rest)
        self.place("$.title", n, rest[0][1] if rest else col)

    def option_word(self, word: str, col: int, rest, n: int) -> None:
        """An option by its name, `mode plain` (no `=`, as the Orbis notation writes it)."""
        if rest[:1] and rest[0][0] == "=":
            self.error(n, rest[0][1], f"expected `{word} VALUE`", _no_equals([(word, col), *rest], ""))
        else:
            self.set_option(word, rest[0][0] if rest else "", n, rest[0][1] if rest else col, top=True)

    def option(self, n: int, col: int, rest) -> None:
        if len(rest) != 2:
            self.error(n, col, "expected `option NAME VALUE`", _no_equals(rest, "option "))
            return
        (name, name_col), (value, _) = rest
        self.set_option(name, value, n, name_col, top=False)

    def set_option(self, name: str, value: str, n: int, col: int, top: bool) -> None:
        spec = self.options.get(name)
        typed: object = unquote(value)
        if spec is not None and spec.type == "bool":
            typed = {"yes": True, "true": True, "no": False, "false": False}.get(value.lower(), value)
        elif spec is not None and spec.type == "enum":  # any letter case (`level Expert`)
            typed = next((c for c in spec.choices if c.lower() == str(typed).lower()), typed)
        elif spec is not None and spec.type == "int" and re.fullmatch(r"-?\d{1,9}", value):
            typed = int(value)
        if top:
            self.doc[name] = typed
            self.place(f"$.{name}", n, col)
        else:
            self.doc.setdefault("options", {})[name] = typed
            self.place(f"$.options.{name}", n, col)

    def fact_line(self, fact, path: str, target: dict, n: int, col: int, rest) -> None:
        if not rest:
            self.error(n, col, f"expected a value after '{fact.json_key}'")
            return
        if fact.json_key in target:  # as the JSON reader refuses a key given twice: the first value would be lost
            self.error(n, col, f"'{fact.json_key}' is given twice here: the first value would be lost",
                       "give each fact once (a missing 'player' line merges two players' facts)")
            return
        self.place(f"{path}.{fact.json_key}", n, rest[0][1])
        target[fact.json_key] = self.value(fact, rest, f"{path}.{fact.json_key}", n)

    # ---- the block layout -----------------------------------------------------------------------------------

    def round_path(self) -> str:
        return f"$.rounds[{len(self.doc['rounds']) - 1}]"

    def player_path(self) -> str:
        if self.rules.settings.rounds:
            return f"{self.round_path()}.players[{len(self.round['players']) - 1}]"
        return f"$.players[{len(self.doc['players']) - 1}]"

    def block_line(self, word: str, col: int, rest, n: int) -> None:
        if word == "round" and self.rules.settings.rounds:
            self.start_round(n, col, rest)
        elif word == "player":
            self.start_player(n, col, rest)
        elif self.player is not None:
            if not self.player_word(word, col, rest, n):
                self.unknown_block_word(word, col, n)
        elif self.round is not None and word in self.by_level["round"]:
            self.fact_line(self.by_level["round"][word], self.round_path(), self.round, n, col, rest)
        else:
            self.unknown_block_word(word, col, n)

    def start_round(self, n: int, col: int, rest) -> None:
        expected = len(self.doc["rounds"]) + 1
        if rest and rest[0][0] != str(expected):
            self.error(n, rest[0][1], f"expected 'round {expected}': rounds are written in order, from 1")
        self.round, self.player = {"players": []}, None
        self.doc["rounds"].append(self.round)
        self.place(self.round_path(), n, col)

    def start_player(self, n: int, col: int, rest) -> None:
        rounds = self.rules.settings.rounds
        players = self.round["players"] if rounds and self.round is not None else self.doc.get("players")
        if players is None:
            self.error(n, col, "a player belongs to a round: write 'round 1' first")
            return
        self.player = {"name": " ".join(unquote(t) for t, _ in rest)}
        players.append(self.player)
        self.place(self.player_path(), n, col)
        if rest:
            self.place(f"{self.player_path()}.name", n, rest[0][1])

    def player_word(self, word: str, col: int, rest, n: int) -> bool:
        """A line of the current player's block (a board row, side or border, the held piece, a fact), read;
        whether it was one."""
        if self.grid and _ROW.match(word):
            self.row(int(_ROW.match(word).group(1)), rest, n, col)
        elif self.grid and word in ("side", "border"):
            self.board_word(word, rest, n, col)
        elif word == self.rules.settings.held_family:
            self.player[word] = unquote(rest[0][0]) if rest else ""
            self.place(f"{self.player_path()}.{word}", n, rest[0][1] if rest else col)
        elif word in self.by_level[None]:
            self.fact_line(self.by_level[None][word], self.player_path(), self.player, n, col, rest)
        else:
            return False
        return True

    def unknown_block_word(self, word: str, col: int, n: int) -> None:
        if self.round is None and self.player is None and word in self.by_level[None]:
            where = "round" if self.rules.settings.rounds else "player"
            self.error(n, col, f"'{word}' belongs to a {where}: write '{where} …' first")
            return
        known = ["round", "player", *(self.by_level[None] if self.player is not None else
                                      self.by_level["round"] if self.round is not None else self.options)]
        self.error(n, col, f"unknown word '{word}'", did_you_mean(word, known) or "expected one of: "
                   + ", ".join(known))

    # ---- the line-per-player layout -------------------------------------------------------------------------

    def player_line(self, n: int, tokens) -> None:
        self.doc["players"].append({"name": unquote(tokens[0][0])})
        self.player = self.doc["players"][-1]
        path = self.player_path()
        self.place(path, n, tokens[0][1])
        self.place(f"{path}.name", n, tokens[0][1])
        rest = tokens[1:]
        family = self.rules.settings.held_family
        if family:
            if not rest:
                self.error(n, tokens[0][1], f"expected the {family} after the player's name")
                return
            self.player[family] = unquote(rest[0][0])
            self.place(f"{path}.{family}", n, rest[0][1])
            rest = rest[1:]
        facts = self.by_level[None]
        i = 0
        while i < len(rest):
            key, column = rest[i]
            fact = facts.get(key)
            if fact is None:
                self.error(n, column, f"unknown fact '{key}'", self._unknown_fact_hint(key, i, facts, family))
                return
            values = []
            i += 1
            # Cells per set take every following MEMBER:… word; every other fact takes one.
            while i < len(rest) and (not values or (fact.type == "cells" and fact.members and ":" in rest[i][0])):
                values.append(rest[i])
                i += 1
            if not values:
                self.error(n, column, f"expected a value after '{key}'")
                return
            self.fact_line(fact, path, self.player, n, column, values)

    def _unknown_fact_hint(self, key: str, i: int, facts, family: str | None) -> str:
        """Why a word stands where a fact's name was expected, in the likely cases: a name of two words not
        quoted (its second word is taken for the piece, the piece for a fact), or the piece left out."""
        if family and i == 0 and key in self.rules.gods:
            return f'a name of more than one word is written in quotes ("Cy Young") before the {family}'
        if family and i == 0 and re.fullmatch(r"-?\d+", key):
            return f"the {family} is missing, or a fact's name: `NAME {family.upper()} FACT VALUE …`"
        from orbis_dsl.records.sheets.reader import fact_hint

        return fact_hint(self.rules, key, facts) or "expected one of: " + ", ".join(facts)

    # ---- values ---------------------------------------------------------------------------------------------

    def value(self, fact, tokens, path: str, n: int):
        words = [w for w, _ in tokens]
        if fact.type == "cells" and fact.members:
            out: dict = {}
            for word, column in tokens:
                member, _, cells = word.partition(":")
                out[member] = _items([cells])
                self.place(f"{path}.{member}", n, column)
            return out
        if fact.type == "held":
            return [_held(fact, w) for w in _items(words)]
        if fact.type in ("cells", "waters", "list"):
            return _items(words)
        if fact.type == "crossings":
            return self.crossings(tokens, path, n)
        if fact.members:
            parts = words[0].split("/") if len(words) == 1 else words
            values = [_scalar(fact, p) for p in parts]
            return dict(zip(fact.members, values)) if len(values) == len(fact.members) else values
        return _scalar(fact, unquote(words[0])) if len(words) == 1 else [_scalar(fact, w) for w in words]

    def crossings(self, tokens, path: str, n: int) -> list:
        """Pairs of cells, `C5-D7` or jsnell's `C5:D7`, each placed at its own column; a word that is not a pair
        is said here, in the notation's words."""
        pairs, i = [], 0
        for word, column in tokens:
            at = column
            for item in word.split(","):
                if item not in ("", "-"):
                    parts = re.split(r"[-:]", item)
                    if len(parts) != 2 or not all(parts):
                        self.error(n, at, f"expected a pair of cells joined by '-', got '{item}'",
                                   "like C5-D7 (or C5:D7, as jsnell's logs write it); pairs are separated by ','")
                    else:
                        self.place(f"{path}[{i}]", n, at)
                        self.place(f"{path}[{i}][0]", n, at)
                        self.place(f"{path}[{i}][1]", n, at + len(parts[0]) + 1)
                        pairs.append(parts)
                        i += 1
                at += len(item) + 1
        return pairs

    def locate(self, diags: list[Diagnostic]) -> list[Diagnostic]:
        """Diagnostics of the JSON reader, each placed at the text that holds its path (or the nearest
        enclosing one)."""
        out = []
        for d in diags:
            path = d.path or "$"
            while path not in self.spans and path not in ("$", ""):
                path = _PARENT.sub("", path)
            span = self.spans.get(path)
            out.append(d._replace(span=span, path=None, file=self.file) if span else d)
        return sorted(out, key=lambda d: (d.span.line, d.span.column) if d.span else (1 << 30, 0))


def _no_equals(words, head: str) -> str | None:
    """The hint for `option NAME = VALUE`, the Orbis notation's form: a score sheet writes no `=`."""
    if len(words) == 3 and words[1][0] == "=":
        return f"drop the `=`: `{head}{words[0][0]} {words[2][0]}`"
    return None


def text_to_json(text: str, file: str, rules) -> tuple[dict | None, list[Diagnostic]]:
    """The JSON record a text gives, before it is checked: the record, or None and the mistakes of the text."""
    builder = _Builder(rules, file)
    doc = builder.build(text)
    return (None, builder.diags) if builder.diags else (doc, [])


def read_sheet_text(text: str, file: str, rules):
    """A text record read against the rules: (record, diagnostics), each diagnostic at its line and word."""
    from orbis_dsl.records.sheets.reader import read_sheet_doc

    builder = _Builder(rules, file)
    doc = builder.build(text)
    if builder.diags:
        return None, builder.diags
    record, diags = read_sheet_doc(doc, file, rules)
    return record, builder.locate(diags)
