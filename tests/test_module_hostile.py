"""Hostile module input: every bad file or name is one line per problem and exit 1.

Each case runs the real command (`cli.main`) and checks what a user sees: the
exit status, one line per problem naming the file (and the line where there
is one), and never "internal error" or a traceback. Nothing here may hang or
exhaust memory; pytest-timeout bounds every test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from warp_empires import cli
from warp_empires.module import ModuleError, limits, load_module, toml_read
from warp_empires.module.toml_read import Locator

TINY = Path(__file__).parent / "broken_modules" / "tiny"
LONG = "x" * 5000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    for text in (out, err):
        assert "internal error" not in text and "Traceback" not in text, text
    return code, out.splitlines(), err.splitlines()


def tiny(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"  # the module id must match its folder's name
    shutil.copytree(TINY, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1))


def append(folder: Path, name: str, text: str) -> None:
    path = folder / name
    path.write_text(path.read_text() + text)


def plain_line(line: str) -> str:
    """A validate line without its column and code (`units.toml:3:1: E104 x` ->
    `units.toml:3: x`), to compare with the loader's own problem lines."""
    assert re.match(r"^\S+(:\d+:\d+)?: E\d{3} |^\.\.\. and ", line), line
    return re.sub(r"^(\S+?)(:\d+):\d+: E\d{3} |^(\S+?): E\d{3} ",
                  lambda m: f"{m.group(1)}{m.group(2)}: " if m.group(1) else f"{m.group(3)}: ",
                  line)


def validate(capsys: pytest.CaptureFixture[str], folder: Path) -> list[str]:
    """The problem lines of `validate`, checked for the shape every problem has."""
    code, out, err = run(capsys, "validate", str(folder))
    assert code == 1, out
    assert err == [f"{folder}: {len(out)} problem{'s' if len(out) != 1 else ''}"]
    prefix = f"{folder}/"  # the folder as given, then the file: a path to open
    assert all(line.startswith(prefix) or line.startswith("... and ") for line in out), out
    out = [plain_line(line.removeprefix(prefix)) for line in out]
    for line in out:
        if not line.startswith("... and "):
            assert re.match(r"^(module|map|units|cards)\.toml(:\d+)?: \S", line), line
    return out


# -- 1. nesting -------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "[" * 500 + "]" * 500,
        "{ a = " * 500 + "1" + " }" * 500,
        "[{ a = " * 250 + "1" + " }]" * 250,
    ],
    ids=["arrays", "inline_tables", "mixed"],
)
def test_deep_nesting_is_one_line(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    lines = (folder / "cards.toml").read_text().count("\n")
    append(folder, "cards.toml", f'# a comment with [[[[ in it\ns = "[[[["\nx = {value}\n')
    assert validate(capsys, folder) == [
        f"cards.toml:{lines + 3}: arrays and inline tables are nested more than 32 deep"
    ]


def test_nesting_up_to_the_limit_is_left_to_the_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    depth = limits.MAX_NESTING
    append(folder, "cards.toml", "x = " + "[" * depth + "]" * depth + "\n")
    (line,) = validate(capsys, folder)
    assert line.startswith("cards.toml:") and "unknown key 'x'" in line


def test_recursion_error_is_caught_as_a_last_resort(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(toml_read, "scan", lambda text: None)  # as if the scan missed it
    folder = tiny(tmp_path)
    append(folder, "cards.toml", "x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert validate(capsys, folder) == [
        "cards.toml: cannot be read: something in it is too deeply nested to parse"
    ]


def test_a_dotted_key_of_many_parts_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # tomllib keeps a record per prefix: 100,000 parts would need tens of gigabytes.
    folder = tiny(tmp_path)
    (folder / "cards.toml").write_text("[[card]]\n" + ".".join(["a"] * 100_000) + " = 1\n")
    assert validate(capsys, folder) == ["cards.toml:2: a dotted key of more than 32 parts"]


# -- 2. files that are not regular files, or too large ------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("linked", [False, True], ids=["fifo", "symlink_to_fifo"])
def test_a_fifo_does_not_hang(
    linked: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    (folder / "units.toml").unlink()
    if linked:
        os.mkfifo(tmp_path / "pipe")
        (folder / "units.toml").symlink_to(tmp_path / "pipe")
    else:
        os.mkfifo(folder / "units.toml")
    assert validate(capsys, folder) == ["units.toml: is not a regular file (a named pipe)"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_symlink_to_dev_zero_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    (folder / "map.toml").unlink()
    (folder / "map.toml").symlink_to("/dev/zero")
    assert validate(capsys, folder) == ["map.toml: is not a regular file (a character device)"]
    # Every command that loads a module says the same, on stderr.
    code, out, err = run(capsys, "simulate", "--module", str(folder), "--games", "1")
    assert (code, out, err) == (1, [], ["map.toml: is not a regular file (a character device)"])


def test_a_huge_file_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    size = limits.MAX_FILE_BYTES + 1
    with open(folder / "cards.toml", "r+b") as f:
        f.truncate(size)  # sparse: no disk space, but fstat says 4 MiB + 1
    assert validate(capsys, folder) == [
        f"cards.toml: is too large ({size} bytes; a module file has at most"
        f" {limits.MAX_FILE_BYTES} bytes)"
    ]


def test_a_folder_in_place_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    (folder / "cards.toml").unlink()
    (folder / "cards.toml").mkdir()
    assert validate(capsys, folder) == ["cards.toml: is not a regular file (a folder)"]


# -- 3. names and ids -------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", LONG],
        ["validate", "--json", LONG],
        ["module", "show", LONG],
        ["simulate", "--games", "1", "--module", LONG],
    ],
    ids=["validate", "validate_json", "show", "simulate"],
)
def test_a_long_module_name_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1
    if "--json" in argv:  # records: where, what, and any hint apart
        problems = [p["message"] for p in json.loads("\n".join(out))["problems"]]
    else:
        problems = out if argv[0] == "validate" else err
    assert problems == [
        f"'{'x' * 79}… (5000 characters)': a module name has at most 64 characters, not 5000"
    ]


def test_a_long_module_path_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "./" + LONG)
    assert code == 1
    assert out == [
        f"'./{'x' * 77}… (5002 characters)': a module path has at most 4096 characters, not 5002"
    ]
    # Under the path limit, but each part too long for the file system.
    code, out, _ = run(capsys, "validate", "/".join(["y" * 300] * 3))
    assert code == 1 and len(out) == 1
    assert "cannot read the module folder: File name too long" in out[0]


def test_module_validate_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    # There is no `module validate` (it is `validate`): argparse says so, exit 2.
    code, _, err = run(capsys, "module", "validate", LONG)
    assert code == 2 and any("invalid choice" in line for line in err)


def test_a_long_id_in_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    edit(folder, "cards.toml", 'id = "move"', f'id = "{"m" * 5000}"')
    (line,) = validate(capsys, folder)
    assert line.startswith("cards.toml:2: card[1].id: 'mmmm")
    assert line.endswith("… (5000 characters)' is too long for an id: 5000 characters (at most 64)")
    assert len(line) < 300


def test_control_characters_cannot_break_the_one_line_promise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    edit(folder, "units.toml", "force = 3", '"for\\nce\\u001b[31m" = 3')
    text, unknown = validate(capsys, folder)
    # The line is the table's: the key as written does not spell its escapes out.
    assert unknown == (
        "units.toml:19: unit[3].for\\nce\\x1b[31m: unknown key 'for\\nce\\x1b[31m'"
        " (did you mean 'force'?)"
    )
    # and module text (keys too) holds no control character (module/text_check.py)
    assert text.startswith("units.toml:19: unit[3]: the key holds U+000A")


# -- 4. numbers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "number, digits",
    [("9" * 5001, 5001), ("-" + "1_0" * 2000, 4000), ("0x" + "f" * 5000, 5000)],
    ids=["decimal", "underscores", "hex"],
)
def test_a_number_of_thousands_of_digits_is_one_line(
    number: str, digits: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    edit(folder, "units.toml", "force = 3", f"force = {number}")
    assert validate(capsys, folder) == [
        f"units.toml:25: a number of {digits} digits (at most {limits.MAX_DIGITS})"
    ]


@pytest.mark.parametrize(
    "file, old, new, expected",
    [
        (
            "units.toml",
            "force = 3",
            "force = 1001",
            "units.toml:25: unit[3].force: must be at most 1000, not 1001",
        ),
        (
            "map.toml",
            "revenue = 3",
            "revenue = 5000",
            "map.toml:32: territory[3].revenue: must be at most 1000, not 5000",
        ),
        (
            "module.toml",
            "draw = 4",
            "draw = 1000000",
            "module.toml:32: rules.draw: must be at most 100, not 1000000",
        ),
        (
            "module.toml",
            "fast = 4",
            "fast = 101",
            "module.toml:52: rules.speeds.fast: must be at most 100, not 101",
        ),
        (
            "cards.toml",
            "count = 4",
            "count = 1001",
            "cards.toml:4: card[1].count: must be at most 1000, not 1001",
        ),
    ],
    ids=["force", "revenue", "draw", "speed", "card_count"],
)
def test_numbers_are_bounded(
    file: str, old: str, new: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    edit(folder, file, old, new)
    assert validate(capsys, folder) == [expected]


# -- 5. counts and list sizes -----------------------------------------------------


def test_a_hundred_million_chits_are_refused_before_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    edit(folder, "units.toml", "count = 3", "count = 100000000")
    expected = ["units.toml:15: unit[2].count: must be at most 1000, not 100000000"]
    assert validate(capsys, folder) == expected
    code, out, err = run(capsys, "simulate", "--module", str(folder), "--games", "1")
    assert (code, out, err) == (1, [], expected)


def test_the_total_of_chits_is_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    unit = (
        '\n[[unit]]\nside = "north"\nid = "u{}"\nname = "U"\nspeed = "slow"\n'
        'count = 1000\nforce = 1\nclass = "capital"\n'
    )
    append(folder, "units.toml", "".join(unit.format(i) for i in range(11)))
    assert validate(capsys, folder) == [
        "units.toml:1: unit: 11013 chits in all, more than the 10000 allowed"
    ]


def test_the_deck_is_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    card = (
        '\n[[card]]\nid = "c{}"\nname = "C"\ncount = 1000\n'
        'effect = {{ kind = "move", groups = 1 }}\n'
    )
    append(folder, "cards.toml", "".join(card.format(i) for i in range(10)))
    assert validate(capsys, folder) == [
        "cards.toml:1: card: 10014 cards in the deck in all, more than the 10000 allowed"
    ]


@pytest.mark.parametrize(
    "file, entry, expected",
    [
        (
            "map.toml",
            '[[territory]]\nid = "t"\n',
            "map.toml:11: territory: too many entries: 1005 (at most 1000)",
        ),
        (
            "units.toml",
            '[[unit]]\nid = "u"\n',
            "units.toml:1: unit: too many entries: 1008 (at most 1000)",
        ),
        (
            "cards.toml",
            '[[card]]\nid = "c"\n',
            "cards.toml:1: card: too many entries: 1010 (at most 1000)",
        ),
    ],
    ids=["territories", "unit_types", "card_types"],
)
def test_lists_of_tables_are_bounded(
    file: str, entry: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    append(folder, file, "\n" + entry * 1000)
    # One line for the list, not a thousand for its broken entries.
    assert validate(capsys, folder) == [expected]


def test_lists_of_ids_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    many = ", ".join(['"alpha"'] * 1001)
    edit(folder, "map.toml", "neighbours = [", f"neighbours = [{many}, ")
    (line,) = validate(capsys, folder)
    assert re.fullmatch(
        r"map\.toml:\d+: territory\[\d\]\.neighbours: too many entries: 100\d \(at most 1000\)",
        line,
    )


def test_a_huge_picture_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    edit(folder, "map.toml", "picture = '''", "picture = '''\n" + ("a" * 500 + "\n") * 300)
    assert validate(capsys, folder) == [
        "map.toml:4: map.picture: too large: 305 rows of up to 500 characters"
        " (at most 200 rows of 400)"
    ]


# -- 6. thousands of problems -----------------------------------------------------


def thousand_bad_cards(folder: Path) -> int:
    """990 more cards (1,000 in all, the most allowed), each with at least 4 problems and 20
    unknown keys; how many problems that makes at least."""
    junk = "".join(f"junk{k} = 1\n" for k in range(20))
    append(
        folder,
        "cards.toml",
        "".join(
            f'\n[[card]]\nid = "Bad{i}"\nnme = "x"\ncount = 0\neffect = {{ kind = "mvoe" }}\n{junk}'
            for i in range(990)
        ),
    )
    return 990 * (4 + 20)


def test_thousands_of_problems_are_capped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny(tmp_path)
    at_least = thousand_bad_cards(folder)
    edit(folder, "units.toml", "force = 3", "forse = 3")  # an earlier file comes first
    code, out, err = run(capsys, "validate", str(folder))
    out = [plain_line(line.removeprefix(f"{folder}/")) for line in out]
    assert code == 1 and len(out) == limits.MAX_PROBLEMS_SHOWN + 1
    assert out[0] == "units.toml:25: unit[3].forse: unknown key 'forse' (did you mean 'force'?)"
    numbers = [int(line.split(":")[1]) for line in out[1:-1]]
    assert all(line.startswith("cards.toml:") for line in out[1:-1])
    assert numbers == sorted(numbers)  # the first ones by line, in line order
    total = int(err[0].rsplit(": ", 1)[1].split()[0])
    assert total > at_least
    assert out[-1] == (
        f"... and {total - limits.MAX_PROBLEMS_SHOWN} more problems"
        f" (only the first {limits.MAX_PROBLEMS_SHOWN} are shown)"
    )
    code, out, _ = run(capsys, "validate", "--json", str(folder))
    data = json.loads("\n".join(out))
    assert data["problem_count"] == total
    assert len(data["problems"]) == limits.MAX_PROBLEMS_SHOWN  # the rest only counted


def test_collecting_problems_is_linear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Count the work rather than time it: each line of a file is indexed at most once,
    and "did you mean" compares at most its budget of candidates in all."""
    indexed: list[int] = []
    index = Locator._index

    def counting_index(self: Locator, section: object) -> object:
        if getattr(section, "keys", None) is None:
            indexed.append(section.end - section.start)  # type: ignore[attr-defined]
        return index(self, section)  # type: ignore[arg-type]

    compared: list[int] = []
    did_you_mean = toml_read.did_you_mean

    def counting_hint(word: str, choices: list[str]) -> str:
        compared.append(len(choices))
        return did_you_mean(word, choices)

    monkeypatch.setattr(Locator, "_index", counting_index)
    monkeypatch.setattr(toml_read, "did_you_mean", counting_hint)
    folder = tiny(tmp_path)
    at_least = thousand_bad_cards(folder)
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    assert caught.value.count > at_least
    cards_lines = (folder / "cards.toml").read_text().count("\n")
    assert sum(indexed) <= cards_lines + 100  # plus the other files' few problems
    assert sum(compared) <= limits.HINT_BUDGET


def test_a_problem_line_is_never_huge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tiny(tmp_path)
    edit(folder, "units.toml", "force = 3", f'"{"k" * 100_000}" = 3')
    missing, unknown = validate(capsys, folder)
    assert len(unknown) < 400 and "(100000 characters)" in unknown
    assert missing == "units.toml:19: unit[3]: missing required key 'force'"
