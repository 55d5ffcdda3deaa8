"""Stage 2, the sentences rule authors write for scoring lines (`says "…"`): every `{placeholder}` must name a
value the line can show. Kept apart from the expression checker: a sentence is text, not an expression."""

from __future__ import annotations

from string import Formatter

from orbis_dsl.common.diagnostics import Diagnostic, Span, unknown

# What every clause's sentence may name besides the names of its context.
CLAUSE_WORDS = ("points", "why", "how")
# What an award's sentence may name.
AWARD_WORDS = ("title", "measure", "place", "prize", "tiebreak", "tied", "ranking")


def placeholders(text: str) -> list[str] | str:
    """The names a sentence's placeholders use, or a reason it is not a sentence we can fill."""
    try:
        parts = list(Formatter().parse(text))
    except ValueError:
        return "an unpaired '{' or '}' (write '{{' or '}}' for a brace itself)"
    names = []
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            return f"'{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}' is not a " \
                   f"placeholder: write a name alone, like {{points}}"
        names.append(name)
    return names


def check_says(text: str | None, known, extra: tuple[str, ...], span: Span | None) -> list[Diagnostic]:
    """Diagnostics for a sentence whose placeholders are not all in `known` (a predicate) or `extra`."""
    if text is None:
        return []
    names = placeholders(text)
    if isinstance(names, str):
        return [Diagnostic(f"this sentence has {names}", span=span)]
    found = []
    for name in names:
        if name not in extra and not known(name):
            d = unknown("placeholder", name, list(extra), span)
            found.append(d._replace(message=f"{d.message}: a sentence may name {', '.join(extra)} or a name of "
                                            f"the clause (a parameter, a let, a value, an option)"))
    return found
