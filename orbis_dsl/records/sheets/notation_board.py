"""The board of a grid record in the text notation's block layout (records.sheet_notation): a board row by row
(`r2 . rbbr/nw.es:ruby@n bbbb:lit .`), each word a cell's edges, patches, marks and face; `side NAME`;
`border CELL DIRECTION MEMBER`.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.runtime.grid import DIRECTIONS, default_patches, layout

_LETTERS = {d[0]: d for d in DIRECTIONS}


class BoardWords:
    """A player's board as the notation types it, mixed into the notation's builder: it gives `grid`, `player`,
    `player_path`, `letters`, `mark_of`, `error` and `place`."""

    def board(self) -> dict:
        # No side typed: the JSON reader assumes the first and says so (the record does not).
        return self.player.setdefault(self.grid.name, {"cells": {}})

    def board_word(self, key: str, rest, n: int, col: int) -> None:
        board = self.board()
        path = f"{self.player_path()}.{self.grid.name}"
        if key == "side":
            board["side"] = self._folded(rest[0][0], self.grid.borders) if rest else None
            self.place(f"{path}.side", n, rest[0][1] if rest else col)
        elif len(rest) != 3:
            first = next(iter(layout(self.grid.shape)))
            self.error(n, col, f"expected 'border CELL DIRECTION MEMBER', like 'border {first} north "
                               f"{self.grid.edges[0]}'")
        else:
            direction = rest[1][0].lower()
            edge = f"{rest[0][0].lower()} {_LETTERS.get(direction, direction)}"
            board.setdefault("border", {})[edge] = self._folded(rest[2][0], self.grid.edges)
            self.place(f"{path}.border.{edge}", n, rest[0][1])

    def row(self, r: int, rest, n: int, col: int) -> None:
        cells = [cid for cid in layout(self.grid.shape) if cid.startswith(f"r{r}c")]
        if not cells:
            self.error(n, col, f"the board has rows r1 to r{len(self.grid.shape)}")
            return
        if len(rest) != len(cells):
            self.error(n, col, f"row r{r} has {len(cells)} spaces ({' '.join(cells)}); got {len(rest)} words",
                       hint="write '.' for an empty space")
            return
        board = self.board()
        for cid, (word, c) in zip(cells, rest):
            if word != ".":
                path = f"{self.player_path()}.{self.grid.name}.cells.{cid}"
                self.place(path, n, c)
                board["cells"][cid] = self.cell(word, path, n, c)

    @staticmethod
    def _folded(word: str, names) -> str:
        """A word typed in any letter case, as the name it is (`Front` for front); else as typed."""
        return next((name for name in names if name.lower() == word.lower()), word)

    def cell(self, word: str, path: str, n: int, c: int) -> dict:
        head, *marks = word.split(":")
        edges, _, patches = head.partition("/")
        # Any letter case (`RRBB`, `/NW.ES`, `:Ruby@E`): each letter or name as the grid declares it.
        edges = "".join(self._folded(ch, self.letters) for ch in edges)
        patches = patches.lower()
        for i, ch in enumerate(edges):
            if ch not in self.letters:
                self.error(n, c + i, f"unknown edge letter '{ch}'", "edges: " + ", ".join(
                    f"{letter} {member}" for letter, member in self.letters.items()))
        cell: dict = {"edges": [self.letters.get(ch, ch) for ch in edges]}
        for i in range(len(edges)):
            self.place(f"{path}.edges[{i}]", n, c + i)
        self.place(f"{path}.edges", n, c)
        if patches:
            cell["patches"] = [[_LETTERS.get(ch, ch) for ch in group] for group in patches.split(".")]
            self.place(f"{path}.patches", n, c + len(edges) + 1)
        offset = len(head) + 1
        for mark_word in marks:
            self.mark(cell, mark_word, path, n, c + offset)
            offset += len(mark_word) + 1
        return cell

    def mark(self, cell: dict, mark_word: str, path: str, n: int, c: int) -> None:
        member, _, at = mark_word.partition("@")
        member, at = self._folded(member, [*self.mark_of, *self.grid.faces]), at.lower()
        mark = self.mark_of.get(member)
        if mark is None and member in self.grid.faces:  # `:rough`: the face the cell's tile shows
            cell["face"] = member
            self.place(f"{path}.face", n, c)
            return
        if mark is None:
            known = [*self.mark_of, *self.grid.faces]
            self.error(n, c, f"unknown mark '{member}'", did_you_mean(member, known) or "marks: " + ", ".join(known))
            return
        if mark.name in cell:
            self.error(n, c, f"a second {mark.name} on one cell: a tile shows at most one")
            return
        if mark.in_patch:
            value: dict = {mark.set: member}
            count = len(cell["patches"]) if "patches" in cell else len(default_patches(cell["edges"]))
            if not at and count > 1:  # said in the notation's words (the JSON reader would say "patch")
                self.error(n, c + len(member), f"this tile has {count} areas: say which the {member} stands "
                                               f"in, after '@'", f"an edge letter (`:{member}@n`, e, s, w) or an "
                                               f"area's number, 0 to {count - 1} (`:{member}@0`)")
                return
            if at and not (at in _LETTERS or (at.isdigit() and int(at) < count)):
                self.error(n, c + len(member) + 1, f"'@{at}' names no area of this tile",
                           f"an edge letter (n, e, s, w) or an area's number, 0 to {count - 1}")
                return
            if at:
                value["patch"] = int(at) if at.isdigit() else _LETTERS.get(at, at)
            cell[mark.name] = value
        else:
            cell[mark.name] = member
        self.place(f"{path}.{mark.name}", n, c)
