"""`class X(NamedTuple): field: type = default` as typing writes it, without importing typing.

`orbis score --json` starts with some thirty record and spec classes. Made by `typing.NamedTuple`, they cost
importing typing (about 3.4 ms of every start) and, for each field, a `ForwardRef` that compiles the field's
annotation (the annotations are strings here: `from __future__ import annotations`). This makes the same class
the way typing's class syntax does (typing.NamedTupleMeta in CPython 3.11): `collections.namedtuple` of the
annotated fields, the fields with a value in the body as its defaults (a field without one after a field with one
is a TypeError), then the body's methods, properties and docstring set on it, and a body that would overwrite the
tuple's own machinery an AttributeError. The class is a plain namedtuple subclass of `tuple`, as typing's is: same
equality, hash, repr, unpacking, `_replace`, `_asdict`, `_fields`, `_field_defaults`, pickling.

The one difference: `__annotations__` keeps the annotations as written (strings) where typing keeps ForwardRefs
made of them; nothing in the package reads them (tests/common/test_named_tuples.py holds the rest to typing's).
Only the class syntax is offered; the functional form `NamedTuple("X", [...])` is typing's to use.
"""

from __future__ import annotations

import collections

# As typing's: names a NamedTuple body may not set, and names of its namespace that are not copied onto the class.
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                         "_replace", "_asdict", "_source"})
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    def __new__(mcs, typename: str, bases: tuple, ns: dict):
        if ns.get("_named_tuple_root"):  # NamedTuple itself, below
            return super().__new__(mcs, typename, bases, ns)
        if bases != (NamedTuple,):
            raise TypeError("can only inherit from NamedTuple")
        annotations = ns.get("__annotations__", {})
        default_names: list[str] = []
        for field_name in annotations:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}")
        made = collections.namedtuple(typename, list(annotations), defaults=[ns[n] for n in default_names],
                                      module=ns["__module__"])
        made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
        made.__orig_bases__ = bases  # (typing's class has its base there too: Python puts it in the namespace)
        for key in ns:
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in made._fields:
                setattr(made, key, ns[key])
        return made


class NamedTuple(metaclass=_NamedTupleMeta):
    """Base of a named tuple class written as typing's: `class Span(NamedTuple): line: int; column: int = 0`.
    The class made is a `collections.namedtuple` (its only base is `tuple`), never a subclass of this."""

    _named_tuple_root = True
