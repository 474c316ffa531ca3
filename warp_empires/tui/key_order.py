"""Keys handed on one at a time, each once the key before it has settled.

Textual routes a key to the widget that has the focus when the app reads it.
In one burst of typing (a fast typist, a paste, a key repeat) the app reads
every key before the first is handled, so the keys after one that opens a
dialog went to the screen below it: Ctrl+S then Enter Enter Enter while the
computer moved added the Enters to the game's typed-ahead keys instead of
answering the save dialog (play-test). Here the app holds each key until the
one before it, and everything it set off (a screen pushed or popped, a
selection posted, the focus moved), has been handled, and only then routes
it: a key goes to the screen it was typed on.

"Settled" is found by barriers, never by a timer: a callback queued on the
app and on every node of the current screen runs only after everything
queued there before it; once a round of barriers finds no queue with more
work (a message that bubbled up, a screen that was pushed), the key has
settled. A round count bounds the wait, so a screen that never goes quiet
(a clock, a worker posting) delays the next key by a few rounds, no more.

A terminal cannot tell Escape followed at once by a key from Alt and that key
(it sends both as ESC and the key), and Textual reads them as `alt+key`. No
binding of ours uses Alt, so such a key is taken as what the typist meant:
Escape, then the key.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from textual import events
from textual.app import App

# Rounds of barriers before a key is handed on anyway (see the docstring).
MAX_ROUNDS = 12
# Keys routed at once, ahead of any held: a person who quits means it now.
AT_ONCE = frozenset({"ctrl+q", "ctrl+c"})


class KeysInOrder(App[Any]):
    """App base: routes each key only once the key before it has settled."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: deque[events.Key] = deque()
        self._routing: events.Key | None = None  # the key handed on now
        self._busy = False  # a key is being handled or settling
        self._quiet = asyncio.Event()
        self._quiet.set()

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        if event.key in AT_ONCE:  # quitting waits for nothing
            await super().on_event(event)
            return
        if event is self._routing:  # a held key's turn: route it as Textual does
            self._routing = None
            await super().on_event(event)
            self._settle_then_next()
            return
        for key in _meant(event, self._typing_text()):
            self._held.append(key)
        self.release_keys()

    def _typing_text(self) -> bool:
        """Whether the focus is on a text field (a save's name), where `^` is
        text, not a mangled Escape."""
        from textual.widgets import Input

        return isinstance(self.focused, Input)

    def holds_keys(self) -> bool:
        """Whether keys wait for a screen that does not exist yet (an app
        says: a joined game's screen comes with the server's first frame)."""
        return False

    def release_keys(self) -> None:
        """Hands on the keys held, if none is being handled (an app calls it
        when the screen they waited for has come)."""
        if not self._busy and self._held:
            self._busy = True
            self._quiet.clear()
            self._next()

    def _next(self) -> None:
        """Hands on the next held key (through the app's own queue, so that it
        is routed where Textual routes keys), or marks the keys quiet."""
        if self._closing or self._closed:
            self._held.clear()
        if not self._held or self.holds_keys():
            self._busy = False
            self._quiet.set()  # those held wait for release_keys
            return
        self._routing = self._held.popleft()
        self.post_message(self._routing)

    def _settle_then_next(self) -> None:
        task = asyncio.get_running_loop().create_task(self._settle())
        task.add_done_callback(lambda _task: self._next())

    async def _settle(self) -> None:
        """Returns once what the last key set off has been handled (or after
        MAX_ROUNDS rounds of barriers)."""
        for _ in range(MAX_ROUNDS):
            if self._closing or self._closed:
                return
            await _barrier(self, self._busy_nodes())
            if self._closing or self._closed:
                return
            if all(node._message_queue.empty() for node in
                   (self, *self.screen.walk_children(with_self=True))):
                return

    def _busy_nodes(self) -> list[Any]:
        """Where the last key's work may be: the app, the screen, the focused
        widget and its ancestors (a key bubbles up them), and every node with
        something queued. A barrier on every node of a game screen (hundreds)
        cost a frame a key."""
        screen = self.screen
        nodes: dict[int, Any] = {id(self): self, id(screen): screen}
        focused = screen.focused
        if focused is not None:
            for node in focused.ancestors_with_self:
                nodes.setdefault(id(node), node)
        for node in screen.walk_children(with_self=False):
            if not node._message_queue.empty():
                nodes.setdefault(id(node), node)
        return list(nodes.values())

    async def keys_handled(self) -> None:
        """Returns once every key typed so far has been handled (tests, and
        Pilot's `press`, which waits for this)."""
        await self._quiet.wait()

    async def _press_keys(self, keys: Any) -> None:
        # Pilot's press: it lets the screen settle after each key, which is
        # not enough when keys are held here; wait for them as well.
        await super()._press_keys(keys)
        await self.keys_handled()


def _meant(event: events.Key, typing_text: bool = False) -> list[events.Key]:
    """The keys a typist meant by `event`: Escape and a key typed at once
    arrive as `alt+key` (see the module's docstring). And Escape, a key and
    another Escape (or an arrow) in one read: Textual 8.2.8 gives the first
    Escape as `^` (its parser, reissuing an unknown sequence). No key of ours
    is `^`, so outside a text field it is taken as the Escape it was (third
    play-test: `Escape 1 Escape` with the menu open lost the Escape)."""
    if event.key == "circumflex_accent" and not typing_text:
        escape = events.Key("escape", "\x1b")
        escape.time = event.time
        return [escape]
    if event.key.startswith("alt+") and event.character:
        key = event.key[4:]
        if key.startswith("shift+") and len(event.character) == 1:
            key = event.character  # Textual names a capital by itself
        split = [events.Key("escape", "\x1b"), events.Key(key, event.character)]
        for part in split:
            part.time = event.time  # read when the pair was (tui/typed_ahead.py)
        return split
    return [event]


async def _barrier(app: App[Any], nodes: list[Any]) -> None:
    """Returns once every node has handled what was queued on it before now
    (as Pilot waits for a screen), or the app has failed."""
    left = 0
    done = asyncio.Event()

    def one_done() -> None:
        nonlocal left
        left -= 1
        if left == 0:
            done.set()

    for node in nodes:
        if node.call_later(one_done):
            left += 1
    if left:
        waiting = [asyncio.ensure_future(done.wait()),
                   asyncio.ensure_future(app._exception_event.wait())]
        _, pending = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
