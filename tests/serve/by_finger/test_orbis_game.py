"""A whole three-player Orbis game typed into the pad with a finger, on a phone held upright (390×844, touch) and
on its side (844×390), in Debian's Chromium: at most 170 taps (it took 184 before the pad's tap diet), axe-core on
every screen with no serious or critical violation, and the final totals those of `orbis score`. The browser and
the phone are in this folder's conftest.py."""

from __future__ import annotations

import json

from serve.finger_flow import ORBIS_GAME, Screens, finish_within
from serve.pad_driver import Finger, orbis_game, orbis_setup


def test_a_whole_orbis_game_by_finger(phone, orbis, repo_root, request):
    record = json.loads((repo_root / ORBIS_GAME).read_text())
    finger, screens = Finger(phone), Screens(phone)
    screens("orbis setup")
    orbis_setup(finger, record)
    screens("pyramids")
    orbis_game(finger, record, screens)
    finish_within(finger, screens, orbis, ORBIS_GAME, "orbis", request.node.callspec.id)
