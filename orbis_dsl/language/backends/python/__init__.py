"""The compiler: the checked rule set → Python handler modules under generated/."""
