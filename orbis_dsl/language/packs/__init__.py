"""Rule packs: rule files laid over the game they extend, compiled into a per-user cache."""
