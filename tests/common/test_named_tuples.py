"""common.named_tuples.NamedTuple makes the class typing.NamedTuple makes (without importing typing at start-up):
the oracle is typing's own class, built from the same source. Every class of the package that uses it is held to
its typing twin, and so are classes written to reach each branch (defaults, methods, properties, docstrings, the
errors)."""

from __future__ import annotations

import collections
import copy
import importlib
import inspect
import pickle
import textwrap
import typing

import pytest

from orbis_dsl.common import named_tuples

# Every module that takes NamedTuple from common.named_tuples (a module added later is found by the test below).
MODULES = ["orbis_dsl.cli.batch", "orbis_dsl.common.diagnostics", "orbis_dsl.common.games",
           "orbis_dsl.language.ruleset", "orbis_dsl.records.orbis.notation_read", "orbis_dsl.runtime.awards",
           "orbis_dsl.runtime.game_record", "orbis_dsl.runtime.grid", "orbis_dsl.runtime.hexmap",
           "orbis_dsl.runtime.score_report", "orbis_dsl.runtime.scoring", "orbis_dsl.runtime.sheet_types",
           "orbis_dsl.runtime.specs"]


def _classes(module_name: str) -> list[type]:
    module = importlib.import_module(module_name)
    return [value for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module_name and hasattr(value, "_fields")]


def _twin(cls: type, namespace: dict, base) -> type:
    """cls's source run again with `NamedTuple` bound to `base`, in a copy of its module's names."""
    names = dict(namespace, NamedTuple=base)
    future = "from __future__ import annotations\n" if namespace.get("annotations") is annotations else ""
    exec(compile(future + textwrap.dedent(inspect.getsource(cls)), namespace.get("__file__", "<twin>"), "exec",
                 dont_inherit=True),
         names)
    return names[cls.__name__]


def _same_class(ours: type, theirs: type) -> None:
    assert ours.__bases__ == theirs.__bases__ == (tuple,)
    assert ours._fields == theirs._fields
    assert ours._field_defaults == theirs._field_defaults
    assert (ours.__name__, ours.__qualname__, ours.__module__) == (
        theirs.__name__, theirs.__qualname__, theirs.__module__)
    assert ours.__doc__ == theirs.__doc__
    assert sorted(vars(ours)) == sorted(vars(theirs))
    for key, value in vars(theirs).items():
        mine = vars(ours)[key]
        if key in ("__annotations__", "__new__", "__getnewargs__", "_make", "_replace", "__repr__", "_asdict",
                   "__match_args__", "__doc__", "__module__", "__slots__", "__qualname__", "_fields",
                   "_field_defaults", "__orig_bases__") or key in ours._fields:
            continue  # namedtuple's own, made afresh for each class (compared by behaviour below); fields: getters
        code = getattr(getattr(value, "__func__", value), "__code__", None)
        if code is not None:
            assert getattr(mine, "__func__", mine).__code__.co_code == code.co_code, key
            assert type(mine) is type(value), key
        elif isinstance(value, property):
            assert mine.fget.__code__.co_code == value.fget.__code__.co_code, key
        else:
            assert mine == value, key
    assert ours.__orig_bases__ == (named_tuples.NamedTuple,) and theirs.__orig_bases__ == (typing.NamedTuple,)
    # The annotations: the same names; as written here, as ForwardRefs of the same text there.
    assert list(ours.__annotations__) == list(theirs.__annotations__)
    for name, written in ours.__annotations__.items():
        made = theirs.__annotations__[name]
        assert written == (made.__forward_arg__ if isinstance(made, typing.ForwardRef) else made)


def _same_values(ours: type, theirs: type, values: tuple) -> None:
    a, b = ours(*values), theirs(*values)
    assert a == b == tuple(values) and hash(a) == hash(b)
    assert repr(a) == repr(b)
    assert a._asdict() == b._asdict()
    assert list(a) == list(b) and len(a) == len(b)
    if ours._fields:
        first = ours._fields[0]
        assert a._replace(**{first: "x"}) == b._replace(**{first: "x"})
        assert getattr(a, first) == values[0]
    assert ours._make(values) == theirs._make(values)
    assert copy.copy(a) == a and copy.deepcopy(a) == a
    required = len(ours._fields) - len(ours._field_defaults)
    assert ours(*values[:required]) == theirs(*values[:required])
    assert a.__getnewargs__() == b.__getnewargs__()
    assert isinstance(a, tuple)


def test_every_class_of_the_package_is_typings_class():
    seen = 0
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        assert module.NamedTuple is named_tuples.NamedTuple, module_name
        for cls in _classes(module_name):
            theirs = _twin(cls, vars(module), typing.NamedTuple)
            _same_class(cls, theirs)
            _same_values(cls, theirs, tuple(f"v{i}" for i in range(len(cls._fields))))
            seen += 1
    assert seen >= 30


def test_the_package_pickles_its_classes_as_before():
    from orbis_dsl.common.diagnostics import Diagnostic, Span
    from orbis_dsl.runtime.score_report import Line

    span = Span("f.orbis", 3, 4)
    for value in (span, Diagnostic("words", span, hint="say it"), Line("where", "what", 3, "why")):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and type(again) is type(value)


def test_no_module_takes_typings_named_tuple_where_the_start_path_takes_this_one():
    import pathlib

    root = pathlib.Path(named_tuples.__file__).resolve().parents[1]
    users = sorted(
        ".".join(path.relative_to(root.parent).with_suffix("").parts) for path in root.rglob("*.py")
        if "from orbis_dsl.common.named_tuples import NamedTuple" in path.read_text(encoding="utf-8"))
    assert users == MODULES  # each one held to typing's class above


SAMPLE = '''
class Sample(NamedTuple):
    """A sample."""

    name: str
    count: int = 0
    tags: tuple = ()
    LIMIT = 3  # a class constant, not a field

    def doubled(self) -> int:
        return 2 * self.count

    @property
    def label(self) -> str:
        return f"{self.name}:{self.count}"

    @classmethod
    def named(cls, name):
        return cls(name)

    @staticmethod
    def limit():
        return 3

    def __repr__(self):
        return "Sample!"


class Bare(NamedTuple):
    a: int
    b: "list[int]"


class Empty(NamedTuple):
    pass
'''


def _both(source: str) -> tuple[dict, dict]:
    made = []
    for base in (named_tuples.NamedTuple, typing.NamedTuple):
        names = {"NamedTuple": base, "__name__": "sample_module"}
        exec(compile("from __future__ import annotations\n" + source, "<sample>", "exec"), names)
        made.append(names)
    return made[0], made[1]


def test_written_classes_come_out_as_typings():
    ours, theirs = _both(SAMPLE)
    for name, values in (("Sample", ("n", 2, ("t",))), ("Bare", (1, (2,))), ("Empty", ())):
        _same_class(ours[name], theirs[name])
        _same_values(ours[name], theirs[name], values)
    sample = ours["Sample"]("n", 2)
    assert (sample.doubled(), sample.label, sample.LIMIT, sample.limit()) == (4, "n:2", 3, 3)
    assert repr(sample) == "Sample!" and ours["Sample"].named("m") == ("m", 0, ())
    assert ours["Bare"].__doc__ == theirs["Bare"].__doc__ == "Bare(a, b)"
    assert not isinstance(sample, named_tuples.NamedTuple)  # a plain namedtuple, as typing's is
    assert issubclass(ours["Sample"], tuple) and type(ours["Sample"]) is type(collections.namedtuple("T", "a"))


@pytest.mark.parametrize("source, error, words", [
    ("class Bad(NamedTuple):\n    a: int = 1\n    b: int\n", TypeError,
     "Non-default namedtuple field b cannot follow default field a"),
    ("class Bad(NamedTuple):\n    a: int = 1\n    b: int = 2\n    c: int\n", TypeError,
     "Non-default namedtuple field c cannot follow default fields a, b"),
    ("class Bad(NamedTuple):\n    a: int\n    def _replace(self):\n        pass\n", AttributeError,
     "Cannot overwrite NamedTuple attribute _replace"),
    ("class Bad(NamedTuple):\n    a: int\n    __slots__ = ()\n", AttributeError,
     "Cannot overwrite NamedTuple attribute __slots__"),
    ("class Other:\n    pass\nclass Bad(NamedTuple, Other):\n    a: int\n", TypeError, "can only inherit from"),
])
def test_what_typing_refuses_is_refused_alike(source, error, words):
    for base in (named_tuples.NamedTuple, typing.NamedTuple):
        with pytest.raises(error, match=words):
            exec(compile(source, "<bad>", "exec"), {"NamedTuple": base, "__name__": "bad_module"})
