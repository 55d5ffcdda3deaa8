"""Issue 35, F1: a rule file was checked with `realpath` and then opened by name, following symlinks. Someone who
may write into a pack's folder could swap a file for a symlink between the check and the open, and the first line
of a file outside the pack (here a `chmod 600` secret) came back in an error message: 158 times in 36,852 loads.
Rule files are now opened without following any symlink, walking from the root's descriptor, and the descriptor's
real path is checked before a byte is read (`rule_files.read_confined`).

The race runs for a fixed number of loads, never for a time: a thread swaps the file for a symlink and back as
fast as it can while the loads go on."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from orbis_dsl.language.syntax.sources import load_sources

SECRET = "TOPSECRET-race-9d2e"
LOADS = 3000  # the old code leaked about once in 230 loads: a dozen times in this many


@pytest.fixture
def racing_pack(tmp_path):
    """A pack whose `b.orbis` a thread keeps swapping between a rule file and a symlink to a secret beside the
    pack; yields (pack, a function stopping the thread and giving the number of swaps)."""
    secret = tmp_path / "secret.orbis"
    secret.write_text(f"{SECRET} the first line\n", encoding="utf-8")
    secret.chmod(0o600)
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "a.orbis").write_text('include "b.orbis"\n', encoding="utf-8")
    target = pack / "b.orbis"
    target.write_text("# nothing here\n", encoding="utf-8")
    stop, swaps = threading.Event(), [0]

    def swap() -> None:
        link, plain = pack / ".link", pack / ".plain"
        while not stop.is_set():
            os.symlink(secret, link)
            os.replace(link, target)
            plain.write_text("# nothing here\n", encoding="utf-8")
            os.replace(plain, target)
            swaps[0] += 1

    thread = threading.Thread(target=swap, daemon=True)
    thread.start()

    def stopped() -> int:
        stop.set()
        thread.join(10)
        return swaps[0]

    yield pack, stopped
    stop.set()


def test_a_symlink_swapped_in_during_the_loads_never_shows_the_secret(racing_pack):
    pack, stopped = racing_pack
    leaks, refused = 0, 0
    for _ in range(LOADS):
        sources, diagnostics = load_sources([pack])
        shown = " ".join(d.message for d in diagnostics) + " ".join(sources.texts.values())
        leaks += SECRET in shown
        refused += bool(diagnostics)
    swaps = stopped()
    assert swaps > 100, "the swapping thread hardly ran: the race was not tried"
    assert leaks == 0, f"the secret was read in {leaks} of {LOADS} loads"
    assert refused > 0, "no load ever met the symlink: the race was not tried"


def test_a_confined_read_refuses_a_symlink_out_and_reads_one_in(tmp_path):
    from orbis_dsl.language.syntax.rule_files import ReadRefused, allowed_roots, read_confined

    pack = tmp_path / "pack"
    pack.mkdir()
    (tmp_path / "secret.orbis").write_text(SECRET, encoding="utf-8")
    (pack / "real.orbis").write_text("# in\n", encoding="utf-8")
    (pack / "inside.orbis").symlink_to("real.orbis")
    (pack / "out.orbis").symlink_to(tmp_path / "secret.orbis")
    (pack / "sub").symlink_to(tmp_path)  # a folder leading out
    roots = allowed_roots(pack)
    assert read_confined(pack / "inside.orbis", roots, 1000) == "# in\n"
    for name in ("out.orbis", "sub/secret.orbis"):
        with pytest.raises(ReadRefused, match="outside"):
            read_confined(pack / name, roots, 1000)


def test_the_descriptor_is_checked_where_it_really_lies(tmp_path, monkeypatch):
    """Even when the walk were fooled, the opened descriptor's own path (/proc/self/fd) decides."""
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("no /proc/self/fd here")
    from orbis_dsl.language.syntax import rule_files
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_confined

    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "a.orbis").write_text("# a\n", encoding="utf-8")
    monkeypatch.setattr(rule_files, "_walk_open", lambda root, parts: os.open(tmp_path / "pack" / "a.orbis",
                                                                               os.O_RDONLY))
    with pytest.raises(ReadRefused, match="outside"):
        read_confined(pack / "a.orbis", (tmp_path / "elsewhere",), 1000)


def test_an_include_naming_a_nul_is_refused_not_a_traceback(tmp_path):
    """Found while fuzzing for issue 35: a NUL in a path made `Path.resolve()` raise ValueError (a traceback)."""
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "a.orbis").write_text('include "a\\u0000b.orbis"\n', encoding="utf-8")
    _, diagnostics = load_sources([tmp_path / "pack"])
    assert any("include must stay inside" in d.message for d in diagnostics), diagnostics
