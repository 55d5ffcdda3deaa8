"""The rule set as the runtime uses it: plain data plus handler callables.

Generated modules build these (from `generated/`), and so does the interpreter (from the checked model): the
scorer and the engine cannot tell the two apart, which is what lets tests compare them.

They are `NamedTuple`s rather than attrs classes because every `orbis score` builds them at start-up, where
importing attrs and generating its methods cost a sixth of the cold-start budget. Mapping defaults are one
shared read-only empty mapping (`frozen.EMPTY`), so no instance can change another's. (No
`from __future__ import annotations` here: a NamedTuple would compile each string annotation at import.)
"""

from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from orbis_dsl.common.frozen import EMPTY
from orbis_dsl.runtime.hexmap import HexMapSpec

# The keys a score-sheet record gives of its own, where they stand: its top (where a fact `for game` stands too),
# a round's object (a fact `for round`) and a player's (any other fact; the family played and a grid board are a
# player's keys too). The reader reads these, and the checker keeps a fact's key off them.
RECORD_KEYS = {"game": frozenset({"format", "game", "title", "options", "players", "rounds"}),
               "round": frozenset({"players", "round"}),
               None: frozenset({"name"})}


class ParamSpec(NamedTuple):
    name: str
    type: str  # int | bool | string | color | colors | amount | enum
    size: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    default: object = None
    has_default: bool = False
    unique: bool = False  # no two tiles on the table share this value
    low: int | None = None  # an `int LOW..HIGH` parameter: the values a tile may print
    high: int | None = None

    @property
    def required(self) -> bool:
        return not self.has_default and not self.optional


class EndSpec(NamedTuple):
    """One scoring clause: `fn` returns the points, or None when its condition fails."""

    fn: Callable
    text: str  # the clause in plain words, for explanations
    # How a scoring line explains its points, run only when reasons are shown: (g, p[, t]) -> {"_sum": how the
    # points add up, and the value of every placeholder of `says`}.
    explain: Callable | None = None
    says: str | None = None  # the author's sentence, `{points}`, `{why}` and the clause's names filled in
    # A tile's clause whose handler and explanation read nothing but the tile's own printed fields and whether it is
    # cancelled (language/backends/python/locality.py): its line is the same for the same printed tile at the same
    # place.
    local: bool = False


class KindSpec(NamedTuple):
    name: str
    title: str
    params: tuple[ParamSpec, ...]
    scoring_params: Collection[str]  # the parameters its scoring reads
    declared: tuple[str, ...] = ()  # the kind's own parameters in declaration order
    ends: tuple[EndSpec, ...] = ()
    placed: Callable | None = None  # (g, p, t, trace) -> bool: the placement condition holds
    taken: Callable | None = None  # (api, g, p, t) -> None
    cancellable_when: str | None = None  # 'taken' or 'placed': the moment an effect may cancel the tile

    def param(self, name: str) -> ParamSpec | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


class GodSpec(NamedTuple):
    name: str
    title: str
    ends: tuple[EndSpec, ...] = ()
    taken: Callable | None = None  # (api, g, p) -> None
    modifiers: Mapping[str, int] = EMPTY
    cancellable: bool = False


class AwardSpec(NamedTuple):
    name: str
    title: str
    measure: Callable  # (g, p, trace) -> int; with `members`: (g, p, each, trace)
    eligible: Callable | None  # (g, p, measure, trace) -> bool; with `members`: (g, p, each, measure, trace)
    tiebreak: Callable | None  # (g, p, measure, trace) -> int | None; likewise
    ties: str  # keep_order | split | each_takes
    warn: bool
    prizes: tuple[int, ...] = ()
    members: tuple[str, ...] = ()  # `for each X in SET`: the award is handed out once per member
    rank: str = "most"  # most | fewest: which end of the measure takes the first prize
    unless_equal: bool = False  # nobody takes a prize when every player's measure is the same
    says: str | None = None  # the award line's sentence: {title} {measure} {place} {prize} {tiebreak} {tied}
    # How the award is handed out, as `awards.hand_out` (None: that one, as the generated modules do). The
    # interpreter gives its own, so that compiled and interpreted scorers share no award code to agree on.
    hand_out: Callable | None = None


class FactSpec(NamedTuple):
    """What each player's record gives: an int in [low, high], a bool or a choice; per member of a set."""

    name: str
    title: str
    type: str  # int | bool | enum
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    members: tuple[str, ...] = ()  # given once per member of this set (a JSON object, or a list in this order)
    optional: bool = False
    # 'round': given once per round, on the round's object; 'game': once for the whole record (a top-level key);
    # either way every player reads it as their own
    level: str | None = None
    key: str | None = None  # the record's JSON key, when it is not the fact's name
    flag: str | None = None  # a list of held pieces (type 'held', family in `choices`): each item's yes/no flag
    derive: Callable | None = None  # `from`: `derive(g, p)` over a grid record's measures
    board_only: bool = False  # `only from`: derived from a board and never typed (a record of counts leaves it out)

    @property
    def json_key(self) -> str:
        return self.key or self.name

    @property
    def whole(self) -> bool:
        """Given once for the whole record (`for game`)."""
        return self.level == "game"


class GridMarkSpec(NamedTuple):
    """A mark a cell of a grid may carry: one member of a set, standing in one of the cell's patches or not."""

    name: str
    title: str
    members: tuple[str, ...]
    set: str
    in_patch: bool
    home: Mapping[str, str] = EMPTY  # member -> the edge member whose patches it alone may stand in


class GridSpec(NamedTuple):
    """A square grid each player builds: rows of cells (centred), the set edges show, marks, border sides."""

    name: str
    title: str
    shape: tuple[int, ...]
    edges: tuple[str, ...]  # the members an edge may show
    edge_set: str
    marks: tuple[GridMarkSpec, ...]
    borders: Mapping[str, tuple[str, ...]]  # side -> one member for every border edge, or north, east, south, west
    areas: Mapping[str, tuple[str, ...]] = EMPTY  # name -> cell ids, measured on their own
    faces: tuple[str, ...] = ()  # the faces a record may say a cell's tile shows (`"face": NAME`)


class ScoreSpec(NamedTuple):
    """A column of the score sheet: `fn(g, p, trace)` gives the player's points in it."""

    name: str
    title: str
    fn: Callable
    text: str  # the column's expression in plain words
    # The awards the column adds up, when it is nothing else: their lines in a report are its breakdown.
    awards: tuple[str, ...] = ()


class CheckSpec(NamedTuple):
    """A rule the table breaks: `fn(g, p, each, trace)` is true when it does (a warning, or with `refuse` an
    input error); `message` may name `{each}`'s member under the for-each name."""

    message: str
    fn: Callable
    each_name: str | None = None
    members: tuple[str, ...] = ()
    refuse: bool = False
    note: bool = False  # a line of the explanation for the player, not a warning
    at: str | None = None  # the record's key of the whole-record fact it reads (said there), or None
    at_player: str | None = None  # the key of the player's one fact it reads (said there), or None


class OptionSpec(NamedTuple):
    name: str
    type: str  # bool | int | enum
    choices: tuple[str, ...]
    default: object


class VariantSpec(NamedTuple):
    name: str
    players: int
    gods_revealed: int
    removed_stars: tuple[str, ...]
    prizes: dict[str, tuple[int, ...]]
    options: dict[str, object]
    source: str = ""


class TileSpec(NamedTuple):
    level: int
    color: str
    stars: str
    cost: tuple[str | None, ...]
    kind: str
    params: dict[str, object]
    source: str = ""


class Settings(NamedTuple):
    """The declarations that are neither kinds, gods, awards, variants nor tiles (one rule file holds them)."""

    colors: tuple[str, ...] = ()
    aliases: Mapping[str, str] = EMPTY
    stars: tuple[str, ...] = ()
    levels: int = 1
    display: int = 0
    board: tuple[int, ...] = ()
    realm_limit: int | None = None
    cancel_tokens: int | None = None
    exchange: tuple[int, ...] = ()  # (give, get): worshippers of one colour for ones of any colour
    attributes: tuple[ParamSpec, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    values: Mapping[str, int] = EMPTY
    desert_wild: bool = False
    desert_ends: tuple[EndSpec, ...] = ()
    winner: tuple[tuple[str, Callable], ...] = ()  # (most|fewest, (g, p) -> int)
    sets: Mapping[str, tuple[str, ...]] = EMPTY
    rounds: int | None = None
    held_family: str | None = None  # the family each player holds one piece of (a record's key for it)
    game: str | None = None  # the id records name the game by
    title: str | None = None
    record_format: str | None = None  # `format` of the game's JSON records
    report_format: str | None = None  # `format` of its JSON score reports
    rounds_also: int | None = None  # `rounds 3 or 1`: a record may give this many rounds instead
    grid: GridSpec | None = None  # the square grid a record may give each player's board on
    winner_if: Callable | None = None  # (g, p) -> bool: `winner: …, only if COND`; False: wins nothing
    hexmap: HexMapSpec | None = None  # a board of named hex cells, as data
