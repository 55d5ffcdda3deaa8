"""Score-sheet records (Terra Mystica, Mondo): JSON, the text notation, grid boards."""
