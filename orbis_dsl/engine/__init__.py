"""The game engine: plays Orbis under a rule set (setup, turns, policies), logs and replays games, simulates
many games and checks variants. Scores come from the same scorer as `orbis score`.

    from orbis_dsl.engine import play_game, RandomPolicy, GreedyPolicy
    game = play_game(rules, "4p", seed, [GreedyPolicy(1), RandomPolicy(2), RandomPolicy(3), RandomPolicy(4)])
    report = game.score()          # an orbis-score/1 ScoreReport
"""

from importlib import import_module

# Loaded on first use: `orbis score` imports the CLI, which registers the engine's commands, and must not pay
# for the engine itself.
_EXPORTS = {"Game": "game", "play_game": "game", "IllegalMove": "game_turn", "Setup": "game_setup",
            "SetupError": "game_setup", "deal": "game_setup", "play_logged": "log_write", "replay": "log_replay",
            "Policy": "policy", "GreedyPolicy": "policy_greedy", "RandomPolicy": "policy_random",
            "make_policy": "policy_names", "SearchPolicy": "search",
            "FlatSearchPolicy": "search_flat"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
