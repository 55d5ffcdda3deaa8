"""The interpreter: the reference semantics, evaluating the checked rule set directly."""
