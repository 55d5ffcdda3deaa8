"""Orbis's records: `orbis-game/1` JSON and the game notation, read by one reader each."""
