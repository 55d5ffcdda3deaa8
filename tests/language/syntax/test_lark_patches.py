"""Lark's internals are patched in one module (syntax/lark_patches.py), on a pinned major version: every patch the
module's docstring lists is installed on the rules parser, and no other module of the package reaches into the
Lark internals the patches change."""

from __future__ import annotations

import re
import tomllib

import lark
from repo_files import ROOT

from orbis_dsl.language.syntax import lark_patches
from orbis_dsl.language.syntax.parse import rules_lark

PACKAGE = ROOT / "orbis_dsl"
# What a patch of Lark writes: a lexer's scanner builder, callbacks, terminals or lexing loop, a parse table.
_PATCHING = re.compile(r"\.(_build_scanner|_scanner|_parse_table|callbacks\[[^\]]+\]|terminals|lex)\s*=(?!=)")


def test_lark_is_pinned_to_the_major_version_the_patches_were_written_for():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [d for d in project["project"]["dependencies"] if d.startswith("lark")]
    assert pins == ["lark>=1.2,<2"]
    assert lark.__version__.split(".")[0] == "1"


def test_every_listed_patch_is_installed_on_a_fresh_rules_parser():
    parser = rules_lark()  # (already patched once here; each install counts what it finds patched or to patch)
    assert lark_patches.install_lean_positions(parser) == 0  # every wrapper was swapped already
    fresh = lark.Lark((ROOT / "grammar" / "rules.lark").read_text(encoding="utf-8"), parser="lalr",
                      propagate_positions=True, maybe_placeholders=True)
    assert lark_patches.install_keyword_lookup(fresh) > 0
    assert lark_patches.install_whole_words(fresh) > 0
    assert lark_patches.install_lean_positions(fresh) > 0
    assert lark_patches.install_fast_lexing(fresh) is True
    assert isinstance(parser.parser.lexer.lex, lark_patches.FastLexing)
    for name in ("install_keyword_lookup", "install_whole_words", "install_lean_positions", "install_fast_lexing",
                 "Reductions"):
        assert f"`{name}`" in lark_patches.__doc__


def test_no_other_module_patches_lark():
    found = [f"{path.relative_to(ROOT)}:{number}" for path in PACKAGE.rglob("*.py") if path.name != "lark_patches.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _PATCHING.search(line)]
    assert found == []
