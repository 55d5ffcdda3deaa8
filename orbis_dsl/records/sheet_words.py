"""The words of a line of a score sheet's text notation: a quoted string is one word, `#` starts a comment
outside quotes, and a quote left open is found (it would otherwise drop silently out of the words); and the values
they write: lists, scalars, held pieces."""

from __future__ import annotations

import re

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[^\s"]+')


def _scan(line: str) -> tuple[int, int | None]:
    """(where the comment starts, or the line's length; the column of a quote left open, or None): one pass that
    knows quoted text, in which `#` is text and `\\"` is a quote."""
    opened, escaped = None, False
    for index, ch in enumerate(line):
        if opened is None and ch == "#":
            return index, None
        if opened is not None and ch == "\\" and not escaped:
            escaped = True
            continue
        if ch == '"' and not escaped:
            opened = index + 1 if opened is None else None
        escaped = False
    return len(line), opened


def unterminated_quote(line: str) -> int | None:
    """The column of a quote that opens text the line never closes (before any comment), or None."""
    return _scan(line)[1]


def unquote(token: str) -> str:
    return token[1:-1].replace('\\"', '"').replace("\\\\", "\\") if token.startswith('"') else token


def tokens(line: str) -> list[tuple[str, int]]:
    """(word, column) of each word before a comment; a quoted string is one word."""
    return [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(line[:_scan(line)[0]])]


def items(words: list[str]) -> list[str]:
    """A list written `A,B` or as words (`-` for none)."""
    return [item for word in words if word not in ("-", "") for item in word.split(",") if item]


def scalar(fact, word: str):
    if word in ("-", "none", "null"):
        return None
    if fact.type == "bool":
        return {"yes": True, "no": False, "true": True, "false": False}.get(word, word)
    if fact.type == "enum":
        return unquote(word)
    return int(word) if re.fullmatch(r"-?\d{1,9}", word) else unquote(word)


def held(fact, word: str):
    """`C1`, `C1+` (the flag yes), `C1-` (no), `C3+5` (yes, the piece printing 5 points)."""
    m = re.fullmatch(r"([^+\-]+)([+\-])?(\d+)?", word)
    if m is None or not fact.flag:
        return word
    item: dict = {"id": m.group(1)}
    if m.group(2):
        item[fact.flag] = m.group(2) == "+"
    if m.group(3):
        item["points"] = int(m.group(3))
    return item
