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


def check_says(text: str | None, known, extra: tuple[str, ...], span: Span | None, place=None,
               clause_names: bool = True) -> list[Diagnostic]:
    """Diagnostics for a sentence whose placeholders are not all in `known` (a predicate: None for an award's,
    which names none of its clause) or `extra`. `place`
    (NEEDLE, NTH) gives where the nth `{name}` stands in the sentence (NEEDLE None: the sentence itself), or None;
    `span` is the place of what is not found."""
    if text is None:
        return []

    def where(needle: str | None, nth: int = 0) -> Span | None:
        return (place(needle, nth) if place is not None else None) or span

    names = placeholders(text)
    if isinstance(names, str):
        return [Diagnostic(f"this sentence has {names}", span=where(None))]
    found = []
    for i, name in enumerate(names):
        if name not in extra and not known(name):
            d = unknown("placeholder", name, list(extra), where("{" + name + "}", names[:i].count(name)))
            names_too = (" or a name of the clause (a parameter, a let, a value, an option)" if clause_names
                         else " or an option of the game")
            found.append(d._replace(message=f"{d.message}: a sentence may name {', '.join(extra)}{names_too}"))
    return found
