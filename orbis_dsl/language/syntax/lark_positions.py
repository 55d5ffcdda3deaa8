"""Lark's position propagation, the same positions in fewer steps.

With `propagate_positions=True`, Lark wraps the callback of every grammar rule in a `PropagatePositions`: at each
reduction it finds the first and the last child that has a position (a token, or a subtree with one) and copies
their start and end into the new node's `meta`, beside "container" positions that carry the start of tokens an
inlined rule filtered out. It does so through generic lookups (`getattr` with defaults, a generator over the
children, a filter hook): 40 % of Lark's parse of a 256 kB rule file.

`LeanPositions` computes the same fields, in the same cases, with direct attribute reads: a subtree's meta has
its container fields whenever it is not empty (Lark sets both together), and a token has none. It replaces
Lark's wrapper only where that wrapper has no filter. tests/language/test_lark_positions.py compares every
node's positions with Lark's own on every bundled rule file and fails if the lean wrapper is not in use. A rule
that only hands its one child on (`?sum_expr: product`) gets no wrapper at all (ONLY_CHILD).
"""

from __future__ import annotations

from operator import itemgetter

from lark import Lark, Token, Tree
from lark.parse_tree_builder import PropagatePositions


class LeanPositions:
    """Lark's PropagatePositions (no node filter), with direct attribute reads."""

    __slots__ = ("node_builder",)

    def __init__(self, node_builder):
        self.node_builder = node_builder

    def __call__(self, children):
        res = self.node_builder(children)
        if not isinstance(res, Tree):
            return res
        meta = res.meta
        first = _first_position(children)
        if first is not None:
            if type(first) is Token or isinstance(first, Token):
                line, column, start = first.line, first.column, first.start_pos
            else:
                line, column, start = first.container_line, first.container_column, first.container_start_pos
            if not hasattr(meta, "line"):  # set already where the rule was inlined into its only child
                meta.line, meta.column, meta.start_pos, meta.empty = line, column, start, False
            meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
            last = _first_position(reversed(children))
            if type(last) is Token or isinstance(last, Token):
                line, column, end = last.end_line, last.end_column, last.end_pos
            else:
                line, column, end = last.container_end_line, last.container_end_column, last.container_end_pos
            if not hasattr(meta, "end_line"):
                meta.end_line, meta.end_column, meta.end_pos, meta.empty = line, column, end, False
            meta.container_end_line, meta.container_end_column, meta.container_end_pos = line, column, end
        return res


def _first_position(children):
    """The first child with a position: a token, or the meta of a subtree that has one (Lark's `_pp_get_meta`)."""
    for child in children:
        if type(child) is Token:
            return child
        if child is None:
            continue
        if isinstance(child, Tree):
            meta = child._meta
            if meta is not None and not meta.empty:
                return meta
        elif isinstance(child, Token):
            return child
        elif hasattr(child, "__lark_meta__"):
            return _Container(child.__lark_meta__())
    return None


class _Container:
    """A position some other object gives (`__lark_meta__`), its container fields filled as Lark reads them."""

    def __init__(self, meta):
        for field in ("line", "column", "start_pos", "end_line", "end_column", "end_pos"):
            setattr(self, "container_" + field, getattr(meta, "container_" + field, getattr(meta, field)))


# The callback of a rule that always gives its one child back: `?sum_expr: product`, and every other step of the
# precedence chain that each number or name of an expression climbs (nine reductions from `atom` to `expr`). Lark
# hands the child on unchanged (ExpandSingleChild) and then propagates positions from the child to the child
# itself, which changes nothing; itemgetter does the first in C and skips the second.
ONLY_CHILD = itemgetter(0)


def install_lean_positions(parser: Lark) -> int:
    """Swap the parser's position wrappers for `LeanPositions`, or for `ONLY_CHILD` where a rule only hands its
    one child on. Returns how many were swapped."""
    callbacks = getattr(getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None),
                        "callbacks", None)
    if not isinstance(callbacks, dict):
        return 0
    swapped = 0
    for rule, callback in callbacks.items():
        if type(callback) is PropagatePositions and callback.node_filter is None:
            callbacks[rule] = ONLY_CHILD if hands_on_its_child(rule) else LeanPositions(callback.node_builder)
            swapped += 1
    return swapped


def hands_on_its_child(rule) -> bool:
    """Whether Lark's tree for `rule` is always its one child: an inlined rule (`?`), not renamed, of one symbol
    that is kept as it is (a rule not itself spliced in, `_name`, or a token not filtered out), with no
    placeholder for an optional part to add a second child."""
    options = rule.options
    if not options.expand1 or rule.alias or len(rule.expansion) != 1 or any(options.empty_indices or ()):
        return False
    symbol = rule.expansion[0]
    return not symbol.filter_out if symbol.is_term else not symbol.name.startswith("_")
