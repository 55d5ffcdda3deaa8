"""A held piece's own check (`check "SENTENCE": COND` in a `task` block), and the one check of the game that says
what every piece's check means (`warn "task {t} ({t.check}): …" if … t.check … for each t in task`).

Elaboration makes that check once per piece that has one, in the piece's file and placed at the piece's `check`
line: `t` reads as the piece, `t.check` as its condition, `{t}` and `{t.check}` in the sentence as its name and
its sentence. What reaches the checker is plain checks, one per piece, as if each had been written out.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.language.check.expand import rebuild
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse, ast_scope, ast_sheet


class PieceChecks:
    """The game's checks over a family's pieces (templates), and each piece's own check."""

    def __init__(self, files):
        self.families = {d.name for f in files for d in f.decls if isinstance(d, ast_decl.FamilyDecl)}
        self.templates: dict[str, list] = {}  # family -> the checks `for each t in FAMILY`
        for rule_file in files:
            for decl in rule_file.decls:
                each = getattr(decl, "for_each", None)
                if isinstance(decl, ast_sheet.WarnDecl) and isinstance(each, ast_sheet.ForEach) \
                        and each.set in self.families:
                    self.templates.setdefault(each.set, []).append(decl)
        # A piece a pack replaces (a later declaration of its name): only the last one's check is made.
        self.last = {(d.family, d.name): d for f in files for d in f.decls if isinstance(d, ast_decl.PieceDecl)}
        self.diags: list[Diagnostic] = []

    def is_template(self, decl) -> bool:
        return any(decl is t for ts in self.templates.values() for t in ts)

    def piece(self, decl):
        """The piece without its check, then a check of the game's for each template of its family."""
        own = [m for m in decl.members if isinstance(m, ast_reuse.PieceCheck)]
        if not own:
            yield decl
            return
        yield attrs.evolve(decl, members=tuple(m for m in decl.members if not isinstance(m, ast_reuse.PieceCheck)))
        last = self.last.get((decl.family, decl.name))
        if last is not None and last.span != decl.span:  # (spans hold the file: a pack's piece is told apart)
            return
        for extra in own[1:]:
            self.diags.append(Diagnostic(f"{decl.family} {decl.name} has a second check: a piece has one",
                                         span=extra.span, hint=f"the first is at line {own[0].span.line}"
                                         if own[0].span else None))
        templates = self.templates.get(decl.family, [])
        if not templates:
            self.diags.append(Diagnostic(
                f"{decl.family} {decl.name}'s check is read by no check of the game", span=own[0].span,
                hint=f"say what it means once, e.g. `warn \"{{t}}: …\" if not t.check for each t in {decl.family}`"))
        for template in templates:
            yield self._instance(template, decl, own[0])

    def _instance(self, template, piece, check):
        name = template.for_each.name

        def visit(item):
            if isinstance(item, ast_expr.Ref) and item.name == name:
                return ast_expr.Ref(piece.name, span=item.span)
            if isinstance(item, ast_scope.FieldOf) and item.binder == name:
                if item.field != "check":
                    self.diags.append(Diagnostic(f"'{name}' is a {piece.family}: of it only `{name}.check` is read "
                                                 f"here, not '{item.field}'", span=item.span))
                    return item
                return check.cond
            return rebuild(item, visit)
        message = template.message.replace("{" + name + ".check}", check.text).replace("{" + name + "}", piece.name)
        return attrs.evolve(template, message=message, cond=visit(template.cond), for_each=None, span=check.span)
