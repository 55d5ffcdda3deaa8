"""`orbis fmt`: the canonical layout of rule files, comments kept."""
