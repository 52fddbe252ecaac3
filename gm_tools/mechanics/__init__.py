"""Reusable rule modules, pure like the engine, that game systems switch on and configure
by data and named rules: the influence machinery of the Europe variants
(:mod:`.influence`). See ``docs/architecture.md``.
"""
