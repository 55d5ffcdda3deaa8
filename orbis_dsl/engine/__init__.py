"""The game engine: plays Orbis under a rule set (setup, turns, policies), logs and replays games, simulates
many games and checks variants. Scores come from the same scorer as `orbis score`."""
