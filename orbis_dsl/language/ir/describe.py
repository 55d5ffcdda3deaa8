"""Plain-words labels of expressions, for the `why` of each scoring line: part of the IR stage, so that both back
ends word an explanation from the one place (the interpreter shares nothing else with the compiler).

A label is a format string: `{value}` is the computed value and `{name}` a parameter of the tile being scored,
so `count(neighbours where color in colors)` reads "3 neighbours that are blue/green or desert".
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.syntax import ast_expr, ast_reuse
from orbis_dsl.language.syntax.ast_lists import LIST_EXPRESSIONS
from orbis_dsl.language.syntax.ast_scope import SCOPE_EXPRESSIONS
from orbis_dsl.language.syntax.ast_walk import field_names, is_node

_SCOPES = {"tiles": "tiles", "neighbours": "neighbours", "supports": "tiles below", "players": "players"}


class Describer:
    def __init__(self, params: set[str], wild: bool, lets: dict[str, ast_expr.Expr] | None = None, vocabulary=None):
        self.params = params
        self.wild = wild
        self.lets = lets or {}
        # The game's nouns (`model.Vocabulary`): which names are the marker and its opposite, the face-down
        # state and the tile family's field. Without one, Orbis's names (the labels' historical wording).
        self.states = {n for n in (getattr(vocabulary, "marker", "cancelled"),
                                   getattr(vocabulary, "opposite", "validated")) if n}
        self.facedown = getattr(vocabulary, "facedown", "desert") or "desert"
        self.family = getattr(vocabulary, "tile_family", "kind") or "kind"

    def label(self, e) -> str:
        """The label of a value: how a comparison's left side or an `among` measure is shown."""
        if isinstance(e, ast_expr.Count):
            return "{value} " + self.counted(e.scope, _unbound(e))
        if isinstance(e, ast_expr.Ref) and e.name in self.lets:
            return self.label(self.lets[e.name])
        if isinstance(e, ast_expr.Ref):
            return e.name + " is {value}"  # a parameter by its name: "cp is 3", not its value twice
        return self.text(e) + " is {value}"

    def counted(self, scope: str, where) -> str:
        """'validated <kind> tiles', 'neighbours that are <colour>/<colour> or desert', 'desert tiles'."""
        noun = _SCOPES[scope]
        if where is None:
            return noun
        words = {"adjective": [], "kind": [], "rest": []}
        terms = _conjuncts(where)
        # `… and not desert`: only face-up tiles count, so a colour needs no "or desert"
        face_up = any(self._is_face_up(t) for t in terms)
        for term in terms:
            role, text = self._counted_term(term, face_up)
            words[role].append(text)
        if words["kind"]:
            noun = "/".join(words["kind"]) + (" tiles" if scope == "tiles" else " " + noun)
        phrase = " ".join([*words["adjective"], noun])
        return phrase + (" that are " + " and ".join(words["rest"]) if words["rest"] else "")

    def _is_face_up(self, term) -> bool:
        """`not desert`: the counted tiles are face up."""
        return isinstance(term, ast_expr.Not) and _is_field(term.operand, self.facedown)

    def _counted_term(self, term, face_up: bool) -> tuple[str, str]:
        """One condition of a count, as an adjective, a kind of tile, or the rest ("that are …"), with its words."""
        if isinstance(term, ast_expr.Ref) and term.name in self.states:
            return "adjective", term.name
        if isinstance(term, ast_expr.Ref) and term.name == self.facedown:
            return "kind", self.facedown
        if self._is_face_up(term):
            return "adjective", "face-up"
        if _is_equal_field(term, self.family):
            return "kind", self.text(term.right)
        if face_up and _is_equal_field(term, "color"):
            return "adjective", self.text(term.right)
        return "rest", self._pred_operand(term, "and")  # (the terms are joined by "and")

    def _where(self, where) -> str:
        if where is None:
            return ""
        return " that are " + self.pred(where)

    def pred(self, e) -> str:
        if isinstance(e, ast_expr.Compare) and e.op == "=" and _is_field(e.left, "color"):
            return self.text(e.right) + (f" or {self.facedown}" if self.wild else "")
        if isinstance(e, ast_expr.Compare) and e.op == "=" and _is_field(e.left, self.family):
            return self.text(e.right)
        if isinstance(e, ast_expr.Member) and _is_field(e.item, "color"):
            return self.text(e.container) + (f" or {self.facedown}" if self.wild else "")
        if isinstance(e, ast_expr.BoolOp):
            return f"{self._pred_operand(e.left, e.op)} {e.op} {self._pred_operand(e.right, e.op)}"
        if isinstance(e, ast_expr.Not):
            return "not " + self._pred_operand(e.operand, "not")
        return self.text(e)

    def _pred_operand(self, e, within: str) -> str:
        return self._condition(e, within, self.pred)

    def _operand(self, e, op: str, right: bool = False) -> str:
        """An operand of arithmetic, in parentheses where the source needed them: `(a + b) / 3`."""
        text = self.text(e)
        if needs_parentheses(e, op, right) or condition_needs_parentheses(e, "compare"):
            return f"({text})"
        return text

    def _condition(self, e, within: str, render=None) -> str:
        """An operand of `and`, `or`, `not` or a comparison (as `render`, `text` by default, writes it), in
        parentheses where the source needed them: `a and (not b or c)`, `not (a and b)`."""
        text = (render or self.text)(e)
        return f"({text})" if condition_needs_parentheses(e, within) else text

    def text(self, e) -> str:
        """Source-like text, with the tile's own parameters as placeholders filled at run time."""
        words = _TEXTS.get(type(e))
        return "?" if words is None else words(self, e)

    def _ref_text(self, e: ast_expr.Ref) -> str:
        return "{" + e.name + "}" if e.name in self.params else e.name

    def _neg_text(self, e: ast_expr.Neg) -> str:
        operand = self.text(e.operand)
        if isinstance(e.operand, ast_expr.Arith) or condition_needs_parentheses(e.operand, "compare"):
            return f"-({operand})"
        return "-" + operand

    def _held_count_text(self, e: ast_expr.HeldCount) -> str:
        what = "count of" if e.func == "count" else f"sum of {e.field} of"
        return f"{what} {e.fact}" + (f" where {self.pred(e.where)}" if e.where is not None else "")

    def _scope_text(self, e) -> str:
        """The words of the list constructs, `t.field`, `my X` / `their X`, `X is given`, and counts and sums over a
        set's members."""
        if isinstance(e, (ast_expr.ListCount, ast_expr.Position)):
            what = "count" if isinstance(e, ast_expr.ListCount) else "position"
            return f"{what} of {self.text(e.item)} in {e.fact}"
        if isinstance(e, ast_expr.Distinct):
            return f"distinct({e.fact})"
        if isinstance(e, ast_expr.PlayerSum):
            return f"sum of {self.text(e.expr)} over players"
        if isinstance(e, ast_expr.FieldOf):
            return f"{e.binder}.{e.field}"
        if isinstance(e, ast_expr.Whose):
            return f"{e.who} {self.text(e.expr)}"
        if isinstance(e, ast_expr.Given):
            return f"{self._condition(e.operand, 'compare')} is {'not ' if e.negated else ''}given"
        if isinstance(e, ast_expr.MemberCount):
            name = e.binder.name if isinstance(e.binder, ast_expr.Ref) else "?"
            return f"count of {e.set_name} {name} where {self.pred(e.where)}"
        where = f" where {self.pred(e.where)}" if e.where is not None else ""
        return f"sum of {self.text(e.expr)} for {e.binder} in {e.set_name}{where}"


# The words of each kind of expression (`Describer.text`), by its class; any other reads "?".
_TEXTS = {
    ast_expr.IntLit: lambda d, e: str(e.value),
    ast_expr.BoolLit: lambda d, e: "true" if e.value else "false",
    ast_expr.StrLit: lambda d, e: e.value.replace("{", "{{").replace("}", "}}"),
    ast_expr.Ref: Describer._ref_text,
    ast_expr.SetLit: lambda d, e: "/".join(e.names),
    ast_expr.Neg: Describer._neg_text,
    ast_expr.Arith: lambda d, e: f"{d._operand(e.left, e.op)} {e.op} {d._operand(e.right, e.op, right=True)}",
    ast_expr.Compare: lambda d, e: f"{d._condition(e.left, 'compare')} {e.op} {d._condition(e.right, 'compare')}",
    ast_expr.BoolOp: lambda d, e: f"{d._condition(e.left, e.op)} {e.op} {d._condition(e.right, e.op)}",
    ast_expr.Member: lambda d, e: f"{d._condition(e.item, 'compare')} in {d._condition(e.container, 'compare')}",
    ast_expr.Not: lambda d, e: "not " + d._condition(e.operand, "not"),
    ast_expr.Among: lambda d, e: f"{d._condition(e.value, 'compare')} is {e.rank} among players",
    ast_expr.IfExpr: lambda d, e: f"if {d.text(e.cond)} then {d.text(e.then)} else {d.text(e.otherwise)}",
    ast_expr.Count: lambda d, e: "count of " + d.counted(e.scope, _unbound(e)),
    **dict.fromkeys(SCOPE_EXPRESSIONS + LIST_EXPRESSIONS, Describer._scope_text),
    ast_expr.Aggregate: lambda d, e: f"{e.func} of {e.field} of {_SCOPES[e.scope]}{d._where(_unbound(e))}",
    ast_expr.Extreme: lambda d, e: f"{e.func}(" + ", ".join(d.text(a) for a in e.args) + ")",
    ast_expr.Index: lambda d, e: f"{e.name}[{d.text(e.key)}]",
    ast_expr.AwardRef: lambda d, e: f"award {e.name}",
    ast_expr.HeldCount: Describer._held_count_text,
    ast_expr.Prior: lambda d, e: f"{e.name} of the round before",
    ast_expr.Earlier: lambda d, e: f"{e.name} of the rounds before",
    ast_expr.Size: lambda d, e: f"size of {d.text(e.target)}",
    ast_expr.LargestGroup: lambda d, e: f"the largest group of {e.fact}" + (f" by {e.by}" if e.by else ""),
    # a call not written out (check/expand.py) reads as written, by name and arguments: its body's words at every
    # call would grow with how deep calls nest
    ast_reuse.Call: lambda d, e: f"{e.name}(" + ", ".join(d.text(a) for a in e.args) + ")",
}


_TIGHTNESS = {"+": 1, "-": 1, "*": 2, "/": 2}


def needs_parentheses(e, op: str, right: bool = False) -> bool:
    """Whether `e`, an operand of `op`, must be written in parentheses to mean what the tree means: a looser
    operation inside a tighter one, or an equally tight one on the right (`a - (b - c)`)."""
    return isinstance(e, ast_expr.Arith) and (_TIGHTNESS[e.op] < _TIGHTNESS[op]
                                              or (right and _TIGHTNESS[e.op] == _TIGHTNESS[op]))


# How tightly each operation of a condition binds, loosest first (the grammar's precedence chain: `or`, `and`,
# `not`, comparisons: `=`, `in`, `is most among players`); an `if … then … else` is looser than all of them.
_CONDITION_TIGHTNESS = {"or": 1, "and": 2, "not": 3, "compare": 4}


def condition_needs_parentheses(e, within: str) -> bool:
    """Whether `e`, an operand of `within` (`or`, `and`, `not` or `compare`), must be written in parentheses: a
    looser operation inside a tighter one (`a and (b or c)`). `a or (b or c)` means `a or b or c`."""
    if isinstance(e, ast_expr.IfExpr):
        return True
    if isinstance(e, ast_expr.BoolOp):
        tightness = _CONDITION_TIGHTNESS[e.op]
    elif isinstance(e, ast_expr.Not):
        tightness = _CONDITION_TIGHTNESS["not"]
    elif isinstance(e, ast_expr.Compare | ast_expr.Member | ast_expr.Among | ast_expr.Given):  # the `cmp_expr`s
        tightness = _CONDITION_TIGHTNESS["compare"]
    else:
        return False
    limit = _CONDITION_TIGHTNESS[within]
    return tightness < limit or (tightness == limit and within == "compare")


class SheetDescriber(Describer):
    """Labels of score-sheet columns: each fact, value and award shows its name and, filled in at run time, its
    value: `(coins {coins} + workers {workers}) / coins_per_vp {coins_per_vp}` → "(coins 5 + workers 2) / …". A
    let reads by its name, never written out at each read."""

    def __init__(self, facts: set[str], values: set[str], titles: dict[str, str] | None = None):
        super().__init__(set(), False)
        self.facts = facts
        self.values = values
        self.titles = titles or {}  # facts' titles: a column that is one fact reads by its title

    def column_text(self, e) -> str:
        """A score column's words: a column that is one fact reads by its title, as the sheet prints it ("VP on
        the score track 92"); any other column reads as its expression. (A column of awards gives no line.)"""
        if isinstance(e, ast_expr.Ref) and e.name in self.facts and self.titles.get(e.name):
            return f"{_braces(self.titles[e.name])} {{{e.name}}}"
        return self.text(e)

    def text(self, e) -> str:
        if isinstance(e, ast_expr.Ref) and (e.name in self.facts or e.name in self.values):
            return f"{e.name} {{{e.name}}}"
        if isinstance(e, ast_expr.Index) and e.name in self.facts and isinstance(e.key, ast_expr.Ref):
            return f"{e.name}[{e.key.name}] {{{e.name}[{e.key.name}]}}"
        if isinstance(e, ast_expr.AwardRef):
            return f"award {e.name} {{awards[{e.name}]}}"
        if isinstance(e, ast_expr.PlayerSum):  # every player's values are summed: the column's player's would mislead
            return "sum of " + Describer(set(), False).text(e.expr) + " over players"
        theirs = isinstance(e, ast_expr.Whose) and e.who == "their"
        if theirs or isinstance(e, ast_expr.MemberCount | ast_expr.MemberSum):
            # each member's, or another player's: the column's player's one value would mislead
            return Describer(set(), False).text(e)
        return super().text(e)


def _braces(title: str) -> str:
    """A title as literal text in a label that is filled in with `str.format_map`."""
    return title.replace("{", "{{").replace("}", "}}")


def _unbound(e):
    """A count's condition as its words read it: `n.color` of the counted tile `n` is its `color`, as in an
    unnamed count (so `count(n in neighbours where n.color in colors)` reads "neighbours that are …")."""
    if e.binder is None or e.where is None or not isinstance(e.binder, ast_expr.Ref):
        return e.where
    return _rename(e.where, e.binder.name)


def _rename(node, binder: str):
    if isinstance(node, ast_expr.FieldOf) and node.binder == binder:
        return ast_expr.Ref(node.field, span=node.span)
    if not is_node(node) or (isinstance(node, ast_expr.Count | ast_expr.Aggregate) and node.binder is not None):
        return node
    changes = {}
    for name in field_names(type(node)):
        value = getattr(node, name)
        if is_node(value):
            changes[name] = _rename(value, binder)
        elif isinstance(value, tuple) and any(is_node(v) for v in value):
            changes[name] = tuple(_rename(v, binder) if is_node(v) else v for v in value)
    return attrs.evolve(node, **changes) if changes else node


def _conjuncts(e) -> list:
    if isinstance(e, ast_expr.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _is_field(e, name: str) -> bool:
    return isinstance(e, ast_expr.Ref) and e.name == name


def _is_equal_field(e, name: str) -> bool:
    """`name = …`: a comparison of the field `name` (a count's `kind = X`, `color = X`)."""
    return isinstance(e, ast_expr.Compare) and e.op == "=" and _is_field(e.left, name)
