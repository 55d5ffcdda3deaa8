"""Stage 2, what is scored at the end: awards, sets and facts (what a score sheet records), score columns, table
checks (`warn`, `note`, `refuse`) and the winner. Functions of the checker's `Names` (check/state.py), as `env`."""

from __future__ import annotations

from string import Formatter

import attrs

from orbis_dsl.language.check.grid import derive, held_list_fact
from orbis_dsl.language.check.hexmap import MAP_FACT_TYPES, map_fact, member_list_fact
from orbis_dsl.language.check.literals import check_type
from orbis_dsl.language.check.members import says_place
from orbis_dsl.language.check.model import BASE_REPORT_KEYS, Award, Check, Fact, Score
from orbis_dsl.language.check.says import AWARD_WORDS, check_says
from orbis_dsl.language.check.types import BOOL, INT
from orbis_dsl.language.syntax import ast_sheet


def check_award(env, file, decl: ast_sheet.AwardDecl) -> Award:
    ctx = env.context(each=_each(env, decl.for_each))
    report_keys = env.vocabulary.report_keys
    if decl.name in report_keys:
        env.error(f"an award cannot be called '{decl.name}': the score report uses that name",
                  decl.span, hint="report keys: " + ", ".join(sorted(report_keys)))
    if decl.for_each is not None and not env.sheet:  # a board of tiles ranks each award once per game
        env.error(f"award '{decl.name}' is one award 'for each' member of a set, which only games scored "
                  "from score sheets hand out", decl.for_each.span or decl.span,
                  hint="declare one award per member instead")
    if decl.measure is None:
        env.error(f"award '{decl.name}' needs a 'measure'", decl.span)
    else:
        # On a score sheet a player whose measure is none takes no part in the award.
        env.expect(decl.measure, ctx, INT, "an award's measure", none_ok=env.sheet)
    inner = ctx.evolve(extras={"measure": INT})
    if decl.eligible is not None:
        env.expect(decl.eligible, inner, BOOL, "who is eligible")
    if decl.tiebreak is not None:
        env.expect(decl.tiebreak, inner, INT, "a tie-break")
    if decl.says is not None:
        env.diags.extend(check_says(decl.says, lambda name: name in env.options, AWARD_WORDS, decl.span,
                                    says_place(decl.says_written), clause_names=False))
    return Award(decl.name, decl.title or decl.name, decl.measure, decl.eligible, decl.tiebreak,
                 decl.ties or "keep_order", decl.warn, decl.prizes, file, decl.for_each, decl.rank,
                 decl.unless_equal, decl.says)


def unprized_awards(env, awards, variants) -> None:
    """A warning for an award that hands out nothing: it has no `prizes:` line and a variant gives it none
    (docs/language.md: an award's prizes may come from the variants alone, as the base game's temple tokens
    do). Its column would be 0 for every player, and `orbis variant check` the first to notice. Located at the
    variant when it was written with or after the award (a pack's variant), else at the award."""
    layer = env.sources.layers.get
    for name, award in awards.items():
        if award.prizes:
            continue
        # (a variant giving prizes of an unknown award has that mistake reported, likely a misspelt name)
        lacking = [v for v in variants.values() if name not in v.prizes and set(v.prizes) <= set(awards)]
        giving = [v.name for v in variants.values() if name in v.prizes]
        example = f", as variant '{giving[0]}' does" if giving else ""
        for variant in lacking:
            if layer(variant.file, 0) >= layer(award.file, 0):
                env.warn(f"variant '{variant.name}' gives no prizes of award '{name}', which has no 'prizes:' "
                         "line of its own: in this variant the award hands out nothing", variant.span,
                         hint=f"add 'award {name}: A, B, …' to the variant{example}")
        earlier = [v.name for v in lacking if layer(v.file, 0) < layer(award.file, 0)]
        if not giving or earlier:
            several = len(earlier) > 1
            which = ("no variant gives it prizes" if not giving else
                     f"variant{'s' if several else ''} {', '.join(earlier)} give{'' if several else 's'} it none")
            where = "" if not giving else " in that variant" if not several else " in those variants"
            env.warn(f"award '{name}' has no 'prizes:' line and {which}: it hands out nothing, and scores 0 "
                     f"for every player{where}", env.awards_declared[name].span,
                     hint=f"add a line 'prizes: A, B, …' (one per place, the highest first), or 'award {name}: "
                          "A, B, …' to each variant")


def check_sets(env, decls) -> dict[str, tuple[str, ...]]:
    sets: dict[str, tuple[str, ...]] = {}
    owner: dict[str, str] = {}
    for _, decl in decls:
        if len(set(decl.members)) != len(decl.members):
            env.error(f"set '{decl.name}' lists a member twice", decl.span)
        for member in decl.members:
            if member in owner:
                env.error(f"'{member}' is already a member of set '{owner[member]}'", decl.span)
            elif member in env.reserved or member in env.colors:
                env.error(f"'{member}' is {env.taken_by(member)} and cannot be a member of a set", decl.span)
            owner[member] = decl.name
        sets[decl.name] = decl.members
    return sets


def _each(env, for_each: ast_sheet.ForEach | None) -> dict[str, str]:
    if for_each is None:
        return {}
    if for_each.set not in env.sets:
        env.diags.append(env.unknown("set", for_each.set, env.sets, for_each.span))
        return {}
    if env.context().resolve(for_each.name) is not None:
        # (the member would stand for it everywhere in the declaration, with no word said)
        env.error(f"'{for_each.name}' already names something here: give the member a name of its own",
                  for_each.span, hint=f"e.g. `for each {for_each.name}_m in {for_each.set}`")
        return {}
    return {for_each.name: for_each.set}


def derived_facts(env, decls, grid) -> None:
    shared_facts = {n: t for n, t in env.fact_types.items() if env.facts[n].level is not None}
    for _, decl in decls:
        if decl.derive is not None:
            derive(env, decl, grid, shared_facts)


def check_fact(env, file, decl: ast_sheet.FactDecl) -> Fact:
    kind = decl.type.name
    if kind == "list":
        # One `list of NAME` for both kinds: members of a set, or pieces of a family a player holds.
        if decl.type.choices[0] in env.sets:
            member_list_fact(env, decl)
        else:
            held_list_fact(env, decl)
    elif kind in MAP_FACT_TYPES:
        map_fact(env, decl)
    elif kind not in env.sets:
        check_type(env, decl.type)
    if decl.low is not None and kind in env.sets:
        env.error("only a number has a range", decl.span)
    if decl.level == "round" and not env.rounds:
        env.error("a fact 'for round' needs a game of rounds: the rule set declares no 'rounds'", decl.span)
    if kind in env.sets:  # `fact home: terrains`: one member, read as a choice of the members' names
        if decl.per is not None:
            env.error(f"a fact of a member of {kind} is given once, not per member of a set", decl.span)
        choice = attrs.evolve(decl.type, name="enum", choices=tuple(env.sets[kind]))
        return Fact(decl.name, decl.title or decl.name, choice, None, None, None, file, decl.level,
                    decl.key, decl.derive, decl.board_only, member_of=kind)
    if kind not in ("int", "bool", "enum", "list", *MAP_FACT_TYPES):
        env.error("a fact is a number (int), a yes/no (bool), a choice of strings, a list, or cells or "
                  "crossings of the hexmap", decl.type.span)
    if decl.low is not None and decl.type.name != "int":
        env.error("only a number has a range", decl.span)
    if decl.low is not None and decl.low > decl.high:
        env.error(f"the range {decl.low}..{decl.high} is empty", decl.span)
    if decl.per is not None and decl.per not in env.sets:
        env.diags.append(env.unknown("set", decl.per, env.sets, decl.span))
    return Fact(decl.name, decl.title or decl.name, decl.type, decl.low, decl.high, decl.per, file, decl.level,
                decl.key, decl.derive, decl.board_only)


def check_score(env, file, decl: ast_sheet.ScoreDecl) -> Score:
    if decl.name in BASE_REPORT_KEYS - {"regions"}:
        env.error(f"a score cannot be called '{decl.name}': the score report uses that name", decl.span)
    ctx = env.context(allow_awards=True)
    env.expect(decl.expr, ctx, INT, f"score '{decl.name}'", none_ok=False)
    return Score(decl.name, decl.title or decl.name, decl.expr, file)


def check_warning(env, file, decl: ast_sheet.WarnDecl) -> Check:
    ctx = env.context(each=_each(env, decl.for_each), allow_awards=not decl.refuse)
    verb = "refuse" if decl.refuse else "note" if decl.note else "warn"
    env.expect(decl.cond, ctx, BOOL, f"the condition of '{verb}'")
    _message_placeholders(env, decl, verb)
    return Check(decl.message, decl.cond, decl.for_each, decl.refuse, file, span=decl.span, note=decl.note)


def _message_placeholders(env, decl: ast_sheet.WarnDecl, verb: str) -> None:
    """A `warn` or `refuse` message may name its `for each` member (`{good}`) and `{others}`, the other players
    the same check holds for in the round (the one a bonus chip is shared with); a `warn` or `note` also the
    player's facts (`{volcanoes[active]}`, a member of the fact's set), values, prizes (`{awards[NAME]}`) and
    award measures (`{measures[NAME]}`), as the scorer fills them in. Anything else would be printed as
    written, or as 'none'. (A `refuse` is said before anything is scored: it names no fact.)"""
    each = {decl.for_each.name: decl.for_each.set} if decl.for_each is not None else {}
    each["others"] = None
    try:
        fields = [field for _, field, _, _ in Formatter().parse(decl.message) if field is not None]
    except ValueError:
        env.error(f"this {verb} message has an unpaired '{{' or '}}' (write '{{{{' or '}}}}' for a brace itself)",
                  decl.span)
        return
    named = dict(each) if decl.refuse else {**each, **{n: f.per for n, f in env.facts.items()},
                                            **dict.fromkeys(env.values), "awards": "awards",
                                            "measures": "awards"}
    for field in fields:
        name, _, member = field.partition("[")
        member = member.removesuffix("]")
        if name not in named:
            member_named = [f"'{{{m}}}'" for m in each if m != "others"]
            what = ("a fact, a value, awards[NAME], measures[NAME], others"
                    + (" or its member" if member_named else "") if not decl.refuse
                    else f"its member {member_named[0]} or others" if member_named else "only others")
            d = env.unknown("placeholder", name, list(named), decl.span)
            env.diags.append(d._replace(message=f"{d.message}: a {verb} message may name {what}"))
        elif member and not _names_member(env, named[name], member):
            env.error(f"'{field}' names no member of '{name}'", decl.span)
        elif named[name] is not None and not member and name in env.facts:
            env.error(f"'{{{name}}}' is given per {named[name]}: name one, like '{{{name}[…]}}'", decl.span)


def _names_member(env, of: str | None, member: str) -> bool:
    if of == "awards":
        return member in env.awards_declared
    return of is not None and member in env.sets.get(of, ())


def check_winner(env, decl) -> tuple[tuple[ast_sheet.WinnerKey, ...], object]:
    """The winner's keys, and the condition after 'only if' (None without one)."""
    if decl is None:
        return (), None
    ctx = env.context(extras={"total": INT})
    for key in decl.keys:
        env.expect(key.expr, ctx, INT, "a winner key", none_ok=False)
    if decl.only_if is not None:
        env.expect(decl.only_if, ctx, BOOL, "the condition after 'only if'")
    return decl.keys, decl.only_if
