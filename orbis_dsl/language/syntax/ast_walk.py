"""What walks of the syntax tree need to know of a node's class, looked up once per class.

Every syntax node is an attrs class, and the walks that look at every node (the bounds on work, the checks that
follow names into lets) read a node's children from its fields. `attrs.fields` and `attrs.has` on every node
were most of the time of checking a large rule file of gods (a third of it, for 1,220 gods in 256 kB): they are
asked of a few dozen classes, so each answer is kept.
"""

from __future__ import annotations

from functools import cache

import attrs


@cache
def field_names(cls: type) -> tuple[str, ...]:
    """The names of an attrs class's fields, in the order they are declared."""
    return tuple(field.name for field in attrs.fields(cls))


@cache
def compared_field_names(cls: type) -> tuple[str, ...]:
    """The fields in an attrs class's equality, in order: what a rule says. The others say where it was written
    (spans, `WrittenLine`s), so a walk for expressions or quantities passes them by (a span is a tuple: walked
    into, it was five more items a node to look at)."""
    return tuple(field.name for field in attrs.fields(cls) if field.eq)


@cache
def is_node_class(cls: type) -> bool:
    """Whether instances of `cls` are syntax nodes (attrs classes), with fields to walk."""
    return attrs.has(cls)


def is_node(value: object) -> bool:
    return is_node_class(type(value))


def children(node) -> list:
    """The syntax nodes in a node's fields, in the order written: each field's node, or its tuple's nodes."""
    found = []
    for name in field_names(type(node)):
        value = getattr(node, name)
        for item in value if isinstance(value, tuple) else (value,):
            if is_node_class(type(item)):
                found.append(item)
    return found
