"""The two semantics of values held to each other, helper by helper: `runtime.support` (what generated handlers
call) against `backends.interpret.values` (the interpreter's own, written apart on purpose).

The agreement tests score whole games through both back ends, but a game exercises only the comparisons, none
cases and words its rules happen to reach: mutation testing (docs/robustness.md, "Mutation testing") found
slips in either module that every game left unseen, such as `>=` made `>` where no measure ever equals its
bound. Here hypothesis draws the values themselves, so a slip in one module is a disagreement with the other,
and a few hand-worked cases pin what both must say, so the pair cannot drift together unnoticed.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orbis_dsl.language.backends.interpret import values
from orbis_dsl.runtime import support

OPS = (">=", "<=", ">", "<", "=", "!=")
SMALL = st.integers(min_value=-4, max_value=4)  # small, so that equal sides (the edge of every bound) are common
MAYBE = st.none() | SMALL
COLOURS = ("red", "blue", "green", "yellow", "orange", "purple")
AMOUNT = st.tuples(st.integers(0, 5), st.none() | st.sampled_from(COLOURS))  # '2 red', '1 any'
SHOWN = (MAYBE | st.booleans() | st.sampled_from(COLOURS) | AMOUNT
         | st.lists(st.sampled_from(COLOURS), max_size=3).map(tuple))
# Labels as rule files write them: a value, parameters, a field of one, plurals a count of one makes singular.
LABELS = (
    "{value} neighbours that are {colors}",
    "{value} tiles above",
    "{value} tiles that are {colors} or desert",
    "cult {track} at {value}",
    "{value}",
    "plain words",
    "{value} neighbours that are not {needs}",
    "{track}: {value} tiles above {colors}",
)
# Each parameter holds one declared type, as a kind's parameters do (fill remembers fillings by the parameters'
# values alone, so a 0 and a no under one name would share a filling; no rule set can pass both).
COLOUR_SETS = st.lists(st.sampled_from(COLOURS), max_size=3).map(tuple)
PARAMS = st.fixed_dictionaries({}, optional={"colors": st.none() | COLOUR_SETS,
                                             "track": st.sampled_from(("fire", "air")),
                                             "needs": COLOUR_SETS.filter(bool)})
FAST = settings(max_examples=60, deadline=None)
EDGE = (None, -2, -1, 0, 1, 2)  # every pair of these meets each comparison below, at and beyond its bound


# ---- comparisons and none ----------------------------------------------------------------------------------


def test_compare_agrees_with_the_interpreter():
    for op, left, right in itertools.product(OPS, EDGE, EDGE):
        compiled, interpreted = [], []
        assert support.compare(compiled, "{value} tiles", op, left, right) == \
            values.compare(interpreted, "{value} tiles", op, left, right)
        assert compiled == interpreted
        assert support.compare(None, "x", op, left, right) == values.holds_op(op, left, right)


@pytest.mark.parametrize(("op", "table"), [
    # left 1, 2, 3 against 2: what each comparison says, worked by hand.
    (">=", (False, True, True)), ("<=", (True, True, False)), (">", (False, False, True)),
    ("<", (True, False, False)), ("=", (False, True, False)), ("!=", (True, False, True)),
])
def test_every_comparison_at_and_either_side_of_its_bound(op, table):
    for left, expected in zip((1, 2, 3), table, strict=True):
        assert support.compare(None, "x", op, left, 2) is expected
        assert values.holds_op(op, left, 2) is expected
    for absent in ((None, 2), (2, None), (None, None)):  # none on either side: every comparison is false
        assert support.compare(None, "x", op, *absent) is False
        assert values.holds_op(op, *absent) is False


def test_the_interpreter_refuses_a_comparison_it_does_not_know():
    with pytest.raises(ValueError, match="no comparison"):
        values.holds_op("=>", 1, 2)


@pytest.mark.parametrize(("op", "words"), [(">=", "at least"), ("<=", "at most"), (">", "more than"),
                                           ("<", "fewer than"), ("=", "exactly"), ("!=", "other than")])
def test_a_traced_comparison_says_what_it_needs(op, words):
    for module in (support, values):
        trace = []
        module.compare(trace, "{value} tiles that are {colors}", op, 1, 3, {"colors": ("red", "blue")})
        assert trace == [f"1 tile that is red/blue (needs {words} 3)"]


@FAST
@given(op=st.sampled_from(("=", "!=")), result=st.booleans(), left=SHOWN, right=SHOWN, params=PARAMS,
       label=st.sampled_from(LABELS))
def test_matches_agrees_with_the_interpreter(op, result, left, right, params, label):
    compiled, interpreted = [], []
    assert support.matches(compiled, label, op, result, left, right, params) is result
    assert values.matches(interpreted, label, op, result, left, right, params) is result
    assert compiled == interpreted
    assert support.matches(None, label, op, result, left, right, params) is result


def test_a_traced_match_says_what_it_needs():
    for module in (support, values):
        trace = []
        module.matches(trace, "mood is {value}", "=", False, "calm", "wild")
        module.matches(trace, "mood is {value}", "!=", True, "calm", "wild")
        module.matches(trace, "{value} tiles that are {colors}", "=", True, 1, 1, {"colors": ("red", "blue")})
        assert trace == ["mood is calm (needs wild)", "mood is calm (needs other than wild)",
                         "1 tile that is red/blue (needs 1)"]


# ---- words ---------------------------------------------------------------------------------------------------


@FAST
@given(value=SHOWN)
def test_show_agrees_with_the_interpreter(value):
    assert support.show(value) == values.show(value)


def test_show_by_hand():
    for module in (support, values):
        assert [module.show(v) for v in (0, 3, None, True, False, (2, "red"), (1, None), ("red", "blue"), "air")] \
            == ["0", "3", "none", "yes", "no", "2 red", "1 any", "red/blue", "air"]


@FAST
@given(label=st.sampled_from(LABELS), value=SHOWN, params=st.none() | PARAMS)
def test_fill_agrees_with_the_interpreter(label, value, params):
    assert support.fill(label, value, params) == values.fill(label, value, params)


def test_fill_by_hand():
    for module in (support, values):
        assert module.fill("{value} tiles that are {colors}", 1, {"colors": ("red",)}) == "1 tile that is red"
        assert module.fill("{value} tiles that are {colors}", 2, {"colors": ("red",)}) == "2 tiles that are red"
        # yes is not a count of one: its label stays plural.
        assert module.fill("{value} tiles that are {colors}", True, None) == "yes tiles that are none"
        assert module.fill("{needs} first, {value} neighbours", 1, {"needs": ("red", "blue")}) == \
            "red/blue first, 1 neighbour"


def test_fill_remembers_one_and_yes_apart():
    # 1 == True, so a filling remembered under 1 must not answer for yes (the key holds the value's type).
    support._FILLED.clear()
    assert support.fill("{value} tiles", 1, None) == "1 tile"
    assert support.fill("{value} tiles", True, None) == "yes tiles"
    assert support.fill("{value} tiles", 1.0, None) == "1.0 tile"


def test_fill_remembers_a_filling_per_parameter_the_label_names():
    support._FILLED.clear()
    assert support.fill("{value} tiles that are {colors}", 2, {"colors": ("red",)}) == "2 tiles that are red"
    assert support.fill("{value} tiles that are {colors}", 2, {"colors": ("blue",)}) == "2 tiles that are blue"
    # A parameter the label does not name is no part of the key, and a value no key can hold is filled directly.
    assert support.fill("{value} tiles", 2, {"colors": ("blue",)}) == "2 tiles"
    assert support.fill("{value} tiles", [1], None) == "[1] tiles"
    assert support._placeholders("{value} of {a.b}, {c[0]} and {a}") == ("a", "c")


def test_fill_forgets_what_it_remembered_once_full():
    support._FILLED.clear()
    support._FILLED.update({("filler", i): "x" for i in range(20_000)})
    assert support.fill("{value} tiles", 3, None) == "3 tiles"
    assert len(support._FILLED) == 1  # emptied, then the new filling kept


@FAST
@given(flag=st.booleans(), label=st.sampled_from(("ships", "bridge built")), title=st.none() | st.just("majority"))
def test_flags_agree_with_the_interpreter(flag, label, title):
    compiled, interpreted = [], []
    assert support.flag(compiled, label, flag) is values.flag(interpreted, label, flag) is flag
    assert support.option_flag(compiled, label, flag, title) is values.option_flag(interpreted, label, flag, title)
    assert compiled == interpreted
    assert support.flag(None, label, flag) is flag and support.option_flag(None, label, flag, title) is flag


def test_flags_by_hand():
    for module in (support, values):
        trace = []
        module.flag(trace, "ships", True)
        module.flag(trace, "ships", False)
        module.option_flag(trace, "majority_needs_one", True)
        module.option_flag(trace, "majority_needs_one", False, "majority needs one")
        assert trace == ["ships", "not ships", "option majority_needs_one is on", "majority needs one: off"]


@FAST
@given(before=st.lists(st.sampled_from(("a", "b")), max_size=2),
       inner=st.lists(st.sampled_from(("c", "d")), max_size=3), value=st.booleans())
def test_negation_agrees_with_the_interpreter(before, inner, value):
    compiled, interpreted = list(before), list(before)
    start = support.mark(compiled)
    assert start == values.mark(interpreted) == len(before)
    compiled += inner
    interpreted += inner
    assert support.negated(compiled, start, value) is values.negated(interpreted, start, value) is (not value)
    assert compiled == interpreted
    assert support.mark(None) == values.mark(None) == 0
    assert support.negated(None, 0, value) is (not value)


def test_negation_folds_its_findings_by_hand():
    for module in (support, values):
        trace = ["kept"]
        start = module.mark(trace)
        trace += ["2 tiles (needs at least 3)", "not ships"]
        module.negated(trace, start, False)
        assert trace == ["kept", "not (2 tiles (needs at least 3); not ships)"]
        module.negated(trace, len(trace), True)  # nothing noted since: nothing folded
        assert trace == ["kept", "not (2 tiles (needs at least 3); not ships)"]


# ---- arithmetic and lists --------------------------------------------------------------------------------------


def test_division_agrees_with_the_interpreter():
    for a, b, last in itertools.product((*EDGE, 7, -7), EDGE, (False, True)):
        assert support.divide(a, b) == values.divide(a, b)
        compiled, interpreted = [], []
        assert support.shown_divide(compiled, "coins ", "rate ", a, b, last) == \
            values.shown_divide(interpreted, "coins ", "rate ", a, b, last)
        assert compiled == interpreted


def test_division_by_hand():
    for module in (support, values):
        assert [module.divide(a, b) for a, b in ((7, 2), (-7, 2), (6, 3), (5, 0), (None, 2), (2, None))] == \
            [3, -4, 2, 0, None, None]
        trace = []
        assert module.shown_divide(trace, "coins ", "", 14, 3, False) == 4
        assert module.shown_divide(trace, "coins ", "", 14, 3, True) == 4
        assert trace == ["coins 14 / 3 = 4", "coins 14 / 3"]
        assert module.shown_divide(None, "", "", 9, 4, False) == 2


@FAST
@given(terms=st.lists(st.tuples(st.sampled_from(("coins ", "workers ", "")), SMALL), min_size=1, max_size=4))
def test_a_shown_sum_agrees_with_the_interpreter(terms):
    compiled, interpreted = [], []
    assert support.shown_sum(compiled, terms) == values.shown_sum(interpreted, terms) == sum(v for _, v in terms)
    assert compiled == interpreted
    assert support.shown_sum(None, terms) == sum(v for _, v in terms)


def test_a_shown_sum_by_hand():
    for module in (support, values):
        trace = []
        assert module.shown_sum(trace, [("coins ", 5), ("workers ", 2), ("", 3)]) == 10
        assert trace == ["coins 5 + workers 2 + 3 = 10"]


def test_aggregates_agree_with_the_interpreter():
    for n in range(4):
        for items in itertools.product(EDGE, repeat=n):
            _aggregates_agree(list(items))


def _aggregates_agree(items):
    assert support.aggregate_max(items) == values.aggregate_max(items) == support.extreme_max(items)
    assert support.aggregate_min(items) == values.aggregate_min(items) == support.extreme_min(items)
    assert support.aggregate_sum(items) == values.aggregate_sum(items)


def test_aggregates_by_hand():
    for module in (support, values):
        assert module.aggregate_max([None, -3, 2, None]) == 2
        assert module.aggregate_min([None, -3, 2, None]) == -3
        assert module.aggregate_max([None, None]) is None and module.aggregate_min([]) is None
        assert module.aggregate_sum([None, -3, 2, 0]) == -1
    assert support.extreme_max([4, None, 9]) == 9 and support.extreme_min([4, None, 9]) == 4


LISTS = st.none() | st.lists(st.sampled_from(COLOURS), max_size=4) | st.dictionaries(
    st.sampled_from(("fire", "air", "earth")), st.none() | st.lists(st.sampled_from(COLOURS), max_size=3), max_size=3)


@FAST
@given(value=LISTS, member=st.none() | st.sampled_from(("fire", "air", "water")))
def test_size_agrees_with_the_interpreter(value, member):
    assert support.size(value, member) == values.size(value, member)


def test_size_by_hand():
    for module in (support, values):
        assert module.size(None) is None
        assert module.size(["a", "b"]) == 2
        per_track = {"fire": ["a", "b"], "air": None, "earth": ["c"]}
        assert module.size(per_track) == 3
        assert module.size(per_track, "fire") == 2
        assert module.size(per_track, "air") == 0 and module.size(per_track, "water") == 0


@FAST
@given(container=st.none() | st.lists(st.sampled_from(COLOURS) | st.sampled_from(COLOURS).map(
    lambda c: SimpleNamespace(piece=c)), max_size=4), piece=st.sampled_from(COLOURS))
def test_membership_agrees_with_the_interpreter(container, piece):
    assert support.holds(container, piece) == values.contains(container, piece)


def test_membership_by_hand():
    for module_holds in (support.holds, values.contains):
        assert module_holds(["red", SimpleNamespace(piece="blue")], "blue")
        assert module_holds(["red", SimpleNamespace(piece="blue")], "red")
        assert not module_holds(["red"], "blue")
        assert not module_holds(None, "red")


@FAST
@given(history=st.lists(st.dictionaries(st.sampled_from(("coins", "vp")), MAYBE, max_size=2), max_size=4))
def test_earlier_agrees_with_the_interpreter(history):
    assert support.earlier(history, "coins") == values.earlier(history, "coins")


def test_earlier_by_hand():
    history = [{"coins": 3}, {"coins": None}, {}, {"coins": 0}, {"coins": 5}]
    assert support.earlier(history, "coins") == values.earlier(history, "coins") == (3, 0, 5)


# ---- a tile's places and ranking among players -------------------------------------------------------------------


def test_neighbours_and_supports_agree_and_pass_over_empty_slots():
    g = SimpleNamespace(neighbours={0: [1, 2, 3]}, supports={0: [3, 2]})
    p = SimpleNamespace(slots=["self", "left", None, "below"])
    t = SimpleNamespace(pos=0)
    for module in (support, values):
        assert module.neighbours(g, p, t) == ["left", "below"]
        assert module.supports(g, p, t) == ["below"]


def _table(measures):
    players = [SimpleNamespace(index=i, measure=m) for i, m in enumerate(measures)]
    return SimpleNamespace(players=players, cache={})


@FAST
@given(measures=st.lists(MAYBE, min_size=1, max_size=5), rank=st.sampled_from(("most", "fewest")))
def test_ranking_among_players_agrees_with_the_interpreter(measures, rank):
    compiled_g, interpreted_g = _table(measures), _table(measures)
    for i in range(len(measures)):
        compiled, interpreted = [], []
        a = support.among(compiled_g, compiled_g.players[i], rank, lambda q: q.measure, "site", compiled,
                          "{value} temples")
        b = values.ranks_first(interpreted_g, interpreted_g.players[i], rank, lambda q: q.measure, "site",
                               interpreted, "{value} temples")
        assert a == b
        assert compiled == interpreted


def test_ranking_among_players_by_hand():
    for ranks in (support.among, values.ranks_first):
        g = _table([3, None, 5, 5])
        most = [ranks(g, q, "most", lambda q: q.measure, "most") for q in g.players]
        fewest = [ranks(g, q, "fewest", lambda q: q.measure, "fewest") for q in g.players]
        assert most == [False, False, True, True]  # a tie for the most: both rank
        assert fewest == [True, False, False, False]  # none never ranks, not even as the fewest
        nobody = _table([None, None])
        assert not any(ranks(nobody, q, "most", lambda q: q.measure, "x") for q in nobody.players)
        trace = []
        ranks(g, g.players[0], "most", lambda q: q.measure, "most", trace, "{value} temples")
        assert trace == ["3 temples; most among players is 5"]


def test_ranking_works_each_measure_out_once_per_site():
    for ranks in (support.among, values.ranks_first):
        calls = []
        g = _table([1, 2])

        def measure(q, calls=calls):
            calls.append(q.index)
            return q.measure

        for q in g.players:
            ranks(g, q, "most", measure, "site")
        assert calls == [0, 1]
        ranks(g, g.players[0], "most", measure, "another site")
        assert calls == [0, 1, 0, 1]
