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


# Inside quotes: \" and \\, and the characters no line may hold as they are (\n, \r, \t, \uXXXX); any other
# backslash is itself.
_ESCAPE = re.compile(r'\\(["\\nrt]|u[0-9a-fA-F]{4})')
_CONTROL = {"n": "\n", "r": "\r", "t": "\t"}
_NAMED = {v: k for k, v in _CONTROL.items()}
_BARE = re.compile(r'[^\s"#]+')  # a word that reads back as itself (\s: every character that ends a line, too)


def unquote(token: str) -> str:
    if not token.startswith('"'):
        return token
    return _ESCAPE.sub(lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) == 5
                       else _CONTROL.get(m.group(1), m.group(1)), token[1:-1])


def quoted(text: str, keywords=()) -> str:
    """`text` as one word that `tokens` and `unquote` read back as it is: bare when it can be (and is not one of
    `keywords`, the words a line may start with), else in quotes with its escapes."""
    if _BARE.fullmatch(text) and text.isprintable() and text not in keywords:
        return text
    return '"' + "".join(_escaped(ch) for ch in text) + '"'


def _escaped(ch: str) -> str:
    if ch in '"\\':
        return "\\" + ch
    if ch in _NAMED:
        return "\\" + _NAMED[ch]
    # A control character, or one that would end the line (str.splitlines splits at \x85, \u2028 …).
    return f"\\u{ord(ch):04x}" if not ch.isprintable() and ord(ch) <= 0xFFFF else ch


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
    if fact.type == "enum":  # any letter case (`Largest_Lake`): the choice as declared
        word = unquote(word)
        return next((c for c in fact.choices if c.lower() == word.lower()), word)
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
