"""Scored games as BG Stats' import file, and as its single-play `bgstats://` link.

The file is what BG Stats (the board-game statistics app) imports and what public importers write for it:
`games`, `players`, `locations`, `plays` (each with its `playerScores`: score, winner, rank, seatOrder and the
`playerRefId` of a player in `players`) and `userInfo`. Inside the file things refer to each other by small integer
ids; across files, BG Stats recognises a game, a player, a place or a play by its `uuid`. Every uuid here is a
uuid5 of stable content (a play's: its game, its title and each player's scores, category by category; a player's:
the name), so exporting
the same plays again, or a history that grew, adds nothing twice, and a player keeps one uuid across games.

The file is deterministic: dates are the plays' own (no "now"), so an export of the same plays is the same bytes.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import NamedTuple
from urllib.parse import quote

# The namespace of every uuid this module makes (itself a uuid5 of the project's name): never change it, or every
# export made before would be duplicated by the next one.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "orbis-dsl/bgstats")

# BoardGameGeek ids, only where certain; 0 (BG Stats' "no BGG id") for the others, which BG Stats then matches by
# name. Terra Mystica (Capstone/Feuerland, 2012) is boardgame 120677.
BGG_IDS = {"terra-mystica": 120677}
GAME_TITLES = {"orbis": "Orbis"}  # the other games' titles are their rule sets' `title`
SOURCE_NAME = "Orbis scoring pad"  # what the create-play link says the play came from
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' own, local time


class PlayerScore(NamedTuple):
    name: str
    score: int
    winner: bool
    rank: int  # the place, 1 for the winner (shared places share their rank)
    seat: int  # the order of the record's players, from 0


class Play(NamedTuple):
    game: str  # the game's id: orbis, terra-mystica, mondo
    game_title: str
    title: str | None  # the record's own title, kept as the play's comment
    played: datetime
    minutes: int
    location: str | None
    scores: tuple[PlayerScore, ...]
    key: str  # the stable content its uuid is made from

    @property
    def uuid(self) -> str:
        return _uuid("play", self.key)


def play_of(report: dict, game: str, game_title: str, title: str | None, played: datetime, minutes: int = 0,
            location: str | None = None) -> Play:
    """A play from a scored game's report as `orbis score --json` prints it (orbis-score/1, tm-score/1,
    mondo-score/1: each player's name, total, place and winner)."""
    scores = tuple(PlayerScore(p["name"], p["total"], bool(p["winner"]), p["place"], seat)
                   for seat, p in enumerate(report["players"]))
    # The scores, not the explanations: a rewording of a line in a later version must not make a new play.
    scored = [{k: v for k, v in p.items() if k != "lines"} for p in report["players"]]
    key = json.dumps({"game": game, "title": title, "players": scored}, sort_keys=True, ensure_ascii=False)
    return Play(game, game_title, title, played.replace(microsecond=0), max(0, minutes), location or None, scores,
                key)


def play_of_record(record, rules, played: datetime, minutes: int = 0, location: str | None = None) -> Play:
    """A play from a record read by `records.inputs.read_record` (or the pad's reader): scored here."""
    from orbis_dsl.records.inputs import score_record

    game = (rules.settings.game or "orbis") if rules.is_sheet else "orbis"
    title = GAME_TITLES.get(game) or rules.settings.title or game
    return play_of(score_record(rules, record).to_json(), game, title, record.title, played, minutes, location)


def _uuid(kind: str, content: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{content}"))


def _player_key(name: str) -> str:
    """The same player in every game whatever the spacing or case of the name typed."""
    return " ".join(name.split()).casefold()


def _date(when: datetime) -> str:
    return when.strftime(DATE_FORMAT)


def bgstats_file(plays: list[Play], me: str | None = None) -> dict:
    """BG Stats' import file for these plays. `me`: the player who is the app's owner (`userInfo.meRefId`); none
    (0) when not given. A play listed twice (the same uuid) is written once."""
    games: dict[str, dict] = {}
    players: dict[str, dict] = {}
    locations: dict[str, dict] = {}
    written: dict[str, dict] = {}
    for play in sorted(plays, key=lambda p: (p.played, p.uuid)):
        if play.uuid in written:
            continue
        stamp = _date(play.played)
        game = games.setdefault(play.game, _game(len(games) + 1, play, stamp))
        place = None
        if play.location:
            place = locations.setdefault(_player_key(play.location), {
                "id": len(locations) + 1, "uuid": _uuid("location", _player_key(play.location)),
                "name": play.location, "modificationDate": stamp})
        scores = []
        for s in play.scores:
            person = players.setdefault(_player_key(s.name), {
                "id": len(players) + 1, "uuid": _uuid("player", _player_key(s.name)), "name": s.name,
                "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""})
            scores.append({"score": str(s.score), "winner": s.winner, "rank": s.rank, "seatOrder": s.seat,
                           "playerRefId": person["id"], "newPlayer": False, "startPlayer": False, "role": ""})
        written[play.uuid] = {
            "uuid": play.uuid, "gameRefId": game["id"], "locationRefId": place["id"] if place else 0,
            "playDate": stamp, "entryDate": stamp, "modificationDate": stamp, "durationMin": play.minutes,
            "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False, "bggId": 0,
            "board": "", "comments": play.title or "", "playerScores": scores,
        }
    me_id = players[_player_key(me)]["id"] if me and _player_key(me) in players else 0
    return {"games": list(games.values()), "players": list(players.values()),
            "locations": list(locations.values()), "plays": list(written.values()), "userInfo": {"meRefId": me_id}}


def _game(number: int, play: Play, stamp: str) -> dict:
    return {"id": number, "uuid": _uuid("game", play.game), "name": play.game_title,
            "bggId": BGG_IDS.get(play.game, 0), "bggName": play.game_title if play.game in BGG_IDS else "",
            "highestWins": True, "noPoints": False, "cooperative": False, "usesTeams": False,
            "isBaseGame": 1, "isExpansion": 0, "modificationDate": stamp}


def player_names(plays: list[Play]) -> list[str]:
    """Every player's name, once each as the file keeps them (for "did you mean" on `me`)."""
    seen: dict[str, str] = {}
    for play in plays:
        for s in play.scores:
            seen.setdefault(_player_key(s.name), s.name)
    return list(seen.values())


def has_player(plays: list[Play], name: str) -> bool:
    return any(_player_key(s.name) == _player_key(name) for play in plays for s in play.scores)


def create_play_data(play: Play) -> dict:
    """What BG Stats' create-play link carries for one play: the game, the date, the place and each player."""
    return {
        "sourceName": SOURCE_NAME, "sourcePlayId": play.uuid,
        "game": {"name": play.game_title, "bggId": BGG_IDS.get(play.game, 0), "highestWins": True,
                 "noPoints": False, "sourceGameId": play.game},
        "playDate": _date(play.played), "durationMin": play.minutes, "location": play.location or "",
        "comments": play.title or "", "board": "",
        "players": [{"name": s.name, "score": s.score, "winner": s.winner, "rank": s.rank, "seatOrder": s.seat,
                     "startPlayer": False, "role": "", "sourcePlayerId": _uuid("player", _player_key(s.name))}
                    for s in play.scores],
    }


def create_play_link(play: Play) -> str:
    """The `bgstats://` link that opens BG Stats' dialog to save this one play (its data url-encoded JSON)."""
    data = json.dumps(create_play_data(play), ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(data, safe="")
