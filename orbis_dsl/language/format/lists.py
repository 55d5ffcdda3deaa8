"""`orbis fmt` layouts of the list and across-players expressions (grammar: `list_count`, `list_position`,
`list_distinct`, `player_sum`), by parse-tree rule; `fmt_expr` adds them to its table."""

from __future__ import annotations


def _name(item) -> str:
    """A token's text, or the text of a `name` tree."""
    return str(item) if not hasattr(item, "children") else str(item.children[0])


# Each layout takes the rule's children (None left out) and fmt's `expr(tree, min_level)`. The item before `in`
# is a `sum_expr`: anything looser than `+` (level 5) goes in parentheses.
LIST_LAYOUTS = {
    "list_count": lambda k, expr: f"count({expr(k[0], 5)} in {_name(k[1])})",
    "list_position": lambda k, expr: f"position({expr(k[0], 5)} in {_name(k[1])})",
    "list_distinct": lambda k, expr: f"distinct({_name(k[0])})",
    "player_sum": lambda k, expr: f"sum({expr(k[1])} over players)",
}
