"""A whole three-player Terra Mystica score sheet typed into the pad with a finger, upright and on its side: no more
than the 43 taps the pad took before the totals-as-you-go sheets, axe-core clean on every screen, and the final
totals and winner those of `orbis score`."""

from __future__ import annotations

import json

from serve.finger_flow import TM_GAME, Screens, choose, finish_within
from serve.pad_driver import Finger, sheet_players, sheet_setup


def test_a_whole_terra_mystica_sheet_by_finger(phone, orbis, repo_root, request):
    record = json.loads((repo_root / TM_GAME).read_text())
    finger, screens = Finger(phone), Screens(phone)
    choose(finger, "terra-mystica")
    screens("terra mystica setup")
    sheet_setup(finger, record, "faction")
    screens("sheet")
    sheet_players(finger, record["players"], lambda seat: f"$.players[{seat}]")
    screens("sheet typed")
    finish_within(finger, screens, orbis, TM_GAME, "terra-mystica", request.node.callspec.id)
