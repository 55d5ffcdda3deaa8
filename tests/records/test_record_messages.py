"""What a new user typing a real game meets (issue 31): every message located at what it is about and said in the
words of the notation it was typed in, and every default a record leaves out said in a warning.

One mistake (or one left-out line) per file, parametrized by name:

- tests/corpus/mondo/ and tests/corpus/terra-mystica/*.tmgame: refused (exit 2), one error, at the line and
  column the file's first line states (`# expect: LINE:COL`; a JSON file's path is in its snapshot);
- tests/corpus/warnings/: scored (exit 0), each warning naming its player (and round) and what was assumed.

The stderr and the warnings are syrupy snapshots."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
REFUSED = sorted([*(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "mondo").iterdir()),
                  *(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "terra-mystica").glob("*.tmgame"))])
WARNED = sorted(p.name for p in (CORPUS / "warnings").iterdir())
ENV = {"NO_COLOR": "1", "COLUMNS": "160", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def orbis(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env=ENV)


def test_the_corpora_hold_a_file_for_each_item():
    assert len(REFUSED) >= 10 and len(WARNED) >= 6


@pytest.mark.parametrize("name", REFUSED)
def test_a_mistake_is_refused_at_what_it_is_about(name, snapshot):
    path = f"tests/corpus/{name}"
    result = orbis("score", path)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    errors = re.findall(r"^\S.*: error: .*$", result.stderr, flags=re.M)
    assert len(errors) == 1, result.stderr
    first = (ROOT / path).read_text(encoding="utf-8").splitlines()[0]
    if path.endswith(".json"):
        assert re.match(rf"{re.escape(path)}: \$[\w.\[\]]*: error: \S", errors[0]), errors[0]
    else:
        expect = re.fullmatch(r"# expect: (\d+):(\d+)", first)
        assert expect, f"{path} states where its mistake is on its first line"
        assert errors[0].startswith(f"{path}:{expect[1]}:{expect[2]}: error: "), errors[0]
        assert '"patch"' not in result.stderr and '["' not in result.stderr  # the notation's words, not JSON's
    assert result.stderr == snapshot


@pytest.mark.parametrize("name", WARNED)
def test_a_line_left_out_is_scored_and_what_was_assumed_is_said(name, snapshot):
    result = orbis("score", f"tests/corpus/warnings/{name}", "--json")
    assert result.exit_code == 0, result.output
    warnings = json.loads(result.stdout)["warnings"]
    assert warnings and all(w["where"] and not w["where"].startswith("$") for w in warnings)
    assert warnings == snapshot


def test_a_mondo_board_is_read_in_any_letter_case(tmp_path):
    """`Panda`, `FFFF`, `level Beginner`, `side Front`: as the other notations take names in any case."""
    doc = (ROOT / "docs" / "notation-mondo.md").read_text(encoding="utf-8")
    block = doc.split("```text\n", 1)[1].split("```", 1)[0]
    lower, upper = tmp_path / "lower.mondo", tmp_path / "upper.mondo"
    lower.write_text(block)
    shouted = re.sub(r"^(\s*r\d )(.*)$", lambda m: m[1] + m[2].upper(), block, flags=re.M)
    shouted = shouted.replace("level beginner", "level Beginner").replace("side front", "side Front")
    assert "WFFW/NW.ES:PANDA@1" in shouted
    upper.write_text(shouted)
    assert orbis("score", upper, "--json").stdout == orbis("score", lower, "--json").stdout
