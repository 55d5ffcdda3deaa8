"""Type checks of functions (`def`): each body once, at its definition, against its parameters' and result's types;
each argument at its call, against its parameter; and, for a mistake the checker finds inside a body read from a
call, where that call is.

The body is checked in the context of a top-level rule, its parameters bound to their declared types, so that a
mistake in it is reported at the body whatever calls it. A small call was written out before the checks
(`check/expand.py`): an argument keeps its identity in the expanded tree, and `argument_type` is asked by the
expression checker when it meets one. Any other call is typed by its declaration (`call_type`), and the body read
once more for each context a call stands in (a scope over players, a counted tile: what its names mean there), never
once per call: a call in a body read so is read from that one context, so calls nested n deep cost n readings.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.language.check.bindings import span_inside, where
from orbis_dsl.language.check.expand import type_words
from orbis_dsl.language.check.types import UNKNOWN, MemberOf, Type, named, required

# The types a parameter or a result may have, besides a declared set's name (a member of that set).
_PLAIN = ("int", "bool", "kind", "color", "string")


def checker_type(t, sets) -> Type | None:
    """A parameter's or result's declared type, or None when no such type exists."""
    if t.name in sets:
        return MemberOf(t.name, t.optional)
    if t.name in _PLAIN:
        return named(t.name, t.optional)
    return None


def check_functions(checker, elaboration) -> None:
    """Each function's body, type-checked once against its declared types."""
    if elaboration is None:
        return
    for fn, body in elaboration.functions.values():
        types = {}
        for param in (*fn.params, None):
            t = fn.result if param is None else param.type
            known = checker_type(t, checker.sets)
            if known is None:
                choices = [*_PLAIN, *checker.sets]
                checker.diags.append(checker.unknown("type", t.name, choices, t.span or fn.span))
            elif param is not None:
                types[param.name] = known
        if len(types) != len(fn.params) or body is None:
            continue
        ctx = checker.context().evolve(arguments=types)
        want = checker_type(fn.result, checker.sets)
        if want is not None:
            checker.expect(body, ctx, want, f"the body of {fn.name} (declared {type_words(fn.result)})")
        unread = [p.name for p in fn.params if not _reads(body, p.name)]
        for name in unread:
            checker.warn(f"parameter '{name}' of {fn.name} is never read: every call passes it for nothing",
                         next(p.span for p in fn.params if p.name == name))


def function_table(checker, elaboration) -> dict:
    """Each function whose parameters' and result's types exist, as the contexts know it (`names.Function`)."""
    from orbis_dsl.language.check.names import Function
    table = {}
    for name, (fn, body) in (elaboration.functions if elaboration is not None else {}).items():
        params = tuple((p.name, checker_type(p.type, checker.sets)) for p in fn.params)
        result = checker_type(fn.result, checker.sets)
        if body is not None and result is not None and all(t is not None for _, t in params):
            table[name] = Function(name, params, result, body)
    return table


def call_type(checker, e, ctx) -> Type:
    """A call not written out: each argument checked against its parameter, the body read where the call stands
    (once per function and context), and the declared result's type."""
    fn = ctx.functions.get(e.name)
    for arg in e.args:
        checker.expr(arg, ctx)
    if fn is None:
        return UNKNOWN  # (a function whose types are unknown: reported at its definition)
    read = checker.bodies_read
    key = (fn.name, id(ctx))
    if key not in read:
        read[key] = ctx  # (kept: no other context takes its id while the checker lives)
        checker.expect(fn.body, ctx.function_body(fn), fn.result, f"the body of {fn.name}")
    return fn.result


def argument_type(checker, e, got: Type) -> None:
    """At a call's argument (found by identity): the argument's type against its parameter's."""
    found = checker.reuse.arguments.get(id(e)) if checker.reuse is not None else None
    if found is None or found[0] is not e or got == UNKNOWN:
        return
    _, fn, param, _ = found
    want = checker_type(param.type, checker.sets)
    if want is None or required(got) == required(want):
        return
    checker.report.misfed |= {fn.name}  # the body's errors then follow from this one
    checker.error(f"argument '{param.name}' of {fn.name} must be {checker.words(want)}, but this is "
                  f"{checker.words(got)}", e.span,
                  hint=f"{fn.name} is declared at {where(fn.name_span)}: `{param.name}: {type_words(param.type)}`")


def _reads(body, name: str) -> bool:
    from orbis_dsl.language.check.expand import names_read
    return name in names_read(body)


def placed(diags: list[Diagnostic], elaboration, misfed=(), defined=()) -> list[Diagnostic]:
    """The diagnostics, each once (a body expanded at several calls is checked at each), and those inside a
    function's body told which call it was checked at. Inside the body of a function called with an argument of
    the wrong type (`misfed`), only what its definition's own check found (`defined`) is kept: the rest follows
    from that argument, which is reported at the call."""
    out, seen = [], set()
    # Where the definition's own check found an error, what a call's written-out body found at the same place
    # says the same less well ("the condition of 'if' …" for "the body of big (declared bool) …"): only the
    # definition's is kept.
    defined_errors = {d.span for d in defined if d.is_error and d.span is not None}
    defined = {(d.message, d.span) for d in defined}
    for d in diags:
        key = (d.message, d.span, d.severity)
        if key in seen or (_in_body_of(d, misfed, elaboration) and (d.message, d.span) not in defined):
            continue
        if d.span in defined_errors and (d.message, d.span) not in defined:
            continue
        seen.add(key)
        out.append(_with_call(d, elaboration))
    return out


def _with_call(d: Diagnostic, elaboration) -> Diagnostic:
    if elaboration is None or d.span is None:
        return d
    for fn, _ in elaboration.functions.values():
        calls = elaboration.calls.get(fn.name)
        if calls and span_inside(d.span, fn.body.span):
            said = f"in {fn.name}, called at {where(calls[0])}" + (f" and {len(calls) - 1} more" if len(calls) > 1
                                                                      else "")
            return d._replace(hint=f"{d.hint}; {said}" if d.hint else said)
    return d


def _in_body_of(d: Diagnostic, functions, elaboration) -> bool:
    # (any function's body: the misfed one's, and those it calls, which the argument reaches)
    return bool(functions) and d.span is not None and any(span_inside(d.span, fn.body.span)
                                                          for fn, _ in elaboration.functions.values())
