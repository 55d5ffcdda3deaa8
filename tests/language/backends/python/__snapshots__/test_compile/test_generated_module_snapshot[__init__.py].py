# generated — do not edit.
# The rule modules of this folder, in the order their rule files were read.
"""Compiled rule set."""

MODULES = ('kinds', 'gods', 'variants', 'tiles', 'game')
