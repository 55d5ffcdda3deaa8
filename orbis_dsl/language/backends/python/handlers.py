"""One generated function at a time: its statements, and the lets it works out once as local variables.

A let becomes a local, assigned before the first statement that needs it, when working it out there changes
nothing the handler does: it reads no scope's subject (`Let.free`), it is read where it is always evaluated (not
only in one branch of an `if`, the right of an `and`/`or`, or inside a scan, where evaluating it early could fail
on a value a guard rules out), and it writes no trace (the `why` of a score lists each traced step where and as
often as the rules evaluate it). Any other let is written where it is read.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

import attrs

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.codegen import NAMED, ExprCompiler
from orbis_dsl.language.backends.python.emit import safe_identifier
from orbis_dsl.language.backends.python.layout import STEP, signature_text, statement_lines
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.lower import Lowering

# Where an operation's operands are not always evaluated: only these fields are.
_ALWAYS = {ops.IfExpr: ("cond",), ops.BoolOp: ("left",), ops.TileScan: (), ops.HeldScan: (), ops.PlayerScan: (),
           ops.MemberScan: (), ops.Among: (), ops.Call: ("args",)}  # (a call's body: its function's own)


@attrs.define
class Handler:
    name: str
    args: list[str]
    origin: str
    comp: ExprCompiler
    lowering: Lowering
    body: list[ast.stmt] = attrs.field(factory=list)

    def lower(self, e):
        return self.lowering.lower(e)

    def add(self, roots: list, make: Callable[[], list[ast.stmt]]) -> None:
        """The statements `make` builds, which evaluate the IR `roots`, after the locals they need first."""
        always: dict[int, nodes.Let] = {}
        for root in roots:
            _always_read(root, always)
        for let in self.lowering.lets:  # (in order: a let after those it reads)
            if id(let) in always and let.free and id(let) not in self.comp.locals and not self._traces(let):
                value = self.comp.compile(let.expr)
                local = f"let{len(self.comp.locals)}_{safe_identifier(let.name)}"
                self.body.append(ast.Assign([ast.Name(local, ast.Store())], value))
                self.comp.locals[id(let)] = local
        self.body += make()

    def _traces(self, let: nodes.Let) -> bool:
        return _traces(let.expr, self.comp.steps, {})

    def returns(self, e) -> None:
        self.add([e], lambda: [ast.Return(self.comp.compile(e))])

    def function(self) -> ast.FunctionDef:
        """The handler; the functions of the lets it works out at their first read come first in its body."""
        body = self.body
        if self.comp.works:  # (a let's function may be the module's: `known` is still this call's)
            body = [ast.Assign([ast.Name("known", ast.Store())], ast.Dict([], [])), *self.comp.work_defs, *body]
        return plain_function(self.name, self.args, body)


def plain_function(name: str, args: list[str], body: list[ast.stmt]) -> ast.FunctionDef:
    """A handler's function: `args` as its signature writes them (`trace=None`: a default of None)."""
    positional, defaults = [], []
    for arg in args:
        arg_name, _, default = arg.partition("=")
        positional.append(ast.arg(arg_name))
        if default:
            defaults.append(emit.const(None))
    signature = ast.arguments([], positional, None, [], [], None, defaults)
    return ast.FunctionDef(name, signature, body or [ast.Pass()], [], None, None)


def function_lines(fn: ast.FunctionDef, indent: str = "") -> list[str]:
    """A handler's lines, its lets' functions inside it laid out as it is (`layout` lays out the statements)."""
    lines = [f"{indent}def {fn.name}({signature_text(fn.args)}):"]
    for stmt in fn.body:
        if isinstance(stmt, ast.FunctionDef):
            lines += function_lines(stmt, indent + STEP)
        else:
            lines += statement_lines(stmt, indent + STEP)
    return lines


def _always_read(e, found: dict[int, nodes.Let]) -> None:
    """The lets `e` reads wherever it is evaluated (through the lets it reads so)."""
    if isinstance(e, nodes.LetRef):
        if id(e.let) not in found:
            found[id(e.let)] = e.let
            _always_read(e.let.expr, found)
        return
    if isinstance(e, ops.LargestGroup):
        for link in (*e.links, *e.parts):  # a reach only while its condition holds
            _always_read(link.cond if link.cond is not None else link.reach, found)
        return
    if not attrs.has(type(e)) or isinstance(e, nodes.NAME_NODES):
        return
    for field in _ALWAYS.get(type(e), [f.name for f in attrs.fields(type(e)) if f.name != "source"]):
        value = getattr(e, field)
        for item in value if isinstance(value, tuple) else (value,):
            _always_read(item, found)


def _traces(e, steps: bool, seen: dict[int, bool]) -> bool:
    """Whether evaluating `e` adds to the trace (a comparison that is not a plain `=` of names, an `among`, a
    largest group, a division traced step by step). `seen`: each let's answer, once."""
    if isinstance(e, ops.Compare) and not (e.op in ("=", "!=") and (isinstance(e.left, NAMED)
                                                                    or isinstance(e.right, NAMED))):
        return True
    if isinstance(e, ops.Among | ops.LargestGroup) or (steps and isinstance(e, ops.Arith) and e.op == "/"):
        return True
    if isinstance(e, nodes.LetRef | ops.Call):
        return _named_traces(e, steps, seen)
    if not attrs.has(type(e)) or isinstance(e, nodes.NAME_NODES):
        return False
    for f in attrs.fields(type(e)):
        value = getattr(e, f.name) if f.name != "source" else None
        if any(_traces(item, steps, seen) for item in (value if isinstance(value, tuple) else (value,))):
            return True
    return False


def _named_traces(e, steps: bool, seen: dict[int, bool]) -> bool:
    """`_traces` of a let's read or a function's call: the let's or the function's body once, however many reads
    or calls (a call's arguments too)."""
    named = e.let if isinstance(e, nodes.LetRef) else e.function
    if id(named) not in seen:
        seen[id(named)] = _traces(named.expr, steps, seen)
    return seen[id(named)] or (isinstance(e, ops.Call) and any(_traces(a, steps, seen) for a in e.args))
