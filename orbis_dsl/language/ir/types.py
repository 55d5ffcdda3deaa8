"""The types the IR's nodes carry: the checker's type values (check/types.py), the one definition both back ends
read. The interpreter reaches the checker only through the IR (`ir.checked`, `ir.scope` and this module), so
the layout test can hold it to the IR."""

from __future__ import annotations

from orbis_dsl.language.check.types import (
    INT,
    UNKNOWN,
    Basic,
    ListOf,
    MemberOf,
    PerMember,
    PieceOf,
    RoundValues,
    SetOf,
    Simple,
    Type,
    is_bool,
    is_list,
)

__all__ = ["INT", "UNKNOWN", "Basic", "ListOf", "MemberOf", "PerMember", "PieceOf", "RoundValues", "SetOf",
           "Simple", "Type", "is_bool", "is_list"]
