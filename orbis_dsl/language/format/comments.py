"""`orbis fmt`, comments: which declaration or block member each belongs to.

Comments never reach the parse tree (`%ignore COMMENT`): a second Lark instance built from the same grammar
collects them through a lexer callback, and each is attached to the declaration or block member it sits in,
before, or after. Blank lines the author left between declarations are kept (several become one).
"""

from __future__ import annotations

from orbis_dsl.language.format.decls import block_members
from orbis_dsl.language.syntax.parse import rules_lark

_BLOCKS = {"game_decl", "piece_decl", "award_decl", "variant_decl", "facedown_decl", "resource_decl", "marker_decl",
           "grid_decl", "hexmap_decl"}


class CommentingParser:
    """The rules grammar, parsed exactly like `parse.rules_parser` but with every comment token collected: its
    words read the same way (keywords by lookup, whole words only where no name may come), so that the two accept
    the same files."""

    def __init__(self):
        self.comments: list = []
        self.lark = rules_lark(lexer_callbacks={"COMMENT": self.comments.append})

    def parse(self, text: str):
        self.comments.clear()
        tree = self.lark.parse(text)
        seen, comments = set(), []
        for token in self.comments:
            if (token.line, token.column) not in seen:  # a lexer may report a token twice; keep one
                seen.add((token.line, token.column))
                comments.append(token)
        comments.sort(key=lambda c: (c.line, c.column))
        return tree, comments


_PARSER: CommentingParser | None = None


def comment_parser() -> CommentingParser:
    global _PARSER
    if _PARSER is None:
        _PARSER = CommentingParser()
    return _PARSER


class Item:
    """A declaration or block member with the comments that belong to it."""

    def __init__(self, node):
        self.node = node
        self.start = (node.meta.line, node.meta.column)
        self.end_line = node.meta.end_line
        self.block = node.data in _BLOCKS
        self.inside: list = []  # comment tokens within the item's lines
        self.moved: list[str] = []  # comments from inside the item, printed just before it
        self.leading: list[tuple[str, bool]] = []  # (comment, blank line before it) before the item
        self.blank_first = False  # a blank line before everything of the item
        self.blank_node = False  # a blank line between its leading comments and its first line
        self.trailing: str | None = None  # the end-of-line comment of its (last) line
        self.header_comment: str | None = None  # blocks: after `{`
        self.closing_comment: str | None = None  # blocks: after `}`
        self.members: list[Item] = []
        self.tail: list[tuple[str, bool]] = []  # blocks: comments after the last member


class Attacher:
    def __init__(self, text: str):
        self.lines = text.split("\n")

    def blank_between(self, after: int, before: int) -> bool:
        """Whether a blank line lies strictly between source lines `after` and `before` (1-based)."""
        return any(not self.lines[i - 1].strip() for i in range(after + 1, before))

    def full_line(self, comment) -> bool:
        return not self.lines[comment.line - 1][: comment.column - 1].strip()

    def container(self, nodes, comments, opened_at: int):
        """The items of a file or block, each with its comments; and the comments after the last item."""
        items = [Item(n) for n in nodes]
        loose = []
        for c in comments:
            if self.full_line(c):
                holder = next((i for i in items if i.start[0] < c.line < i.end_line), None)
            else:
                holder = None
                for i in items:
                    if i.start <= (c.line, c.column) and c.line <= i.end_line:
                        holder = i
            (holder.inside if holder is not None else loose).append(c)
        for item in items:
            self.block(item) if item.block else self.settle(item)
        things = sorted([(i.start[0], 1, i) for i in items] + [(c.line, 0, c) for c in loose],
                        key=lambda x: (x[0], x[1]))
        pending: list[tuple[str, bool]] = []
        previous = opened_at
        for line, is_item, thing in things:
            if not is_item:
                pending.append((comment_text(thing), self.blank_between(previous, line)))
                previous = line
                continue
            blank = self.blank_between(previous, line)
            if pending:
                thing.blank_first = pending[0][1]
                thing.leading = pending + [(m, False) for m in thing.moved]
                if thing.moved:
                    thing.leading[len(pending)] = (thing.moved[0], blank)
                else:
                    thing.blank_node = blank
            else:
                thing.blank_first = blank
                thing.leading = [(m, False) for m in thing.moved]
            pending = []
            previous = thing.end_line
        return items, pending

    def settle(self, item: Item) -> None:
        """Comments inside a declaration: its last end-of-line comment trails it, the others go before it."""
        eol = [c for c in item.inside if not self.full_line(c)]
        last = eol[-1] if eol else None
        item.moved = [comment_text(c) for c in item.inside if c is not last]
        item.trailing = comment_text(last) if last is not None else None

    def block(self, item: Item) -> None:
        members = block_members(item.node)
        closing_line = item.end_line
        first_member = members[0].meta.line if members else closing_line + 1
        inner, header = [], []
        closing_column = item.node.meta.end_column
        for c in item.inside:
            in_member = any(m.meta.line <= c.line <= m.meta.end_line for m in members)
            after_brace = c.line == closing_line and c.column >= closing_column
            if not self.full_line(c) and not in_member and c.line < first_member:
                header.append(c)
            elif (not self.full_line(c) and item.closing_comment is None
                  and (after_brace or (not in_member and c.line == closing_line))):
                item.closing_comment = comment_text(c)
            else:
                inner.append(c)
        if header:
            item.moved = [comment_text(c) for c in header[:-1]]
            item.header_comment = comment_text(header[-1])
        item.members, item.tail = self.container(members, inner, item.start[0])


def comment_text(comment) -> str:
    return str(comment).rstrip()
