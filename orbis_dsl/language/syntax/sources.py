"""Reading a rule set: its files (a folder: every `.orbis` below it) and, transitively, their includes, each parsed
once, and a rule pack's files as a second layer laid over them."""

from __future__ import annotations

from pathlib import Path

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.common.encodings import not_utf8
from orbis_dsl.common.paths import exists, not_found, resolved
from orbis_dsl.common.resources import display_path
from orbis_dsl.language.syntax import ast_decl
from orbis_dsl.language.syntax.parse import MAX_READ_BYTES, Parsed, parse_rule_file
from orbis_dsl.language.syntax.rule_files import (
    LeadsOutside,
    ReadRefused,
    allowed_roots,
    is_inside,
    read_confined,
    resolve_include,
    rule_files_in,
)


@attrs.frozen
class SourceSet:
    """Every rule file of a rule set, in a deterministic order, with their texts for diagnostics."""

    files: tuple[ast_decl.RuleFile, ...]
    texts: dict[str, str]
    paths: dict[str, Path]
    # 0 for the base rules, 1 for a rule pack laid over them: a pack's declarations replace the base's.
    layers: dict[str, int] = attrs.field(factory=dict)
    # The files with syntax errors (not in `files`): a rule set with any is not checked further.
    unparsed: tuple[str, ...] = ()

    def text_at(self, span: Span | None) -> str | None:
        """The text written at a span (a declaration's, to copy it), or None when its file's text is not kept or
        the span is not in it."""
        text = self.texts.get(span.file) if span is not None and span.end_line is not None else None
        if text is None:
            return None
        lines = text.split("\n")  # as Lark counts lines
        if not 1 <= span.line <= span.end_line <= len(lines):
            return None
        if span.line == span.end_line:
            return lines[span.line - 1][span.column - 1:span.end_column - 1]
        first, last = lines[span.line - 1][span.column - 1:], lines[span.end_line - 1][:span.end_column - 1]
        return "\n".join([first, *lines[span.line:span.end_line - 1], last])


class _Loader:
    """Reads rule files and their includes depth first, without recursion (an include chain may be long)."""

    def __init__(self):
        self.diagnostics: list[Diagnostic] = []
        self.files: list[ast_decl.RuleFile] = []
        self.texts: dict[str, str] = {}
        self.paths: dict[str, Path] = {}
        self.layers: dict[str, int] = {}
        self.unparsed: list[str] = []
        self.seen: set[Path] = set()

    def read(self, path: Path, span: Span | None, layer: int, roots: tuple[Path, ...]) -> tuple[str, Parsed] | None:
        """The file's name as shown and the file parsed, or None when it was read already or cannot be read (said
        in a diagnostic)."""
        real = resolved(path) or path.absolute()  # (unresolvable, it is refused below as outside the roots)
        if real in self.seen:
            return None
        self.seen.add(real)
        shown = display_path(path)
        try:
            if not is_inside(path, roots):  # a symlink in a pack's folder pointing out of it: name the link
                raise LeadsOutside("")
            # opened with no symlink followed and checked where it lies before a byte is read: a file swapped for
            # a symlink after the check above is refused, not read (issue 35, F1)
            text = read_confined(path, roots, MAX_READ_BYTES)
        except LeadsOutside:
            shown = str(Path(display_path(path.parent)) / path.name)
            self.diagnostics.append(Diagnostic(f"{shown} leads outside the rule set's folder (a symlink?); "
                                               "it is not read", span=span, file=shown))
            return None
        except FileNotFoundError:
            self.diagnostics.append(Diagnostic(f"no such rule file: {shown}", span=span, file=shown))
            return None
        except ReadRefused as error:
            self.diagnostics.append(Diagnostic(f"cannot read {shown}: {error.message}", span=span, file=shown))
            return None
        except UnicodeDecodeError as error:
            problem, self.texts[shown] = not_utf8(shown, error)
            self.diagnostics.append(problem)
            return None
        except OSError as error:
            self.diagnostics.append(Diagnostic(f"cannot read {shown}: {error}", span=span, file=shown))
            return None
        self.texts[shown], self.paths[shown], self.layers[shown] = text, real, layer
        parsed = parse_rule_file(text, shown)
        self.diagnostics.extend(parsed.diagnostics)
        if parsed.tree is None and parsed.diagnostics:
            self.unparsed.append(shown)
        return shown, parsed

    def visit(self, root: Path, layer: int, roots: tuple[Path, ...]) -> None:
        # A file is appended after its includes: what a file builds on comes first. The includes of a file with
        # syntax errors (those that parsed) are read too, for their own mistakes; the file itself has no tree.
        stack: list[tuple[str, ast_decl.RuleFile | None, list[ast_decl.Include]]] = []
        read = self.read(root, None, layer, roots)
        if read is not None:
            stack.append((read[0], read[1].tree, list(read[1].includes)))
        while stack:
            shown, tree, includes = stack[-1]
            if not includes:
                stack.pop()
                if tree is not None:
                    self.files.append(tree)
                continue
            include = includes.pop(0)
            try:
                target = resolve_include(self.paths[shown], include.path, roots)
            except ReadRefused as error:
                self.diagnostics.append(Diagnostic(error.message, span=include.span))
                continue
            read = self.read(target, include.span, layer, roots)
            if read is not None:
                stack.append((read[0], read[1].tree, list(read[1].includes)))


def load_sources(paths: list[Path], pack: list[Path] | None = None) -> tuple[SourceSet, list[Diagnostic]]:
    """Parse the given files (folders: every `.orbis` below them) and, transitively, their includes;
    then the files of a rule pack, as a second layer."""
    loader = _Loader()
    for layer, group in enumerate((paths, pack or [])):
        for path in group:
            shown = display_path(path)
            if not exists(path):
                loader.diagnostics.append(Diagnostic(not_found("file or folder", shown, path), file=shown))
                continue
            found = rule_files_in(path)
            if not found:
                loader.diagnostics.append(Diagnostic(f"no .orbis rule files in {shown}", file=shown))
            roots = allowed_roots(path)
            for file in found:
                loader.visit(file, layer, roots)
    return (SourceSet(tuple(loader.files), loader.texts, loader.paths, loader.layers, tuple(loader.unparsed)),
            loader.diagnostics)
