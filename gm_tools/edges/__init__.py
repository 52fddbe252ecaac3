"""The file edges: the workbook (openpyxl), the game record on disk, variant folders, base
maps and PNG files, players' mails and MILA's saved games. Each module turns files into the engine's data and back; the rules live
in :mod:`gm_tools.engine` and the game systems. See ``docs/architecture.md``.
"""
