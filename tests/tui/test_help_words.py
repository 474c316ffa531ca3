"""Help and the player's guide say the same as the rules (issue 39): the
Rules tab said a battle's play-or-pass is always asked, the Keys tab that it
is taken for you with no cards. RULINGS H9: a decision is taken for a side
only when everyone can see it is forced; a side holding cards is never
passed for (tests/engine/test_forced.py holds the engine to it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warp_empires.tui.screens.help import help_text, rules_markdown

DOCS = Path(__file__).parents[2] / "docs"


def _said(text: str) -> str:
    return " ".join(text.split())  # the lines of a paragraph joined


@pytest.mark.parametrize("place", ["rules tab", "keys tab", "playing.md"])
def test_every_place_says_an_empty_hand_is_passed_for_and_a_held_card_is_asked(
        star_wars, place):
    text = _said({"rules tab": lambda: rules_markdown(star_wars),
                  "keys tab": lambda: help_text("keys"),
                  "playing.md": lambda: (DOCS / "playing.md").read_text(encoding="utf-8"),
                  }[place]())
    # the pass taken for you names an empty hand, never a hand without battle cards
    assert re.search(r"(empty hand|no cards at all)", text), place
    assert not re.search(r"always asked to play or pass in a battle\*?\*?,? even", text), place
    assert not re.search(r"no battle cards? in hand\)? (is|are) taken for you", text), place
    # and says that holding any card means being asked
    assert re.search(r"(hold a card|[Hh]olding any card)", text), place
