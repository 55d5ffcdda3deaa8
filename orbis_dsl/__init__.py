"""orbis-dsl: score, author and play-test the board game Orbis."""
