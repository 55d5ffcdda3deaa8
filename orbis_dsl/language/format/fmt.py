"""`orbis fmt`: the canonical layout of a rule file, comments kept.

The layout is printed from Lark's parse tree (not from the syntax tree, which forgets the order of a variant's
clauses and how a label or a string was written): one declaration per line, two spaces inside blocks, a blank
line around every block, canonical spacing around operators, parentheses only where precedence needs them,
tile lines aligned in columns, and end-of-line comments of neighbouring lines aligned.

The work is split by stage: `fmt_comments` parses with the comments kept and attaches each to its declaration,
`fmt_decls` holds the layout of each kind of declaration (a table), `fmt_expr` the layout of expressions, types
and lists and how a line too wide breaks; this module assembles the file and checks the result. The command
(`orbis fmt`) is `cli/fmt.py`.

A file with syntax errors is parsed again as `orbis check` parses it (`parse.parse_text`), so that it is told
every one of them in the words `orbis check` uses. `format_source` checks its own work before returning it: the
result must parse to the same syntax tree and keep every comment, or it returns None with a diagnostic rather
than a file that means something else; so too when the result would be longer than a rule file may be.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from lark.exceptions import UnexpectedInput

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.format.comments import Attacher, Item, comment_parser, comment_text
from orbis_dsl.language.format.decls import block_header, decl_lines, tile_cells
from orbis_dsl.language.format.expr import INDENT, WIDTH, kids
from orbis_dsl.language.syntax.lark_errors import syntax_diagnostic
from orbis_dsl.language.syntax.parse import MAX_SOURCE_BYTES, parse_text, parsed_from_tree
from orbis_dsl.language.syntax.rule_files import rule_files_in

__all__ = ["INDENT", "WIDTH", "format_source", "rule_files"]


class _Line:
    """One output line: code, a comment, a blank, or a tile line (aligned later) — with an end-of-line comment."""

    __slots__ = ("cells", "comment", "text", "what")

    def __init__(self, what: str, text: str = "", comment: str | None = None, cells=None):
        self.what, self.text, self.comment, self.cells = what, text, comment, cells


def _emit(out: list[_Line], item: Item, indent: str, blank_first: bool) -> None:
    if blank_first and out:
        out.append(_Line("blank"))
    _emit_leading(out, item, indent)
    node = item.node
    if node.data == "tile_decl":
        out.append(_Line("tile", comment=item.trailing, cells=tile_cells(node)))
    elif not item.block:
        _emit_decl(out, item, indent)
    elif not item.members and not item.tail:
        comments = [c for c in (item.header_comment, item.closing_comment) if c]
        out.append(_Line("code", indent + block_header(node) + "}", " ".join(comments) or None))
    else:
        _emit_block(out, item, indent)


def _emit_leading(out: list[_Line], item: Item, indent: str) -> None:
    """The comments above a declaration, their blank lines kept, and a blank line before it if one was there."""
    for n, (text, blank) in enumerate(item.leading):
        if blank and n > 0:
            out.append(_Line("blank"))
        out.append(_Line("comment", indent + text))
    if item.leading and item.blank_node:
        out.append(_Line("blank"))


def _emit_decl(out: list[_Line], item: Item, indent: str) -> None:
    """A declaration that is not a block: its lines, the end-of-line comment on the last."""
    lines = decl_lines(item.node, indent)
    for n, line in enumerate(lines):
        out.append(_Line("code", line, item.trailing if n == len(lines) - 1 else None))


def _emit_block(out: list[_Line], item: Item, indent: str) -> None:
    """A block with members or comments inside: its header, each member, the comments that close it, `}`."""
    out.append(_Line("code", indent + block_header(item.node), item.header_comment))
    inner = indent + INDENT
    for n, member in enumerate(item.members):
        _emit(out, member, inner, blank_first=n > 0 and member.blank_first)
    for n, (text, blank) in enumerate(item.tail):
        if blank and (n > 0 or item.members):
            out.append(_Line("blank"))
        out.append(_Line("comment", inner + text))
    out.append(_Line("code", indent + "}", item.closing_comment))


def _render(items: list[Item], tail: list[tuple[str, bool]]) -> str:
    out: list[_Line] = []
    previous = None
    for item in items:
        forced = previous is not None and (item.block or previous.block)
        _emit(out, item, "", blank_first=previous is not None and (forced or item.blank_first))
        previous = item
    for text, blank in tail:
        if blank and out:
            out.append(_Line("blank"))
        out.append(_Line("comment", text))
    _align_tiles(out)
    return _join(out)


def _align_tiles(out: list[_Line]) -> None:
    """Tile lines not separated by another declaration (comments and blank lines aside) share column widths;
    two spaces set the effect apart from the cost."""
    run: list[_Line] = []
    for line in [*out, _Line("code")]:
        if line.what == "tile":
            run.append(line)
        elif line.what == "code" and run:
            widths = [max(len(r.cells[i]) for r in run) for i in range(5)]
            for r in run:
                r.text = " ".join(c.ljust(w) for c, w in zip(r.cells[:5], widths)) + "  " + r.cells[5]
            run = []


def _join(out: list[_Line]) -> str:
    """The lines as text; end-of-line comments of consecutive lines line up two spaces after the longest code."""
    text: list[str] = []
    n = 0
    while n < len(out):
        line = out[n]
        if line.comment is None:
            text.append("" if line.what == "blank" else line.text.rstrip())
            n += 1
            continue
        group = [line]
        while n + len(group) < len(out) and out[n + len(group)].comment is not None:
            group.append(out[n + len(group)])
        column = max(len(g.text.rstrip()) for g in group) + 2
        text.extend(g.text.rstrip().ljust(column) + g.comment for g in group)
        n += len(group)
    return "\n".join(text) + "\n" if text else ""


def format_source(text: str, file: str):
    """The canonical layout of one rule file: (text, []) — or (None, diagnostics) when it does not parse or,
    never expected, when the layout would not parse back to the same syntax tree with the same comments."""
    if len(text) > MAX_SOURCE_BYTES:
        return parse_text(text, file)  # (None, the size limit's diagnostic)
    source = text.replace("\r\n", "\n").replace("\r", "\n")
    if source != text:  # a file `orbis check` refuses as it is is refused, whatever it is with "\n" line ends
        errors = _syntax_errors(text, source, file)
        if errors:
            return None, errors
    # One Lark parse gives the layout its tree and comments and gives the syntax tree to compare with: fmt's
    # parser reads the grammar with the options `orbis check` reads it with. (Parsing the file again as `orbis
    # check` does, and the layout twice, doubled the time of `fmt`: 2.3 s for a 256 kB file of gods.)
    parser = comment_parser()
    try:
        tree, comments = parser.parse(source)
    except UnexpectedInput as error:
        # First as `orbis check` reads it: a file that does not parse gets the same errors, in the same words.
        return None, _syntax_errors(text, source, file) or [syntax_diagnostic(parser.lark, error, file)]
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    before = parsed_from_tree(tree, file)
    if before.tree is None:
        return None, before.diagnostics
    attacher = Attacher(source)
    try:
        items, tail = attacher.container(kids(tree), comments, 0)
        result = _render(items, tail)
    except RecursionError:
        return None, [Diagnostic("the file nests expressions too deeply", span=Span(file, 1, 1))]
    if len(result) > MAX_SOURCE_BYTES:
        # Columns and spacing can make the layout longer than the file, and `orbis check` would refuse that.
        return None, [Diagnostic(f"the canonical layout of this file would be too large to read "
                                 f"({len(result):,} characters; a rule file holds at most "
                                 f"{MAX_SOURCE_BYTES:,}); the file is left as it is", span=Span(file, 1, 1),
                                 hint="split it into files that include one another")]
    if not _same_meaning(parser, result, file, before.tree, comments):
        return None, [Diagnostic("internal error: the canonical layout of this file would change its meaning or "
                                 "lose a comment; the file is left as it is", span=Span(file, 1, 1))]
    return result, []


def _syntax_errors(text: str, source: str, file: str) -> list[Diagnostic]:
    """The syntax errors `orbis check` finds in the file (and, where they differ, in it with its line ends made
    "\n": a lone carriage return in a string ends the string's line then); none when it reads the file."""
    before, diags = parse_text(text, file)
    if before is not None and source != text:
        before, diags = parse_text(source, file)
    return diags if before is None else []


def _same_meaning(parser, result: str, file: str, before, comments) -> bool:
    """Whether the layout parses to the same syntax tree, with the same comments."""
    try:
        tree, new_comments = parser.parse(result)
    except (UnexpectedInput, RecursionError):
        return False
    after = parsed_from_tree(tree, file).tree
    return after == before and Counter(map(comment_text, comments)) == Counter(map(comment_text, new_comments))


def rule_files(paths: list[Path]) -> list[Path]:
    """The `.orbis` files the paths name: files as given, folders searched below."""
    return [file for path in paths for file in rule_files_in(path)]
