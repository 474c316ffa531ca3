"""The Star Wars galaxy map: the constraints of the seed and of the map brief.

Adjacency is the loader's (derived from the picture); the picture itself is
re-read here for the geometric checks (outer rim, region sizes, quadrants).
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest

from warp_empires.module import load_module

MODULE_DIR = Path(__file__).parents[1] / "modules" / "star_wars"

PLANET_REVENUES = {
    "tatooine": 2,
    "alderaan_belt": 1,
    "sullust": 3,
    "kessel": 3,
    "gamorr": 2,
    "kashyyyk": 2,
    "bespin": 2,
    "bpfassh": 2,
    "denab": 3,
    "talus": 2,
    "yaga_minor": 2,
    "umgul": 2,
    "kothlis": 2,
    "orto": 2,
    "sluis_van": 2,
    "hoth": 1,
    "corellia": 4,
    "yavin": 1,
    "dagobah": 1,
    "endor": 1,
    "mon_calamari": 4,
    "coruscant": 5,
}
EDGE_PLANETS = {"tatooine", "hoth", "yavin", "dagobah", "endor", "bespin"}
CORE_PLANETS = {"corellia", "alderaan_belt", "talus"}
MID_AND_OUTER = {"kashyyyk", "mon_calamari", "sullust", "kessel"}

MAX_WIDTH, MAX_HEIGHT = 78, 26
MIN_ROWS, MIN_WIDTH = 3, 8


@pytest.fixture(scope="module")
def module():
    return load_module(MODULE_DIR)


@pytest.fixture(scope="module")
def territories(module):
    return module.map.territories


def distances(territories, start):
    dist = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in territories[a].neighbours:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


@pytest.fixture(scope="module")
def eccentricity(territories):
    return {t.index: max(distances(territories, t.index).values()) for t in territories}


@pytest.fixture(scope="module")
def cells(module):
    """territory index -> set of (row, col) cells in the picture."""
    key_to_index = {t.key: t.index for t in module.map.territories}
    out: dict[int, set[tuple[int, int]]] = {t.index: set() for t in module.map.territories}
    for r, row in enumerate(module.map.picture):
        for c, ch in enumerate(row):
            if ch in module.map.void:
                continue
            assert ch in key_to_index, f"stray character {ch!r} at row {r + 1}, col {c + 1}"
            out[key_to_index[ch]].add((r, c))
    return out


@pytest.fixture(scope="module")
def rim(module, cells):
    """Indices of territories on the outer rim: touching the picture's border, or
    touching void that connects to the border."""
    pic = module.map.picture
    height = len(pic)
    width = max(len(row) for row in pic)

    def is_void(r, c):
        return not (0 <= r < height and 0 <= c < len(pic[r])) or pic[r][c] in module.map.void

    # flood the outside: start from every cell of a one-cell frame around the picture
    outside = set()
    todo = deque()
    for r in range(-1, height + 1):
        for c in range(-1, width + 1):
            if r in (-1, height) or c in (-1, width):
                outside.add((r, c))
                todo.append((r, c))
    while todo:
        r, c = todo.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if -1 <= n[0] <= height and -1 <= n[1] <= width and n not in outside and is_void(*n):
                outside.add(n)
                todo.append(n)
    result = set()
    for i, cs in cells.items():
        for r, c in cs:
            if any(n in outside for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))):
                result.add(i)
                break
    return result


# ---- counts and kinds ------------------------------------------------------------


def test_territory_count(territories):
    assert 45 <= len(territories) <= 70


def test_more_than_half_is_empty_space(territories):
    space = [t for t in territories if t.kind == "space"]
    assert 2 * len(space) > len(territories)
    assert all(t.revenue == 0 for t in space)


def test_kinds(module, territories):
    assert set(module.map.kinds) == {"planet", "space"}
    assert {t.kind for t in territories} == {"planet", "space"}


def test_planets_and_revenues(territories):
    planets = {t.id: t.revenue for t in territories if t.kind == "planet"}
    assert planets == PLANET_REVENUES
    revenue = {t.id: t.revenue for t in territories if t.revenue > 0}
    assert revenue == PLANET_REVENUES, "only planets generate revenue"


def test_names_and_ids(territories):
    names = [t.name for t in territories]
    assert len(set(names)) == len(names)
    assert len({t.id for t in territories}) == len(territories)
    for t in territories:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", t.id), t.id
        if t.kind == "space":
            # evocative names, not "Space 17"
            assert not re.search(r"\d|^space\b", t.name, re.IGNORECASE), t.name
    for planet, name in [
        ("mon_calamari", "Mon Calamari"),
        ("coruscant", "Coruscant"),
        ("alderaan_belt", "Alderaan Belt"),
    ]:
        assert next(t.name for t in territories if t.id == planet) == name


# ---- the graph -----------------------------------------------------------------


def test_connected(territories):
    assert len(distances(territories, 0)) == len(territories)


def test_adjacency_is_symmetric(territories):
    for t in territories:
        assert t.index not in t.neighbours
        for n in t.neighbours:
            assert t.index in territories[n].neighbours


def test_coruscant_is_in_the_middle(module, territories, eccentricity):
    c = module.map.by_id("coruscant").index
    best = min(eccentricity.values())
    assert eccentricity[c] == best
    tied = {i for i, e in eccentricity.items() if e == best} - {c}
    assert tied <= set(territories[c].neighbours), "only Coruscant's neighbours may tie"


def test_coruscant_is_strictly_central(module, eccentricity):
    # stronger than the brief asks: nothing else is as central
    c = module.map.by_id("coruscant").index
    assert all(e > eccentricity[c] for i, e in eccentricity.items() if i != c)


def test_familiar_geography(module, territories):
    by_id = {t.id: t for t in territories}
    dist = distances(territories, by_id["coruscant"].index)
    for core in CORE_PLANETS:
        assert dist[by_id[core].index] == 1, f"{core} is a Core world next to Coruscant"
    assert dist[by_id["deep_core"].index] == 1
    for far in EDGE_PLANETS:
        assert dist[by_id[far].index] >= 3, f"{far} lies out on the rim"
    for mid in MID_AND_OUTER:
        assert dist[by_id[mid].index] >= 2, f"{mid} is not a Core world"
        assert not by_id[mid].edge
    # a few well-known neighbourhoods
    pairs = [
        ("corellia", "talus"),
        ("hoth", "anoat_sector"),
        ("kessel", "the_maw"),
        ("tatooine", "hutt_space"),
        ("mon_calamari", "calamari_sector"),
        ("dagobah", "sluis_sector"),
        ("endor", "moddell_sector"),
        ("yavin", "gordian_reach"),
        ("corellia", "corellian_run"),
        ("corellia", "corellian_trade_spine"),
    ]
    for a, b in pairs:
        assert by_id[b].index in by_id[a].neighbours, f"{a} should border {b}"


# ---- the picture -----------------------------------------------------------------


def test_picture_size(module):
    pic = module.map.picture
    assert 0 < len(pic) <= MAX_HEIGHT
    assert max(len(row) for row in pic) <= MAX_WIDTH
    assert module.map.void == " ."


def test_every_territory_is_one_region_of_the_picture(cells, territories):
    for i, cs in cells.items():
        assert cs, f"{territories[i].id} is not drawn"
        todo = [next(iter(cs))]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in cs and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == cs, f"{territories[i].id} is in pieces"


def test_regions_are_big_enough_for_labels(cells, territories):
    for i, cs in cells.items():
        rows: dict[int, int] = {}
        for r, _ in cs:
            rows[r] = rows.get(r, 0) + 1
        name = territories[i].id
        assert len(rows) >= MIN_ROWS, f"{name}: {len(rows)} rows"
        assert max(rows.values()) >= MIN_WIDTH, f"{name}: widest row {max(rows.values())}"
        # room for a label: a block three rows high and six cells wide
        assert any(
            all((r + dr, c + dc) in cs for dr in range(3) for dc in range(6)) for r, c in cs
        ), f"{name} has no 3x6 block for its label"


def test_no_slivers(module):
    # every horizontal run of a territory's character is at least 3 cells long
    for r, row in enumerate(module.map.picture):
        for m in re.finditer(r"(.)\1*", row):
            if m.group(1) not in module.map.void:
                assert len(m.group(0)) >= 3, f"sliver {m.group(0)!r} in row {r + 1}"


def test_adjacency_comes_from_the_picture(module, cells, territories):
    # no [[link]]s: every neighbour pair touches in the picture
    where = {}
    for i, cs in cells.items():
        for cell in cs:
            where[cell] = i
    touching = set()
    for (r, c), i in where.items():
        for n in ((r + 1, c), (r, c + 1)):
            j = where.get(n)
            if j is not None and j != i:
                touching.add(frozenset((i, j)))
    declared = {frozenset((t.index, n)) for t in territories for n in t.neighbours}
    assert declared == touching


# ---- the edge ---------------------------------------------------------------------


def test_edge_planets(territories):
    assert {t.id for t in territories if t.edge} == EDGE_PLANETS
    assert all(t.kind == "planet" for t in territories if t.edge)


def test_edge_planets_lie_on_the_outer_rim(territories, rim):
    for t in territories:
        if t.kind == "planet":
            assert t.edge == (t.index in rim), (
                f"{t.id}: edge={t.edge} but {'on' if t.index in rim else 'off'} the rim"
            )


def test_edge_planets_are_spread_around(module, cells, territories):
    pic = module.map.picture
    mid_r = (len(pic) - 1) / 2
    mid_c = (max(len(row) for row in pic) - 1) / 2
    quadrants = set()
    for t in territories:
        if t.edge:
            cs = cells[t.index]
            r = sum(x[0] for x in cs) / len(cs)
            c = sum(x[1] for x in cs) / len(cs)
            quadrants.add((r < mid_r, c < mid_c))
    assert len(quadrants) >= 3


def test_rebels_start_on_edge_planets(module, territories):
    rebels = module.side_by_id("rebels").index
    choices = {territories[i].id for i in module.setup[rebels].start_choices}
    assert choices == EDGE_PLANETS
    assert module.setup[rebels].start is None
