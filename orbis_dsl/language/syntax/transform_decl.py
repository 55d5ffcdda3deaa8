"""The Lark transformer, part 2: declarations (the game, names and numbers, pieces and their members, effects,
variants, tiles) and the rule file. Builds syntax nodes and nothing else."""

from __future__ import annotations

from lark import Token, v_args

from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse
from orbis_dsl.language.syntax.literals import number, unquote
from orbis_dsl.language.syntax.transform_expr import NodeBuilder, once_only, span_of


@v_args(meta=True, inline=True)
class DeclBuilder(NodeBuilder):
    """Top-level declarations, the members of pieces, effects, variants and tiles."""

    def start(self, meta, *decls):
        return ast_decl.RuleFile(self.file, tuple(decls), span=self._s(meta))

    def include(self, meta, path):
        return ast_decl.Include(unquote(path), span=self._s(meta))

    def game_decl(self, meta, game_id, title, *members):
        fields, lines = once_only(members)
        return ast_decl.GameDecl(unquote(game_id), unquote(title) if title else None, fields.get("record"),
                                 fields.get("report"), lines=lines, span=self._s(meta))

    def extends_decl(self, meta, game_id):
        return ast_decl.ExtendsDecl(unquote(game_id), span=self._s(meta))

    def record_clause(self, meta, value):
        return ("record", unquote(value), self._line("record", meta))

    def report_clause(self, meta, value):
        return ("report", unquote(value), self._line("report", meta))

    def colors_decl(self, meta, *names):
        return self._names_decl("colors", meta, names)

    def mark_decl(self, meta, mark, *names):
        return self._names_decl("mark", meta, names, mark=str(mark))

    def _names_decl(self, what, meta, names, mark=None):
        spans = tuple(span_of(self.file, n) for n in names)
        return ast_decl.NamesDecl(what, tuple(str(n) for n in names), spans, mark, span=self._s(meta))

    def alias_decl(self, meta, alias, target):
        return ast_decl.AliasDecl(str(alias), str(target), span_of(self.file, target), span=self._s(meta))

    def levels_decl(self, meta, value):
        return ast_decl.NumberDecl("levels", number(value), span=self._s(meta))

    def market_decl(self, meta, value):
        return ast_decl.NumberDecl("market", number(value), span=self._s(meta))

    def board_decl(self, meta, *rows):
        return ast_decl.BoardDecl(tuple(number(r) for r in rows), "stacked", span=self._s(meta))

    def resource_decl(self, meta, name, title, *members):
        fields, lines = once_only(members)
        return ast_decl.ResourceDecl(str(name), unquote(title) if title else None, "per_color" in fields,
                                     fields.get("limit"), fields.get("trade", ()), lines=lines, span=self._s(meta))

    def per_color(self, meta):
        return ("per_color", True, self._line("per color", meta))

    def limit_clause(self, meta, value):
        return ("limit", number(value), self._line("limit", meta))

    def trade_clause(self, meta, give, get):
        return ("trade", (number(give), number(get)), self._line("trade", meta))

    def marker_decl(self, meta, name, title, *members):
        fields, lines = once_only(members)
        return ast_decl.MarkerDecl(str(name), unquote(title) if title else None, fields.get("supply"),
                                   fields.get("otherwise"), lines=lines, span=self._s(meta))

    def supply_clause(self, meta, value):
        return ("supply", number(value), self._line("supply", meta))

    def otherwise_clause(self, meta, name):
        return ("otherwise", str(name), self._line("otherwise", meta))

    def option_decl(self, meta, name, title, type_, default):
        return ast_decl.OptionDecl(str(name), type_, default, unquote(title) if title else None,
                                   span=self._s(meta))

    def value_decl(self, meta, name, value):
        return ast_decl.ValueDecl(str(name), _plain(value), span=self._s(meta))

    def typed_value_decl(self, meta, name, set_name):
        return ast_decl.ValueDecl(str(name), None, str(set_name), span=self._s(meta))

    def attribute_decl(self, meta, name, type_, default):
        return ast_decl.AttributeDecl(str(name), type_, default, span=self._s(meta))

    def wild_decl(self, meta):
        return self._line("matches every color", meta)

    def facedown_decl(self, meta, name, title, *members):
        ends = tuple(m for m in members if isinstance(m, ast_decl.EndClause))
        lines = tuple(m for m in members if isinstance(m, ast_expr.WrittenLine))
        return ast_decl.FacedownDecl(str(name), unquote(title) if title else None, bool(lines), ends, lines=lines,
                                     span=self._s(meta))

    def family_decl(self, meta, name, title, role):
        return ast_decl.FamilyDecl(str(name), unquote(title) if title else None, str(role), span=self._s(meta))

    def piece_decl(self, meta, family, name, title, *members):
        return ast_decl.PieceDecl(str(family), str(name), unquote(title) if title else None, tuple(members),
                                  span_of(self.file, family), span=self._s(meta))

    def param_decl(self, meta, name, type_, bounds, default, unique):
        low, high = bounds if bounds is not None else (None, None)
        return ast_decl.ParamDecl(str(name), type_, default, unique is not None, low, high,
                                  span=span_of(self.file, name))

    def let_decl(self, meta, name, expr):
        return ast_decl.LetDecl(str(name), expr, span=span_of(self.file, name))

    def when_clause(self, meta, event, *effects):
        return ast_decl.WhenClause(str(event), tuple(effects), span=span_of(self.file, event))

    def end_clause(self, meta, points, *rest):
        # `[_cond_word expr]` gives no placeholders (its first item is inlined), `[says_clause]` does: tell them apart
        says = next((r for r in rest if isinstance(r, tuple)), None)
        word, cond = (rest[0], rest[1]) if len(rest) >= 2 and isinstance(rest[0], Token) else (None, None)
        negate = word is not None and word.type == "UNLESS"
        return ast_decl.EndClause(points, cond, negate, says[1] if says else None,
                                  says_written=says[3] if says else None, span=self._s(meta))

    def says_clause(self, meta, text):
        # (the line, as awards keep it; and the string as written, to place a placeholder inside it)
        return ("says", unquote(text), self._line("says", meta), ast_expr.WrittenLine(str(text),
                                                                                   span=span_of(self.file, text)))

    def modify_clause(self, meta, name, value):
        return ast_decl.Modify(str(name), _plain(value), value_span=value.span,
                               span=span_of(self.file, name))

    def modify_member(self, meta, name, member, value):
        return ast_reuse.ModifyMember(str(name), str(member), _plain(value), member_span=span_of(self.file, member),
                                      value_span=value.span, span=span_of(self.file, name))

    def check_clause(self, meta, text, cond):
        return ast_reuse.PieceCheck(unquote(text), cond, span=self._s(meta))

    # ---- reuse (check/elaborate.py expands these) ------------------------------------------------------------

    def def_decl(self, meta, name, *rest):
        *params, result, body = rest  # `[def_param …]`: a None when the function takes no parameter
        return ast_reuse.FunctionDecl(str(name), tuple(p for p in params if p is not None), result, body,
                                      name_span=span_of(self.file, name), span=self._s(meta))

    def def_param(self, meta, name, type_):
        return ast_reuse.Param(str(name), type_, span=self._s(meta))

    def links_decl(self, meta, name, *links):
        return ast_reuse.LinkSetDecl(str(name), tuple(links), name_span=span_of(self.file, name), span=self._s(meta))

    def per_value_decl(self, meta, name, set_name, value):
        return ast_reuse.PerValueDecl(str(name), str(set_name), _plain(value), set_span=span_of(self.file, set_name),
                                      span=self._s(meta))

    def per_value_table(self, meta, name, set_name, *members):
        return ast_reuse.PerValueDecl(str(name), str(set_name), None, tuple((m, v) for m, v, _ in members),
                                      member_spans=tuple(span for *_, span in members),
                                      set_span=span_of(self.file, set_name), span=self._s(meta))

    def member_value(self, meta, member, value):
        return (str(member), _plain(value), span_of(self.file, member))

    def gain(self, meta, amount):
        return ast_decl.Effect("gain", amount=amount, span=self._s(meta))

    def reduce(self, meta, expr):
        return ast_decl.Effect("reduce", expr=expr, span=self._s(meta))

    def pay(self, meta, amount, marker):
        return ast_decl.Effect("pay", amount=amount, marker=str(marker), span=self._s(meta))

    def destroy(self, meta, amount, marker):
        return ast_decl.Effect("destroy", amount=amount, marker=str(marker), span=self._s(meta))

    def require(self, meta, expr, marker):
        return ast_decl.Effect("require", expr=expr, marker=str(marker), span=self._s(meta))

    def amount(self, meta, count, color):
        if isinstance(count, Token) and count.type == "INT":
            count_expr = ast_expr.IntLit(number(count), span=span_of(self.file, count))
        else:
            count_expr = ast_expr.Ref(str(count), span=span_of(self.file, count))
        colour = None if color.type == "ANY" else str(color)
        return ast_decl.Amount(count_expr, colour, span=self._s(meta))

    def amount_param(self, meta, name):
        return ast_decl.Amount(None, None, param=str(name), span=self._s(meta))

    def variant_decl(self, meta, label, *clauses):
        name = unquote(label) if label.type == "STRING" else str(label)
        players = revealed = family = family_span = None
        removed, removed_spans, remove_lines, prizes, options, lines = (), (), [], [], [], []
        for clause in clauses:
            if isinstance(clause, ast_decl.VariantPrizes):
                prizes.append(clause)
            elif isinstance(clause, ast_decl.VariantOption):
                options.append(clause)
            elif clause[0] == "players":
                players = clause[1]
                lines.append(clause[2])
            elif clause[0] == "reveal":
                (family, family_span), revealed = clause[1], clause[2]
                lines.append(clause[3])
            else:
                removed, removed_spans = removed + clause[1], removed_spans + clause[2]
                remove_lines.append(clause[3])
        return ast_decl.VariantDecl(name, players, revealed, family, removed, tuple(prizes), tuple(options),
                                    removed_spans, lines=tuple(lines), revealed_family_span=family_span,
                                    remove_lines=tuple(remove_lines), span=self._s(meta))

    def players_clause(self, meta, value):
        return ("players", number(value), self._line("players:", meta))

    def reveal_clause(self, meta, family, value):
        return ("reveal", (str(family), span_of(self.file, family)), number(value), self._line("reveal", meta))

    def remove_clause(self, meta, _tiles, *names):
        return ("remove", tuple(str(n) for n in names), tuple(span_of(self.file, n) for n in names), self._s(meta))

    def variant_prizes(self, meta, name, *values):
        return ast_decl.VariantPrizes(str(name), tuple(v.value for v in values), span=self._s(meta))

    def variant_option(self, meta, name, value):
        return ast_decl.VariantOption(str(name), value, span=self._s(meta))

    def tile_decl(self, meta, level, color, mark, cost, piece, *args):
        args = tuple(a for a in args if a is not None)
        squares, square_spans = cost
        parts = {"level": span_of(self.file, level), "color": span_of(self.file, color),
                 "mark": span_of(self.file, mark), "piece": span_of(self.file, piece)}
        parts.update({f"cost{i}": span for i, span in enumerate(square_spans)})
        return ast_decl.TileDecl(number(level), str(color), str(mark), squares, str(piece), args, parts,
                                 span=self._s(meta))

    def cost(self, meta, *squares):
        squares = [s for s in squares if s is not None]
        return (tuple(None if s.type == "ANY" else str(s) for s in squares),
                tuple(span_of(self.file, s) for s in squares))

    def arg(self, meta, name, value):
        return ast_decl.Arg(str(name), value, span=span_of(self.file, name))


def _plain(literal):
    """A value's literal as the rules hold it: a number, a flag, or a set member's name."""
    return literal.name if isinstance(literal, ast_expr.NameLit) else literal.value
