"""common/paths.py: path questions answered "no" where the operating system refuses to look."""

from __future__ import annotations

from orbis_dsl.common.paths import exists, is_dir, is_file, not_found, resolved, why_unreadable


def test_a_plain_file_and_folder_are_seen(tmp_path):
    (tmp_path / "f").write_text("x")
    assert exists(tmp_path / "f") and is_file(tmp_path / "f") and not is_dir(tmp_path / "f")
    assert is_dir(tmp_path) and resolved(tmp_path / "f") == (tmp_path / "f").resolve()
    assert why_unreadable(tmp_path / "f") is None and why_unreadable(tmp_path / "missing") is None


def test_a_name_too_long_is_not_there_and_says_why(tmp_path):
    long = tmp_path / ("a" * 300)
    assert not exists(long) and not is_dir(long) and not is_file(long)
    assert why_unreadable(long) == "File name too long"
    assert not_found("rule pack", "P", long) == "cannot read P: File name too long"


def test_a_loop_of_symlinks_cannot_be_resolved(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    assert resolved(tmp_path / "a") is None and not exists(tmp_path / "a")
    assert not_found("file", "a", tmp_path / "a") == "cannot read a: Too many levels of symbolic links"


def test_a_missing_file_is_said_to_be_missing(tmp_path):
    assert not_found("sweep spec", "s.toml", tmp_path / "s.toml") == "no such sweep spec: s.toml"
