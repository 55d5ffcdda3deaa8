"""Expanding reuse inside expressions: a small call becomes its function's body with the arguments bound, a link
set's name its links, `start[fire]` of a per-member value the value made for that member.

A call is written out only when what it becomes is small (`INLINED_NODES`, counted on the body as it stands with
its own small calls written out, and the arguments in place): a compiler's inlining, bounded, so that nothing grows
with how deep calls nest. Any other call stays a `Call`: the checker types it by its declaration and reads the body
once per place it is read from (`check/functions.py`), the IR holds one definition every such call refers to
(`ir/lower.py`), and each back end runs that one definition (issue 32, items 3 and 5).

Hygienic by construction: the tree is rewritten, never text. A parameter is replaced only where the body reads it
(a binder of the body that names it too is refused at the definition); a binder of the body that an argument's
names would fall under is renamed first; and a body's free name is never captured where the call stands
(`check/hygiene.py`: a binder around the call is renamed, a name its declaration binds is refused at the call).
Nodes keep their spans: the body's nodes point at the body, the arguments' at the call.
"""

from __future__ import annotations

from functools import cache

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, unknown
from orbis_dsl.language.check.bindings import span_inside, where
from orbis_dsl.language.check.bounds import MAX_CALL_DEPTH
from orbis_dsl.language.syntax import ast_expr, ast_reuse, ast_scope
from orbis_dsl.language.syntax.ast_walk import children, compared_field_names, field_names, is_node


@cache
def _fields(cls: type) -> tuple[str, ...]:
    return field_names(cls)


def evolved(node, changes: dict):
    """`attrs.evolve(node, **changes)` for a syntax node, without its per-call look at the class: no syntax node
    has a converter, validator or post-init step, so a copy field by field is what it makes (a file of a thousand
    gods calling the majority functions rebuilds a node on every path to a parameter)."""
    new = object.__new__(type(node))
    for name in _fields(type(node)):
        object.__setattr__(new, name, changes[name] if name in changes else getattr(node, name))
    return new


def rebuild(node, visit):
    """`node` with each child node replaced by `visit(child)`: the same object when no child changes (so that a
    call's argument keeps its identity, which the checker's argument-type hook looks up). Only the fields in
    equality are visited: the others say where the node was written (a span, a tuple of five, and `WrittenLine`s,
    leaves no visit rewrites)."""
    changes = {}
    for name in compared_field_names(type(node)):
        value = getattr(node, name)
        if isinstance(value, tuple):
            new = tuple(visit(v) if is_node(v) else v for v in value)
            if any(a is not b for a, b in zip(new, value, strict=True)):
                changes[name] = new
        elif is_node(value):
            new = visit(value)
            if new is not value:
                changes[name] = new
    return evolved(node, changes) if changes else node


def binder_name(node) -> str | None:
    """The name a node binds for its inside (`count(t in …)`, `sum(… for t in SET)`), or None."""
    if isinstance(node, ast_scope.MemberSum):
        return node.binder
    binder = getattr(node, "binder", None) if isinstance(
        node, ast_expr.Count | ast_expr.Aggregate | ast_scope.MemberCount) else None
    return binder.name if isinstance(binder, ast_expr.Ref) else None


def names_read(node) -> set[str]:
    """Every name an expression reads or binds (more than it reads freely: enough to decide what to rename)."""
    found, todo = set(), [node]
    while todo:
        item = todo.pop()
        if isinstance(item, ast_expr.Ref):
            found.add(item.name)
        elif isinstance(item, ast_scope.FieldOf):
            found.add(item.binder)
        bound = binder_name(item)
        if bound:
            found.add(bound)
        todo.extend(children(item))
    return found


def binders_in(node) -> set[str]:
    found, todo = set(), [node]
    while todo:
        item = todo.pop()
        bound = binder_name(item)
        if bound:
            found.add(bound)
        todo.extend(children(item))
    return found


def renamed(node, old: str, new: str, own_only: bool = False):
    """`node` with the name `old` (a binder of it, and every read of that binder) written `new`. With `own_only`,
    only `node`'s own binder and the reads it binds: a binder inside that names `old` again is left as written,
    with what it binds (hygiene's renaming of a binder around a call, which must not reach an inner one)."""
    def visit(item, top=False):
        if own_only and not top and binder_name(item) == old:
            return item
        if isinstance(item, ast_expr.Ref) and item.name == old:
            return attrs.evolve(item, name=new)
        if isinstance(item, ast_scope.FieldOf) and item.binder == old:
            return attrs.evolve(item, binder=new)
        if isinstance(item, ast_scope.MemberSum) and item.binder == old:
            item = attrs.evolve(item, binder=new)
        return rebuild(item, visit)
    return visit(node, top=True)


def substituted(body, bound: dict):
    """The body with each parameter read replaced by its argument (a binder named like one hides it: refused at
    the definition, so it is not looked at here)."""
    def visit(item):
        if isinstance(item, ast_expr.Ref) and item.name in bound:
            return bound[item.name]
        return rebuild(item, visit)
    return visit(body)


# Nodes with no node inside them.
_LEAVES = frozenset({ast_expr.IntLit, ast_expr.BoolLit, ast_expr.StrLit, ast_expr.Ref, ast_expr.SetLit,
                     ast_expr.NameLit, ast_expr.AmountLit, ast_expr.TypeRef, ast_expr.WrittenLine, ast_scope.FieldOf})


# The nodes `Expander.visit` rewrites (a call, a link set's name inside a group's links, `start[fire]`), and those
# elaboration rewrites around it: a subtree with none of them comes back from the visit as the same object.
_REWRITTEN = frozenset({ast_reuse.Call, ast_reuse.NamedLinks, ast_reuse.ModifyMember, ast_reuse.PieceCheck,
                        ast_expr.LargestGroup, ast_expr.Index})


def untouched(node) -> bool:
    """Whether expanding `node` would leave it as it is: no node `Expander.visit` rewrites anywhere inside. A walk
    that only looks costs a fraction of the visit's rebuild, and most declarations of a large file (every `tile`
    line) are such."""
    cls = type(node)
    if cls in _LEAVES:
        return True
    if cls in _REWRITTEN:
        return False
    for name in compared_field_names(cls):  # (spans and lines as written hold no expression)
        value = getattr(node, name)
        for item in value if type(value) is tuple else (value,):
            if type(item) not in _PLAIN and is_node(item) and not untouched(item):
                return False
    return True


_PLAIN = frozenset({str, int, bool, type(None)})


# The most syntax nodes a call is written out with (its body, small calls in it written out, the arguments in
# place). The base games' functions are a tenth of it; ten such calls nested in one another, each reading its
# parameter twice, would otherwise be 2^10 copies.
INLINED_NODES = 60


def size(node, limit: int = INLINED_NODES) -> int:
    """Syntax nodes in `node`, counted up to just past `limit` (a walk that stops there: an argument may be
    large)."""
    total, todo = 0, [node]
    while todo and total <= limit:
        item = todo.pop()
        total += 1
        todo.extend(children(item))
    return total


def reads_of(body, name: str) -> int:
    """How many times a body reads a name (a parameter: no binder inside hides it, refused at the definition)."""
    found, todo = 0, [body]
    while todo:
        item = todo.pop()
        found += isinstance(item, ast_expr.Ref) and item.name == name
        todo.extend(children(item))
    return found


class Expander:
    """Rewrites expressions; `diags` collects what cannot be expanded. One per rule set."""

    def __init__(self, functions: dict, link_sets: dict, per_values: dict, members: dict):
        self.functions = functions  # name -> FunctionDecl
        self.link_sets = link_sets  # name -> LinkSetDecl
        self.per_values = per_values  # name -> PerValueDecl
        self.members = members  # set name -> its members
        self.diags: list[Diagnostic] = []
        self.bodies: dict[str, object] = {}  # function -> its body, expanded (None: it cannot be)
        self.arguments: dict[int, tuple] = {}  # id(argument) -> (argument, function, parameter, call)
        self.calls: dict[str, list] = {}  # function -> the spans of its calls
        self._stack: list[str] = []
        self._declared: dict[str, str] = {}  # names the declaration being expanded binds -> what each is
        self._params: frozenset[str] = frozenset()  # the parameters of the body being expanded
        self._body_names: dict[str, tuple[set[str], set[str]]] = {}
        self._too_deep: set[str] = set()  # functions a call was refused at for making too long a chain
        self._shape: dict[str, tuple[int, tuple[int, ...]]] = {}  # function -> (its body's size, reads per parameter)
        self.hygiene = None  # check/hygiene.py's Hygiene: a body's free names never captured at a call

    def error(self, message, span, hint=None) -> None:
        found = Diagnostic(message, span=span, hint=hint)
        if found not in self.diags:  # (a body is expanded again from a later call when it could not be)
            self.diags.append(found)

    def visit(self, node):
        if type(node) in _LEAVES:
            return node  # (most nodes: nothing inside to expand, and the walk of a large file is mostly these)
        if isinstance(node, ast_reuse.Call):
            return self.call(node)
        if isinstance(node, ast_expr.LargestGroup):
            node = attrs.evolve(node, links=self.links(node.links, ()), parts=self.links(node.parts, ()))
        if isinstance(node, ast_expr.Index) and node.name in self.per_values:
            return self.member_value(node)
        bound = binder_name(node)
        if bound and self.hygiene is not None:
            node = self.hygiene.unshadowed(node, bound)  # (a binder that would capture a body's free name)
        return rebuild(node, self.visit)

    def declaration(self, decl, declared: dict[str, str]):
        """A declaration expanded; `declared`: the names it binds for all its expressions (check/hygiene.py)."""
        outer, self._declared = self._declared, declared
        try:
            return self.visit(decl)
        finally:
            self._declared = outer

    def links(self, links: tuple, seen: tuple) -> tuple:
        """The links with each link set's name replaced by its links (a set naming itself, through others, is
        refused)."""
        out = []
        for link in links:
            if not isinstance(link, ast_reuse.NamedLinks):
                out.append(link)
                continue
            found = self.link_sets.get(link.name)
            if found is None:
                self.diags.append(unknown("link set", link.name, self.link_sets, link.span))
            elif link.name in seen:
                self.error(f"link set '{link.name}' names itself ({' → '.join((*seen, link.name))})", link.span)
            else:
                out.extend(self.links(found.links, (*seen, link.name)))
        return tuple(out)

    def member_value(self, node):
        """`start[fire]`: the value made for the member fire."""
        decl = self.per_values[node.name]
        members = self.members.get(decl.set_name, ())
        key = node.key
        if isinstance(key, ast_expr.Ref) and key.name in self._params:
            return rebuild(node, self.visit)  # a parameter's: read once the argument is in its place
        if isinstance(key, ast_expr.Ref) and key.name in members:
            return ast_expr.Ref(f"{node.name}_{key.name}", span=node.span)
        if members:
            # `start[t]`, t a member named by a `for each` or a count: the value of whichever member t is (a key
            # of another type is reported by the checker, comparing it with the members)
            choice = ast_expr.Ref(f"{node.name}_{members[-1]}", span=node.span)
            for member in reversed(members[:-1]):
                test = ast_expr.Compare("=", key, ast_expr.Ref(member, span=key.span), span=key.span)
                choice = ast_expr.IfExpr(test, ast_expr.Ref(f"{node.name}_{member}", span=node.span), choice,
                                         span=node.span)
            return choice
        return node  # (a set not declared: reported at the value)

    def call(self, node):
        args = tuple(self.visit(a) for a in node.args)
        fn = self.functions.get(node.name)
        if fn is None:
            self.diags.append(unknown("function", node.name, self.functions, node.name_span or node.span))
            return node
        self.calls.setdefault(fn.name, []).append(node.span)
        if len(args) != len(fn.params):
            wanted = ", ".join(f"{p.name}: {type_words(p.type)}" for p in fn.params)
            self.error(f"{fn.name} takes {_count(len(fn.params), 'argument')} ({wanted}), but "
                       f"{_count(len(args), 'is', 'are')} given", node.span,
                       hint=f"declared at {where(fn.name_span)}: `def {fn.name}({wanted})`")
            return node
        body = self.body(fn, node)
        if body is None:
            return node
        read, bound = self._names(fn.name, body)
        captured = self.hygiene.captured(fn, node, self._declared) if self.hygiene is not None else None
        if captured is not None:
            self.error(captured[0], node.span, hint=captured[1])
            return node
        for arg, param in zip(args, fn.params, strict=True):
            self.arguments[id(arg)] = (arg, fn, param, node)
        if not self._small(fn, body, args):
            return evolved(node, {"args": args}) if any(a is not b for a, b in zip(args, node.args)) else node
        bound = substituted(self._hygienic(body, args, read, bound), {p.name: a for p, a in zip(fn.params, args,
                                                                                                 strict=True)})
        return self.visit(bound) if self.per_values else bound  # `quota[c]`, c a parameter: now c's argument

    def _small(self, fn, body, args) -> bool:
        """Whether the call, written out, stays within `INLINED_NODES` (each argument counted once per read)."""
        if fn.name not in self._shape:
            self._shape[fn.name] = (size(body), tuple(reads_of(body, p.name) for p in fn.params))
        total, reads = self._shape[fn.name]
        for arg, times in zip(args, reads, strict=True):
            if total > INLINED_NODES:
                break
            if times:
                total += times * (size(arg) - 1)
        return total <= INLINED_NODES

    def _names(self, function: str, body) -> tuple[set[str], set[str]]:
        """The names a function's expanded body reads and binds, found once (it is expanded at every call)."""
        if function not in self._body_names:
            self._body_names[function] = (names_read(body), binders_in(body))
        return self._body_names[function]

    def _hygienic(self, body, args, read, bound):
        """The body with each binder an argument's names would fall under renamed."""
        taken = set().union(*(names_read(a) for a in args)) if args else set()
        everything = read | taken
        for name in sorted(bound & taken):
            fresh = next(f"{name}_{i}" for i in range(1, 10_000) if f"{name}_{i}" not in everything)
            everything.add(fresh)
            body = renamed(body, name, fresh)
        return body

    def body(self, fn, call=None):
        """The function's body with the calls and names in it expanded, once (a function that calls itself,
        directly or through others, is refused at the call that closes the circle)."""
        if fn.name in self.bodies:
            return self.bodies[fn.name]
        if fn.name in self._stack:
            chain = " → ".join((*self._stack[self._stack.index(fn.name):], fn.name))
            self.error(f"{fn.name} calls itself ({chain}): a function may not be recursive",
                       call.span if call is not None else fn.name_span)
            return None
        if len(self._stack) >= MAX_CALL_DEPTH:  # (not remembered: from a shorter chain it may be fine)
            if fn.name in self._too_deep:
                return None  # (said once, at the first call that made the chain)
            self._too_deep.add(fn.name)
            self.error(f"this call makes a chain of more than {MAX_CALL_DEPTH} functions, each calling the next "
                       f"({self._stack[0]} → … → {fn.name})", call.span if call is not None else fn.name_span,
                       hint="work some of them out in fewer, larger functions")
            return None
        self._stack.append(fn.name)
        outer, self._declared = self._declared, {}  # the body is read where it is defined, not where it is called
        outer_params, self._params = self._params, frozenset(p.name for p in fn.params)
        try:
            expanded = self.visit(fn.body)
        finally:
            self._stack.pop()
            self._declared, self._params = outer, outer_params
        failed = any(span_inside(d.span, fn.span) for d in self.diags)
        self.bodies[fn.name] = None if failed else expanded
        return self.bodies[fn.name]


    def checked_body(self, fn):
        """The body as checked at its definition: `quota[c]`, c a parameter, read as the choice among the
        members' values that any argument gives."""
        body = self.body(fn)
        return self.visit(body) if body is not None and self.per_values else body


def type_words(t) -> str:
    return t.name + ("?" if t.optional else "")


def _count(n: int, word: str, plural: str | None = None) -> str:
    if plural is not None:
        return f"{n} {word if n == 1 else plural}"
    return f"{n} {word}" + ("" if n == 1 else "s")
