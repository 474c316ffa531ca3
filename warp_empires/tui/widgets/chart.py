"""A small text bar chart of one number per side per round. Each side has its
own fill pattern and its letter on top of each bar: never colour alone."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from warp_empires.module.defs import Module
from warp_empires.tui.labels import side_glyphs
from warp_empires.tui.looks import side_style

FILL = ("█", "▒")


def series_from_history(history: list[list[int]], column: str) -> tuple[list[int], list[int]]:
    """Per side, one value per own turn, from the engine's history rows
    [turn, side, bank, revenue, units side 0, units side 1]."""
    out: tuple[list[int], list[int]] = ([], [])
    for row in history:
        side = row[1]
        value = row[3] if column == "revenue" else row[4 + side]
        out[side].append(value)
    return out


def with_last_turn(state: Any) -> list[list[int]]:
    """The history, with the player-turn in which the game ended added: the
    engine writes a turn's row at its Control phase, which a game won in an
    earlier phase never reaches."""
    units = [sum(map(len, state.stacks[side])) for side in (0, 1)]
    return history_to_end(state.history, state.turn, state.active, state.banks,
                          state.revenue, units)


def history_to_end(history: list[list[int]], turn: int, active: int, banks: list[int],
                   revenue: list[int], units: list[int]) -> list[list[int]]:
    """with_last_turn of a game's figures as they stand (a state's, or a
    joined seat's view)."""
    out = [list(row) for row in history]
    if turn >= 1 and (not out or out[-1][0] < turn):
        out.append([turn, active, banks[active], revenue[active], units[0], units[1]])
    return out


def chart_text(
    module: Module, title: str, series: tuple[list[int], list[int]], height: int = 7,
    width: int = 72,
) -> Text:
    glyphs = side_glyphs(module)
    rounds = max(len(series[0]), len(series[1]))
    out = Text()
    out.append(f"{title}  ", style="bold")
    for side in (0, 1):
        out.append(f"{FILL[side]} {glyphs[side]} {module.sides[side].short}  ",
                   style=side_style(module, side))
    out.append("\n")
    if rounds == 0:
        out.append("no turns played\n", style="dim")
        return out
    # Each shown round takes three columns: a bar per side and a gap.
    step = max(1, -(-rounds * 3 // width))
    shown = list(range(0, rounds, step))
    values = [[s[i] if i < len(s) else 0 for i in shown] for s in series]
    top = max(max(v) for v in values) or 1
    label = len(str(top))
    marked = {height, (height + 1) // 2}  # values written at the top and the middle
    for row in range(height, 0, -1):
        axis = f"{top * row // height:>{label}} ┤" if row in marked else " " * label + " │"
        out.append(axis, style="dim")
        for i in range(len(shown)):
            for side in (0, 1):
                bar = round(values[side][i] * height / top)
                style = side_style(module, side)
                if bar == row:
                    out.append(glyphs[side], style=style)
                elif bar > row:
                    out.append(FILL[side], style=style)
                else:
                    out.append(" ")
            out.append(" ")
        out.append("\n")
    out.append(f"{0:>{label}} └" + "─" * (len(shown) * 3) + "\n", style="dim")
    # round numbers under the bars, every one while they fit (play-test: "1  3  4"
    # skipped round 2), else every few, and the last
    ticks = [" "] * (len(shown) * 3)
    every_bar = 1 if len(str(shown[-1] + 1)) <= 2 else 2
    for i in sorted({*range(0, len(shown), every_bar), len(shown) - 1}):
        number = str(shown[i] + 1)
        at = min(i * 3, len(ticks) - len(number))
        if all(c == " " for c in ticks[max(at - 1, 0):at + len(number)]):
            ticks[at:at + len(number)] = number
    out.append(" " * (label + 2) + "".join(ticks) + "\n", style="dim")
    every = f", a bar every {step} rounds" if step > 1 else ""
    out.append(" " * (label + 2) + f"round{every}", style="dim")
    return out


class TurnChart(Static):
    DEFAULT_CSS = """
    TurnChart { height: auto; padding: 0 1; margin-bottom: 1; }
    """

    def __init__(self, module: Module, title: str, history: list[list[Any]], column: str) -> None:
        super().__init__(chart_text(module, title, series_from_history(history, column)))
