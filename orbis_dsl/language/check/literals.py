"""Stage 2, types and literals: a declared type is known and well sized, a literal (a default, a tile's argument, a
variant's option) has its type, and becomes its Python value. Functions of the checker's `Names` (check/state.py),
as `env`."""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Span, did_you_mean
from orbis_dsl.language.check.model import PARAM_TYPES, Option, Param
from orbis_dsl.language.check.types import name_words
from orbis_dsl.language.syntax import ast_expr


def check_type(env, t: ast_expr.TypeRef) -> None:
    if t.name == "enum":
        if len(set(t.choices)) != len(t.choices):
            env.error("a choice is listed twice", t.span)
        return
    if t.name not in PARAM_TYPES:
        hint = did_you_mean(t.name, PARAM_TYPES) or "expected one of: " + ", ".join(sorted(PARAM_TYPES))
        env.error(f"unknown type '{t.name}'", t.span, hint=hint)
    elif t.size is not None and t.name != "colors":
        env.error(f"only 'colors' takes a size, not '{t.name}'", t.span)
    elif t.size is not None and not 1 <= t.size <= max(1, len(env.colors)):
        env.error(f"a colour set of {t.size} is impossible with {len(env.colors)} colours", t.span)


def literal(env, lit, t: ast_expr.TypeRef, what: str):
    """The Python value of a literal of type `t`, or None after reporting a mismatch."""
    if t.name not in PARAM_TYPES and t.name != "enum":
        return None  # the unknown type is reported already
    form = _LITERAL_FORMS.get(t.name)
    if form is not None and isinstance(lit, form[0]):
        return form[1](env, lit, t, what)
    env.error(f"{what} expects {type_words(t)}, got {_literal_words(lit)}", getattr(lit, "span", None))
    return None


def _value_literal(env, lit, t: ast_expr.TypeRef, what: str):
    """A number, a yes/no or a string: its value as written."""
    return lit.value


def _choice_literal(env, lit: ast_expr.StrLit, t: ast_expr.TypeRef, what: str):
    """A choice of strings: one of those listed."""
    if lit.value not in t.choices:
        env.error(f"'{lit.value}' is not a choice of {what}", lit.span,
                  hint=did_you_mean(lit.value, t.choices) or "expected one of: " + ", ".join(t.choices))
        return None
    return lit.value


def _color_literal(env, lit: ast_expr.NameLit, t: ast_expr.TypeRef, what: str):
    return color(env, lit.name, lit.span)


def _colors_literal(env, lit: ast_expr.SetLit, t: ast_expr.TypeRef, what: str):
    """A set of colours, each once (as many as the type's size, if it has one), in the order of `colors`."""
    colours = [color(env, n, lit.span) for n in lit.names]
    if None in colours:
        return None
    if len(set(colours)) != len(colours):
        env.error(f"{what} lists a colour twice", lit.span)
        return None
    if t.size is not None and len(colours) != t.size:
        env.error(f"{what} needs exactly {t.size} colours, got {len(colours)}", lit.span)
        return None
    return tuple(sorted(colours, key=env.colors.index))


def _amount_literal(env, lit: ast_expr.AmountLit, t: ast_expr.TypeRef, what: str):
    """(count, colour or None): at least one, of a known colour."""
    if lit.count < 1:
        env.error(f"{what} must be at least 1", lit.span)
        return None
    colour = None if lit.color is None else color(env, lit.color, lit.span)
    if lit.color is not None and colour is None:
        return None
    return (lit.count, colour)


# Each type: the literal that writes it, and the function giving its value.
_LITERAL_FORMS = {
    "int": (ast_expr.IntLit, _value_literal),
    "bool": (ast_expr.BoolLit, _value_literal),
    "string": (ast_expr.StrLit, _value_literal),
    "enum": (ast_expr.StrLit, _choice_literal),
    "color": (ast_expr.NameLit, _color_literal),
    "colors": (ast_expr.SetLit, _colors_literal),
    "amount": (ast_expr.AmountLit, _amount_literal),
}


def color(env, name: str, span: Span | None) -> str | None:
    canonical = env.aliases.get(name, name)
    if canonical in env.colors:
        return canonical
    env.diags.append(env.unknown("colour", name, lambda: list(env.colors) + list(env.aliases), span))
    return None


def check_param(env, decl) -> Param:
    check_type(env, decl.type)
    default = None
    if decl.default is not None:
        default = literal(env, decl.default, decl.type, f"the default of '{decl.name}'")
    low, high = getattr(decl, "low", None), getattr(decl, "high", None)
    if low is not None and (decl.type.name != "int" or low > high):
        env.error(f"the range {low}..{high} of '{decl.name}' is empty" if decl.type.name == "int" else
                  f"'{decl.name}' is {type_words(decl.type)}: only a number has a range", decl.span)
        low = high = None
    param = Param(decl.name, decl.type, default, decl.default is not None, getattr(decl, "unique", False),
                  low, high, span=decl.span)
    in_range(env, param, default, f"the default of '{decl.name}'", decl.span)
    return param


def in_range(env, param: Param, value, what: str, span) -> None:
    """An error for a number outside the parameter's `LOW..HIGH`."""
    if param.low is not None and isinstance(value, int) and not param.low <= value <= param.high:
        env.error(f"{what} is {value}, outside {param.low}..{param.high}", span)


def check_option(env, file, decl) -> Option:
    check_type(env, decl.type)
    if decl.type.name not in ("bool", "int", "enum"):
        env.error("an option is a bool, an int or a choice of strings", decl.type.span)
    return Option(decl.name, decl.type, literal(env, decl.default, decl.type, f"option '{decl.name}'"), file,
                  decl.title)


def type_words(t: ast_expr.TypeRef) -> str:
    if t.name == "enum":
        return "one of " + ", ".join(f'"{c}"' for c in t.choices)
    if t.name == "colors" and t.size:
        return f"a set of {t.size} colours like {{red, blue}}"
    return name_words(t.name)


def _literal_words(lit) -> str:
    if isinstance(lit, ast_expr.NameLit):
        return f"the name '{lit.name}'"
    if isinstance(lit, ast_expr.IntLit):
        return f"the number {lit.value}"
    if isinstance(lit, ast_expr.StrLit):
        return f'the string "{lit.value}"'
    return {ast_expr.BoolLit: "true/false", ast_expr.SetLit: "a set",
            ast_expr.AmountLit: "an amount"}.get(type(lit), "a value")
