"""gm_tools: a game master's tools for play-by-email Diplomacy variants of the Thirty Years War era."""

__version__ = "0.1.0"
