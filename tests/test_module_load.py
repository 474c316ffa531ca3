"""Valid modules load into the right definitions; the search path finds them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warp_empires import paths
from warp_empires.module import (
    ModuleError,
    find_module,
    fingerprint,
    list_modules,
    load_module,
)
from warp_empires.module.defs import Module
from warp_empires.module.toml_read import Locator

BROKEN = Path(__file__).parent / "broken_modules"
TINY = BROKEN / "tiny"


def neighbours(module: Module) -> dict[str, set[str]]:
    ts = module.map.territories
    return {t.id: {ts[n].id for n in t.neighbours} for t in ts}


def test_tiny_adjacency_comes_from_picture_and_links() -> None:
    module = load_module(TINY)
    assert neighbours(module) == {
        "alpha": {"beta", "capital", "delta", "epsilon"},  # epsilon through the [[link]]
        "beta": {"alpha", "capital", "epsilon"},
        "capital": {"alpha", "beta", "delta", "epsilon"},
        "delta": {"alpha", "capital"},  # the '.' at row 4 keeps delta from epsilon
        "epsilon": {"alpha", "beta", "capital"},
    }


def test_adjacency_without_picture_comes_from_lists_and_links() -> None:
    module = load_module(BROKEN / "tiny_lists")
    assert module.map.picture == ()
    assert neighbours(module) == {
        "alpha": {"beta"},
        "beta": {"alpha", "capital"},
        "capital": {"beta", "delta", "epsilon"},
        "delta": {"capital"},  # from capital's list: delta lists nothing itself
        "epsilon": {"capital"},  # from the link
    }


def test_tiny_definitions() -> None:
    m = load_module(TINY)
    assert (m.id, m.name, m.version, m.format) == ("tiny", "Tiny", "0.1.0", 1)
    assert [s.id for s in m.sides] == ["north", "south"]
    assert m.sides[1].short == "South" and m.sides[1].colour == "#5dade2"
    assert m.classes == {
        "leader": "Leader",
        "fortification": "Fortification",
        "fighter": "Fighter squad",
        "capital": "Capital ship",
    }
    assert m.traits["bombardment"] == ("Bombardment", "B")
    raider = m.unit_by_id(0, "raider")
    assert (raider.speed, raider.move, raider.count, raider.force, raider.cls) == (
        "fast",
        4,  # rules.speeds.fast = 4 in tiny
        3,
        1,
        "fighter",
    )
    # The same id on both sides is allowed (RULINGS X3) and they stay apart.
    assert m.unit_by_id(0, "shield").index != m.unit_by_id(1, "shield").index
    assert m.unit_by_id(1, "shield").side == 1
    assert [u.index for u in m.units] == list(range(len(m.units)))


def test_tiny_rules_setup_and_victory() -> None:
    m = load_module(TINY)
    t = {x.id: x.index for x in m.map.territories}
    r = m.rules
    assert r.first_side == 1 and r.tie_winner == "attacker" and r.hand_limit == 6
    assert [f.traits for f in r.control_filters] == [{"bombardment"}, {"transport"}]
    assert [(b.filter.traits, b.bonus) for b in r.majority_bonuses] == [({"bombardment"}, 2)]
    north, south = m.setup
    assert north.start == t["capital"] and north.control == (t["capital"],)
    assert [m.units[u].id for u in north.units] == ["king", "shield"]
    assert all(m.units[u].side == 0 for u in north.units)
    # edge_planets: edge territories with revenue > 0 (delta is edge but space)
    assert south.start is None and south.start_choices == (t["alpha"], t["epsilon"])
    assert south.control_start is True and south.random_units == 1
    first, second = m.victory
    assert first.side == 0 and first.all[0].kind == "holds_captive"
    assert [m.units[u].id for u in first.all[0].units] == ["queen"]
    assert m.units[first.all[0].units[0]].side == 1
    assert [c.kind for c in second.all] == [
        "controls",
        "captives_at_least",
        "no_enemy_leaders_on_map",
    ]
    assert second.all[0].territory == t["capital"] and second.all[1].amount == 1


def test_tiny_cards() -> None:
    m = load_module(TINY)
    assert m.card_by_id("move").effect.amount == 1 and m.card_by_id("move").timing == "move"
    spies = m.card_by_id("spies")
    assert spies.side == 0 and spies.effect.hand and not spies.effect.stack
    assert spies.timing == "action"
    hero = m.card_by_id("hero").effect
    assert hero.kind == "target_bonus" and hero.amount == 7
    assert hero.filter.classes == frozenset({"capital", "leader"})
    assert hero.filter.traits == frozenset({"bombardment"})
    assert m.card_by_id("surprise").effect.filter.classes == frozenset()  # matches every unit
    assert m.card_by_id("flak").timing == "battle"


def test_defaults_fill_optional_keys(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    text = (folder / "module.toml").read_text()
    start, end = text.index("[rules]"), text.index("[setup.north]")
    (folder / "module.toml").write_text(text[:start] + text[end:])
    m = load_module(folder)
    r = m.rules
    assert (r.first_side, r.draw, r.hand_limit, r.leader_bonus, r.tie_winner) == (
        0,
        5,
        7,
        5,
        "defender",
    )
    assert r.speeds == {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}
    assert r.control_filters == () and r.majority_bonuses == ()


def test_fingerprint_changes_with_any_toml_file(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    before = load_module(folder).fingerprint
    assert before == fingerprint(folder) and len(before) == 64
    (folder / "README.md").write_text("notes do not count\n")
    assert load_module(folder).fingerprint == before
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text() + "\n# a comment still changes the bytes\n")
    assert load_module(folder).fingerprint != before


def test_all_problems_are_collected(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    for name, old, new in [
        ("units.toml", "force = 3", "forse = 3"),
        ("units.toml", "count = 3", "count = -3"),
        ("cards.toml", 'kind = "rescue"', 'kind = "rescew"'),
        ("map.toml", 'between = ["alpha", "epsilon"]', 'between = ["alpha", "omega"]'),
        ("module.toml", 'holds_captive = ["queen"]', 'holds_captive = ["quen"]'),
        ("map.toml", "dddd.eee", "ddddxeee"),
    ]:
        path = folder / name
        path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    problems = caught.value.problems
    for expected in [
        "units.toml:15: unit[2].count: must be at least 1, not -3",
        "units.toml:25: unit[3].forse: unknown key 'forse' (did you mean 'force'?)",
        "cards.toml:21: card[3].effect.kind: unknown effect kind 'rescew'",
        "map.toml:50: link[1].between[2]: unknown territory 'omega'",
        "module.toml:70: victory[1].all[1].holds_captive[1]: unknown unit 'quen'",
        "map.toml:8: map.picture: character 'x' (row 4, column 5) belongs to no territory",
    ]:
        assert any(p.startswith(expected) for p in problems), "\n".join(problems)
    assert len(problems) == 6, "\n".join(problems)
    # Sorted by file, then line: a modder works down each file.
    files = [p.split(":")[0] for p in problems]
    assert files == sorted(files, key=["module.toml", "map.toml", "units.toml", "cards.toml"].index)


def test_syntax_errors_in_several_files_are_all_reported(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    (folder / "map.toml").write_text("[map\n")
    (folder / "cards.toml").write_text('[[card]]\nid = "x\n')
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    text = str(caught.value)
    assert "map.toml:1: TOML syntax error" in text
    assert "cards.toml:2: TOML syntax error" in text
    # References into the unreadable files are not checked, so no cascade.
    assert len(caught.value.problems) == 2, text


def test_not_utf8(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    (folder / "cards.toml").write_bytes(b"# caf\xe9\n")
    with pytest.raises(ModuleError, match=r"cards.toml:1: is not UTF-8 text"):
        load_module(folder)


def test_missing_folder_and_non_module_folder(tmp_path: Path) -> None:
    with pytest.raises(ModuleError, match="no such module folder"):
        load_module(tmp_path / "nothing")
    with pytest.raises(ModuleError, match="not a module folder"):
        load_module(tmp_path)


def test_path_to_module_toml_is_accepted() -> None:
    assert load_module(TINY / "module.toml").id == "tiny"


@pytest.fixture
def search_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$WARP_EMPIRES_MODULES points at two folders; XDG_DATA_HOME at a temp one."""
    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(TINY, first / "tiny")
    shutil.copytree(TINY, second / "tiny")
    shutil.copytree(BROKEN / "tiny_lists", second / "tiny_lists")
    monkeypatch.setenv(paths.ENV_VAR, f"{first}{paths.os.pathsep}{second}")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path


def test_env_folders_come_first_and_in_order(search_path: Path) -> None:
    folders = paths.module_search_path()
    assert folders[:3] == [
        search_path / "first",
        search_path / "second",
        search_path / "xdg" / "warp-empires" / "modules",
    ]
    assert find_module("tiny") == search_path / "first" / "tiny"
    assert find_module("tiny_lists") == search_path / "second" / "tiny_lists"
    assert load_module("tiny_lists").id == "tiny_lists"
    names = [p.name for p in list_modules()]
    assert names.count("tiny") == 1 and "tiny_lists" in names


def test_user_folder_is_searched(search_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR)
    user = search_path / "xdg" / "warp-empires" / "modules"
    shutil.copytree(TINY, user / "tiny")
    assert find_module("tiny") == user / "tiny"


def test_default_user_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    expected = tmp_path / ".local" / "share" / "warp-empires" / "modules"
    assert paths.user_modules_dir() == expected


def test_unknown_name_suggests_and_lists_the_search_path(search_path: Path) -> None:
    with pytest.raises(ModuleError) as caught:
        load_module("tinny")
    (line,) = caught.value.problems
    assert "no module named 'tinny' (did you mean 'tiny'?)" in line
    assert str(search_path / "first") in line


def test_checkout_modules_folder_is_on_the_path() -> None:
    checkout = paths.checkout_modules_dir()
    assert checkout is not None and checkout == Path(__file__).parents[1] / "modules"
    assert checkout in paths.module_search_path()


def test_star_wars_loads() -> None:
    if not (Path(__file__).parents[1] / "modules" / "star_wars" / "map.toml").exists():
        pytest.skip("the Star Wars module has not landed yet")
    m = load_module("star_wars")
    assert m.id == "star_wars" and [s.id for s in m.sides] == ["rebels", "empire"]
    assert len(m.map.territories) > 20
    coruscant = m.map.by_id("coruscant")
    assert coruscant.is_revenue and coruscant.neighbours
    rebels = m.setup[m.side_by_id("rebels").index]
    assert rebels.start is None and rebels.start_choices
    for i in rebels.start_choices:
        t = m.map.territories[i]
        assert t.edge and t.revenue > 0


def test_locator_finds_tables_keys_and_inline_keys() -> None:
    text = (TINY / "module.toml").read_text()
    loc = Locator(text)
    lines = text.splitlines()
    assert lines[loc.locate("side[2]") - 1] == "[[side]]"
    assert lines[loc.locate("side[2].colour") - 1] == 'colour = "#5dade2"'
    assert lines[loc.locate("setup.south.units") - 1] == 'units = ["queen"]'
    assert "trait = " in lines[loc.locate("rules.majority_bonus[1].trait") - 1]
    assert lines[loc.locate("rules.speeds.fast") - 1] == "fast = 4"
    assert lines[loc.locate("setup") - 1] == "[setup.north]"
    assert loc.locate("no_such_table") is None
