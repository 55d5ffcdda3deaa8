"""Reading a score-sheet record's rounds: each round's players, the same players in the same order every round, and
a number typed for some players and left out for others.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.records.json_text import json_words
from orbis_dsl.runtime.sheet_types import SheetPlayerRecord
from orbis_dsl.runtime.specs import RECORD_KEYS


class RoundsReading:
    """The rounds of a record, mixed into the score-sheet reader (records.sheets): it gives `rules`, `error`,
    `notes`, `level_facts` and `players`."""

    def rounds(self, items, whole: dict) -> list[list[SheetPlayerRecord]] | None:
        settings = self.rules.settings
        wanted = f"{settings.rounds}" + (f" or {settings.rounds_also}" if settings.rounds_also else "")
        if not isinstance(items, list):
            self.error("$.rounds", f"expected a list of {wanted} rounds, got {json_words(items)}")
            return None
        if len(items) not in (settings.rounds, settings.rounds_also):
            self.error("$.rounds", f"expected {wanted} rounds, got {len(items)}")
        rounds, typed = [], []
        for r, item in enumerate(items):
            path = f"$.rounds[{r}]"
            if not isinstance(item, dict):
                self.error(path, f"expected an object with \"players\", got {json_words(item)}")
                continue
            round_facts = [f for f in self.rules.facts.values() if f.level == "round"]
            self.unknown_keys(item, path, RECORD_KEYS["round"] | {f.json_key for f in round_facts})
            if "players" not in item:
                self.error(path, "missing key 'players'")
                continue
            shared = {**whole, **self.level_facts(item, path, round_facts)}
            players = self.players(item["players"], f"{path}.players", shared)
            names = tuple(p.get("name") if isinstance(p, dict) else None for p in item["players"]) \
                if isinstance(item["players"], list) else ()
            # Compared only when every name is one (a name of another type is told at itself: player()).
            if names and all(isinstance(name, str) and name.strip() for name in names):
                typed.append((r, names))
            if players is not None:
                rounds.append(players)
        self.same_players(typed)
        self.left_out(items)
        return rounds if len(rounds) == len(items) else None

    def left_out(self, items: list) -> None:
        """A player's number that only the table can say (a bonus chip; not one a board gives), typed for some
        player of the record and left out for another: none is assumed, and said. A record that never gives it
        (a solo game, which has no chips) is not told."""
        facts = [f for f in self.rules.facts.values() if f.level is None and f.optional and f.derive is None
                 and not f.board_only and f.type == "int" and not f.members]
        players = [(r, p) for r, item in enumerate(items) if isinstance(item, dict)
                   for p in (item.get("players") if isinstance(item.get("players"), list) else ())
                   if isinstance(p, dict)]
        for fact in facts:
            key = fact.json_key
            if not any(key in p for _, p in players):
                continue
            for r, p in players:
                if key not in p and isinstance(p.get("name"), str):
                    self.notes.append((f"{p['name']}, round {r + 1}",
                                       f"no {fact.title} is given ('{key}'): none is assumed (`{key} -` says none)"))

    def same_players(self, typed: list[tuple[int, tuple]]) -> None:
        """The same players in the same order every round: each round that lists others than most rounds do (the
        first of them, on a tie) is told which player differs, at that player."""
        lists = [names for _, names in typed]
        if len(set(lists)) <= 1:
            return
        usual = max(lists, key=lambda names: (lists.count(names), -lists.index(names)))
        k = next(r for r, names in typed if names == usual) + 1
        rule = "the players must be the same, in the same order, in every round"
        for r, names in typed:
            path = f"$.rounds[{r}].players"
            extra = [i for i, name in enumerate(names) if name not in usual]
            missing = [name for name in usual if name not in names]
            if names == usual:
                continue
            if extra:
                i = extra[0]
                near = did_you_mean(str(names[i]), missing or usual)
                self.error(f"{path}[{i}].name", f"round {r + 1} has '{names[i]}', who is not a player of round {k}: "
                                                f"{rule}", near or f"the players of round {k}: " + ", ".join(usual))
            elif missing:
                self.error(path, f"round {r + 1} has no '{missing[0]}', who plays in round {k}: {rule}",
                           f"the players of round {k}: " + ", ".join(usual))
            else:
                self.error(path, f"round {r + 1} lists the players in another order than round {k}: {rule}",
                           f"the order of round {k}: " + ", ".join(usual))
