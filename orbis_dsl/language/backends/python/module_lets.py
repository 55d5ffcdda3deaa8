"""A top-level `let` read in several handlers, written once for the module.

A let that is not a local of its handler gets a function (`codegen.ExprCompiler._work`); one inside each handler
that reads it would repeat the same lines in every handler (Mondo's `chip_holder` in four). A top-level let whose
function reads only what a handler is given (the game, the player, the tile, the `for each` member, the measure)
and no other let is written once, at module level, taking those as arguments, and the reason `among` keeps its
per-game values under (its site, which names the handler) as `site`: so each handler's call works out the same
value, gives the same reasons and shares `among`'s values exactly as its own function did. The handler still
calls it through `runtime.support.let` with its own `known`, so it is worked out once per handler call and its
reasons replayed at every read. A let whose function would come out differently in another handler (its words
depend on where it is read) stays inside that handler.
"""

from __future__ import annotations

import ast

import attrs

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.emit import safe_identifier
from orbis_dsl.language.ir import nodes, ops

# What a handler is given that a let's function may read, in the order its arguments take them.
_GIVEN = ("g", "p", "t", "each", "measure")


@attrs.define
class SharedLet:
    """A module-level let function: its name, its text's tree (to tell another handler's apart) and its lines."""

    name: str
    tree: str
    function: ast.FunctionDef


class ModuleLets:
    """The let functions a module writes once; `added` receives each new one, in the order they are made."""

    def __init__(self, top_level: dict, added):
        self.top_level = top_level  # the rule set's top-level lets (name -> expression), by identity
        self.added = added
        self.shared: dict[str, SharedLet] = {}

    def share(self, ctx, comp, let: nodes.Let, number: int) -> tuple[str, int, list] | None:
        """(function, `number`, arguments past the subjects) for a let read in a handler whose names are `ctx`'s,
        when it is written once for the module; None to write it inside the handler."""
        if ctx.lets is not self.top_level or not let.free or _reads_a_let(let.expr):
            return None
        comp.site_param = True
        try:
            value = comp.compile(let.expr)
        finally:
            comp.site_param = False
        read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
        given = [name for name in _GIVEN if name in read] + (["site"] if "site" in read else [])
        name = f"_let_{safe_identifier(let.name)}"
        args = ast.arguments([], [ast.arg("trace"), *(ast.arg(a) for a in given)], None, [], [], None, [])
        function = ast.FunctionDef(name, args, [ast.Return(value)], [], None, None)
        tree = ast.dump(function)
        known = self.shared.get(name)
        if known is None:
            known = self.shared[name] = SharedLet(name, tree, function)
            self.added(let.name, function)
        elif known.tree != tree:
            return None
        extra = [emit.const(comp.site) if a == "site" else emit.load(a) for a in given]
        comp.sites += "site" in given
        return name, number, extra


def _reads_a_let(e) -> bool:
    """Whether an IR expression reads a let or calls a function (whose function or local would be its
    handler's)."""
    if isinstance(e, nodes.LetRef | ops.Call):
        return True
    if not attrs.has(type(e)) or isinstance(e, nodes.NAME_NODES):
        return False
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name) if field.name != "source" else None
        if any(_reads_a_let(item) for item in (value if isinstance(value, tuple) else (value,))):
            return True
    return False
