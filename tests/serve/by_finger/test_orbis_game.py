"""Whole three-player games typed into the pad with a finger, on a phone held upright (390×844, touch) and on its
side (844×390), in Debian's Chromium: the taps each game takes are counted (Orbis at most 170, where it took 184;
Terra Mystica and Mondo no more than the pad took before the totals-as-you-go sheets: 43 and 81 taps), axe-core
runs on every screen with no serious or critical violation, and the final totals are those of `orbis score`.

The browser and the phone are in this folder's conftest.py; the steps the three games share in
`serve/finger_flow.py`.
"""

from __future__ import annotations

import json

from serve.finger_flow import MOST_TAPS, ORBIS_GAME, Screens, finish, report
from serve.pad_driver import Finger, orbis_game, orbis_setup


def test_a_whole_orbis_game_by_finger(phone, orbis, repo_root, request):
    record = json.loads((repo_root / ORBIS_GAME).read_text())
    finger, screens = Finger(phone), Screens(phone)
    screens("orbis setup")
    orbis_setup(finger, record)
    screens("pyramids")
    orbis_game(finger, record, screens)
    finish(finger, screens, orbis, ORBIS_GAME)
    report("Orbis", request.node.callspec.id, finger.taps)
    assert finger.taps <= MOST_TAPS["orbis"]
    assert not screens.problems, "\n".join(screens.problems)
