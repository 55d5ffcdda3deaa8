"""The game notation's parser as a standalone module in `generated/`, written by Lark's own standalone generator.

Why: `orbis score GAME.orbisgame` is a one-shot command, and importing Lark (with its grammar loader) costs more
than reading and scoring the game. The standalone module carries only Lark's parsing runtime and the
precomputed LALR tables: loading it and reading a game takes about 40 % less time than with Lark. The rules
language keeps the full Lark: only `orbis compile` and packs parse rules.

Lark numbers its parser states and tokens in the order it meets them in sets, which differs from run to run;
the tables are renumbered here in a canonical order (breadth first from the start states, tokens by name) so
that the same grammar always gives the same file.
"""

from __future__ import annotations

import ast
import io

from lark import Lark
from lark.parsers.lalr_analysis import IntParseTable, Shift
from lark.tools.standalone import gen_standalone

# The reader builds the same parser when the module is stale.
from orbis_dsl.common.parser_cache import GAME_PARSER_OPTIONS
from orbis_dsl.common.resources import source_hash
from orbis_dsl.language.syntax.lark_patches import replace_parse_table


def canonical_table(table: IntParseTable) -> IntParseTable:
    """The same automaton with states numbered breadth first from the start states and actions sorted by token."""
    order: list[int] = []
    seen: set[int] = set()
    queue = [table.start_states[name] for name in sorted(table.start_states)]
    while queue:
        state = queue.pop(0)
        if state in seen:
            continue
        seen.add(state)
        order.append(state)
        for _, (action, arg) in sorted(table.states[state].items()):
            if action is Shift:
                queue.append(arg)
    order += sorted(set(table.states) - seen)  # unreachable states (none in an LALR automaton): kept, last
    number = {old: new for new, old in enumerate(order)}
    states = {
        number[old]: {token: (action, number[arg] if action is Shift else arg)
                      for token, (action, arg) in sorted(table.states[old].items())}
        for old in order
    }
    return IntParseTable(states, {name: number[s] for name, s in sorted(table.start_states.items())},
                         {name: number[s] for name, s in sorted(table.end_states.items())})


def render_game_parser(grammar_text: str, source_label: str) -> str:
    """The module's text: our header, then the generator's output for the canonical tables."""
    parser = Lark(grammar_text, **GAME_PARSER_OPTIONS)
    replace_parse_table(parser, canonical_table)  # (Lark's internals are patched in one module: lark_patches)
    out = io.StringIO()
    gen_standalone(parser, out=out)
    header = (
        "# generated — do not edit.\n"
        f"# source: {source_label!a}\n"
        f"# sha256: {source_hash(grammar_text)}\n"
        "# Regenerate with `orbis compile`; written by Lark's standalone generator (lark.tools.standalone).\n"
    )
    text = header + out.getvalue()
    ast.parse(text)  # never write a module Python cannot read
    return text
