"""Issue 35, F9-F12: what `orbis` writes. `score game.json --svg game.json` (or `--png`) overwrote the record
without asking; `--png` reset a 0600 file to 0644; `fmt` on a symlinked rule file replaced the link by a new file,
left the target unformatted and said it had formatted it; a kill at the rename left `.NAME.xxxx.tmp` behind for
good. Now pictures refuse an existing file without --force and the game file always; every writer goes through
`write_atomic` (the mode kept); `fmt` formats a link's target and says so; and the next write to a place removes
the temporary file a killed writer left there."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import textwrap

import pytest
from robustness.hostile import ROOT, orbis

RECORD = ROOT / "examples" / "games" / "2p-first-game-new-box.json"
pil = pytest.importorskip


@pytest.fixture
def game(tmp_path):
    copy = tmp_path / "game.json"
    shutil.copyfile(RECORD, copy)
    return copy


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_a_picture_never_overwrites_the_game_file(tmp_path, game, kind):
    if kind == "png":
        pil("PIL")
    before = game.read_bytes()
    for extra in ([], ["--force"]):
        code, _, stderr = orbis(tmp_path, "score", game, f"--{kind}", game, *extra)
        assert code == 2 and "is the game file itself" in stderr and "Traceback" not in stderr
        assert game.read_bytes() == before
    (tmp_path / "link.json").symlink_to(game)  # by another name: still the record
    code, _, stderr = orbis(tmp_path, "score", "link.json", f"--{kind}", "game.json", "--force")
    assert code == 2 and game.read_bytes() == before


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_a_picture_keeps_an_existing_file_unless_forced(tmp_path, game, kind):
    if kind == "png":
        pil("PIL")
    picture = tmp_path / f"sheet.{kind}"
    picture.write_bytes(b"precious")
    code, _, stderr = orbis(tmp_path, "score", game, f"--{kind}", picture)
    assert code == 2 and "exists; give --force" in stderr and picture.read_bytes() == b"precious"
    picture.chmod(0o600)
    code, _, stderr = orbis(tmp_path, "score", game, f"--{kind}", picture, "--force")
    assert code == 0, stderr
    assert picture.read_bytes() != b"precious" and stat.S_IMODE(picture.stat().st_mode) == 0o600


def test_svg_and_png_into_one_file_is_refused(tmp_path, game):
    code, _, stderr = orbis(tmp_path, "score", game, "--svg", "x.img", "--png", "x.img")
    assert code == 2 and "both name" in stderr and not (tmp_path / "x.img").exists()


def test_fmt_on_a_symlink_formats_its_target_and_says_so(tmp_path):
    target = tmp_path / "real" / "rules.orbis"
    target.parent.mkdir()
    target.write_text("value   bonus=1\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.orbis"
    link.symlink_to(target)
    code, stdout, stderr = orbis(tmp_path, "fmt", "link.orbis")
    assert code == 0, stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "value bonus = 1\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert "real/rules.orbis" in stdout and "symlink link.orbis" in stdout


def test_a_temporary_file_left_by_a_kill_is_removed_by_the_next_write(tmp_path):
    """A writer killed between writing its temporary file and the rename (SIGKILL: no handler runs)."""
    out = tmp_path / "out.txt"
    script = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from orbis_dsl.common import files
        real_replace = os.replace
        def killed(src, dst):
            os.kill(os.getpid(), 9)
        os.replace = killed
        files.write_atomic(Path({str(out)!r}), "half")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".out.txt.")
    (tmp_path / ".other.txt.1.abcdefgh.tmp").write_text("not this place's")
    from orbis_dsl.common.files import write_atomic

    write_atomic(out, "whole\n")
    assert out.read_text() == "whole\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.txt.1.abcdefgh.tmp", "out.txt"]


def test_a_temporary_file_being_written_is_left_alone(tmp_path):
    from orbis_dsl.common.files import remove_stale_temporaries

    out = tmp_path / "out.txt"
    live = tmp_path / f".out.txt.{os.getppid()}.abcdefgh.tmp"  # the test runner's parent: alive
    live.write_text("being written")
    mine = tmp_path / f".out.txt.{os.getpid()}.abcdefgh.tmp"
    mine.write_text("this process's")
    assert remove_stale_temporaries(out) == [] and live.exists() and mine.exists()
