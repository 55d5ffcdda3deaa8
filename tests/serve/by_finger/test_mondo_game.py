"""Whole three-player games typed into the pad with a finger, on a phone held upright (390×844, touch) and on its
side (844×390), in Debian's Chromium: the taps each game takes are counted (Orbis at most 170, where it took 184;
Terra Mystica and Mondo no more than the pad took before the totals-as-you-go sheets: 43 and 81 taps), axe-core
runs on every screen with no serious or critical violation, and the final totals are those of `orbis score`.

The browser and the phone are in this folder's conftest.py; the steps the three games share in
`serve/finger_flow.py`.
"""

from __future__ import annotations

import json

from serve.finger_flow import MONDO_GAME, MOST_TAPS, Screens, choose, finish, report
from serve.pad_driver import Finger, mondo_game, sheet_setup


def test_a_whole_mondo_game_by_finger(phone, orbis, repo_root, request):
    record = json.loads((repo_root / MONDO_GAME).read_text())
    finger, screens = Finger(phone), Screens(phone)
    choose(finger, "mondo")
    screens("mondo setup")
    sheet_setup(finger, record, None)
    screens("sheet")
    mondo_game(finger, record, screens)
    finish(finger, screens, orbis, MONDO_GAME)
    report("Mondo", request.node.callspec.id, finger.taps)
    assert finger.taps <= MOST_TAPS["mondo"]
    assert not screens.problems, "\n".join(screens.problems)
