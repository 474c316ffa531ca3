"""Every decision has words for the person who takes it: the prompt, and a
line for each legal action (the choice list and the replay read them). A step
without them crashed the app at the first attrition a person had to pick
(play-test of issue 14)."""

from __future__ import annotations

import pytest

from warp_empires.engine import describe_action, legal_actions, prompt

from .test_secrets import MODULES, positions


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_legal_action_of_every_step_has_words(name: str) -> None:
    steps = set()
    for s in positions(name):
        assert prompt(s).text, s.step
        for action in legal_actions(s):
            words = describe_action(s.module, s, action)
            assert words and words != "confirm", (s.step, action, words)
        steps.add(s.step)
    assert len(steps) >= 12, steps


def test_a_start_says_what_revenue_it_brings() -> None:
    # Play-test: "start at Hoth" hid that a $1 start meant a disband at the
    # first Upkeep (RULINGS U1).
    from warp_empires.engine import setup
    from warp_empires.module import load_module

    star_wars = load_module("star_wars")
    s = setup(star_wars, 3, {})
    assert s.step == "choose_start"
    for action in legal_actions(s):
        where = star_wars.map.territories[action[1]]
        assert describe_action(star_wars, s, action) == \
            f"start at {where.name} (revenue {where.revenue})"
