"""Files that are not UTF-8 (saved as "ANSI" or UTF-16 by Windows editors): a located message that says how to
save the file, from every command that reads one, never Python's codec message."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app
from orbis_dsl.common.diagnostics import render
from orbis_dsl.common.encodings import not_utf8


def _error(data: bytes) -> UnicodeDecodeError:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return error
    raise AssertionError("decodes")


def test_the_place_is_the_line_and_column_of_the_first_byte_that_is_not_utf8():
    diagnostic, text = not_utf8("g.orbisgame", _error("game \"x\"\nplayer \"Zoé\" god love".encode("latin-1")))
    assert (diagnostic.span.line, diagnostic.span.column) == (2, 11)
    assert "byte 0xe9" in diagnostic.message and "'é'" in diagnostic.message
    assert "save the file again as UTF-8" in diagnostic.hint
    shown = render(diagnostic, {"g.orbisgame": text})
    assert '2 | player "Zo\ufffd" god love' in shown and shown.splitlines()[2].index("^") == shown.splitlines()[
        1].index("\ufffd")


def test_utf16_is_named_and_shown_as_it_reads():
    diagnostic, text = not_utf8("g.json", _error('{"format": "orbis-game/1"}\r\n'.encode("utf-16")))
    assert diagnostic.message == "this file is UTF-16 text, not UTF-8"
    assert (diagnostic.span.line, diagnostic.span.column) == (1, 1) and text.startswith('{"format"')


def test_a_byte_no_legacy_encoding_prints_is_not_guessed():
    diagnostic, _ = not_utf8("g", _error(b"abc\x81"))  # unassigned in Windows-1252
    assert "byte 0x81" in diagnostic.message and "that byte is" not in diagnostic.message


@pytest.fixture
def latin1_pack(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "gods.orbis").write_bytes('god seer "The Seer, Zoé\'s god" {\n  end: 1\n}\n'.encode("latin-1"))
    return pack


@pytest.mark.parametrize("command", [["check", "--rules"], ["fmt"]])
def test_rule_commands_locate_it(latin1_pack, command):
    result = CliRunner().invoke(app, [*command, str(latin1_pack)])
    assert result.exit_code == 2
    assert "gods.orbis:1:23: error: this file is not UTF-8 text" in result.stderr, result.stderr
    assert "codec" not in result.stderr and "Traceback" not in result.stderr


def test_fmt_formats_a_file_with_a_byte_order_mark(tmp_path):
    rule_file = tmp_path / "x.orbis"
    rule_file.write_bytes(b'\xef\xbb\xbfgod seer "S" {\r\n  end: 1\r\n}\r\n')
    result = CliRunner().invoke(app, ["fmt", str(rule_file)])
    assert result.exit_code == 0, result.output
    assert rule_file.read_text(encoding="utf-8") == 'god seer "S" {\n  end: 1\n}\n'


def test_replay_and_sweep_locate_it(tmp_path):
    log = tmp_path / "game.log"
    log.write_bytes("# Zoé's game\n".encode("latin-1"))
    spec = tmp_path / "sweep.toml"
    spec.write_bytes("# Zoé\ngames = 10\n".encode("latin-1"))
    for args, shown in ((["replay", str(log)], "game.log:1:5"), (["sweep", str(spec)], "sweep.toml:1:5")):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2
        assert f"{shown}: error: this file is not UTF-8 text" in result.stderr, result.stderr
