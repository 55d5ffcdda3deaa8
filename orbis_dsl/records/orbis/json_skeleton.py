"""How the record reader parses a well-formed record's text fast: its skeleton, with each tile's text looked up.

This is parsing, not checking: every check is the record reader's (json_reader.py), which reads the skeleton's
document as it reads any other, and takes each tile's verdict from what its tile checks said of that very text
before (or checks it now). Whenever anything is not as a well-formed record has it, the reader gives up on the
skeleton and reads the text parsed whole; so every message comes from a document parsed whole.

The text is split at its braces into a skeleton, where each innermost object (a tile, the options) stands as a
mark, and those objects' insides (`marked`). The C parser reads the skeleton; a batch of records spells the
game's few hundred tiles the same way every time, so most tiles are one dict lookup of their text at C speed.
Splitting at braces is blind to strings, which is safe: the marks must be found exactly where tiles and the
options belong, as many as there are insides (`Marks.done`), and each inside must be an object by itself; a
brace in a string leaves a skeleton that does not parse, or a mark in a string or in another place, so a count
that does not match. Then the text is the skeleton with each mark (a whole number token, in a value's place)
replaced by an object's text, in order: it parses to the skeleton's document with each mark read as its object.
"""

from __future__ import annotations

import json

from orbis_dsl.records.json_text import may_hold_long_numbers

# The mark: a number of 13 digits, which no text read this way holds (the reader takes the skeleton only when
# json_text.may_hold_long_numbers is false). Records hold no fractions, so the skeleton's parser refuses them:
# else 1e12 would equal the mark.
MARK = 10**12
_MARK_TEXT = str(MARK)


class NotSkeleton(Exception):
    """The skeleton is not a well-formed record's: the reader reads the text parsed whole instead."""


def _refuse_fraction(text: str):
    raise ValueError(f"not a whole number: {text}")


_decode = json.JSONDecoder(parse_float=_refuse_fraction).decode


def _marked(text: str) -> tuple[list[str], list[str]]:
    """The text with each innermost object (one that holds no other) replaced by the mark, as its pieces (the
    text's own at even places, a mark or a closing brace between), and those objects' insides (the text between
    their braces), in order."""
    skeleton, insides = [], []
    pieces = text.split("}")
    for piece in pieces[:-1]:
        before, brace, inside = piece.rpartition("{")
        if brace:
            skeleton.append(before)
            skeleton.append(_MARK_TEXT)
            insides.append(inside)
        else:  # the end of an object that holds others: keep its brace
            skeleton.append(piece)
            skeleton.append("}")
    skeleton.append(pieces[-1])
    return skeleton, insides


def skeleton_of(text: str) -> tuple[dict, Marks] | None:
    """The skeleton's document and its marks, or None where the skeleton does not parse to an object."""
    pieces, insides = _marked(text)
    skeleton = "".join(pieces)
    try:
        doc = _decode(skeleton)
    except (ValueError, RecursionError):
        return None
    if type(doc) is not dict:
        return None
    marks = Marks(insides, doc, skeleton)
    # The text outside its innermost objects, each gap a NUL (no run of digits joins across one): where the batch
    # looks for a number too long to read (json_reader.clean_skeleton), the objects' insides being looked at when
    # they are read.
    marks.outside = "\0".join(pieces[0::2])
    return doc, marks


class Marks:
    """The insides of one text's innermost objects, in the order their marks stand in the text: the options
    (before or after the players), then the tiles, player by player and row by row."""

    __slots__ = ("insides", "next", "options_at", "options_taken", "outside", "skeleton")

    def __init__(self, insides: list[str], doc: dict, skeleton: str = ""):
        self.insides = insides
        self.skeleton = skeleton
        self.outside = ""
        self.options_taken = False
        keys = list(doc)
        before = "options" in doc and "players" in doc and keys.index("options") < keys.index("players")
        self.options_at = 0 if before else len(insides) - 1
        self.next = 1 if before else 0  # the next tile's inside

    def options(self, mark) -> dict:
        """The options object a mark stands for."""
        if type(mark) is not int or mark != MARK or not 0 <= self.options_at < len(self.insides):
            raise NotSkeleton
        self.options_taken = True
        return object_of(self.insides[self.options_at])

    def colons(self) -> int:
        """The ':'s of the text outside its tiles: the skeleton's, and the options' when they were taken."""
        count = self.skeleton.count(":")
        return count + self.insides[self.options_at].count(":") if self.options_taken else count

    def row(self, row: list) -> list[str]:
        """The texts of a row's tiles: the row must be marks, one a tile (no other value equals the mark)."""
        width = len(row)
        if row != [MARK] * width:
            raise NotSkeleton
        return self.take(width)

    def take(self, count: int) -> list[str]:
        """The next `count` tiles' texts (fewer when the text has fewer: the caller finds None among them)."""
        start = self.next
        self.next = start + count
        texts = self.insides[start:self.next]
        if len(texts) != count:
            raise NotSkeleton
        return texts

    def done(self, options: bool) -> bool:
        """Every inside taken: no mark stood anywhere else."""
        return self.next + (options and self.options_at == self.next) == len(self.insides)


def object_of(inside: str) -> dict:
    """The object `{` + inside + `}`: an innermost object's inside must be one object by itself, holding no run of
    digits too long for a number (the batch looks for one only outside the innermost objects and in each as it
    is read: Marks.outside; a tile's text found among those read before was looked at then)."""
    if may_hold_long_numbers(inside):
        raise NotSkeleton
    try:
        obj = json.loads("{" + inside + "}")
    except (ValueError, RecursionError) as error:
        raise NotSkeleton from error
    if type(obj) is not dict:
        raise NotSkeleton
    return obj
