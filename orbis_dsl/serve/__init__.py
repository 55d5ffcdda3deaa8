"""`orbis serve`: a scoring pad in the browser. The web libraries are an optional extra (`orbis-dsl[serve]`), so
this module imports them only when the pad starts."""

from __future__ import annotations

import importlib.util


def missing_extra() -> str | None:
    """The first library of the `serve` extra that is not installed, or None."""
    for module in ("starlette", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            return module
    return None


def run(rules, host: str, port: int) -> None:
    import uvicorn

    from .app import LOCAL_NAMES, create_app

    app = create_app(rules, local_only=host in LOCAL_NAMES)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)
