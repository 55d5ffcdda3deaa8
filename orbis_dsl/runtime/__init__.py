"""What runs after compilation: the rule specs built from generated modules, the scorer and its helpers."""
