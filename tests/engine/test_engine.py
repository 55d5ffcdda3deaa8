"""The engine's turn flow, phase by phase, under the base rules; illegal choices; greedy against random."""

from __future__ import annotations

import pytest

from orbis_dsl.engine.game import Game, play_game
from orbis_dsl.engine.game_setup import Setup, deal
from orbis_dsl.engine.game_turn import IllegalMove
from orbis_dsl.engine.policy import Policy
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.state import DESERT, EMPTY, PlayerState, tables_for
from orbis_dsl.language.ruleset import base_rules

RULES = base_rules()
T = tables_for(RULES)
C = T.cidx  # colour name → index


# ---- helpers ----------------------------------------------------------------------------------------------------


def find_tile(exclude=(), **want) -> int:
    """The first tile id matching every key (level, color, stars, kind, cost or a parameter)."""
    for i, t in enumerate(RULES.tiles):
        fields = {"level": t.level, "color": t.color, "stars": t.stars, "kind": t.kind, "cost": t.cost, **t.params}
        if i not in exclude and all(fields.get(k) == v for k, v in want.items()):
            return i
    raise LookupError(f"no tile with {want}")


def plain_tiles(count: int) -> list[int]:
    """Tiles that cost nothing and have no effect (Sacred Stones), repeated as needed."""
    ids = [i for i, t in enumerate(RULES.tiles)
           if not t.cost and RULES.kinds[t.kind].taken is None and RULES.kinds[t.kind].placed is None]
    return (ids * (count // len(ids) + 1))[:count]


class Scripted(Policy):
    """Answers from queues (or callables) where given, else the dull legal defaults of `Policy`."""

    def __init__(self, **answers):
        self.answers = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in answers.items()}
        self.asked: list[str] = []

    def _answer(self, name, default, *args):
        self.asked.append(name)
        queue = self.answers.get(name)
        if callable(queue):
            return queue(*args)
        if queue:
            return queue.pop(0)
        return default(*args)

    def choose_take(self, *a):
        return self._answer("take", super().choose_take, *a)

    def choose_cost(self, *a):
        return self._answer("cost", super().choose_cost, *a)

    def choose_place(self, *a):
        return self._answer("place", super().choose_place, *a)

    def choose_gain(self, *a):
        return self._answer("gain", super().choose_gain, *a)

    def choose_effect_pay(self, *a):
        return self._answer("effect_pay", super().choose_effect_pay, *a)

    def choose_destroy(self, *a):
        return self._answer("destroy", super().choose_destroy, *a)

    def choose_discard(self, *a):
        return self._answer("discard", super().choose_discard, *a)

    def choose_exchange(self, *a):
        return self._answer("exchange", super().choose_exchange, *a)


def make_game(display, policies, variant="2p", piles=None) -> Game:
    v = RULES.variants[variant]
    setup = Setup(v, [f"P{i + 1}" for i in range(v.players)], list(RULES.gods)[:v.gods_revealed], list(display),
                  piles if piles is not None else [plain_tiles(40)])
    game = Game(RULES, setup, policies)
    game.round = 1
    return game


def conserved(game) -> int:
    return game.conserved_total()


# ---- setup ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["2p", "3p", "4p"])
def test_deal_follows_the_variant(name):
    v = RULES.variants[name]
    setup = deal(RULES, name, 11)
    dealt = setup.display + [t for pile in setup.piles for t in pile]
    assert len(dealt) == len(set(dealt)) == T.display + T.size * v.players
    assert all(RULES.tiles[t].stars not in v.removed_stars for t in dealt)
    assert all(RULES.tiles[t].level == 1 for t in setup.display)
    assert [sorted({RULES.tiles[t].level for t in pile}) for pile in setup.piles] == [[1], [2], [3]]
    assert len(setup.gods) == v.players + 1 == len(set(setup.gods))
    assert setup.names == ["Ana", "Ben", "Cleo", "Dan"][:v.players]
    assert deal(RULES, name, 11) == setup
    assert deal(RULES, name, 12).piles != setup.piles


def test_a_game_has_board_size_plus_one_rounds():
    game = play_game(RULES, "3p", 5, [RandomPolicy(i) for i in range(3)])
    assert game.round == T.rounds == 15
    assert game.turns == 45
    assert all(p.placed == 14 and p.god is not None for p in game.players)


# ---- the seven phases --------------------------------------------------------------------------------------------


def test_generate_then_collect():
    display = plain_tiles(9)
    taken = display[4]  # the centre
    colour = T.t_color[taken]
    game = make_game(display, [Scripted(take=[4]), Policy()])
    game.dw[4][C["blue"]] = 2
    game.dw[0][C["red"]] = 1
    before = conserved(game)
    game.turn(0)
    me = game.players[0]
    assert me.realm[C["blue"]] == 2 and sum(me.realm) == 2
    for slot in (1, 3, 5, 7):  # orthogonal neighbours of the centre
        assert game.dw[slot][colour] == 1
    assert game.dw[0][C["red"]] == 1 and sum(game.dw[0]) == 1  # diagonal: nothing generated
    assert game.dw[4] == [0] * T.nc
    assert game.display[4] >= 0  # refilled
    assert conserved(game) == before


def test_a_corner_generates_on_two_tiles():
    display = plain_tiles(9)
    game = make_game(display, [Scripted(take=[0]), Policy()])
    game.turn(0)
    touched = [s for s in range(9) if sum(game.dw[s])]
    assert touched == [1, 3]


def test_cost_is_paid_and_reductions_waive_their_colour():
    tile = find_tile(level=2, kind="stone", cost=("white", "green"))
    display = plain_tiles(9)
    display[4] = tile
    me = PlayerState(0, "x", T, {})
    assert sorted(me.cost_fixed(T, tile)) == sorted([C["white"], C["green"]])
    me.reduced[C["white"]] = True
    assert me.cost_fixed(T, tile) == [C["green"]]

    game = make_game(display, [Scripted(take=[4]), Policy()])
    p = game.players[0]
    p.realm[C["white"]] = 1
    p.realm[C["green"]] = 2
    game.turn(0)
    assert p.realm[C["green"]] == 1 and p.realm[C["white"]] == 0
    assert p.tid.count(tile) == 1


def test_multicoloured_squares_are_never_waived():
    tile = find_tile(level=2, kind="stone", cost=("red", None))
    me = PlayerState(0, "x", T, {})
    me.reduced = [True] * T.nc
    me.realm = [0] * T.nc
    assert me.cost_fixed(T, tile) == []
    assert not me.can_afford(T, tile)
    me.realm[C["yellow"]] = 1
    assert me.can_afford(T, tile)


def test_a_tile_that_cannot_be_paid_becomes_a_desert_without_asking():
    tile = find_tile(level=2, kind="stone", cost=("white", "green"))
    display = plain_tiles(9)
    display[4] = tile
    policy = Scripted(take=[4])
    game = make_game(display, [policy, Policy()])
    game.turn(0)
    assert "cost" not in policy.asked
    me = game.players[0]
    assert me.deserts == 1 and DESERT in me.pc


def test_declining_to_pay_makes_a_desert_and_keeps_the_collected_worshippers():
    display = plain_tiles(9)
    game = make_game(display, [Scripted(take=[4], cost=[None]), Policy()])
    game.dw[4][C["red"]] = 3
    game.turn(0)
    me = game.players[0]
    assert me.deserts == 1 and me.realm[C["red"]] == 3


def test_row_one_stays_connected_and_upper_rows_follow_the_colour_rule():
    me = PlayerState(0, "x", T, {})
    assert me.open_positions(T) == [0, 1, 2, 3, 4]
    me.pc[2] = C["red"]
    me.base_count = 1
    assert me.open_positions(T) == [1, 3]
    me.pc[3] = C["blue"]
    me.base_count = 2
    up = T.position_of[(2, 3)]  # rests on row 1 tiles 3 and 4
    assert me.open_positions(T) == [1, 4, up]
    assert me.colour_positions(T, C["red"], [up]) == [up]
    assert me.colour_positions(T, C["green"], [up]) == []
    assert "needs a green tile" in me.can_place(T, up, C["green"])
    me.pc[3] = DESERT  # a desert counts as every colour
    assert me.colour_positions(T, C["green"], [up]) == [up]
    assert me.can_place(T, up, None) is None
    assert me.can_place(T, T.position_of[(2, 1)], None) == "row 2, tile 1 does not rest on two tiles yet"


def test_when_placed_condition_cancels():
    irrigation = find_tile(kind="irrigation", needs="blue")
    display = plain_tiles(9)
    display[4] = irrigation
    game = make_game(display, [Scripted(take=[4], place=[0]), Policy()])
    me = game.players[0]
    me.realm = [3] * T.nc
    tokens = game.tokens
    game.turn(0)
    assert me.cancelled[0]  # a bottom-row irrigation rests on nothing
    assert game.tokens == tokens - 1 and me.cancels == 1


def test_when_placed_condition_validates():
    irrigation = find_tile(kind="irrigation", needs="blue")
    display = plain_tiles(9)
    display[4] = irrigation
    up = T.position_of[(2, 1)]
    game = make_game(display, [Scripted(take=[4], place=[up]), Policy()])
    me = game.players[0]
    me.realm = [3] * T.nc
    game.put(me, 0, find_tile(kind="stone", color="blue", level=1))
    game.put(me, 1, find_tile(kind="stone", color="green", level=1))
    game.turn(0)
    assert me.tid[up] == irrigation and not me.cancelled[up]


def test_volcano_destroys_from_the_other_display_tiles():
    volcano = find_tile(kind="volcano", level=2, destroys="green", need=2)
    display = plain_tiles(9)
    display[0] = volcano
    game = make_game(display, [Scripted(take=[0]), Policy()])
    me = game.players[0]
    me.realm = [3] * T.nc
    game.dw[4][C["green"]] = 1
    game.dw[8][C["green"]] = 2
    before = conserved(game)
    game.turn(0)
    assert game.dw[8][C["green"]] == 0 and game.dw[4][C["green"]] == 1  # the default takes from the fullest
    assert not any(me.cancelled)
    assert conserved(game) == before


def test_volcano_without_enough_worshippers_is_cancelled():
    volcano = find_tile(kind="volcano", level=2, destroys="green", need=2)
    display = plain_tiles(9)
    display[0] = volcano
    game = make_game(display, [Scripted(take=[0]), Policy()])
    me = game.players[0]
    me.realm = [3] * T.nc
    game.dw[0][C["green"]] = 5  # on the taken tile itself: collected, not destroyable
    game.dw[4][C["green"]] = 1
    game.turn(0)
    assert any(me.cancelled)
    assert game.dw[4][C["green"]] == 1


def test_illegal_destroy_choices_are_refused():
    volcano = find_tile(kind="volcano", level=2, destroys="green", need=2)
    display = plain_tiles(9)
    display[0] = volcano
    game = make_game(display, [Scripted(take=[0], destroy=[[4, 4]]), Policy()])
    game.players[0].realm = [3] * T.nc
    game.dw[4][C["green"]] = 1
    game.dw[8][C["green"]] = 1
    with pytest.raises(IllegalMove, match="no more green"):
        game.turn(0)


def test_village_pays_or_is_cancelled():
    village = find_tile(kind="village", level=2)
    need = RULES.tiles[village].params["need"]
    for answer, cancelled in ((None, True), ([C["red"]] * need, False)):
        display = plain_tiles(9)
        display[4] = village
        game = make_game(display, [Scripted(take=[4], effect_pay=[answer]), Policy()])
        me = game.players[0]
        me.realm = [2] * T.nc
        me.realm[C["red"]] = 3  # the multicoloured square takes one red; two stay for the village
        start = sum(me.realm)
        game.turn(0)
        assert any(me.cancelled) == cancelled
        cost = len(RULES.tiles[village].cost)
        assert sum(me.realm) == start - cost - (0 if cancelled else need)


def test_gain_any_asks_the_policy():
    tile = find_tile(kind="proselytism", gain=(1, None))
    display = plain_tiles(9)
    display[4] = tile
    game = make_game(display, [Scripted(take=[4], gain=[[C["white"]]]), Policy()])
    game.turn(0)
    assert game.players[0].realm[C["white"]] == 1


def test_farm_reduces():
    farm = find_tile(kind="farm", level=2, reduces="blue")
    display = plain_tiles(9)
    display[4] = farm
    game = make_game(display, [Scripted(take=[4]), Policy()])
    game.players[0].realm = [2] * T.nc
    game.turn(0)
    assert game.players[0].reduced[C["blue"]]


def test_realm_limit_discards_at_the_end_of_the_turn():
    display = plain_tiles(9)
    game = make_game(display, [Scripted(take=[4]), Policy()])
    game.dw[4][C["red"]] = 9
    game.dw[4][C["blue"]] = 5
    before = conserved(game)
    game.turn(0)
    me = game.players[0]
    assert sum(me.realm) == T.realm_limit == 10
    assert me.realm[C["red"]] == 5  # the default discards the most plentiful colour first
    assert conserved(game) == before


def test_discarding_the_wrong_number_is_illegal():
    display = plain_tiles(9)
    game = make_game(display, [Scripted(take=[4], discard=[[C["red"]]]), Policy()])
    game.dw[4][C["red"]] = 13
    with pytest.raises(IllegalMove, match="must discard exactly 3"):
        game.turn(0)


def test_exchange_three_for_one():
    display = plain_tiles(9)
    policy = Scripted(take=[4], exchange=[(C["red"], [C["white"]]), None])
    game = make_game(display, [policy, Policy()])
    game.dw[4][C["red"]] = 4
    before = conserved(game)
    game.turn(0)
    me = game.players[0]
    assert me.realm[C["red"]] == 1 and me.realm[C["white"]] == 1 and me.exchanges == 1
    assert conserved(game) == before


def test_an_exchange_needs_three_of_one_colour():
    game = make_game(plain_tiles(9), [Policy(), Policy()])
    me = game.players[0]
    me.realm[C["red"]] = 2
    with pytest.raises(IllegalMove, match="not the 3 needed to exchange"):
        game.exchange(me, C["red"], [C["blue"]])


# ---- gods --------------------------------------------------------------------------------------------------------


def test_taking_a_god_runs_its_effect_and_applies_its_modifiers():
    gods = list(RULES.gods)
    modifying = next(g for g in gods if RULES.gods[g].modifiers)
    gaining = next(g for g in gods if RULES.gods[g].taken is not None and g != modifying)
    game = make_game(plain_tiles(9), [Scripted(take=[gaining]), Scripted(take=[modifying])], variant="2p")
    game.gods = [gaining, modifying, next(g for g in gods if g not in (gaining, modifying))]
    game.turn(0)
    game.turn(1)
    assert game.players[0].god == gaining and game.players[1].god == modifying
    for key, value in RULES.gods[modifying].modifiers.items():
        assert game.players[1].values[key] == value
    assert gaining not in game.gods and modifying not in game.gods


def test_a_second_god_is_illegal():
    game = make_game(plain_tiles(9), [Scripted(take=[next(iter(RULES.gods)), list(RULES.gods)[1]]), Policy()])
    game.gods = list(RULES.gods)[:3]
    game.turn(0)
    with pytest.raises(IllegalMove, match="already holds a god"):
        game.turn(0)


def test_the_last_turn_forces_a_god():
    game = play_game(RULES, "4p", 3, [Policy() for _ in range(4)])  # the dull policy never takes a god itself
    for p in game.players:
        assert p.god is not None and p.god_round == T.rounds
        assert p.placed == T.size


def test_taking_a_region_on_the_last_turn_without_a_god_is_illegal():
    game = make_game(plain_tiles(9), [Scripted(take=[4]), Policy()])
    game.round = T.rounds
    with pytest.raises(IllegalMove, match="must take one"):
        game.turn(0)


@pytest.mark.parametrize("choice, message", [(9, "no display 10"), ("nobody", "unknown god")])
def test_bad_takes_are_illegal(choice, message):
    game = make_game(plain_tiles(9), [Scripted(take=[choice]), Policy()])
    with pytest.raises(IllegalMove, match=message):
        game.turn(0)


def test_placing_where_the_rules_forbid_is_illegal():
    game = make_game(plain_tiles(9), [Scripted(take=[4], place=[T.position_of[(2, 1)]]), Policy()])
    with pytest.raises(IllegalMove, match="does not rest on two tiles"):
        game.turn(0)


def test_paying_with_worshippers_one_does_not_have_is_illegal():
    tile = find_tile(level=2, kind="stone", cost=("red", None))
    display = plain_tiles(9)
    display[4] = tile
    game = make_game(display, [Scripted(take=[4], cost=[[C["blue"]]]), Policy()])
    game.players[0].realm[C["red"]] = 2
    with pytest.raises(IllegalMove, match="blue"):
        game.turn(0)


# ---- the end -------------------------------------------------------------------------------------------------------


def test_the_record_has_the_pyramid_shape_and_only_cancellable_kinds_carry_tokens():
    game = play_game(RULES, "4p", 9, [RandomPolicy(i) for i in range(4)])
    record = game.record()
    assert record.variant == "4p"
    for p, me in zip(record.players, game.players):
        assert [len(row) for row in p.pyramid] == list(RULES.board.rows)
        assert p.worshippers == sum(me.realm) <= T.realm_limit
        for row in p.pyramid:
            for tile in row:
                if tile.desert:
                    continue
                cancellable = RULES.kinds[tile.kind].cancellable_when is not None
                assert (tile.cancelled is not None) == cancellable
    report = game.score()
    assert [p.name for p in report.players] == [me.name for me in game.players]
    assert report.winners


def test_greedy_beats_random():
    wins = 0.0
    games = 24
    for i in range(games):
        seat = i % 4
        policies = [GreedyPolicy(i) if s == seat else RandomPolicy(100 * i + s) for s in range(4)]
        report = play_game(RULES, "4p", 1000 + i, policies).score(explain=False)
        if report.players[seat].winner:
            wins += 1 / len(report.winners)
    assert wins / games > 0.75  # 25% would be chance


def test_policies_are_deterministic_for_a_seed():
    a = play_game(RULES, "3p", 77, [GreedyPolicy(1), RandomPolicy(2), RandomPolicy(3)]).record()
    b = play_game(RULES, "3p", 77, [GreedyPolicy(1), RandomPolicy(2), RandomPolicy(3)]).record()
    assert a == b


def test_empty_marks():
    assert EMPTY != DESERT and EMPTY < 0 and DESERT < 0


# ---- the move log and its replay ---------------------------------------------------------------------------------

from orbis_dsl.engine.log_replay import replay  # noqa: E402
from orbis_dsl.engine.log_write import play_logged  # noqa: E402


def logged(players=2, seed=3):
    return play_logged(RULES, f"{players}p", seed, [RandomPolicy(seed * 10 + i) for i in range(players)])


def test_the_log_reads_one_line_per_turn():
    _game, report, text = logged(4, 8)
    lines = text.splitlines()
    header = {line.split(":")[0]: line.split(":", 1)[1].strip() for line in lines[:14]
              if ":" in line and not line.startswith(("#", "round"))}
    assert header["format"] == "orbis-log/1" and header["variant"] == "4p" and header["seed"] == "8"
    assert header["game"] == "orbis" and header["rules"] == RULES.digest  # the rules the log was played under
    assert header["players"] == "Ana, Ben, Cleo, Dan"
    assert len(header["gods revealed"].split(",")) == 5
    assert {"display", "pile 1", "pile 2", "pile 3"} <= set(header)
    turns = [line for line in lines if line.startswith("round ")]
    assert len(turns) == 60
    assert turns[0].startswith("round 1, Ana: take ")
    assert turns[-1].startswith("round 15, Dan: take ")
    import re

    region = re.compile(r"round \d+, \w+: take display \d \(level \d \w+ \w+\) · (pay [a-z, ]+|desert) · "
                        r"place row \d tile \d")
    assert any(region.match(t) for t in turns)
    assert lines[-1] == "result: " + ", ".join(f"{p.name} {p.total}" + (" (winner)" if p.winner else "")
                                               for p in report.players)


def tamper(text, start, old, new):
    """Replace the first `old` in the first line starting with `start`; return (text, line number, column)."""
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(start) and old in line)
    column = lines[number].index(old) + 1
    lines[number] = lines[number].replace(old, new, 1)
    return "\n".join(lines) + "\n", number + 1, column


def first_error(text):
    result = replay(text, RULES, "g.log")
    assert not result.ok
    d = result.diagnostics[0]
    return d.span.line, d.span.column, d.message


def test_replay_locates_a_wrong_tile_description():
    _, _, text = logged()
    bad, line, _ = tamper(text, "round 1, Ana:", "(level 1 ", "(level 3 ")
    got_line, column, message = first_error(bad)
    assert got_line == line and column == len("round 1, Ana: ") + 1
    assert "holds a level 1" in message


def test_replay_locates_an_illegal_place():
    _, _, text = logged()
    bad, line, column = tamper(text, "round ", "place row 1 tile", "place row 3 tile")
    assert first_error(bad)[:2] == (line, column)


def test_replay_catches_a_payment_that_was_not_possible():
    for seed in range(40):
        _, _, text = logged(2, seed)
        lines = text.splitlines()
        target = next((i for i, line in enumerate(lines) if line.startswith("round ") and " · desert · " in line
                       and "(level 2" in line), None)
        if target is None:
            continue
        game_line = lines[target]
        lines[target] = game_line.replace(" · desert · ", " · pay red · ", 1)
        result = replay("\n".join(lines), RULES, "g.log")
        assert not result.ok
        assert result.diagnostics[0].span.line == target + 1
        return
    pytest.fail("no desert found to tamper with")


def test_replay_catches_a_missing_turn_and_a_wrong_player():
    _, _, text = logged()
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("round 1, Ana:"))
    del lines[first]
    line, _, message = first_error("\n".join(lines))
    assert line == first + 1 and "expected round 1, Ana's turn" in message
    cut = [ln for ln in text.splitlines() if not ln.startswith(("round 15", "result"))]
    line, _, message = first_error("\n".join(cut))
    assert "the log ends before round 15" in message


def test_replay_catches_leftovers_and_a_wrong_result():
    _, _, text = logged()
    bad, line, _ = tamper(text, "round 2, Ana:", "place row", "place row")
    lines = bad.splitlines()
    lines[line - 1] += " · gain red"
    got = first_error("\n".join(lines))
    assert got[0] == line and ("not part of this turn" in got[2] or "the log says" in got[2])
    wrong = text.replace("result: Ana ", "result: Ana 1", 1)
    result = replay(wrong, RULES, "g.log")
    assert not result.ok and "the result does not match" in result.diagnostics[0].message
    assert result.report is not None  # the game itself replayed


def test_replay_from_a_seed_alone():
    _game, report, text = logged(3, 21)
    short = [ln for ln in text.splitlines() if not ln.startswith(("display", "pile", "gods revealed"))]
    result = replay("\n".join(short), RULES)
    assert result.ok, result.diagnostics
    assert result.report.to_json() == report.to_json()


@pytest.mark.parametrize("old, new, message", [
    ("variant: 2p", "variant: 7p", "unknown variant '7p'"),
    ("players: Ana, Ben", "players: Ana, Ana", "two players have the same name"),
    ("players: Ana, Ben", "players: Ana, Ben, Cleo", "variant '2p' is for 2 players; the log names 3"),
    ("format: orbis-log/1", "format: orbis-log/9", "unknown log format"),
    ("seed: 3", "seed: three", "a seed is a whole number"),
    ("seed: 3", "sede: 3", "unknown header 'sede'"),
])
def test_replay_header_errors(old, new, message):
    _, _, text = logged()
    line, _, got = first_error(text.replace(old, new, 1))
    assert message in got
    assert line == text.splitlines().index(old) + 1


def test_replay_rejects_a_deal_that_is_not_the_variants_tiles():
    _, _, text = logged()
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("display:"))
    numbers = lines[i].split(": ")[1].split(", ")
    numbers[0] = numbers[1]
    lines[i] = "display: " + ", ".join(numbers)
    line, _, message = first_error("\n".join(lines))
    assert line == i + 1 and "the deal is not the variant's tiles" in message


def test_replay_rejects_a_second_god():
    _, _, text = logged(4, 4)
    lines = text.splitlines()
    later = None
    for i, line in enumerate(lines):
        if ": take god " not in line:
            continue
        name = line.split(",")[1].split(":")[0].strip()
        later = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("round ")
                      and f", {name}: take display" in lines[j]), None)
        if later is not None:
            break
    assert later is not None
    other_god = next(g for g in RULES.gods if g not in line)
    lines[later] = lines[later].split(": ")[0] + f": take god {other_god}"
    got_line, _column, message = first_error("\n".join(lines))
    assert got_line == later + 1 and "already holds a god" in message


def test_a_tile_view_made_field_by_field_is_the_class_made_one():
    # `state.new_tile_view` sets each of TileView's slots itself (for speed): every slot must be set, and set as
    # the class's constructor sets it
    from orbis_dsl.engine.state import new_tile_view, tables_for
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.runtime.views import TileView

    T = tables_for(base_rules())
    for tile in range(T.ntiles):
        kind, colour, params, level, stars, cost = T.t_view[tile]
        made, plain = new_tile_view(T, 3, tile), TileView(3, kind, colour, params, False, False, level, stars, cost)
        for name in TileView.__slots__:
            assert getattr(made, name) == getattr(plain, name), name
