"""Graph walks over a variant's adjacency, shared by the map-data tests."""

from __future__ import annotations

from collections import deque


def reachable(start, neighbours) -> set:
    """Every node reached from ``start`` by following ``neighbours(node)``, start included."""
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in neighbours(todo.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
