"""Stage 2, hex maps: the `hexmap` declaration, facts of cells on it, and `largest group(…)`.

Mixed into the checker, which provides `error`, `diags`, `expr`, `expect` and `facts`.
"""

from __future__ import annotations

from orbis_dsl.common.colours import SHOWN
from orbis_dsl.common.diagnostics import unknown
from orbis_dsl.language.syntax import ast_expr, ast_sheet

# Fact types read against the rule set's hex map: a list of cells, a list of crossings (pairs of cells).
MAP_FACT_TYPES = ("cells", "crossings", "waters")


class HexMapChecker:
    hexmap: ast_sheet.HexMapDecl | None = None

    def check_hexmap(self, decl: ast_sheet.HexMapDecl | None) -> None:
        self.hexmap = decl
        if decl is None:
            return
        if decl.water is None or len(decl.water) != 1 or decl.water.isspace():
            self.error("a hexmap needs its water symbol, one character: `water \".\"`", decl.span)
        if not decl.rows:
            self.error("a hexmap needs at least one row: `row A: \"U S . G\"`", decl.span)
        labels: set[str] = set()
        for label, symbols in decl.rows:
            if label in labels:
                self.error(f"row '{label}' is listed twice", decl.span)
            labels.add(label)
            cells = symbols.split()
            if not cells:
                self.error(f"row '{label}' has no cells", decl.span)
            for symbol in cells:
                if len(symbol) != 1:
                    self.error(f"row '{label}': '{symbol}' is not one character; separate the cells with spaces",
                               decl.span)
                    break
        self._player_colors(decl)

    def _player_colors(self, decl: ast_sheet.HexMapDecl) -> None:
        """`player colors by VALUE: …`: a declared value picks the colour; every colour is one the views can draw."""
        if not decl.player_colors:
            return
        value, colours = decl.player_colors
        if value not in self.values:
            self.diags.append(unknown("value", value, sorted(self.values), decl.colors_span or decl.span))
        for colour in colours:
            if colour not in SHOWN:
                self.diags.append(unknown("colour to draw", colour, sorted(SHOWN), decl.colors_span or decl.span))

    def member_list_fact(self, decl: ast_sheet.FactDecl) -> None:
        """`list of SET`: a list of the set's members (no flag: a member is listed or not)."""
        if decl.type.choices[1]:
            self.error(f"only a list of held pieces has a flag; '{decl.type.choices[0]}' is a set", decl.type.span)
        if decl.per is not None:
            self.error("a list of set members is given once, not per member of a set", decl.span)

    def map_fact(self, decl: ast_sheet.FactDecl) -> None:
        """A fact of cells or crossings: it needs the map (the checker refuses a range on anything but a number)."""
        if self.hexmap is None:
            self.error(f"a fact of {decl.type.name} needs a `hexmap` to name the cells of", decl.type.span)

    def _e_Size(self, e: ast_expr.Size, ctx) -> str:
        target = e.target
        name = target.name if isinstance(target, (ast_expr.Ref, ast_expr.Index)) else None
        fact = self.facts.get(name) if name else None
        if fact is None or fact.type.name not in (*MAP_FACT_TYPES, "list"):
            listed = [n for n, f in self.facts.items() if f.type.name in (*MAP_FACT_TYPES, "list")]
            self.error("'size' counts the items of a list fact (cells, crossings, set members or held pieces)", e.span,
                       hint="the list facts: " + ", ".join(listed) if listed else None)
            return "?"
        if isinstance(target, ast_expr.Index):
            if fact.per is None:
                self.error(f"'{name}' is not given per member of a set", target.span)
                return "?"
            key = self.expr(target.key, ctx)
            if key not in ("?", "member:" + fact.per):
                self.error(f"'{name}' is given per member of {fact.per}", target.key.span,
                           hint="expected one of: " + ", ".join(self.sets.get(fact.per, ())))
        return "int?"

    def _e_LargestGroup(self, e: ast_expr.LargestGroup, ctx) -> str:
        fact = self.facts.get(e.fact)
        if fact is None:
            self.diags.append(unknown("fact", e.fact, [n for n, f in self.facts.items()
                                                       if f.type.name == "cells"], e.span))
        elif fact.type.name != "cells":
            self.error(f"'largest group' needs a fact of cells, and '{e.fact}' is of {fact.type.name}", e.span)
        self._links(e.links, ctx)
        self._links(e.parts, ctx)
        if e.between:
            members = self.sets.get(fact.per, ()) if fact is not None and fact.per else ()
            if fact is not None and not fact.per:
                self.error(f"'by span between' needs a fact of cells per member of a set, and '{e.fact}' is not",
                           e.span)
            for member in e.between if members else ():
                if member not in members:
                    self.diags.append(unknown(f"member of {fact.per}", member, members, e.span))
        return "int?"

    def _links(self, links, ctx) -> None:
        """The links of a `largest group(…)` (or of its `by parts(…)`): each once, each fact of the right type."""
        kinds = [link.kind for link in links]
        for link in links:
            if kinds.count(link.kind) > 1 and link.kind not in ("joined", "beside"):
                self.error(f"the link '{link.kind}' is given twice", link.span)
            if link.kind in ("joined", "beside"):
                want, words = ("crossings", "joined by") if link.kind == "joined" else ("waters", "beside")
                joined = self.facts.get(link.fact)
                if joined is None:
                    self.diags.append(unknown("fact", link.fact, [n for n, f in self.facts.items()
                                                                  if f.type.name == want], link.span))
                elif joined.type.name != want:
                    self.error(f"'{words}' needs a fact of {want}, and '{link.fact}' is of "
                               f"{joined.type.name}", link.span)
            if link.reach is not None:
                self.expect(link.reach, ctx, "int", "a reach")
            if link.cond is not None:
                self.expect(link.cond, ctx, "bool", f"the condition after '{'unless' if link.negate else 'if'}'")
