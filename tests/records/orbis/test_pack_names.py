"""A game of a rule pack scored without --rules (docs/authoring.md): its errors, in the order of the file, end with
one message saying so; a game with a typo or two of its own gets no such message."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
QUICKSTART = (ROOT / "examples" / "quickstart-4p.orbisgame").read_text(encoding="utf-8")


def test_a_pack_game_scored_without_its_pack_says_so_in_the_order_of_the_file(orbis):
    for path in ("examples/custom/duel.orbisgame", "examples/custom/trio.orbisgame"):
        result = orbis("score", path)
        assert result.exit_code == 2
        located = [int(n) for n in re.findall(rf"^{re.escape(path)}:(\d+):\d+: error:", result.stderr, flags=re.M)]
        assert located == sorted(located) and len(located) > 2
        last = result.stderr.splitlines()[-2:]
        assert last[0].startswith(f"{path}: error: Orbis declares none of the kinds ")
        assert "is this a game of a rule pack?" in last[0]
        assert last[1] == f"  = score it laid over its pack: orbis score --rules PACK {path}"
        assert orbis("score", "--rules", "examples/custom/pack", path).exit_code == 0


def test_a_game_with_a_typo_or_two_gets_no_pack_hint(orbis, tmp_path):
    game = tmp_path / "g.orbisgame"
    game.write_text(QUICKSTART.replace("yellow village", "yellow vilage").replace("god nature", "god zorg"))
    result = orbis("score", game)
    assert result.exit_code == 2 and "rule pack" not in result.stderr
