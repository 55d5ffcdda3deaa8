"""The Lark transformer, part 3: score sheets (sets, facts, grids, hex maps, score columns, warnings), awards and
the winner. Builds syntax nodes and nothing else."""

from __future__ import annotations

from lark import v_args

from orbis_dsl.language.syntax import ast_decl, ast_reuse, ast_sheet
from orbis_dsl.language.syntax.literals import number, unquote
from orbis_dsl.language.syntax.transform_expr import NodeBuilder, once_only, span_of


@v_args(meta=True, inline=True)
class SheetBuilder(NodeBuilder):
    """Declarations of games scored from score sheets, and awards and the winner of every game."""

    def set_decl(self, meta, name, *members):
        return ast_sheet.SetDecl(str(name), tuple(str(m) for m in members), span=self._s(meta))

    def fact_decl(self, meta, name, title, type_, range_, per, level, key, derive):
        low, high = range_ if range_ is not None else (None, None)
        board_only = isinstance(derive, tuple)  # `only from`
        return ast_sheet.FactDecl(str(name), unquote(title) if title else None, type_, low, high, per, level, key,
                                  derive[1] if board_only else derive, span=span_of(self.file, name),
                                  board_only=board_only)

    def fact_range(self, meta, low, high):
        return (low.value, high.value)

    def fact_per(self, meta, name):
        return str(name)

    def round_level(self, meta):
        return "round"

    def game_level(self, meta):
        return "game"

    def fact_key(self, meta, key):
        return unquote(key)

    def fact_from(self, meta, expr):
        return expr

    def fact_only_from(self, meta, expr):
        return ("only", expr)

    def grid_decl(self, meta, name, title, *members):
        fields = {"shape": (), "edges": None, "marks": [], "borders": [], "homes": [], "areas": [], "faces": ()}
        lines = []
        for what, value, *line in members:
            if what in ("marks", "borders", "homes", "areas"):
                fields[what].append(value)
            else:
                fields[what] = value
                lines.extend(line)
        return ast_sheet.GridDecl(str(name), unquote(title) if title else None, fields["shape"], fields["edges"],
                                  tuple(fields["marks"]), tuple(fields["borders"]), tuple(fields["homes"]),
                                  tuple(fields["areas"]), fields["faces"], lines=tuple(lines),
                                  name_span=span_of(self.file, name), span=self._s(meta))

    def grid_shape(self, meta, *rows):
        return ("shape", tuple(number(r) for r in rows), self._line("shape:", meta))

    def grid_edges(self, meta, name):
        return ("edges", str(name), self._line("edges:", meta))

    def grid_mark(self, meta, name, title, set_name, in_patch):
        return ("marks", (str(name), unquote(title) if title else None, str(set_name), in_patch is not None))

    def grid_area(self, meta, name, *cells):
        return ("areas", (str(name), tuple(str(c) for c in cells)))

    def grid_faces(self, meta, *names):
        return ("faces", tuple(str(n) for n in names), self._line("faces:", meta))

    def grid_home(self, meta, mark, edge, *members):
        return ("homes", (str(mark), str(edge), tuple(str(m) for m in members)))

    def in_patch(self, meta):
        return True

    def grid_border(self, meta, side, *members):
        return ("borders", (str(side), tuple(str(m) for m in members)))

    def hexmap_decl(self, meta, name, title, *members):
        water = next((m[1] for m in members if m[0] == "water"), (None, None))
        rows = tuple(m[1] for m in members if m[0] == "row")
        colors, colors_span = next((m[1] for m in members if m[0] == "colors"), ((), None))
        lines = tuple(m[2] for m in members if m[0] != "row")
        return ast_sheet.HexMapDecl(str(name), unquote(title) if title else None, water[0], rows, water[1], colors,
                                    colors_span, lines=lines, span=self._s(meta))

    def water_clause(self, meta, symbol, prefix):
        return ("water", (unquote(symbol), unquote(prefix) if prefix else None), self._line("water", meta))

    def hexmap_row(self, meta, label, symbols):
        return ("row", (str(label), unquote(symbols)))

    def hexmap_colors(self, meta, value, *colors):
        return ("colors", ((str(value), tuple(str(c) for c in colors)), self._s(meta)),
                self._line("player colors", meta))

    def score_decl(self, meta, name, title, expr):
        return ast_sheet.ScoreDecl(str(name), unquote(title) if title else None, expr, span=span_of(self.file, name))

    def warn_decl(self, meta, verb, message, cond, for_each):
        return ast_sheet.WarnDecl(unquote(message), cond, for_each, str(verb) == "refuse", str(verb) == "note",
                                  span=self._s(meta))

    def rounds_decl(self, meta, value, also):
        return ast_decl.NumberDecl("rounds", number(value), number(also) if also is not None else None,
                                   span=self._s(meta))

    def award_decl(self, meta, name, title, for_each, *clauses):
        fields, lines = once_only(clauses)
        says = [c[3] for c in clauses if c[0] == "says"]
        return ast_sheet.AwardDecl(
            str(name),
            unquote(title) if title else None,
            measure=fields.get("measure"),
            eligible=fields.get("eligible"),
            tiebreak=fields.get("tiebreak"),
            ties=fields.get("ties", (None, False))[0],
            warn=fields.get("ties", (None, False))[1],
            prizes=fields.get("prizes", ()),
            for_each=for_each,
            rank=fields.get("rank", "most"),
            unless_equal="unless_equal" in fields,
            says=fields.get("says"),
            lines=lines,
            says_written=says[-1] if says else None,
            span=self._s(meta),
        )

    def rank_clause(self, meta, rank):
        return ("rank", str(rank), self._line("rank:", meta))

    def equal_clause(self, meta):
        return ("unless_equal", True, self._line("unless all equal", meta))

    def each_takes(self, meta):
        return "each_takes"

    def for_each(self, meta, name, set_name):
        return ast_sheet.ForEach(str(name), str(set_name), span=self._s(meta))

    def for_each_numbers(self, meta, name, *numbers):
        return ast_reuse.ForEachNumbers(str(name), tuple(n.value for n in numbers),
                                        number_spans=tuple(n.span for n in numbers), span=self._s(meta))

    def measure_clause(self, meta, expr):
        return ("measure", expr, self._line("measure:", meta))

    def eligible_clause(self, meta, expr):
        return ("eligible", expr, self._line("eligible:", meta))

    def tiebreak_clause(self, meta, expr):
        return ("tiebreak", expr, self._line("tiebreak:", meta))

    def ties_clause(self, meta, rule, warn):
        return ("ties", (rule, warn is not None), self._line("ties:", meta))

    def keep_order(self, meta):
        return "keep_order"

    def split(self, meta):
        return "split"

    def prizes_clause(self, meta, *values):
        return ("prizes", tuple(v.value for v in values), self._line("prizes:", meta))

    def winner_decl(self, meta, *keys):
        only_if = keys[-1] if keys and not isinstance(keys[-1], ast_sheet.WinnerKey) else None
        keys = tuple(k for k in keys if isinstance(k, ast_sheet.WinnerKey))
        return ast_sheet.WinnerDecl(keys, only_if, span=self._s(meta))

    def winner_if(self, meta, expr):
        return expr

    def winner_key(self, meta, rank, expr):
        return ast_sheet.WinnerKey(str(rank), expr, span=self._s(meta))
