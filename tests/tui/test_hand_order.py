"""The hand is shown in the order its cards were drawn (issue 39): cards drawn
come after the ones held, as drawn, and a game opened from a save shows the
hand as it was shown before saving. Controller-level: no screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.saves import save_game
from warp_empires.saves.game import open_game
from warp_empires.tui.controller import Controller
from warp_empires.tui.session import Session

OLD = Path(__file__).parents[1] / "fixtures" / "saves_v4" / "spied_hand_mid_battle.wes"


def _controller(game: Game, players: tuple[str, str]) -> Controller:
    c = Controller(Session(game, players), auto_forced=lambda: False)
    c.after_change()
    if c.handover is not None:
        c.ready()  # hot seat: the person named is at the keyboard
    return c


def _shown(c: Controller) -> list[int]:
    assert c.view is not None
    return [c.view.hand[i] for i in c.hand_order]


def _own_draw(events: list[dict], side: int, names: dict[str, int]) -> list[int] | None:
    """The cards `side` drew, in order, as its log line names them."""
    for e in events:
        if e["kind"] == "draw" and e["to"] == side and e["text"].startswith("You draw "):
            return [names[n] for n in e["text"][len("You draw "):-1].split(", ")]
    return None


@pytest.mark.parametrize("players", [("human", "bot"), ("human", "human")])
def test_cards_drawn_come_last_as_drawn_and_a_resumed_game_keeps_the_order(
        star_wars, tmp_path, players):
    names = {card.name: card.index for card in star_wars.cards}
    game = Game.new(star_wars, 3)
    c = _controller(game, players)
    rng = random.Random(3)
    checked = 0
    while checked < 3 and game.state.turn < 20:
        side = game.prompt().side
        held = _shown(c) if c.viewer == 0 and not c.public else None
        events = game.apply(side, rng.choice(forward(game.legal_actions())))
        c.after_change()
        if c.handover is not None:
            c.ready()
        drawn = _own_draw(events, 0, names)
        if drawn is None or held is None or c.viewer != 0 or c.public:
            continue
        if drawn != sorted(drawn) and len(_shown(c)) == len(held) + len(drawn):
            # the view lists the hand sorted: only the draw order shows this
            assert _shown(c) == held + drawn
            checked += 1
    assert checked == 3, "the seed gave too few unsorted draws: pick another"
    shown = _shown(c)
    assert shown != sorted(shown)
    # a save opened again (from its snapshot, as the app opens it) shows the same
    resumed, _doc = open_game(save_game(game, tmp_path / "resume.wes"))
    again = _controller(resumed, players)
    assert again.viewer == 0 and _shown(again) == shown


def test_an_old_save_resumes_with_the_hand_as_its_player_saw_it(star_wars):
    # a real format-4 file: the order comes from what it already holds, no new field
    assert OLD.read_bytes()[8:10] == b"\x00\x04"
    resumed, doc = open_game(OLD)
    side = 0 if resumed.state.hands[0] != sorted(resumed.state.hands[0]) else 1
    players = ("human", "bot") if side == 0 else ("bot", "human")
    shown = _shown(_controller(resumed, players))
    # someone who played it: watched every decision of the save from the start
    watched = Game.replay(resumed.module, doc.seed, doc.options, [], doc.base)
    c = _controller(watched, players)
    for who, action in doc.actions:
        watched.apply(who, tuple(action))
        c.refresh()
    assert _shown(c) == shown != sorted(shown)
