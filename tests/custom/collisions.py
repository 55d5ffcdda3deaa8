"""Generated rule packs named like the game they extend (issue 32, item 4), and one run of each, in process.

Each case is a one-declaration pack laid over one of the three games: every name the game binds (its values,
options, facts, sets and their members, lets, kinds, pieces, awards, columns, variants, colours, parameters, fact
keys, families, built-in names …) crossed with every sort of declaration, plus a copy of each of the game's own
declarations (a replacement by the same sort and type, which must change nothing). The base games are parsed
once; a case parses only its pack, checks the two together, and when they check clean compiles them and scores
the game's bundled examples under them. (Not a test module: pytest collects only test_*.py.)
"""

from __future__ import annotations

import traceback
from functools import cache
from pathlib import Path
from typing import NamedTuple

from orbis_dsl.common.games import all_games
from orbis_dsl.language.backends.python.compile import render
from orbis_dsl.language.check.checker import check, checked
from orbis_dsl.language.check.model import BUILTIN_NAMES
from orbis_dsl.language.check.names import ROUND_NAMES
from orbis_dsl.language.packs.game import LaidPack
from orbis_dsl.language.ruleset import rules_from_modules
from orbis_dsl.language.syntax import ast_decl, ast_reuse, ast_sheet
from orbis_dsl.language.syntax.parse import parse_rule_file
from orbis_dsl.language.syntax.sources import SourceSet, load_sources
from orbis_dsl.records.inputs import read_record, score_record

ROOT = Path(__file__).resolve().parents[2]
PACK = "pack.orbis"  # the pack's name as diagnostics show it
PACK_PATH = Path("/nonexistent-pack-folder") / PACK  # never read: the pack's text is parsed in memory
# The bundled examples each clean pack scores: a board game and a text record for Orbis, a map and plain sheets for
# Terra Mystica, a grid and counts of several rounds for Mondo.
EXAMPLES = {
    "orbis": ("examples/games/2p-first-game-new-box.json", "examples/games/4p-friday-at-anas.orbisgame"),
    "terra-mystica": ("examples/terra-mystica/2p-map-dwarves.json", "examples/terra-mystica/2p-basic.json",
                      "examples/terra-mystica/3p-map-shipping-bridge.tmgame"),
    "mondo": ("examples/mondo/grid-beginner-2p.json", "examples/mondo/counts-expert-2p-tasks.json"),
}


class Case(NamedTuple):
    game: str
    label: str  # what the pack declares, as "sort NAME"
    text: str  # the pack, without its `extends` line
    same: bool = False  # a copy of a base declaration: it must check clean and score as the base game does


class Outcome(NamedTuple):
    verdict: str  # "refused" (located errors), "scored", or a failure: "crash", "unlocated", "unscored", "changed"
    detail: str = ""


@cache
def base(game_id: str) -> tuple[SourceSet, object]:
    """The game's sources, parsed once, and its checked model."""
    game = next(g for g in all_games() if g.id == game_id)
    sources, diags = load_sources([game.entry])
    assert not diags, diags
    model, diags = check(sources)
    assert model is not None, diags
    return sources, model


@cache
def base_totals(game_id: str) -> tuple:
    game = next(g for g in all_games() if g.id == game_id)
    from orbis_dsl.language.ruleset import game_rules

    return tuple(_totals(game_rules(game), game, example) for example in EXAMPLES[game_id])


def _totals(rules, game, example: str):
    record, rules, diags, _ = read_record(ROOT / example, LaidPack(PACK, game, rules))
    errors = [d for d in diags if d.is_error]
    if record is None or errors:
        return ("unreadable", tuple(f"{d.where()}: {d.message}" for d in errors[:3]))
    report = score_record(rules, record, explain=False)
    return tuple((p.name, p.total) for p in report.players)


# ---- the names a game binds -------------------------------------------------------------------------------


def names(game_id: str) -> list[str]:
    """Every name the game binds, whatever its sort, and the words its one-of-a-kind declarations go by."""
    sources, model = base(game_id)
    found = set(model.values) | set(model.options) | set(model.attributes) | set(model.aliases) | set(model.sets)
    found |= {m for members in model.sets.values() for m in members} | set(model.facts) | set(model.lets)
    found |= {f.key for f in model.facts.values() if f.key} | set(model.kinds) | set(model.gods)
    found |= set(model.awards) | set(model.scores) | set(model.variants) | set(model.colors) | set(model.stars)
    found |= model.vocabulary.names | {p for k in model.kinds.values() for p in k.params} | BUILTIN_NAMES
    found |= ROUND_NAMES if model.rounds else set()
    found |= {d.name for f in sources.files for d in f.decls if isinstance(d, (ast_decl.FamilyDecl,
                                                                                ast_sheet.GridDecl,
                                                                                ast_sheet.HexMapDecl))}
    found |= {"game", "colors", "levels", "board", "market", "rounds", "winner", "name", "players", "format",
              "title", "options", "round"}
    return sorted(found)


def _sorts(game_id: str) -> dict[str, str]:
    """Each sort of declaration, as a template of one pack: NAME stands for the name tried."""
    _, model = base(game_id)
    vocabulary = model.vocabulary
    colour = model.colors[0] if model.colors else "red"
    sorts = {
        "value": "value NAME = 2\n",
        "bool option": "option NAME: bool = false\n",
        "int option": "option NAME: int = 1\n",
        "choice option": 'option NAME: "a" | "b" = "a"\n',
        "attribute": "attribute NAME: int = 0\n",
        "alias": f"alias NAME = {colour}\n",
        "set": "set NAME: zz_one, zz_two\n",
        "set member": "set zz_set: NAME\n",
        # (optional: a fact the records do not give yet leaves them readable)
        "fact": 'fact NAME "Name": int?\n',
        "fact for game": 'fact NAME "Name": int? for game\n',
        "fact key": 'fact zz_fact "Name": int? key "NAME"\n',
        "let": "let NAME = 1\n",
        "award": 'award NAME "Name" {\n  measure: 1\n}\n',
        "score": 'score NAME "Name": 1\n',
        "variant": "variant NAME {\n  players: 2\n}\n",
        "players family": 'family NAME "Name" for players\n',
        # reuse (check/elaborate.py): a function, a link set, a value per member of a set
        "function": "def NAME(zz_x: int): int = zz_x + 1\n",
        "link set": "links NAME: adjacent\n",
        "per-member value": "set zz_per: zz_a, zz_b\nvalue NAME per zz_per = 1\n",
    }
    if model.sets:  # a value that is a member of one of the game's sets (`value home = black`)
        first_set = sorted(model.sets)[0]
        sorts["member value"] = f"value NAME = {model.sets[first_set][0]}\n"
    tile_family = vocabulary.tile_family or "kind"
    sorts["tile piece"] = f'{tile_family} NAME "Name" {{\n  end: 1\n}}\n'
    sorts["colour parameter"] = f'{tile_family} zz_kind "Name" {{\n  param NAME: color\n  end: 1\n}}\n'
    sorts["number parameter"] = f'{tile_family} zz_kind "Name" {{\n  param NAME: int\n  end: 1\n}}\n'
    if vocabulary.player_family:
        sorts["held piece"] = f'{vocabulary.player_family} NAME "Name" {{\n  end: 1\n}}\n'
    return sorts


def copies(game_id: str) -> list[Case]:
    """A copy of each of the game's own declarations but its tiles (a pack's tiles replace the whole list)."""
    sources, _ = base(game_id)
    cases = []
    for file in sources.files:
        lines = sources.texts[file.path].split("\n")
        starts = [d.span.line for d in file.decls if d.span is not None] + [len(lines) + 1]
        for decl, end in zip(file.decls, sorted(starts)[1:], strict=False):
            if isinstance(decl, (ast_decl.TileDecl, ast_decl.ExtendsDecl)) or decl.span is None:
                continue
            chunk = [line for line in lines[decl.span.line - 1:end - 1] if not line.startswith("include ")]
            text = "\n".join(chunk).strip() + "\n"
            label = f"copy of {type(decl).__name__} {getattr(decl, 'name', None) or getattr(decl, 'what', '')}"
            cases.append(Case(game_id, f"{label} ({file.path}:{decl.span.line})", text, same=True))
    return cases


def cases(game_id: str) -> list[Case]:
    """Every generated pack over one game: each name crossed with each sort, the values per member that would
    write one out, then the copies."""
    crossed = [Case(game_id, f"{sort} {name}", template.replace("NAME", name))
               for name in names(game_id) for sort, template in _sorts(game_id).items()]
    return crossed + written_out_cases(game_id) + copies(game_id)


def written_out_cases(game_id: str) -> list[Case]:
    """A value per member written out under a name the game binds: `value sh per zz_split` with a member
    `range` writes out `sh_range` (each `_` of each name a split point). The other direction, a pack's plain
    declaration named like a value the game writes out (`value start_fire` beside `value start per tracks`), is
    among the crossed cases: the game's written-out values are among its names."""
    found = []
    for name in names(game_id):
        for at in (i for i, c in enumerate(name) if c == "_" and 0 < i < len(name) - 1):
            head, member = name[:at], name[at + 1:]
            if not member[0].isalpha():
                continue  # (`solo_threshold_1`: a member is a name)
            text = f"set zz_split: {member}, zz_other\nvalue {head} per zz_split = 1\n"
            found.append(Case(game_id, f"per-member value {head} writing out {name}", text))
    return found


def all_cases() -> list[Case]:
    return [case for game in EXAMPLES for case in cases(game)]


# ---- one run ------------------------------------------------------------------------------------------------


def laid(case: Case) -> SourceSet | list:
    """The base game's sources with the pack laid over them, or the pack's syntax errors."""
    sources, _ = base(case.game)
    text = f'extends "{case.game}"\n' + case.text
    parsed = parse_rule_file(text, PACK)
    if parsed.tree is None:
        return parsed.diagnostics
    return SourceSet((*sources.files, parsed.tree), {**sources.texts, PACK: text}, {**sources.paths, PACK: PACK_PATH},
                     {**{shown: 0 for shown in sources.texts}, PACK: 1})


def _refused(errors) -> Outcome:
    """Refused, when every error is at the pack or names the pack's declaration in its hint."""
    at_pack = [d for d in errors if d.span is not None and d.span.file == PACK]
    unnamed = [d for d in errors if d.span is not None and d.span.file != PACK and PACK not in (d.hint or "")]
    if unnamed or not any(d.span is not None for d in errors):
        return Outcome("unlocated", "; ".join(f"{d.where()}: {d.message} [{d.hint}]" for d in errors[:4]))
    return Outcome("refused", (at_pack or errors)[0].message)


def run(case: Case) -> Outcome:
    """What became of the pack: refused with an error at the pack, or checked, compiled and scored."""
    try:
        return _run(case)
    except Exception:  # any exception is the finding, shown with its traceback
        return Outcome("crash", traceback.format_exc(limit=-6))


def _run(case: Case) -> Outcome:
    sources = laid(case)
    if isinstance(sources, list):
        return Outcome("refused" if sources and sources[0].span else "unlocated", str(sources[:1]))
    # The checker's whole pipeline (reuse expanded, the size limits, the checker, the functions' bodies), as
    # `check` runs it: its `replaced` tells a replacement from an addition. (A copy of that pipeline here once
    # missed a step the real one had gained, and reported crashes the command line never gave.)
    model, diags, sources, checker = checked(sources)
    if model is None:
        return _refused([d for d in diags if d.is_error])
    modules = render(model, sources, PACK_PATH.parent)
    rules = rules_from_modules(modules, f"orbis_collision_{abs(hash(case.text))}")
    game = next(g for g in all_games() if g.id == case.game)
    totals = tuple(_totals(rules, game, example) for example in EXAMPLES[case.game])
    unread = [t for t in totals if t and t[0] == "unreadable"]
    if unread and not (checker.replaced and not case.same):
        return Outcome("unscored", str(unread[0]))
    if case.same and totals != base_totals(case.game):
        return Outcome("changed", f"{totals} != {base_totals(case.game)}")
    # (a replacement other than a copy may change what a record must give: its records are then refused, located)
    return Outcome("replaced" if checker.replaced else "scored")


# ---- a sample that covers every pair of sorts ---------------------------------------------------------------


def name_classes(game_id: str) -> dict[str, list[str]]:
    """The game's names by what binds them (a name bound twice, like Orbis's `white`, is in both classes)."""
    sources, model = base(game_id)
    vocabulary = model.vocabulary
    classes = {
        "value": list(model.values), "option": list(model.options), "attribute": list(model.attributes),
        "alias": list(model.aliases), "set": list(model.sets),
        "member": [m for members in model.sets.values() for m in members],
        "fact": list(model.facts), "fact key": [f.key for f in model.facts.values() if f.key],
        "let": list(model.lets), "kind": list(model.kinds), "held piece": list(model.gods),
        "award": list(model.awards), "score": list(model.scores), "variant": list(model.variants),
        "colour": list(model.colors), "mark": list(model.stars), "noun": sorted(vocabulary.names),
        "parameter": sorted({p for k in model.kinds.values() for p in k.params}),
        "built-in": sorted(BUILTIN_NAMES | (ROUND_NAMES if model.rounds else set())),
        "board": [d.name for f in sources.files for d in f.decls
                  if isinstance(d, (ast_sheet.GridDecl, ast_sheet.HexMapDecl))],
        "record key": ["name", "players", "game", "format", "options", "round"],
        "one of a kind": ["colors", "levels", "board", "market", "winner", "rounds"],
        "function": [d.name for f in sources.files for d in f.decls if isinstance(d, ast_reuse.FunctionDecl)],
        "link set": [d.name for f in sources.files for d in f.decls if isinstance(d, ast_reuse.LinkSetDecl)],
        "per-member value": [d.name for f in sources.files for d in f.decls if isinstance(d, ast_reuse.PerValueDecl)],
    }
    return {what: sorted(set(found)) for what, found in classes.items() if found}


def sample(game_id: str) -> list[Case]:
    """Every sort of declaration crossed with the first and the last name of each class of the game's names,
    and the copy of the first declaration of each type: every pair of sorts, in a fraction of the cases."""
    chosen = sorted({n for found in name_classes(game_id).values() for n in (found[0], found[-1])})
    crossed = [Case(game_id, f"{sort} {name}", template.replace("NAME", name))
               for name in chosen for sort, template in _sorts(game_id).items()]
    first_copies = {}
    for case in copies(game_id):
        first_copies.setdefault(case.label.split(" ")[2], case)
    split = written_out_cases(game_id)
    return crossed + split[:1] + split[-1:] + list(first_copies.values())


GOOD = {"refused", "scored", "replaced"}


def failures(found: list[Case]) -> list[str]:
    """What went wrong with each pack of `found` that was neither refused, scored nor replaced, told in full."""
    told = []
    for case in found:
        outcome = run(case)
        if outcome.verdict not in GOOD:
            told.append(f"{case.game}: {case.label}: {outcome.verdict}: {outcome.detail}\n--- pack:\n{case.text}")
    return told


def assert_every_pair_of_sorts(game_id: str) -> None:
    """Every sort crossed with the first and last name of each class of names over one game (`sample`)."""
    found = sample(game_id)
    assert len(found) >= 300  # every sort (about 20) crossed with two names of each of about 20 classes
    told = failures(found)
    assert not told, f"{len(told)} of {len(found)} packs over {game_id}:\n" + "\n".join(told[:5])
