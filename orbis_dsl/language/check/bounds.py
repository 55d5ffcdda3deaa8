"""Bounds on the work a small rule file can ask for, checked before anything else walks its expressions.

An expression is bounded as it is written: a `let` is one node that each read refers to (the compiler works it out
once per handler call, in a function of its own, `backends/python/handlers.py`), so lets that each read the one
before twice cost their own size, not 2^n copies (they once did: twenty made a 6 MB module and took 1.6 GB while
compiling). A call of a function (`def`) is one node too, with its arguments: the body is one definition every
call refers to (`ir/lower.py`), bounded once, as written, where it is declared (a small call is written out before
this, `check/expand.py`, which adds at most 60 nodes to its expression, never a copy per nested call); nested scans
and chains of lets are followed through calls. A `count(tiles where …)` inside another one multiplies the scoring
work by the number of tiles for each level, through lets and calls too. Quantities of things (worshippers gained
or paid, a trade, the length of a board row, the size of the market, a marker's supply) become lists of that
length in the engine. Each is refused here,
located, before it costs anything; the limits are far above what a real game uses (the base game: 24 nodes at
most in an expression, no nested tile scans, quantities of at most 18).
"""

from __future__ import annotations

from functools import cache

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse
from orbis_dsl.language.syntax.ast_walk import compared_field_names, is_node
from orbis_dsl.language.syntax.literals import MAX_QUANTITY

# Nodes of one expression as written (a let's name is one node, a call one node and its arguments). A sum of that
# many terms becomes a chain of additions in the generated module, which Python compiles recursively: 2,000 terms
# overflowed its stack. Never counted on anything written out: no expression is.
MAX_EXPRESSION_NODES = 1_000
# Lets read one through another (`let b = a + 1`, `let c = b * 2` …: 2 from c). The stages after the checker
# follow a let into the ones it reads by recursion, a few Python frames each.
MAX_LET_DEPTH = 64
# Functions called one from another's body (`f2` calling `f1` calling `f0`: 3). Each stage follows a call into
# the body it calls by recursion, a few Python frames each, as it follows lets (`check/expand.py` refuses it).
MAX_CALL_DEPTH = 64
# Scans of a tile collection (count, sum, max, min) nested inside each other, lets written out.
MAX_NESTED_SCANS = 3

_EXPRESSIONS = (*ast_expr.Expr.__args__, ast_reuse.Call)  # the classes of the union, and a call not written out
# Expressions with no expression inside.
_LEAVES = frozenset({ast_expr.IntLit, ast_expr.BoolLit, ast_expr.StrLit, ast_expr.Ref, ast_expr.SetLit,
                     ast_expr.FieldOf})


def _cost(e, lets: dict[str, tuple[int, int, int]]) -> tuple[int, int, int]:
    """(nodes as written, nested scans with its lets written out, lets read one through another) of an
    expression. Recursive: the parser bounds the depth."""
    if type(e) in _LEAVES:  # (half the nodes: no child to walk)
        if type(e) is ast_expr.Ref and e.name in lets:
            _, scans, depth = lets[e.name]
            return 1, scans, depth + 1
        return 1, 0, 0
    nodes, scans, depth = 1, 0, 0
    if type(e) is ast_reuse.Call and ("def", e.name) in lets:  # its body's scans and lets, bounded at the body
        _, scans, depth = lets["def", e.name]
    for child in _children(e):
        child_nodes, child_scans, child_depth = _cost(child, lets)
        nodes, scans, depth = nodes + child_nodes, max(scans, child_scans), max(depth, child_depth)
    if isinstance(e, ast_expr.Count | ast_expr.Aggregate | ast_expr.PlayerSum | ast_expr.MemberCount
                  | ast_expr.MemberSum):
        scans += 1
    # Capped: a count past the limit is refused anyway, and a chain of lets must not build huge integers.
    return min(nodes, MAX_EXPRESSION_NODES + 1), scans, min(depth, MAX_LET_DEPTH + 1)


def _names(e) -> set[str]:
    """The names an expression refers to. Recursive: the parser bounds the depth."""
    found = {e.name} if isinstance(e, ast_expr.Ref) else set()
    for child in _children(e):
        found |= _names(child)
    return found


@cache
def _is_expression_class(cls: type) -> bool:
    return issubclass(cls, _EXPRESSIONS)


def _children(node):
    """The expressions among a node's children (written out here, not filtered from `ast_walk.children`: this is
    the walk `_cost` makes of every expression, the checker's busiest; spans and lines as written passed by)."""
    for name in compared_field_names(type(node)):
        value = getattr(node, name)
        for item in value if isinstance(value, tuple) else (value,):
            if _is_expression_class(type(item)):
                yield item


def _top_expressions(node):
    """Every expression below a declaration that is not part of a larger expression (without recursion into
    expressions)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, _EXPRESSIONS):
            yield current
            continue
        if not is_node(current):
            continue
        for name in compared_field_names(type(current)):
            value = getattr(current, name)
            items = value if isinstance(value, tuple) else (value,)
            stack.extend(item for item in reversed(items) if is_node(item))


def _top_level_lets(decls: list, functions: dict | None = None) -> dict:
    """(nodes, nested scans, lets in a chain) of each file-level `let` (a score sheet's), and of each function's
    body (keyed `("def", NAME)`). A let or a function may name one declared later, so the costs are worked out
    again until none changes: they only grow, and are capped (and no function calls itself: refused before)."""
    found = [(decl.name, decl.expr) for decl in decls if isinstance(decl, ast_decl.LetDecl)]
    found += [(("def", name), body) for name, body in (functions or {}).items()]
    lets: dict = {}
    for _ in range(len(found) + 1):
        before = dict(lets)
        for name, expr in found:
            lets[name] = _cost(expr, lets)
        if lets == before:
            break
    return lets


def _expression_limits(decl, outer: dict[str, tuple[int, int, int]]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    lets = dict(outer)
    for member in getattr(decl, "members", ()):
        if isinstance(member, ast_decl.LetDecl):
            lets[member.name] = _cost(member.expr, lets)
    for expr in _top_expressions(decl):  # the first expression past a bound: the later ones build on it
        nodes, scans, depth = _cost(expr, lets)
        if diags:
            break
        if nodes > MAX_EXPRESSION_NODES:
            diags.append(Diagnostic(
                f"this expression is too large (more than {MAX_EXPRESSION_NODES:,} parts)", span=expr.span,
                hint="name some of its parts with lets, or add them up in fewer steps"))
        elif depth > MAX_LET_DEPTH:
            diags.append(Diagnostic(
                f"this expression reads a chain of more than {MAX_LET_DEPTH} lets, each reading the next",
                span=expr.span, hint="work some of them out in fewer, larger steps"))
        elif scans > MAX_NESTED_SCANS:
            diags.append(Diagnostic(
                f"this expression nests {scans} scans of tiles (count, sum, max, min) inside each other, lets "
                f"written out; at most {MAX_NESTED_SCANS}: each level multiplies the work by the number of tiles",
                span=expr.span))
    return diags


def _quantities(decl) -> list[tuple[int, object]]:
    """The (value, span) of every number of things a declaration asks the engine to hold at once."""
    if isinstance(decl, ast_decl.BoardDecl):
        return [(value, decl.span) for value in decl.rows]
    if isinstance(decl, ast_decl.NumberDecl):  # levels, market, rounds
        return [(decl.value, decl.span)]
    if isinstance(decl, ast_decl.ResourceDecl):  # the limit and the trade
        return [(value, decl.span) for value in (decl.limit, *decl.trade) if value is not None]
    if isinstance(decl, ast_decl.MarkerDecl):
        return [(decl.supply, decl.span)] if decl.supply is not None else []
    if isinstance(decl, ast_decl.VariantDecl):
        return [(value, decl.span) for value in (decl.players, decl.revealed) if value is not None]
    found = []
    for member in getattr(decl, "members", ()):
        for effect in getattr(member, "effects", ()):
            amount = effect.amount
            if amount is not None and isinstance(amount.count, ast_expr.IntLit):
                found.append((amount.count.value, amount.count.span))
    return found


def _nodes(root) -> list:
    """Every syntax node below `root` (and `root`) that says what a rule says (not where: spans and lines as
    written are passed by, and hold no quantity), without recursion; an expression's insides are passed by too:
    an expression holds only expressions, and no quantity is one (an amount literal is written only as a
    declaration's default or a tile's argument, grammar/rules.lark `literal`)."""
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        if _is_expression_class(type(node)):
            continue
        for name in compared_field_names(type(node)):
            value = getattr(node, name)
            if isinstance(value, tuple):
                stack.extend(item for item in value if is_node(item))
            elif is_node(value):
                stack.append(value)
    return found


@cache
def _may_hold_a_quantity(cls: type) -> bool:
    return issubclass(cls, (ast_decl.Amount, ast_expr.AmountLit, ast_decl.Arg, ast_decl.ValueDecl,
                            ast_decl.ParamDecl, ast_decl.AttributeDecl, ast_decl.OptionDecl))


def _counted_quantities(files) -> list[tuple[int, object]]:
    """Numbers that become how many worshippers an effect moves: an amount literal (`2 red`, as a default or a
    tile's argument), and the value, default or tile argument of a name an effect counts with (`gain n red`)."""
    nodes = _quantity_nodes(files)
    counted = {n.count.name for n in nodes if isinstance(n, ast_decl.Amount) and isinstance(n.count, ast_expr.Ref)}
    found = [(n.count, n.span) for n in nodes if isinstance(n, ast_expr.AmountLit)]
    for n in nodes:
        found.extend(_node_quantities(n, counted))
    return found


def _quantity_nodes(files) -> list:
    """The syntax nodes of the files that may hold a quantity (amounts, arguments, values, defaults)."""
    decls = [decl for file in files for decl in file.decls]
    # Tiles (thousands of them) hold only literal arguments: read directly, not walked node by node.
    nodes = [node for decl in decls if not isinstance(decl, ast_decl.TileDecl) for node in _nodes(decl)]
    nodes += [arg for decl in decls if isinstance(decl, ast_decl.TileDecl) for arg in decl.args]
    return [node for node in nodes if _may_hold_a_quantity(type(node))]  # (most are expressions)


def _node_quantities(n, counted: set[str]) -> list[tuple[int, object]]:
    """The quantities one node holds: a tile's amount argument, and the value, default or argument of a name in
    `counted` (those an effect counts with)."""
    found = []
    if isinstance(n, ast_decl.Arg) and isinstance(n.value, ast_expr.AmountLit):
        found.append((n.value.count, n.value.span or n.span))
    if isinstance(n, ast_decl.ValueDecl) and n.name in counted:
        found.append((n.value, n.span))
    elif (isinstance(n, ast_decl.ParamDecl | ast_decl.AttributeDecl | ast_decl.OptionDecl | ast_decl.Arg)
          and n.name in counted):
        literal = n.value if isinstance(n, ast_decl.Arg) else n.default
        if isinstance(literal, ast_expr.IntLit):
            found.append((literal.value, literal.span or n.span))
    return found


def resource_limits(files: tuple[ast_decl.RuleFile, ...], functions: dict | None = None) -> list[Diagnostic]:
    """Located errors for expressions and quantities past the bounds above (none for a sensible rule set);
    `functions`: each function's body (name -> expression), bounded where it is written."""
    diags: list[Diagnostic] = []
    quantities = _counted_quantities(files)
    outer = _top_level_lets([decl for file in files for decl in file.decls], functions)
    for body in (functions or {}).values():
        diags.extend(_expression_limits(body, outer))
    # (a let past the node bound is reported itself; one past another bound, at the first let built on it)
    too_large = {name for name, (_, scans, depth) in outer.items()
                 if scans > MAX_NESTED_SCANS or depth > MAX_LET_DEPTH}
    for file in files:
        for decl in file.decls:
            if isinstance(decl, ast_decl.TileDecl):  # a tile's arguments are literals: nothing to write out
                continue
            if isinstance(decl, ast_decl.LetDecl) and too_large & _names(decl.expr):
                continue  # the first let past a bound is reported: those built on it add nothing
            diags.extend(_expression_limits(decl, outer))
            quantities.extend(_quantities(decl))
    for value, span in quantities:
        if abs(value) > MAX_QUANTITY:
            diags.append(Diagnostic(f"{value:,} is too many (at most {MAX_QUANTITY:,} of anything a "
                                    "player or the table holds at once)", span=span))
    return diags
