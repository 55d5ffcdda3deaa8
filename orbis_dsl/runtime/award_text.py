"""How a ranked award went, in one line a table can check: who stood where, who took what, and how a shared
prize was split — "Water: Ann 7; Bo 5 = Cy 5 → Ann 8, Bo 3, Cy 3 ((4 + 2) / 2)"."""

from __future__ import annotations

from orbis_dsl.runtime.support import show


def award_summary(title: str, names: list[str], placings, prizes: tuple[int, ...], ties: str) -> str:
    """`names[key]` is the player an entry of `placings` (from `awards.hand_out`, at least one) belongs to."""
    ranking, taken, splits = [], [], []
    previous = None
    ordered = sorted(prizes, reverse=True)
    for placing in placings:
        name = names[placing.key]
        entry = f"{name} {show(placing.measure)}"
        if previous is not None and (previous.measure, previous.tiebreak) == (placing.measure, placing.tiebreak):
            ranking[-1] += f" = {entry}"
        else:
            ranking.append(entry)
            if ties == "split" and placing.tied > 1:
                share = list(ordered[placing.place - 1:placing.place - 1 + placing.tied])
                share += [0] * (placing.tied - len(share))
                splits.append(f"({' + '.join(str(p) for p in share)}) / {placing.tied}")
        taken.append(f"{name} {placing.prize}")
        previous = placing
    why = f" ({'; '.join(splits)})" if splits else ""
    return f"{title}: {'; '.join(ranking)} → {', '.join(taken)}{why}"


def award_sentence(says: str, title: str, placing, ranking: str, tied: list[str], options: dict, why: str,
                   shown_options: dict | None = None) -> str:
    """An award's line in its rule author's words (`says`): `{title}`, `{measure}`, `{place}`, `{prize}`,
    `{tiebreak}`, `{tied}` (the players sharing the place), `{ranking}`, and the game's options by name; `why` is
    the line as it reads without a sentence (`{why}`). `shown_options`: `options` as shown_options gives them,
    for a caller that makes every placing's sentence of one game (else they are shown here)."""
    # A batch's tables rank the same few players on the same few measures again and again: each sentence is
    # made once and remembered by everything it is made of. Types are in the key because 1 == True, which
    # would be shown as "1" and "yes". Not a sentence that shows the whole ranking: that is one table's, met
    # again in about 1 game of 500 on random tables (the key's making and the misses cost more than the hits).
    if "ranking" in says:  # (the word anywhere, not only `{ranking}`: a sentence made anew is the same)
        return _sentence(says, title, placing, ranking, tied, shown_options or options_shown(options), why)
    try:
        shown = (placing.measure, placing.tiebreak, placing.place, placing.prize)  # (not its key: the player)
        key = (says, title, shown, tuple(map(type, shown)), ranking, tuple(tied), tuple(options.items()),
               tuple(map(type, options.values())), why)
        sentence = _SENTENCES.get(key)
    except TypeError:  # an option value that cannot be in a key
        return _sentence(says, title, placing, ranking, tied, shown_options or options_shown(options), why)
    if sentence is None:
        if len(_SENTENCES) >= _SENTENCES_LIMIT:
            _SENTENCES.clear()
        sentence = _SENTENCES[key] = _sentence(says, title, placing, ranking, tied,
                                               shown_options or options_shown(options), why)
    return sentence


_SENTENCES: dict = {}
_SENTENCES_LIMIT = 20_000


def options_shown(options: dict) -> dict:
    """The game's options as a sentence shows them, by name."""
    return {name: show(value) for name, value in options.items()}


def _sentence(says: str, title: str, placing, ranking: str, tied: list[str], shown_options: dict, why: str) -> str:
    return placing_sentence(says, sentence_values(shown_options, title, ranking), placing, tied, why)


class _Shown(dict):
    """A sentence's placeholders: one it names that nothing sets shows as none."""

    __slots__ = ()

    def __missing__(self, key):
        return "none"


def sentence_values(shown_options: dict, title: str, ranking: str) -> dict:
    """What every placing's sentence of one award in one game shows alike: the options (`options_shown`), `how`
    (nothing, for an award), the title and the ranking, each over the ones before it. A scorer that makes all
    of an award's sentences of a game makes this once and each sentence with `placing_sentence`."""
    values = _Shown(shown_options)
    values["how"] = ""
    values["title"] = title
    values["ranking"] = ranking
    return values


def placing_sentence(says: str, common: dict, placing, tied, why: str | None) -> str:
    """One placing's sentence (`common`: from `sentence_values`). `points` and `why` are set over the options, the
    award's own fields over everything (none of them is `points`, `why` or `how`), as a clause's sentence has
    them (reasons.Sentence). `why` and `tied` matter only to a sentence that names them."""
    values = _Shown(common)  # (a copy at C speed: one game's award has a sentence per placing)
    prize = show(placing.prize)
    values["points"] = prize
    values["why"] = why
    values["measure"] = show(placing.measure)
    values["place"] = str(placing.place)
    values["prize"] = prize
    values["tiebreak"] = show(placing.tiebreak)
    values["tied"] = ", ".join(tied) or "nobody"
    return says.format_map(values)
