"""A spec of a module's tables (`GodSpec(…)`, `EndSpec(…)`) kept as its keyword arguments' texts until it is laid
out, so that a long one breaks between its arguments without being parsed (a file of a thousand gods has a
thousand of them). An argument too long for a line alone is parsed by itself and laid out by `layout`."""

from __future__ import annotations

import ast

import attrs

from orbis_dsl.language.backends.python.layout import STEP, WIDTH, expr_lines


@attrs.frozen
class SpecCall:
    head: str
    args: tuple[tuple[str, object], ...]  # (keyword, a value's source text or a tuple of SpecCalls)

    def __str__(self) -> str:
        return f"{self.head}(" + ", ".join(f"{k}={_flat(v)}" for k, v in self.args) + ")"


def _flat(value) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def spec_lines(spec: SpecCall, indent: str, suffix: str) -> list[str]:
    # (each argument's text made once: a god's spec holds its clauses' specs, each written into the god's)
    texts = [f"{keyword}={_flat(value)}" for keyword, value in spec.args]
    flat = f"{indent}{spec.head}(" + ", ".join(texts) + f"){suffix}"
    if len(flat) <= WIDTH:
        return [flat]
    inner = indent + STEP
    lines, packed = [f"{indent}{spec.head}("], ""
    for (keyword, value), text in zip(spec.args, texts, strict=True):
        text += ","
        if len(inner + packed + " " + text) <= WIDTH:
            packed = f"{packed} {text}" if packed else text
            continue
        if packed:
            lines.append(inner + packed)
            packed = ""
        if len(inner + text) <= WIDTH:
            packed = text
        elif isinstance(value, tuple) and value:
            lines.append(f"{inner}{keyword}=(")
            for item in value:
                lines += spec_lines(item, inner + STEP, ",") if isinstance(item, SpecCall) else expr_lines(
                    ast.parse(str(item), mode="eval").body, inner + STEP, "", ",")
            lines.append(f"{inner}),")
        else:
            lines += expr_lines(ast.parse(_flat(value), mode="eval").body, inner, f"{keyword}=", ",")
    if packed:
        lines.append(inner + packed)
    return [*lines, f"{indent}){suffix}"]
