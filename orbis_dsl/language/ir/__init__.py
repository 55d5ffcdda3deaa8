"""The resolved, typed intermediate form both back ends run: every name bound once, types as values, each `let`
one shared node (`nodes`, `ops`), built from the checked rule set by `lower`."""
