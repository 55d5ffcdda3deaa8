"""Issue 15, item 3: `include` read any file and echoed it. `include "/etc/shadow"` printed its first line in
the error message, `/proc/self/environ` leaked the environment, symlinks and `../..` did the same, `/dev/zero`
ran to a MemoryError and a FIFO hung. Includes now resolve inside the rule set's folder (or the base game's
rules), only regular .orbis files up to the size limit are read, and nothing else is ever opened."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from robustness.hostile import ROOT, assert_refused, orbis

SECRET = "TOPSECRET-4f1c"  # a line no message may show


@pytest.fixture
def pack(tmp_path) -> Path:
    folder = tmp_path / "pack"
    folder.mkdir()
    (tmp_path / "secret.orbis").write_text(f"{SECRET}: x\n", encoding="utf-8")  # beside the pack, not in it
    return folder


def _check_pack(tmp_path: Path, pack: Path, text: str, env=None):
    (pack / "pack.orbis").write_text(text, encoding="utf-8")
    return orbis(tmp_path, "check", "--rules", pack, env=env)


@pytest.mark.parametrize("target", ["/etc/shadow", "/etc/passwd", "/proc/self/environ", "/dev/zero",
                                    "{secret}", "../secret.orbis", "../../../../../../etc/passwd",
                                    "sub/../../secret.orbis"])
def test_an_include_outside_the_pack_is_refused_without_reading_it(tmp_path, pack, target):
    target = target.format(secret=tmp_path / "secret.orbis")
    result = _check_pack(tmp_path, pack, f'include "{target}"\n', env={"ORBIS_SECRET_VAR": SECRET})
    stderr = assert_refused(result, "pack/pack.orbis:1:1:")
    assert SECRET not in stderr and "root:" not in stderr
    assert "include" in stderr


def test_a_symlinked_include_leading_out_of_the_pack_is_refused(tmp_path, pack):
    (pack / "innocent.orbis").symlink_to(tmp_path / "secret.orbis")
    stderr = assert_refused(_check_pack(tmp_path, pack, 'include "innocent.orbis"\n'), "pack/innocent.orbis:")
    assert SECRET not in stderr and "pack/pack.orbis:1:1:" in stderr


def test_a_pack_file_that_is_a_symlink_out_of_the_pack_is_not_read(tmp_path, pack):
    (pack / "leak.orbis").symlink_to(tmp_path / "secret.orbis")
    (pack / "environ.orbis").symlink_to("/proc/self/environ")
    stderr = assert_refused(orbis(tmp_path, "check", "--rules", pack, env={"ORBIS_SECRET_VAR": SECRET}))
    assert SECRET not in stderr and "outside" in stderr


def test_an_include_must_name_a_rule_file(tmp_path, pack):
    (pack / "notes.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    stderr = assert_refused(_check_pack(tmp_path, pack, 'include "notes.txt"\n'), "pack/pack.orbis:1:1:")
    assert SECRET not in stderr and ".orbis" in stderr


def test_a_fifo_in_the_pack_is_refused_not_waited_on(tmp_path, pack):
    os.mkfifo(pack / "pipe.orbis")
    stderr = assert_refused(_check_pack(tmp_path, pack, 'include "pipe.orbis"\n'))
    assert "regular file" in stderr


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_named_on_the_command_line_is_refused(tmp_path, device):
    stderr = assert_refused(orbis(tmp_path, "check", device))
    assert "regular file" in stderr


def test_a_huge_included_file_is_not_read_whole(tmp_path, pack):
    with (pack / "huge.orbis").open("wb") as file:  # sparse: 4 GB without using the disk
        file.truncate(4 << 30)
    stderr = assert_refused(_check_pack(tmp_path, pack, 'include "huge.orbis"\n'))
    assert "too large" in stderr


def test_includes_inside_the_pack_and_of_the_base_rules_still_work(tmp_path, pack):
    (pack / "sub").mkdir()
    (pack / "sub" / "extra.orbis").write_text('value extra_points = 2\n', encoding="utf-8")
    base = os.path.relpath(ROOT / "rules" / "orbis" / "game.orbis", pack)
    code, _stdout, stderr = _check_pack(tmp_path, pack, f'include "sub/extra.orbis"\ninclude "{base}"\n')
    assert code == 0, stderr
    code, _, stderr = orbis(tmp_path, "check", ROOT / "examples" / "variants" / "five_players.orbis")
    assert code == 0, stderr
