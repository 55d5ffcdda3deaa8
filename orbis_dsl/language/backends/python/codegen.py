"""The IR → Python `ast` expressions, for the generated handler modules.

Names arrive resolved (`ir.nodes`): each says what it reads and whose, so nothing is looked up here. Every
user-written name reaches the output only as an `ast.Constant`, never as an identifier. Variables in the output are
ours: `g` the game, `p` the player, `t` the tile the clause belongs to, `n0, n1 …` the tiles (or held pieces) being
counted, `q0, q1 …` the players a scope ranges over, `m0, m1 …` the members of a set, `measure` an award's measure,
`each` a `for each` member, `trace` the list that collects the `why` of a score, `let0_NAME …` a let worked out once
before the handler's statements, `_let0_NAME …` the function that works out a let at its first read and `known`
what those functions found (`handlers.py` says which let is which). Helpers are named through the module's
`Imports`, which so learns what to import.
"""

from __future__ import annotations

import ast

import attrs

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.codegen_scans import ScanCompiler, argument_name
from orbis_dsl.language.backends.python.emit import safe_identifier, var_name
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.describe import Describer
from orbis_dsl.language.ir.nodes import Part, Var
from orbis_dsl.language.ir.types import is_list
from orbis_dsl.language.ir.words import is_sum, operand_word, sum_terms

# Where a tile's position fields are read: the board's precomputed tables, by position.
POSITION_TABLES = {"row": "row_numbers", "column": "column_numbers", "border": "borders"}

# What `=` tests as it is, untraced: a name (a let's too), a counted tile's field, a name said mine or theirs.
NAMED = (*nodes.NAME_NODES, ops.Whose)


# The most IR nodes a let read once is written out with where it is read; a larger one gets a function.
INLINED_NODES = 100


def inlined_size(e, sizes: dict[int, int]) -> int:
    """IR nodes of `e` with each small let read once written into it (capped past `INLINED_NODES`); `sizes`:
    each let's own, once. A let that is not written in (read more than once, or large) is one node, its call."""
    if isinstance(e, ops.Call):  # one node, the call of its function, and its arguments
        return min(1 + sum(inlined_size(a, sizes) for a in e.args), INLINED_NODES + 1)
    if isinstance(e, nodes.LetRef):
        if e.let.uses != 1:
            return 1
        if id(e.let) not in sizes:
            sizes[id(e.let)] = inlined_size(e.let.expr, sizes)
        return sizes[id(e.let)] if sizes[id(e.let)] <= INLINED_NODES else 1
    if not attrs.has(type(e)) or isinstance(e, nodes.NAME_NODES):
        return 1
    total = 1
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name) if field.name != "source" else None
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)):
                total += inlined_size(item, sizes)
    return min(total, INLINED_NODES + 1)


@attrs.define
class ExprCompiler(ScanCompiler):
    imports: emit.Imports
    describer: Describer
    wild: bool  # a desert matches every colour
    site: str  # where in the rules this clause is, for `among`'s per-game cache
    tile_clause: bool = False
    steps: bool = False  # a score-sheet column: each division (and the sum it divides) is traced step by step
    top: object = None  # the column's whole expression: its last step leaves the result to the column's line
    locals: dict = attrs.field(factory=dict)  # id of a Let -> the local variable holding it in this handler
    works: dict = attrs.field(factory=dict)  # id of a Let -> (its function's name, its number) in this handler
    work_defs: list = attrs.field(factory=list)  # those functions, each after the ones it calls
    sizes: dict = attrs.field(factory=dict)  # id of a Let -> its size written where it is read (`inlined_size`)
    # Writes a let's function once for the whole module when it can (`module_lets.ModuleLets.share`): called with
    # this compiler, the let and its number here; gives (function, number, arguments past the subjects) or None.
    share: object = None
    labels: dict = attrs.field(factory=dict)  # id of a syntax node -> (the node, its label): `label`
    site_param: bool = False  # `among`'s site is the argument `site` (a module-level let's), not this handler's
    sites: int = 0  # how many times the handler's text spells `site` (ModuleBuilder.finish counts them)
    # The parameters of the function whose body is being compiled (its arguments are locals of these names), and
    # each function's (name, number) in this handler, by the id of its `nodes.Function`.
    arguments: tuple = ()
    functions: dict = attrs.field(factory=dict)

    def compile(self, e) -> ast.expr:
        return getattr(self, "_" + type(e).__name__)(e)

    def helper(self, name: str, *args: ast.expr, **keywords: ast.expr) -> ast.Call:
        return emit.call(self.imports.helper(name), *args, **keywords)

    def player(self, var: Var | None) -> ast.Name:
        return emit.load(var_name(var, "p"))

    def tile(self, var: Var | None) -> ast.Name:
        return emit.load(var_name(var, "t"))

    # literals and names
    def _Literal(self, e):
        return emit.const(e.value)

    def _SetLit(self, e):
        return emit.const(e.values)

    def _Const(self, e):
        return emit.const(e.value)

    def _TileRead(self, e):
        tile = self.tile(e.tile)
        if e.target in POSITION_TABLES:
            return emit.sub(emit.attr(emit.attr("g", "board"), POSITION_TABLES[e.target]), emit.attr(tile, "pos"))
        if e.field:
            return emit.attr(tile, e.target)
        return emit.method(emit.attr(tile, "params"), "get", emit.const(e.target))

    def _PlayerRead(self, e):
        player = self.player(e.player)
        if e.part is Part.VALUE:
            return emit.sub(emit.attr(player, "values"), e.target)
        if e.part is Part.FACT:
            return emit.sub(emit.attr(player, "facts"), e.target)
        return emit.attr(player, e.target)  # a field of the runtime's player, `god_cancelled`, `total`

    def _HeldRead(self, e):
        item = self.tile(e.item)
        return emit.attr(item, e.part) if e.part in ("piece", "flag") else emit.sub(emit.attr(item, "values"), e.part)

    def _GameRead(self, e):
        return emit.sub(emit.attr("g", "options"), e.target) if e.option else emit.attr("g", e.target)

    def _Measure(self, e):
        return emit.load("measure")

    def _EachRead(self, e):
        return emit.load("each")

    def _BoundRead(self, e):
        return emit.load(var_name(e.var, "t"))

    def _LetRef(self, e):
        local = self.locals.get(id(e.let))
        if local is not None:
            return emit.load(local)
        if id(e.let) not in self.works and self._inlined(e.let):  # read once, and small: written where it is read
            return self.compile(e.let.expr)
        name, number, extra = self.works.get(id(e.let)) or self._work(e.let)
        subjects = [emit.load(var_name(var, "?")) for var in e.let.subjects]
        key = emit.const(number)
        if subjects:  # one value per combination of the subjects it reads
            key = ast.Tuple([key, *(emit.call("id", s) for s in subjects)], ast.Load())
        return self.helper("let", emit.load("known"), key, emit.load("trace"), emit.load(name), *subjects, *extra)

    def _inlined(self, let: nodes.Let) -> bool:
        """Whether a let is written where it is read: when it is read once and, with the lets written into it so,
        stays small (a chain of lets each read once would otherwise make one expression as large as them all)."""
        return let.uses == 1 and inlined_size(let.expr, self.sizes) <= INLINED_NODES

    def _work(self, let: nodes.Let) -> tuple[str, int, list]:
        """The function working out `let` (its reasons go to its own `trace`): one of the module's, when `share`
        gives one, else defined once in this handler."""
        number = len(self.works)
        shared = self.share(self, let, number) if self.share is not None else None
        if shared is not None:
            self.works[id(let)] = shared
            return shared
        name = f"_let{number}_{safe_identifier(let.name)}"
        self.works[id(let)] = (name, number, [])
        args = [ast.arg("trace"), *(ast.arg(var_name(var, "?")) for var in let.subjects)]
        body = [ast.Return(self.compile(let.expr))]
        self.work_defs.append(ast.FunctionDef(name, ast.arguments([], args, None, [], [], None, []), body, [], None,
                                              None))
        return name, number, []

    def _ArgRead(self, e):
        return emit.load(argument_name(e.name))

    def _Call(self, e):
        """A function's call: its one function in this handler, worked out once per handler call for the
        arguments given and the subjects its body reads (as a let is: `support.let`), so that calls nested n deep,
        each calling the next twice, cost n evaluations, not 2^n."""
        name, number = self.functions.get(id(e.function)) or self._function(e.function)
        subjects = [emit.load(var_name(var, "?")) for var in e.function.subjects]
        args = [self.compile(a) for a in e.args]
        key = ast.Tuple([emit.const(number), *(emit.call("id", s) for s in subjects), *args], ast.Load())
        return self.helper("let", emit.load("known"), key, emit.load("trace"), emit.load(name), *subjects, *args)

    def _function(self, fn: nodes.Function) -> tuple[str, int]:
        """The function working out a `def`'s body, defined once in this handler (after the ones it calls)."""
        number = len(self.works)  # (a let's and a function's numbers are keys of one `known`)
        name = f"_def{number}_{safe_identifier(fn.name)}"
        self.functions[id(fn)] = (name, number)
        self.works[("function", id(fn))] = (name, number, [])  # (the handler then makes `known`)
        outer, self.arguments = self.arguments, fn.params
        try:
            value = self.compile(fn.expr)
        finally:
            self.arguments = outer
        args = [ast.arg("trace"), *(ast.arg(var_name(var, "?")) for var in fn.subjects),
                *(ast.arg(argument_name(p)) for p in fn.params)]
        self.work_defs.append(ast.FunctionDef(name, ast.arguments([], args, None, [], [], None, []),
                                              [ast.Return(value)], [], None, None))
        return name, number

    # operators
    def _Neg(self, e):
        return ast.UnaryOp(ast.USub(), self.compile(e.operand))

    def _Arith(self, e):
        if e.op == "/" and self.steps:
            left = self._shown_sum(e.left) if is_sum(e.left) else self.compile(e.left)
            return self.helper("shown_divide", emit.load("trace"), emit.const(operand_word(e.left)),
                               emit.const(operand_word(e.right)), left, self.compile(e.right),
                               emit.const(e is self.top))
        if e.op == "/":
            return self.helper("divide", self.compile(e.left), self.compile(e.right))
        return emit.arith(self.compile(e.left), e.op, self.compile(e.right))

    def _shown_sum(self, e) -> ast.expr:
        terms = [ast.Tuple([emit.const(operand_word(t)), self.compile(t)], ast.Load()) for t in sum_terms(e)]
        return self.helper("shown_sum", emit.load("trace"), ast.Tuple(terms, ast.Load()))

    def _Extreme(self, e):
        return self.helper(f"extreme_{e.func}", ast.Tuple([self.compile(a) for a in e.args], ast.Load()))

    def _Not(self, e):
        return emit.negate(self.compile(e.operand))

    def _BoolOp(self, e):
        return emit.boolean(e.op, self.compile(e.left), self.compile(e.right))

    def _IfExpr(self, e):
        return ast.IfExp(self.compile(e.cond), self.compile(e.then), self.compile(e.otherwise))

    def _Whose(self, e):
        return self.compile(e.expr)  # (lowered for the player it names)

    def _Given(self, e):
        return emit.compare(self.compile(e.operand), "is" if e.negated else "is not", emit.const(None))

    def colour_field(self, e) -> ast.Name | None:
        """The tile variable when `e` is some tile's `color`: deserts then match every colour."""
        if isinstance(e, nodes.TileRead) and e.field and e.target == "color":
            return self.tile(e.tile)
        return None

    def _Compare(self, e):
        test = self.equality(e)
        if test is not None:
            return test
        return self.helper("compare", emit.load("trace"), *self.compare_words(e), self.compile(e.left),
                           self.compile(e.right), *self.label_params(e))

    def label(self, source) -> str:
        """How a comparison's or ranking's side is shown in a trace (`describer.label`), worked out once a side: a
        traced comparison asks for it twice, for its words and for whether they name the tile's parameters."""
        found = self.labels.get(id(source))
        if found is None:
            found = self.labels[id(source)] = (source, self.describer.label(source))
        return found[1]

    def compare_words(self, e) -> tuple[ast.expr, ast.expr]:
        """How a comparison's left side is shown in a trace, and its operator."""
        return emit.const(self.label(e.source.left)), emit.const(e.op)

    def label_params(self, e) -> list[ast.expr]:
        """The tile's parameters, when a comparison's label names any."""
        label = self.label(e.source.left)
        return [emit.attr("t", "params")] if self.tile_clause and "{" in label.replace("{value}", "") else []

    def equality(self, e) -> ast.expr | None:
        """An `=` or `!=` of a name (or of a tile's colour, which a desert matches), tested as it is, untraced: a
        `where` filter runs it for every tile counted. None for any other comparison."""
        if e.op not in ("=", "!="):
            return None
        tile, other = self.colour_field(e.left), e.right
        if tile is None:
            tile, other = self.colour_field(e.right), e.left
        if tile is not None and self.wild:
            test = emit.boolean("or", emit.attr(tile, "desert"),
                                emit.compare(emit.attr(tile, "color"), "=", self.compile(other)))
            return test if e.op == "=" else emit.negate(test)
        if isinstance(e.left, ops.Whose) or isinstance(e.right, ops.Whose):  # two players' values
            return self.helper("both_equal", self.compile(e.left), self.compile(e.right), emit.const(e.op == "="))
        if isinstance(e.left, NAMED) or isinstance(e.right, NAMED):
            return emit.compare(self.compile(e.left), e.op, self.compile(e.right))
        return None

    def _Member(self, e):
        tile = self.colour_field(e.item)
        container = self.compile(e.container)
        named = e.container.expr if isinstance(e.container, ops.Whose) else e.container  # `their tasks`
        if isinstance(named, nodes.NAME_NODES) and not isinstance(named, nodes.LetRef) and is_list(named.type):
            return self.helper("holds", container, self.compile(e.item))
        if tile is not None and self.wild:
            return emit.boolean("or", emit.attr(tile, "desert"),
                                emit.compare(emit.attr(tile, "color"), "in", container))
        return emit.compare(self.compile(e.item), "in", container)
