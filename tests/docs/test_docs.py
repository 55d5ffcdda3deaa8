"""The documentation is tested, not trusted.

- Every ```orbis block in docs/*.md parses; in this tutorial and the language reference it is also already in
  the layout `orbis fmt` gives.
- Every ```orbis block of the language reference checks clean: as a pack, or on its own when it declares its
  `game` (`<!-- continues -->`: with the block before it; `<!-- excerpt: PATH -->`: its lines are in PATH).
- A block preceded by `<!-- file: PATH -->` is a complete file: written to PATH (in a temporary folder, in the
  order of the document), it checks clean as a rule pack (PATH's top folder, or the file itself).
  `<!-- broken file: PATH -->` marks a file the text shows with a mistake on purpose (until a later block fixes it).
- docs/language.md shows every rule and every named terminal of grammar/rules.lark at least once.
- docs/authoring.md is followed literally: its files are written, its ```sh commands are run through the CLI,
  and each command's documented outcome (the ```text block after it; `<!-- exit: N -->` before it) is checked.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md"))
OURS = ("language.md", "authoring.md")  # written with `orbis fmt`: their rule blocks are in canonical layout

_BLOCK = re.compile(r"(?:<!--\s*(?P<marker>[^>]*?)\s*-->\n)?```(?P<lang>[\w-]*)\n(?P<body>.*?)^```", re.S | re.M)


class Block:
    def __init__(self, doc: Path, match: re.Match, text: str):
        self.doc = doc
        self.lang = match["lang"]
        self.body = match["body"]
        self.line = text[: match.start("lang")].count("\n") + 1
        marker = match["marker"] or ""
        file = re.fullmatch(r"(broken )?file:\s*(\S+)", marker)
        self.file = file[2] if file else None
        self.broken = bool(file and file[1])  # written as the tutorial says, but it does not check (on purpose)
        game = re.fullmatch(r"game:\s*(\S+)", marker)
        self.game = game[1] if game else None  # a standalone game's rule file: checked and compiled on its own
        totals = re.fullmatch(r"totals:\s*(.*?);\s*winners:\s*(.*)", marker)
        # a record of the game above it, with its hand-computed totals and winners
        self.totals = ({n: int(v) for n, v in (t.rsplit(" ", 1) for t in totals[1].split(", "))},
                       totals[2].split(", ")) if totals else None
        exit_marker = re.fullmatch(r"exit:\s*(\d+)", marker)
        self.exit = int(exit_marker[1]) if exit_marker else 0
        self.not_run = marker == "not run"
        self.continues = marker == "continues"  # the rest of the orbis block before it: checked with it
        excerpt = re.fullmatch(r"excerpt:\s*(\S+)", marker)
        self.excerpt = excerpt[1] if excerpt else None  # lines quoted from a file of the repository

    @property
    def where(self) -> str:
        return f"{self.doc.name}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    return [Block(doc, m, text) for m in _BLOCK.finditer(text)]


def orbis_blocks():
    return [pytest.param(b, id=b.where) for doc in DOCS for b in blocks(doc) if b.lang == "orbis"]


def test_the_docs_exist():
    names = {d.name for d in DOCS}
    assert {"language.md", "authoring.md"} <= names


@pytest.mark.parametrize("block", orbis_blocks())
def test_orbis_block_parses_and_is_formatted(block):
    from orbis_dsl.language.format.fmt import format_source
    from orbis_dsl.language.syntax.parse import parse_text

    tree, diags = parse_text(block.body, block.where)
    assert tree is not None, "\n".join(d.message for d in diags)
    if block.doc.name in OURS:
        formatted, diags = format_source(block.body, block.where)
        assert formatted == block.body, f"{block.where} is not in the canonical layout (run it through orbis fmt)"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_file_blocks_check_clean_as_packs(doc, tmp_path, monkeypatch):
    """Each `<!-- file: … -->` rule file, written in document order, leaves its pack clean at that point."""
    from orbis_dsl.common.diagnostics import render
    from orbis_dsl.language.packs.load import compile_pack

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    checked, broken = 0, set()
    for block in blocks(doc):
        if block.file is None:
            continue
        path = tmp_path / block.file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block.body, encoding="utf-8")
        (broken.add if block.broken else broken.discard)(block.file)
        if block.lang != "orbis" or broken:
            continue
        pack = tmp_path / Path(block.file).parts[0]
        compiled = compile_pack(pack)
        errors = [render(d, compiled.sources.texts) for d in compiled.diagnostics if d.is_error]
        assert not errors, f"{block.where}: " + "\n".join(errors)
        checked += 1
    if doc.name in OURS:
        assert checked, f"{doc.name} marks no complete rule file"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_game_blocks_check_clean_and_score_their_records(doc, tmp_path):
    """A `<!-- game: … -->` block is a whole game on its own: it checks and compiles, and each record after it
    marked `<!-- totals: NAME N, …; winners: NAME, … -->` scores to those totals."""
    from orbis_dsl.common.diagnostics import render
    from orbis_dsl.language.ruleset import compile_paths, rules_from_modules
    from orbis_dsl.records.sheets.reader import read_sheet_json
    from orbis_dsl.runtime.sheet import score_sheet

    rules = None
    for block in blocks(doc):
        if block.game is not None:
            path = tmp_path / block.game
            path.write_text(block.body, encoding="utf-8")
            compiled = compile_paths([path])
            errors = [render(d, compiled.sources.texts) for d in compiled.diagnostics if d.is_error]
            assert not errors, f"{block.where}: " + "\n".join(errors)
            rules = rules_from_modules(compiled.modules, f"doc_game_{path.stem.replace('-', '_')}")
        elif block.totals is not None:
            assert rules is not None, f"{block.where}: a record before any game block"
            record, diags = read_sheet_json(block.body, block.where, rules)
            assert record is not None, f"{block.where}: " + "; ".join(d.message for d in diags)
            report = score_sheet(rules, record, rules.settings.report_format)
            totals, winners = block.totals
            assert {p.name: p.total for p in report.players} == totals, block.where
            assert report.winners == winners, block.where


def test_every_language_block_checks_clean(tmp_path, monkeypatch):
    """Every orbis block of the reference checks: as a rule pack laid over the base game, or on its own when it
    declares its `game`. `<!-- continues -->` adds a block to the one before it; `<!-- excerpt: PATH -->` quotes
    lines of a rule file, each of which PATH holds. (A `<!-- file: … -->` block is checked in document order by
    test_file_blocks_check_clean_as_packs.)"""
    from orbis_dsl.common.diagnostics import render
    from orbis_dsl.language.packs.load import compile_pack
    from orbis_dsl.language.ruleset import compile_paths

    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    checked, text, where = 0, "", ""
    for block in [b for b in blocks(ROOT / "docs" / "language.md") if b.lang == "orbis"]:
        if block.excerpt is not None:
            held = (ROOT / block.excerpt).read_text(encoding="utf-8").splitlines()
            held += [line.split(" #")[0].rstrip() for line in held]  # a line may be quoted without its comment
            quoted = [line for line in block.body.splitlines() if line.strip() and not line.startswith("#")]
            assert all(line in held for line in quoted), f"{block.where}: not all in {block.excerpt}"
            continue
        if block.file is not None:
            continue
        text, where = (text + "\n" + block.body, where) if block.continues else (block.body, block.where)
        path = tmp_path / f"block{checked}" / "block.orbis"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        compiled = compile_paths([path]) if re.search(r'^game "', text, re.M) else compile_pack(path)
        errors = [render(d, compiled.sources.texts) for d in compiled.diagnostics if d.is_error]
        assert not errors, f"{block.where} (from {where}): " + "\n".join(errors)
        checked += 1
    assert checked >= 30


def _rule_names_and_terminals():
    """Every rule (or alias) that can appear in a parse tree, and every named terminal, of rules.lark."""
    from orbis_dsl.language.syntax.parse import rules_parser

    parser = rules_parser()
    rules = set()
    for rule in parser.rules:
        name = rule.origin.name
        name = getattr(name, "value", name)
        if rule.alias:
            rules.add(rule.alias)
        elif not name.startswith("_") and not rule.options.expand1:
            rules.add(name)
    from orbis_dsl.common.resources import grammar_path

    declared = set(re.findall(r"^([A-Z][A-Z_]*)(?:\.\d+)?\s*:", grammar_path("rules.lark").read_text(), re.M))
    terminals = {t.name for t in parser.terminals} & declared - {"COMMENT"}
    return rules - {"start"}, terminals


def test_language_reference_shows_every_construct():
    from lark import Token, Tree

    from orbis_dsl.language.syntax.parse import rules_parser

    seen_rules, seen_terminals = set(), set()
    for block in blocks(ROOT / "docs" / "language.md"):
        if block.lang != "orbis":
            continue
        tree = rules_parser().parse(block.body)
        for node in tree.iter_subtrees():
            seen_rules.add(node.data)
            for child in node.children:
                if isinstance(child, Token):
                    seen_terminals.add(child.type)
        assert isinstance(tree, Tree)
    rules, terminals = _rule_names_and_terminals()
    assert not rules - seen_rules, f"constructs without an example: {sorted(rules - seen_rules)}"
    assert not terminals - seen_terminals, f"terminals without an example: {sorted(terminals - seen_terminals)}"


def test_language_reference_names_every_keyword():
    """Every keyword of the grammar appears in the reference's examples."""
    from orbis_dsl.language.syntax.parse import rules_parser

    keywords = {t.pattern.value for t in rules_parser().terminals
                if t.pattern.type == "str" and re.fullmatch(r"[a-z ]+", t.pattern.value)}
    examples = " ".join(b.body for b in blocks(ROOT / "docs" / "language.md") if b.lang == "orbis")
    words = set(re.findall(r"[a-z]+", examples))
    missing = {k for k in keywords if not set(k.split()) <= words}
    assert not missing, f"keywords never shown: {sorted(missing)}"


# ---- the tutorial, followed literally ---------------------------------------------------------------------


@pytest.fixture
def orbis_app(monkeypatch):
    """The `orbis` app, with `fmt` and `new` registered when cli.py does not register them yet."""
    import typer

    from orbis_dsl.cli import app as cli
    from orbis_dsl.cli.fmt import fmt_cli
    from orbis_dsl.cli.scaffold import new_cli

    names = {c.name or c.callback.__name__ for c in cli.app.registered_commands}
    extra = typer.Typer()
    if "fmt" not in names:
        extra.command("fmt")(fmt_cli)
    if "new" not in names:
        extra.command("new")(new_cli)
    monkeypatch.setattr(cli.app, "registered_commands", [*cli.app.registered_commands, *extra.registered_commands])
    return cli.app


def _normalise(text: str) -> str:
    return " ".join(text.split())


def test_authoring_tutorial_works_as_written(tmp_path, monkeypatch, orbis_app):
    from typer.testing import CliRunner

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / ".cache"))
    monkeypatch.setenv("COLUMNS", "100")
    runner = CliRunner()
    doc_blocks = blocks(ROOT / "docs" / "authoring.md")
    ran = 0
    for n, block in enumerate(doc_blocks):
        if block.file is not None:
            path = tmp_path / block.file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.body, encoding="utf-8")
            continue
        if block.lang != "sh" or block.not_run:
            continue
        commands = [line for line in block.body.splitlines() if line.strip() and not line.startswith("#")]
        expected = doc_blocks[n + 1] if n + 1 < len(doc_blocks) and doc_blocks[n + 1].lang == "text" else None
        output = ""
        for command in commands:
            words = shlex.split(command, comments=True)
            assert words[0] == "orbis", f"{block.where}: the tutorial only runs `orbis` commands: {command}"
            result = runner.invoke(orbis_app, words[1:])
            output += result.stdout + result.stderr
            if result.exception and not isinstance(result.exception, SystemExit):
                raise result.exception
            want = block.exit if command is commands[-1] else 0
            assert result.exit_code == want, (f"{block.where}: `{command}` exited {result.exit_code}, "
                                              f"the tutorial says {want}\n{result.stdout}{result.stderr}")
            ran += 1
        if expected is not None:
            got = [_normalise(line) for line in output.splitlines()]
            for line in expected.body.splitlines():
                if line.strip() and line.strip() != "…":
                    assert any(_normalise(line) in g for g in got), (
                        f"{expected.where}: expected a line\n  {line}\nin the output of {block.where}:\n{output}")
    assert ran >= 6
