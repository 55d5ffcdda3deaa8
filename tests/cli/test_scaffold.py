"""`orbis new god|kind|variant NAME`: a commented starting file that checks clean as a pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.cli.scaffold import new


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))


def _check(pack: Path):
    from orbis_dsl.common.diagnostics import render
    from orbis_dsl.language.packs.load import compile_pack

    compiled = compile_pack(pack)
    errors = [render(d, compiled.sources.texts) for d in compiled.diagnostics if d.is_error]
    assert not errors, "\n".join(errors)
    return compiled.model


@pytest.mark.parametrize("kind, name", [("god", "stargazer"), ("kind", "grove"), ("variant", "5p"),
                                        ("variant", "duo"), ("variant", "2p"), ("god", "love")])
def test_each_starting_file_checks_clean_alone_and_is_formatted(tmp_path, kind, name):
    from orbis_dsl.language.format.fmt import format_source

    path = new(kind, name, tmp_path / "mypack")
    assert path == tmp_path / "mypack" / f"{name}.orbis"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#") and f"orbis new {kind} {name}" in text  # commented
    assert format_source(text, path.name)[0] == text
    model = _check(tmp_path / "mypack")
    registry = {"god": model.gods, "kind": model.kinds, "variant": model.variants}[kind]
    assert name in registry


def test_all_three_together(tmp_path):
    pack = tmp_path / "pack"
    for kind, name in (("god", "stargazer"), ("kind", "lighthouse"), ("variant", "duo")):
        new(kind, name, pack)
    model = _check(pack)
    assert "stargazer" in model.gods and "lighthouse" in model.kinds and "duo" in model.variants
    assert model.kinds["lighthouse"].declared == ("likes", "cp")


def test_variant_players_follow_a_name_like_5p(tmp_path):
    model = _check(new("variant", "3p", tmp_path / "p").parent)
    variant = model.variants["3p"]
    assert (variant.players, variant.gods_revealed, variant.prizes["temple"]) == (3, 4, (9, 4, 2))
    assert "79" in new("variant", "5p", tmp_path / "q").read_text(encoding="utf-8")  # 9 + 14 x 5 tiles, noted


def test_refuses_to_overwrite(tmp_path):
    path = new("god", "stargazer", tmp_path)
    path.write_text("# mine\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        new("god", "stargazer", tmp_path)
    assert path.read_text(encoding="utf-8") == "# mine\n"


@pytest.mark.parametrize("kind, name", [("god", "9lives"), ("god", "my-god"), ("god", ""), ("kind", "if"),
                                        ("kind", "end"), ("god", "worshippers"), ("kind", "red"),
                                        ("kind", "orange"), ("kind", "desert_penalty"), ("variant", "five players"),
                                        ("variant", "a-b"), ("thing", "x")])
def test_refuses_bad_names(tmp_path, kind, name):
    with pytest.raises(ValueError):
        new(kind, name, tmp_path)
    assert not any(tmp_path.iterdir())


@pytest.fixture
def run(tmp_path, monkeypatch):
    import typer
    from typer.testing import CliRunner

    from orbis_dsl.cli import app as cli
    from orbis_dsl.cli.scaffold import new_cli

    if "new" not in {c.name or c.callback.__name__ for c in cli.app.registered_commands}:
        extra = typer.Typer()
        extra.command("new")(new_cli)
        monkeypatch.setattr(cli.app, "registered_commands", [*cli.app.registered_commands,
                                                             *extra.registered_commands])
    monkeypatch.chdir(tmp_path)
    return lambda *args: CliRunner().invoke(cli.app, list(args))


def test_the_command_writes_then_refuses(run, tmp_path):
    result = run("new", "kind", "lighthouse", "--dir", "mypack")
    assert result.exit_code == 0, result.stderr
    assert "wrote mypack/lighthouse.orbis" in result.stdout
    assert (tmp_path / "mypack" / "lighthouse.orbis").is_file()
    check = run("check", "--rules", "mypack")
    assert check.exit_code == 0 and check.stdout.startswith("ok:")
    again = run("new", "kind", "lighthouse", "--dir", "mypack")
    assert again.exit_code == 2 and "already exists" in again.stderr
    bad = run("new", "spell", "fireball")
    assert bad.exit_code == 2 and "god, kind, variant" in bad.stderr


def test_a_folder_that_cannot_be_made_is_an_error_not_a_traceback(run, tmp_path):
    (tmp_path / "afile").write_text("x")
    result = run("new", "god", "sun", "--dir", "afile/sub")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.exception
    assert "cannot write afile/sub/sun.orbis: Not a directory" in result.stderr


def _has(command: str) -> bool:
    from orbis_dsl.cli.app import app

    return command in {g.name for g in getattr(app, "registered_groups", [])} | {
        c.name or c.callback.__name__ for c in app.registered_commands}


@pytest.mark.skipif(not _has("variant"), reason="`orbis variant check` is not registered")
@pytest.mark.parametrize("name", ["2p", "3p", "4p", "duo"])
def test_a_starting_variant_for_two_to_four_players_can_be_played(run, name):
    assert run("new", "variant", name, "--dir", "p").exit_code == 0
    result = run("variant", "check", name, "--rules", "p")
    assert result.exit_code == 0, result.stdout + result.stderr


def test_a_kind_of_the_base_game_is_refused_saying_what_it_would_replace(tmp_path):
    """`orbis new kind stone` replaced the Sacred Stone, and the base tile list's 14 stones failed to check."""
    with pytest.raises(ValueError) as refused:
        new("kind", "stone", tmp_path / "p")
    assert str(refused.value) == (
        "'stone' is already a kind of the base game (Sacred Stone): a pack's kind of that name replaces it, and the "
        "base game's 14 Sacred Stone tiles would then need the new kind's parameters; choose another name (like "
        "my_stone), or pass --replace to start from a copy of the base Sacred Stone")
    assert not (tmp_path / "p").exists()


@pytest.mark.parametrize("kind, name", [("kind", "stone"), ("god", "love"), ("variant", "2p")])
def test_replace_starts_from_a_copy_of_the_base_declaration(tmp_path, kind, name):
    from orbis_dsl.language.format.fmt import format_source

    path = new(kind, name, tmp_path / "p", replace=True)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# A replacement of the base game's ") and f"orbis new {kind} {name} --replace" in text
    assert format_source(text, path.name)[0] == text
    model = _check(tmp_path / "p")  # the base tiles of a copied kind still check
    registry = {"god": model.gods, "kind": model.kinds, "variant": model.variants}[kind]
    assert registry[name].file.endswith(f"{name}.orbis")


def test_the_command_notes_a_god_it_replaces(run, tmp_path):
    result = run("new", "god", "love", "--dir", "mypack")
    assert result.exit_code == 0
    assert ("note: 'love' is a god of the base game (Goddess of Love): a pack's god of that name replaces it; choose "
            "another name to add a god beside it (or pass --replace to start from a copy of it)") in result.stderr
    refused = run("new", "kind", "stone", "--dir", "mypack")
    assert refused.exit_code == 2 and "pass --replace" in refused.stderr
    assert run("new", "kind", "stone", "--dir", "mypack", "--replace").exit_code == 0
    assert run("check", "--rules", "mypack").exit_code == 0
