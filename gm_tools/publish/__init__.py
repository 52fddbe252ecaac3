"""Publishing: the map renderer, judge-style text, charts, the Atom feed and the static site
(two passes: collect a context, then write every file through one writer).
See ``docs/architecture.md``.
"""
