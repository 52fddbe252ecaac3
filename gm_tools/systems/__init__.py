"""The game systems: one folder each, holding everything specific to one rulebook.

Each ``gm_tools/systems/<name>/__init__.py`` exports ``SYSTEM``, a
:class:`gm_tools.engine.system.GameSystem`; its data is in ``variants/<name>/``. The core
finds a system by the name in a variant's ``variant.toml`` and never names one itself.
See ``docs/architecture.md`` and ``docs/adding-a-variant.md``.
"""
