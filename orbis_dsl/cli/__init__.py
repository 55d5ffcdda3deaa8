"""cli: see orbis_dsl/__init__.py for the stages."""
