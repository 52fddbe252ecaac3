"""The pure rules engine: the model, the variant as data, phases, the order parser, the
adjudicator, retreats, adjustments, and the rule hooks a game system overrides.

Nothing in this package reads or writes a file, or imports openpyxl, cairosvg, Pillow, jinja2,
markdown or a game system (an import-linter contract in ``pyproject.toml`` checks it). See ``docs/architecture.md``.
"""
