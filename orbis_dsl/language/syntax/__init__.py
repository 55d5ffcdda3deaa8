"""Stage 1, syntax: rule-file text → the typed syntax tree: reading the files, the grammar, the nodes, building
the tree, syntax errors in words and recovery after them."""
