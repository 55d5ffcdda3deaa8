"""Fuzzing the rules language end to end: `orbis check FILE` on mutated seeds and on generated rule texts.

Every input must end in exit 0 or exit 2 (never a crash); exit 2 names a file and, for a located problem,
`file:line:col:`. Inputs that check clean are compiled (`compile_paths(...).modules`), every module must parse
with `ast.parse`, and the compiled rules must score the seed games (or refuse them cleanly) without raising.

Budget: ORBIS_FUZZ_EXAMPLES examples per property (150 by default; see docs/robustness.md for a long run).
A crash already reported can be listed in `fuzzing.KNOWN_CRASHES` (counted as a hypothesis event, with a strict xfail
reproduction beside it) so that the fuzzers keep looking for new ones; today the list is empty: every crash they
found is fixed and has a regression test at the end of this file.
"""

from __future__ import annotations

import ast as python_ast
import contextlib
import json
import re
import shutil
import traceback
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ, crash_of, crashed, event, invoke, known_crash, rarely

HERE = Path(__file__).resolve().parent
RULE_SEEDS = HERE / "seeds" / "rules"
GAME_SEEDS = HERE / "seeds" / "games"
# The base game's rule files: orbis.orbis includes the four others, the two variant seeds include orbis.orbis.
BASE_SET = ("orbis.orbis", "kinds.orbis", "gods.orbis", "variants.orbis", "tiles.orbis",
            "variant_custom.orbis", "variant_five.orbis")
STANDALONE = ("mini.orbis",)


def seed_texts() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(RULE_SEEDS.glob("*.orbis"))}


SEEDS = seed_texts()

# ---- mutations --------------------------------------------------------------------------------------------

RULE_TOKENS = [
    # declarations and clause words
    "include", "colors", "alias", "stars", "levels", "board", "pyramid", "display", "realm", "limit", "cancel",
    "tokens", "exchange", "for", "option", "value", "attribute", "desert", "matches", "every", "color", "kind",
    "god", "param", "let", "when", "taken", "placed", "end", "modify", "gain", "reduce", "pay", "else",
    "destroy", "from", "require", "award", "measure", "eligible", "tiebreak", "ties", "keep", "order", "split",
    "and warn", "prizes", "winner", "then", "shared", "variant", "players", "gods", "revealed", "remove", "tile",
    "unique",
    # expression words
    "if", "unless", "any", "tiles", "neighbours", "supports", "sum", "max", "min", "most", "fewest", "count",
    "of", "where", "in", "is", "among", "not", "and", "or", "true", "false",
    # punctuation and operators
    "{", "}", "(", ")", "[", "]", ",", ":", "=", "?", "|", "+", "-", "*", ">=", "<=", "!=", ">", "<", '"', "#",
    "\n", " ",
    # literals and names that stress later stages
    "0", "1", "-1", "3", "99999999999", "1" + "0" * 40, '"x"', '""', '"\\""', '"\\\\"', '"\\n"', '"{}"',
    '"\\t"', "int", "int?", "bool", "string", "colors(2)", "colors(0)", "amount", "red", "white", "orange",
    "purple", "stone", "temple", "forest", "validated", "cancelled", "worshippers", "total", "level", "cp",
    "icons", "mystic", "class", "import", "def", "lambda", "None", "__import__", "__class__", "__init__", "_",
    "SOURCE", "MODULES", '"\\N"', '"\\x4"', '"\\ud800"', '"\\U0010ffff"', "9" * 4301,
]


@st.composite
def mutated(draw, text: str) -> bytes:
    """A seed text with 1 to 5 random edits: deletions, insertions of grammar tokens or arbitrary characters,
    line duplications, shuffles and swaps, number changes, truncation, then possibly byte flips."""
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["delete", "token", "chars", "dup_line", "shuffle", "swap", "number",
                                   "truncate", "replace_word"]))
        n = len(text)
        if op == "delete" and n:
            i = draw(st.integers(0, n - 1))
            j = min(n, i + draw(st.integers(1, 40)))
            text = text[:i] + text[j:]
        elif op == "token":
            i = draw(st.integers(0, n))
            token = draw(st.sampled_from(RULE_TOKENS))
            pad = draw(st.sampled_from(["", " "]))
            text = text[:i] + pad + token + pad + text[i:]
        elif op == "chars":
            i = draw(st.integers(0, n))
            text = text[:i] + draw(st.text(min_size=1, max_size=6)) + text[i:]
        elif op in ("dup_line", "shuffle", "swap"):
            lines = text.split("\n")
            if op == "dup_line":
                k = draw(st.integers(0, len(lines) - 1))
                lines.insert(k, lines[k])
            elif op == "shuffle":
                lines = draw(st.permutations(lines))
            elif len(lines) > 1:
                a = draw(st.integers(0, len(lines) - 1))
                b = draw(st.integers(0, len(lines) - 1))
                lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == "number":
            numbers = list(re.finditer(r"\d+", text))
            if numbers:
                m = draw(st.sampled_from(numbers))
                new = draw(st.sampled_from(["0", "1", "2", "9", "10", "100", "4294967296", "9" * 30]))
                text = text[:m.start()] + new + text[m.end():]
        elif op == "replace_word":
            words = list(re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", text))
            if words:
                m = draw(st.sampled_from(words))
                text = text[:m.start()] + draw(st.sampled_from(RULE_TOKENS)) + text[m.end():]
        elif op == "truncate" and n:
            text = text[:draw(st.integers(0, n - 1))]
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(draw(st.integers(0, 2))):
        if data:
            i = draw(st.integers(0, len(data) - 1))
            data[i] ^= 1 << draw(st.integers(0, 7))
    return bytes(data)


# ---- running `orbis check` and judging the outcome --------------------------------------------------------

LOCATED = re.compile(r"^(?P<file>[^\n]+?):(?P<line>\d+):(?P<col>\d+): (error|warning): ", re.MULTILINE)


def judge(result, files: set[str], what: str) -> str:
    """Asserts the contract of `orbis check`; returns 'ok', 'error' or 'known' (a crash already reported)."""
    if crashed(result, what):
        return "known"
    assert result.exit_code in (0, 2), f"{what}: exit {result.exit_code}\n{result.stderr}"
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr
    if result.exit_code == 0:
        assert result.stdout.startswith("ok: "), result.stdout
        return "ok"
    stderr = result.stderr
    assert stderr.strip(), f"{what}: exit 2 without a message"
    located = {m.group("file") for m in LOCATED.finditer(stderr)}
    named = located or {f for f in files if f in stderr}
    assert named, f"{what}: exit 2 but the message names no file and no location:\n{stderr[:2000]}"
    return "error"


def compile_and_inspect(entry: Path, cwd: Path) -> dict[str, str]:
    """Compile a rule set that checked clean; every module must parse."""
    from orbis_dsl.language.ruleset import compile_paths

    with contextlib.chdir(cwd):
        compiled = compile_paths([entry])
    assert compiled.model is not None and not any(d.is_error for d in compiled.diagnostics), \
        f"checked clean but does not compile: {[d.message for d in compiled.diagnostics]}"
    assert "__init__.py" in compiled.modules
    for name, code in compiled.modules.items():
        python_ast.parse(code, filename=name)
    return compiled.modules


def score_seed_game(modules: dict[str, str], cwd: Path, game_file: Path) -> None:
    """The compiled rules score a seed game, or refuse it with diagnostics: never an exception."""
    from orbis_dsl.language.ruleset import rules_from_modules
    from orbis_dsl.records.inputs import read_game
    from orbis_dsl.runtime.scoring import score_game

    rules = rules_from_modules(modules, "orbis_fuzz_rules")
    with contextlib.chdir(cwd):
        game, diags, _ = read_game(game_file, rules)
    event("seed game: scored" if game is not None else "seed game: refused")
    if game is None:
        assert diags, f"{game_file.name}: refused without a diagnostic"
        return
    try:
        json.dumps(score_game(rules, game).to_json(), ensure_ascii=False)
    except Exception as error:
        if known_crash(error):
            event(f"known bug: {known_crash(error)}")
            return
        raise


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz_rules")


def _fresh(workdir: Path, name: str) -> Path:
    folder = workdir / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    return folder


# ---- (a) mutated seeds ------------------------------------------------------------------------------------

ENTRIES = ("orbis.orbis", "variant_custom.orbis", "variant_five.orbis", *STANDALONE)


def test_every_seed_checks_clean(workdir):
    """The corpus is meaningful only if the unmutated seeds are valid (each rule set through its entry file)."""
    assert set(SEEDS) == set(BASE_SET) | set(STANDALONE), "a new seed must be listed in BASE_SET or STANDALONE"
    folder = _fresh(workdir, "seeds")
    for name, text in SEEDS.items():
        (folder / name).write_text(text, encoding="utf-8")
    for name in ENTRIES:
        result = invoke(["check", name], folder)
        assert judge(result, set(SEEDS), name) == "ok", result.stderr


@FUZZ
@given(data=st.data())
def test_mutated_seeds_check_cleanly_or_fail_located(workdir, data):
    # Half the budget on the small standalone seed (fast), half on the files of the base game.
    pool = st.sampled_from(STANDALONE) if data.draw(st.booleans(), label="standalone") else st.sampled_from(BASE_SET)
    target = data.draw(pool, label="seed")
    raw = data.draw(mutated(SEEDS[target]), label="mutation")
    folder = _fresh(workdir, "mutated")
    group = BASE_SET if target in BASE_SET else (target,)
    for name in group:
        (folder / name).write_text(SEEDS[name], encoding="utf-8")
    (folder / target).write_bytes(raw)
    # A base-game file is checked through the entry that includes it, so the whole set is checked and compiled.
    entry = "orbis.orbis" if target in BASE_SET[:5] else target
    result = invoke(["check", entry], folder)
    outcome = judge(result, set(group), f"check {entry} (mutated {target})")
    event(f"check: {outcome}")
    if outcome == "ok":
        modules = compile_and_inspect(Path(entry), folder)
        score_seed_game(modules, folder, data.draw(st.sampled_from(sorted(GAME_SEEDS.iterdir())), label="game"))


# ---- (b) generated rule texts -----------------------------------------------------------------------------

PRELUDE = """colors red, blue, green
family kind "Tile kind" for tiles
family god "God" for players
marker cancelled "Cancelation token" {
  otherwise validated
}
resource worshippers "worshipper" {
  per color
}
alias crimson = red
tile mark stars: black, white
levels 2
market 3
board stacked 2, 1
attribute cp: int = 0
attribute mystic: int?
option strict_mode: bool = false
option counting: "icons" | "tiles" = "icons"
value penalty = -1
"""

# Names that are wrong somewhere (or everywhere): drawn only when a rule text is generated "with junk".
JUNK = ["nothing", "red", "k0", "{red}", '"s"', "pair", "offering", "{}", "any", "none", "class", "__import__",
        "validated", "measure", "total", "neighbours", "true", "4294967296", "k9", "-red", "icons"]


class Ctx:
    """What an expression may name where it is written (a kind's clause, a god's, an award's …)."""

    def __init__(self, junk: bool, kinds: int, fields: list[str], ints=(), bools=(), tile=False, measure=False,
                 total=False, validated=True):
        self.junk = junk
        self.kinds = [f"k{i}" for i in range(kinds)]
        self.fields = fields  # int parameters that some kind (or every tile) has: for sum/max/min
        self.ints = ["0", "1", "3", "worshippers", "penalty"] + list(ints) + (["measure"] if measure else []) \
            + (["total"] if total else [])
        self.bools = ["true", "false", "strict_mode", 'counting = "icons"', *list(bools)]
        self.scopes = ["tiles", "neighbours", "supports"] if tile else ["tiles"]
        self.items = ["desert", "not cancelled", "color = red", "color = crimson", "level >= 2", "stars = white",
                      "color in {red, blue}", "cp > 0"] + [f"kind = {k}" for k in self.kinds] \
            + (["validated"] if validated else []) + [f"kind in {{{', '.join(self.kinds)}}}"]


def _pick(draw, ctx: Ctx, choices):
    if ctx.junk and draw(rarely(10)):
        return draw(st.sampled_from(JUNK))
    return draw(st.sampled_from(choices))


def _where(draw, ctx: Ctx, depth: int) -> str:
    if draw(rarely(4)):
        return ""  # `count(tiles)`, `max(cp of neighbours)`
    return f" where {gen_item_bool(draw, ctx, depth - 1)}"


def gen_int(draw, ctx: Ctx, depth: int = 3) -> str:
    choice = draw(st.integers(0, 8 if depth > 0 else 0))
    if choice <= 2:
        return _pick(draw, ctx, ctx.ints)
    if choice == 3:
        return f"{gen_int(draw, ctx, depth - 1)} {draw(st.sampled_from('+-*'))} {gen_int(draw, ctx, depth - 1)}"
    if choice == 4:
        return f"-{gen_int(draw, ctx, depth - 1)}"
    if choice == 5:
        return f"count({draw(st.sampled_from(ctx.scopes))}{_where(draw, ctx, depth)})"
    if choice == 6:
        func = draw(st.sampled_from(["sum", "max", "min"]))
        field = _pick(draw, ctx, ctx.fields)
        return f"{func}({field} of {draw(st.sampled_from(ctx.scopes))}{_where(draw, ctx, depth)})"
    if choice == 7:
        # `if` binds loosest: in parentheses it can stand anywhere
        return (f"(if {gen_bool(draw, ctx, depth - 1)} then {gen_int(draw, ctx, depth - 1)} "
                f"else {gen_int(draw, ctx, depth - 1)})")
    return f"({gen_int(draw, ctx, depth - 1)})"


def gen_bool(draw, ctx: Ctx, depth: int = 3) -> str:
    choice = draw(st.integers(0, 6 if depth > 0 else 0))
    if choice <= 1:
        return _pick(draw, ctx, ctx.bools)
    if choice == 2:
        op = draw(st.sampled_from(["and", "or"]))
        return f"{gen_bool(draw, ctx, depth - 1)} {op} {gen_bool(draw, ctx, depth - 1)}"
    if choice == 3:
        return f"not {gen_bool(draw, ctx, depth - 1)}"
    if choice == 4:
        op = draw(st.sampled_from([">=", "<=", "!=", "=", ">", "<"]))
        return f"{gen_int(draw, ctx, depth - 1)} {op} {gen_int(draw, ctx, depth - 1)}"
    if choice == 5:
        return f"{gen_int(draw, ctx, depth - 1)} is {draw(st.sampled_from(['most', 'fewest']))} among players"
    return f"({gen_bool(draw, ctx, depth - 1)})"


def gen_item_bool(draw, ctx: Ctx, depth: int) -> str:
    first = _pick(draw, ctx, ctx.items)
    if depth > 0 and draw(st.booleans()):
        return f"{first} {draw(st.sampled_from(['and', 'or']))} {gen_item_bool(draw, ctx, depth - 1)}"
    return first


# (declaration, int names it adds, conditions it makes possible, the argument a tile gives it)
PARAMS = [
    ("param icons: int = 1", ["icons"], [], "icons: 2"),
    ("param depth: int", ["depth"], [], "depth: 3"),
    ("param hue: color = blue", [], ["hue = blue", "hue = crimson"], "hue: green"),
    ("param hue: color", [], ["hue = red"], "hue: crimson"),
    ("param pair: colors(2) = {red, blue}", [], ["red in pair", "color in pair"], "pair: {green, blue}"),
    ("param pair: colors(2)", [], ["green in pair"], "pair: {red, green}"),
    ("param offering: amount = 1 any", [], [], "offering: 2 crimson"),
    ("param offering: amount", [], [], "offering: 1 any"),
    ('param label: string = "a\\"b"', [], ['label = "x"'], 'label: "t\\\\"'),
    ("param flag: bool = true", [], ["flag"], "flag: false"),
    ('param mode: "x" | "y" = "y"', [], ['mode = "x"'], 'mode: "x"'),
    ("param reduces: color unique", [], ["reduces = green"], "reduces: blue"),
    ("param depth: int?", ["depth"], [], "depth: 0"),
    ("param cp: int = 2", [], [], "cp: 5"),
    ("param maybe: int? = 3", ["maybe"], [], "maybe: 1"),
]


def _required(param) -> bool:
    declaration = param[0]
    return "=" not in declaration and "?" not in declaration


EFFECTS = ["gain 1 any", "gain 2 red", "pay 1 any else mark cancelled",
           "destroy 1 green from market else mark cancelled",
           "reduce red", "gain 1 crimson"]
PARAM_EFFECTS = {"offering": ["gain offering"], "depth": ["pay depth blue else mark cancelled"], "hue": ["reduce hue"],
                 "icons": ["pay icons any else mark cancelled"], "reduces": ["reduce reduces"]}
TILE_BOOLS = ["desert", "cancelled", "color = red", "level = 1", "stars = black"]


def kind_body(draw, index: int, params, ctx_args: dict) -> str:
    names = [p[0].split()[1].rstrip(":") for p in params]
    ints = ["cp", "level"] + [n for p in params for n in p[1]]
    bools = TILE_BOOLS + [n for p in params for n in p[2]]
    lines = [f'kind k{index} "Kind {index}" {{'] + [f"  {p[0]}" for p in params]
    if draw(st.booleans()):
        before_let = Ctx(ints=ints, bools=bools, tile=True, validated=False, **ctx_args)
        lines.append(f"  let near = {gen_int(draw, before_let, 2)}")
        ints.append("near")
    ctx = Ctx(ints=ints, bools=bools, tile=True, validated=False, **ctx_args)
    if draw(st.booleans()):
        effects = EFFECTS + [e for n in names for e in PARAM_EFFECTS.get(n, [])]
        if ctx.junk:
            effects += ["gain 0 red", "gain offering", "reduce 3", "pay nothing any else mark cancelled"]
        lines.append("  when taken: " + ", ".join(draw(st.lists(st.sampled_from(effects), min_size=1, max_size=2))))
    if draw(st.booleans()):
        lines.append(f"  when placed: require {gen_bool(draw, ctx)} else mark cancelled")
    for _ in range(draw(st.integers(0, 2))):
        cond = draw(st.sampled_from(["", " if ", " unless "]))
        lines.append(f"  end: {gen_int(draw, ctx)}" + (f"{cond}{gen_bool(draw, ctx)}" if cond else ""))
    lines.append("}")
    return "\n".join(lines)


def god_body(draw, index: int, ctx_args: dict) -> str:
    lines = [f'god g{index} "God {index}" {{']
    ints = []
    if draw(st.booleans()):
        lines.append(f"  let mine = {gen_int(draw, Ctx(**ctx_args), 2)}")
        ints.append("mine")
    ctx = Ctx(ints=ints, bools=["cancelled"], **ctx_args)
    if draw(st.booleans()):
        lines.append("  when taken: " + draw(st.sampled_from(["gain 5 any", "pay 2 any else mark cancelled",
                                                               "destroy 1 red from market else mark cancelled"])))
    if draw(st.booleans()):
        lines.append("  modify penalty = " + draw(st.sampled_from(["0", "-3", "2"])))
    cond = draw(st.sampled_from(["", " if ", " unless "]))
    lines.append(f"  end: {gen_int(draw, ctx)}" + (f"{cond}{gen_bool(draw, ctx)}" if cond else ""))
    lines.append("}")
    return "\n".join(lines)


def award_body(draw, index: int, ctx_args: dict) -> str:
    lines = [f'award a{index} "Award {index}" {{', f"  measure: {gen_int(draw, Ctx(**ctx_args))}"]
    inner = Ctx(measure=True, **ctx_args)
    if draw(st.booleans()):
        lines.append(f"  eligible: {gen_bool(draw, inner)}")
    if draw(st.booleans()):
        lines.append(f"  tiebreak: {gen_int(draw, inner)}")
    if draw(st.booleans()):
        lines.append("  ties: " + draw(st.sampled_from(["split", "keep order", "split and warn",
                                                         "keep order and warn"])))
    if draw(st.booleans()):
        prizes = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3))
        lines.append("  prizes: " + ", ".join(map(str, prizes)))
    lines.append("}")
    return "\n".join(lines)


def tile_text(draw, kinds: list, junk: bool) -> str:
    index = draw(st.integers(0, len(kinds) - 1))
    params = kinds[index]
    args = [p[3] for p in params if _required(p) or draw(st.booleans())]
    args += [a for a in ("mystic: 9", "cp: 4") if draw(st.booleans())]
    if junk and draw(rarely(5)):
        args.append(draw(st.sampled_from(["nope: 1", "cp: {red}", "depth: -1", "icons: red"])))
    args = draw(st.permutations(args))
    level = draw(st.sampled_from(["1", "2"] + (["3", "0"] if junk else [])))
    colour = draw(st.sampled_from(["red", "blue", "green", "crimson"] + (["purple"] if junk else [])))
    cost = ", ".join(draw(st.lists(st.sampled_from(["red", "blue", "any", "crimson"]), max_size=3)))
    stars = draw(st.sampled_from(["black", "white"]))
    return f"tile {level} {colour} {stars} [{cost}] k{index}({', '.join(args)})"


@st.composite
def rule_text(draw) -> str:
    """A rule set in the shape of the grammar: the prelude, then kinds, gods, awards, a desert, the winner,
    a variant and tiles, with expressions drawn per context. One text in four has deliberate mistakes."""
    junk = draw(rarely(4))
    kinds = [draw(st.lists(st.sampled_from(PARAMS), max_size=4, unique_by=lambda p: p[0].split(":")[0]))
             for _ in range(draw(st.integers(1, 3)))]
    fields = sorted({"cp", "mystic"} | {n for params in kinds for p in params for n in p[1]})
    ctx_args = {"junk": junk, "kinds": len(kinds), "fields": fields}
    n_awards = draw(st.integers(0, 2))
    parts = [PRELUDE]
    parts += [kind_body(draw, i, params, ctx_args) for i, params in enumerate(kinds)]
    parts += [god_body(draw, i, ctx_args) for i in range(draw(st.integers(0, 2)))]
    parts += [award_body(draw, i, ctx_args) for i in range(n_awards)]
    if draw(st.booleans()):
        ctx = Ctx(ints=["cp", "level"], bools=TILE_BOOLS, tile=True, validated=False, **ctx_args)
        parts.append("desert {\n  matches every color\n  end: " + gen_int(draw, ctx) + "\n}")
    keys = draw(st.lists(st.sampled_from(["most total", "fewest worshippers", "most count(tiles where desert)",
                                          "most penalty"]), min_size=1, max_size=3))
    parts.append("winner: " + ", then ".join(keys) + ", ties shared")
    extra = ["", "  remove tiles marked white\n", "  option strict_mode = true\n", '  option counting = "tiles"\n']
    if n_awards:
        extra.append("  award a0: 4, 1\n")
    parts.append('variant "2p" {\n  players: 2\n  reveal god: ' + draw(st.sampled_from(["0", "1", "3"]))
                 + "\n" + draw(st.sampled_from(extra)) + "}")
    parts += [tile_text(draw, kinds, junk) for _ in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):
        parts = [parts[0], *draw(st.permutations(parts[1:]))]
    return "\n".join(parts) + "\n"


def _param_value(draw, spec, colours):
    if spec.type == "int":
        return draw(st.integers(0, 6))
    if spec.type == "bool":
        return draw(st.booleans())
    if spec.type == "enum":
        return draw(st.sampled_from(spec.choices))
    if spec.type == "string":
        return draw(st.text(max_size=5))
    if spec.type == "color":
        return draw(st.sampled_from(colours))
    if spec.type == "colors":
        return draw(st.lists(st.sampled_from(colours), min_size=spec.size or 1, max_size=spec.size or 2,
                             unique=True))
    if spec.type == "amount":
        return f"{draw(st.integers(1, 3))} {draw(st.sampled_from([*list(colours), 'any']))}"
    return None


def random_game(draw, rules) -> dict:
    colours = list(rules.settings.colors)
    kinds = sorted(rules.kinds)
    players = []
    for i in range(2):
        rows = []
        for width in rules.board.rows:
            row = []
            for _ in range(width):
                if not kinds or draw(rarely(5)):
                    row.append({"desert": True})
                    continue
                kind = rules.kinds[draw(st.sampled_from(kinds))]
                tile = {"kind": kind.name, "color": draw(st.sampled_from(colours))}
                specs = {p.name: p for p in rules.settings.attributes}
                specs.update({p.name: p for p in kind.params})
                for name, spec in specs.items():
                    if spec.required or draw(st.booleans()):
                        tile[name] = _param_value(draw, spec, colours)
                if draw(st.booleans()):
                    tile["cancelled"] = draw(st.booleans())
                if draw(st.booleans()):
                    tile["level"] = draw(st.integers(1, rules.settings.levels))
                row.append(tile)
            rows.append(row)
        player = {"name": f"P{i}", "worshippers": draw(st.integers(0, 12)), "pyramid": rows}
        if rules.gods and draw(st.booleans()):
            player["god"] = draw(st.sampled_from(sorted(rules.gods)))
            player["god_cancelled"] = draw(st.booleans())
        players.append(player)
    doc = {"format": "orbis-game/1", "players": players}
    if draw(st.booleans()):
        doc["options"] = {"strict_mode": draw(st.booleans()), "counting": draw(st.sampled_from(["icons", "tiles"]))}
    return doc


@FUZZ
@given(data=st.data())
def test_generated_rule_texts_check_compile_and_score(workdir, data):
    from orbis_dsl.language.ruleset import rules_from_modules
    from orbis_dsl.records.orbis.json_reader import read_json_text
    from orbis_dsl.runtime.scoring import score_game

    text = data.draw(rule_text(), label="rules")
    folder = _fresh(workdir, "generated")
    (folder / "gen.orbis").write_text(text, encoding="utf-8")
    result = invoke(["check", "gen.orbis"], folder)
    outcome = judge(result, {"gen.orbis"}, "check gen.orbis")
    event(f"check: {outcome}")
    if outcome != "ok":
        return
    modules = compile_and_inspect(Path("gen.orbis"), folder)
    rules = rules_from_modules(modules, "orbis_fuzz_generated")
    doc = random_game(data.draw, rules)
    game, diags = read_json_text(json.dumps(doc), "game.json", rules)
    event("game: scored" if game is not None else "game: refused")
    if game is None:
        assert diags
        return
    try:
        report = score_game(rules, game)
        json.dumps(report.to_json(), ensure_ascii=False)
    except Exception as error:
        if known_crash(error):
            event(f"known bug: {known_crash(error)}")
            return
        raise AssertionError(f"scoring under checked rules crashed:\n{text}\n{json.dumps(doc)}") from error


# ---- crashes this fuzzer found, as plain reproductions ------------------------------------------------------

GAME_WITH_DESERT_AND_LOVE = GAME_SEEDS / "2p-first-game-new-box.json"


def score_under_pack(tmp_path: Path, monkeypatch, text: str, game: Path = GAME_WITH_DESERT_AND_LOVE):
    """`orbis score --rules pack.orbis GAME --json`: exit 0 with a report, or exit 2 located; never a crash."""
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "pack.orbis").write_text(text, encoding="utf-8")
    result = invoke(["score", "--rules", "pack.orbis", str(game), "--json"], tmp_path)
    error = crash_of(result)
    assert error is None, "".join(traceback.format_exception(*result.exc_info))
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 2:
        assert result.stdout == "" and LOCATED.search(result.stderr), result.stderr
    else:
        assert json.loads(result.stdout)["format"] == "orbis-score/1"
    return result


def test_count_and_aggregates_without_where(tmp_path, monkeypatch):
    """`count(tiles)` and `sum(icons of tiles)` (no `where`) once failed as 'nests too deeply' at 1:1."""
    text = 'god apprentice "Apprentice Goddess" {\n  end: count(tiles) + sum(icons of tiles) - count(tiles)\n}\n'
    result = score_under_pack(tmp_path, monkeypatch, text)
    assert result.exit_code == 0, result.stderr


# Regression test for a bug this suite found (fixed in 79012a9). It was: model.TILE_FIELDS types `level` as int, but
# a desert (and any record tile without `level`) has level None: `desert_penalty - level` checks clean, then scoring
# raises TypeError in the generated clause
def test_level_of_a_tile_without_a_level_in_arithmetic(tmp_path, monkeypatch):
    score_under_pack(tmp_path, monkeypatch,
                     "desert {\n  matches every color\n  end: desert_penalty - level\n}\n")


# Regression test for a bug this suite found (fixed in 79012a9). It was: max/min of no tiles is None (type int?),
# accepted as an award's measure (check.py _award expect(..., 'int')); runtime/scoring.py _awards sorts on -measure:
# TypeError
def test_max_of_no_tiles_as_an_award_measure(tmp_path, monkeypatch):
    score_under_pack(tmp_path, monkeypatch, 'award relic "Relic" {\n  measure: max(cp of tiles where desert)\n}\n')


# Regression test for a bug this suite found (fixed in 79012a9). It was: `max(...) is most among players` accepts an
# int? operand (check.py _e_Among); runtime/support.py among() calls max() over Nones: TypeError
def test_max_of_no_tiles_among_players(tmp_path, monkeypatch):
    score_under_pack(tmp_path, monkeypatch,
                     'god love "Goddess of Love" {\n  when taken: gain 5 any\n'
                     '  end: 1 if max(mystic of tiles where kind = farm) is most among players\n}\n')


# Regression test for a bug this suite found (fixed in 79012a9). It was: in a kind's clause `cp is most among
# players` compiles to _among(..., label '{cp} is {value}') without the tile's params (codegen.py _Among; _Compare
# passes t.params): support.fill raises KeyError 'cp' while explaining
def test_a_tile_parameter_among_players(tmp_path, monkeypatch):
    score_under_pack(tmp_path, monkeypatch,
                     'kind stone "Sacred Stone" {\n  param cp: int = 1\n  end: cp if cp is most among players\n}\n')


# Regression test for a bug this suite found (fixed in 79012a9). It was: `orbis check FOLDER` on a folder without
# .orbis files reports "<input>: error: the rule set declares no 'colors'" (check.py run: no file to locate at)
# instead of naming the folder (e.g. 'no .orbis files in FOLDER', from parse.load_sources)
def test_checking_a_folder_without_rule_files_names_it(tmp_path):
    (tmp_path / "nothing here").mkdir()
    result = invoke(["check", "nothing here"], tmp_path)
    assert judge(result, {"nothing here"}, "check an empty folder") == "error"
