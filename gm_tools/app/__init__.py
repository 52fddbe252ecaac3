"""The command line and the GM's workflow (new game, turn, rollback, replay, demo), above
the engine, the edges and publishing. See ``docs/architecture.md``.
"""
