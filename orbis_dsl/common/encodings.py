"""A file that is not UTF-8: where it stops being UTF-8, and what to do about it, as a located diagnostic.

Game records and rule files are UTF-8 (a BOM allowed). Typed on Windows, a file is often saved as "ANSI"
(Latin-1 or Windows-1252) or as UTF-16 ("Unicode" in Notepad); Python's own words for that name a byte offset
and a codec. The diagnostic gives the line and column instead, shows the line (the bytes that do not decode as
U+FFFD), and says how to save the file.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Diagnostic, Span

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_SAVE_AS = "save the file again as UTF-8 (in Windows Notepad: File, Save As, Encoding: UTF-8)"


def not_utf8(shown: str, error: UnicodeDecodeError) -> tuple[Diagnostic, str]:
    """(the diagnostic, the file's text as far as it can be shown) for `error`, raised decoding a file's bytes."""
    data, start = bytes(error.object), error.start
    if data.startswith(_UTF16_BOMS):  # shown as what it says, at its start (the mark of UTF-16)
        text = data.decode("utf-16", "replace").replace("\r\n", "\n")
        return Diagnostic("this file is UTF-16 text, not UTF-8", span=Span(shown, 1, 1, 1, 2), hint=_SAVE_AS), text
    text = data.decode("utf-8", "replace")
    line = data.count(b"\n", 0, start) + 1
    line_start = data.rfind(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8", "replace")) + 1
    byte = data[start]
    seen = bytes([byte]).decode("cp1252", "replace")
    guess = f" (in a Windows or Latin-1 file, that byte is '{seen}')" if seen.isprintable() and seen != "\ufffd" else ""
    message = f"this file is not UTF-8 text: byte 0x{byte:02x} here is not part of a UTF-8 character{guess}"
    return Diagnostic(message, span=Span(shown, line, column, line, column + 1), hint=_SAVE_AS), text
