"""A function's free names keep the meaning they have where it is defined (issue 32, item 3).

A small call is written out as its body (`check/expand.py`), and a name the body reads but does not bind (not a
parameter, not a binder of its own) means a top-level declaration: the rule set's `favourite`, whatever the call
stands inside. (A larger call is read in a context without the call site's binders, `Context.function_body`; the
same two rules hold for it, so that a call means one thing whichever way it is run.) Two kinds of name could
capture it where the call is written out:

- a binder of the expression around the call (`count(favourite in crafts where fav() …)`,
  `sum(… for favourite in crafts)`): that binder is renamed, with every read of it, to a name nothing inside it
  reads (`favourite_1`), so the call site means what it says and the body what it says;
- a name the declaration around the call binds for all its expressions (`warn … for each favourite in crafts`,
  a piece's `let favourite = …`): such a name also stands in the sentence, the `says` text and the piece's
  other members, so it is not renamed: the call is refused, at the call, saying which two things the name could
  mean and how to write each.
"""

from __future__ import annotations

from itertools import count

from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.expand import binder_name, names_read, renamed
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse, ast_scope, ast_sheet
from orbis_dsl.language.syntax.ast_walk import children


def free_names(node) -> set[str]:
    """The names an expression reads that no binder inside it binds (a binder's name is bound in all of the node
    that binds it)."""
    found, todo = set(), [(node, frozenset())]
    while todo:
        item, bound = todo.pop()
        if isinstance(item, ast_expr.Ref) and item.name not in bound:
            found.add(item.name)
        elif isinstance(item, ast_scope.FieldOf) and item.binder not in bound:
            found.add(item.binder)
        name = binder_name(item)
        inner = bound | {name} if name else bound
        todo.extend((child, inner) for child in children(item))
    return found


def calls_in(node) -> list:
    found, todo = [], [node]
    while todo:
        item = todo.pop()
        if isinstance(item, ast_reuse.Call):
            found.append(item)
        todo.extend(children(item))
    return found


class Hygiene:
    """What an `Expander` asks at each binder and each call (it is set as the expander's `hygiene`)."""

    def __init__(self, expander, declared=frozenset()):
        self.expander = expander
        self.declared = declared  # every name the rule set declares: a renamed binder takes none of them
        self._free: dict[str, set[str]] = {}  # function -> its expanded body's free names

    def free_names_of(self, call) -> set[str]:
        """The names the body of the function called reads and does not bind, and those of the functions it calls
        that are not written out into it (each function's once; none for a call that cannot be expanded: that is
        reported where it is expanded)."""
        fn = self.expander.functions.get(call.name)
        body = self.expander.body(fn, call) if fn is not None else None
        if body is None:
            return set()
        if fn.name not in self._free:
            self._free[fn.name] = set()  # (no function calls itself: refused, and its body then None)
            found = free_names(body) - {p.name for p in fn.params}
            for inner in calls_in(body):
                found |= self.free_names_of(inner)
            self._free[fn.name] = found
        return self._free[fn.name]

    def unshadowed(self, node, name: str):
        """`node`, which binds `name` for its inside, with that binder renamed when a call inside it would have
        the binder capture a free name of the function's body (else `node` itself)."""
        free = set()
        for call in calls_in(node):
            free |= self.free_names_of(call)
        if name not in free:
            return node
        taken = names_read(node) | free | self.declared
        fresh = next(f"{name}_{i}" for i in count(1) if f"{name}_{i}" not in taken)
        return renamed(node, name, fresh, own_only=True)

    def captured(self, fn, call, declared: dict[str, str]) -> tuple[str, str] | None:
        """(message, hint) when the call's body reads freely a name the declaration around it binds (`declared`:
        name -> what it is there), else None."""
        names = sorted(self.free_names_of(call) & set(declared))
        if not names:
            return None
        return captured_message(fn, names[0], declared[names[0]], where(fn.body.span))


def declared_names(decl) -> dict[str, str]:
    """The names a declaration binds for all its expressions, each with what it is in words: a `for each`'s
    and a piece's lets."""
    each = getattr(decl, "for_each", None)
    if isinstance(each, ast_sheet.ForEach):
        return {each.name: f"the member of {each.set} that `for each {each.name} in {each.set}` names"}
    if isinstance(decl, ast_decl.PieceDecl):
        return {m.name: f"the let '{m.name}' of {decl.family} {decl.name}" for m in decl.members
                if isinstance(m, ast_decl.LetDecl)}
    return {}


def captured_message(fn, name: str, words: str, where_body: str) -> tuple[str, str]:
    """(message, hint) for a call whose body's free `name` a declaration around the call binds too."""
    return (f"the body of {fn.name} reads '{name}', the rule set's '{name}' where {fn.name} is defined, but here "
            f"'{name}' is {words}: the call would read that one",
            f"to mean the rule set's '{name}', name this one otherwise (e.g. '{name}2'); to mean this one, give "
            f"{fn.name} a parameter for it (`def {fn.name}(…, {name}: …)`) and pass it; the body is at "
            f"{where_body}")
