"""Text from files (player names, titles, rule names) shown on a terminal: control characters, bidirectional
controls and line separators escaped, never sent as they are.

A game file or rule pack passed around may carry `\\x1b]0;…` (retitles the terminal window), `\\x1b[2J` (clears
it), a carriage return (overwrites what was printed), NUL, or U+202E (shows the rest of the line reversed, so a
score may read as another). Rich drops only some of these. JSON output keeps its strings (JSON escapes
controls itself); everything printed for people goes through `shown`.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def shown(text: str) -> str:
    """`text` with every character that would act on the terminal written as a visible escape (`\\x1b`)."""
    return _UNSAFE.sub(_escape, text)


def shown_lines(text: str) -> str:
    """`shown`, line by line: the line breaks of the text itself are kept."""
    return "\n".join(shown(line) for line in text.split("\n"))


def same_width(text: str) -> str:
    """`text` with each such character replaced by one '�': a source line keeps its columns under a caret."""
    return _UNSAFE.sub("\ufffd", text)
