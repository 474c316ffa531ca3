"""The map picture: which characters draw which territory, and who touches whom."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Cell = tuple[int, int]  # (row, column)


def picture_rows(text: str) -> tuple[str, ...]:
    """The picture's rows, without blank rows above and below it."""
    rows = text.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    return tuple(row.rstrip("\r") for row in rows)


def cells_by_char(rows: tuple[str, ...], void: str) -> dict[str, list[Cell]]:
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char not in void:
                cells.setdefault(char, []).append((r, c))
    return cells


def touching(rows: tuple[str, ...], void: str) -> set[tuple[str, str]]:
    """Pairs (a, b), a < b, of characters whose cells touch side by side or one above the other."""

    def at(r: int, c: int) -> str | None:
        if 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] not in void:
            return rows[r][c]
        return None

    pairs: set[tuple[str, str]] = set()
    for r, row in enumerate(rows):
        for c in range(len(row)):
            here = at(r, c)
            if here is None:
                continue
            for other in (at(r, c + 1), at(r + 1, c)):
                if other is not None and other != here:
                    pairs.add((min(here, other), max(here, other)))
    return pairs


def count_parts(cells: Iterable[Cell]) -> int:
    """How many orthogonally connected pieces the cells form."""
    todo = set(cells)
    parts = 0
    while todo:
        parts += 1
        stack = [todo.pop()]
        while stack:
            r, c = stack.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in todo:
                    todo.remove(near)
                    stack.append(near)
    return parts


def components(nodes: Iterable[int], edges: Mapping[int, Iterable[int]]) -> list[list[int]]:
    """Connected components of a graph, each sorted, the one holding the smallest node first."""
    todo = set(nodes)
    result: list[list[int]] = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.remove(start)
        part = [start]
        stack = [start]
        while stack:
            for near in edges.get(stack.pop(), ()):
                if near in todo:
                    todo.remove(near)
                    part.append(near)
                    stack.append(near)
        result.append(sorted(part))
    return result
