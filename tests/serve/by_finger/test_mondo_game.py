"""A whole three-player Mondo game, round by round, typed into the pad with a finger, upright and on its side: no
more than the 81 taps the pad took before the totals-as-you-go sheets, axe-core clean on every screen, and the
final totals and winner those of `orbis score`."""

from __future__ import annotations

import json

from serve.finger_flow import MONDO_GAME, Screens, choose, finish_within
from serve.pad_driver import Finger, mondo_game, sheet_setup


def test_a_whole_mondo_game_by_finger(phone, orbis, repo_root, request):
    record = json.loads((repo_root / MONDO_GAME).read_text())
    finger, screens = Finger(phone), Screens(phone)
    choose(finger, "mondo")
    screens("mondo setup")
    sheet_setup(finger, record, None)
    screens("sheet")
    mondo_game(finger, record, screens)
    finish_within(finger, screens, orbis, MONDO_GAME, "mondo", request.node.callspec.id)
