"""What the back ends read of the checked rule set besides its expressions, from the IR stage (issue 32, item 5):
the rule set's type and the spec data the checker works out once (a list fact's runtime kind, a score sheet's
titles, the awards a column sums, where a table check's failure is said). The interpreter imports the checker
only through here and `ir.scope`, so the layout test can hold it to the IR."""

from __future__ import annotations

from orbis_dsl.language.check.model import RuleSet, awards_summed, list_spec, listed_name, sheet_titles
from orbis_dsl.language.check.table import player_key, table_key

__all__ = ["RuleSet", "awards_summed", "list_spec", "listed_name", "player_key", "sheet_titles", "table_key"]
