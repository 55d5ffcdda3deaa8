"""Stage 2, checking: the parsed rule set → the checked model, with located diagnostics."""
