"""A footer that leaves out its least needed keys rather than lose its end
(play-test at 80x24: with a map target to pick, "^s Save f1 Help" were cut
off). The keys left out still work, and Help (F1) lists every key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

# Left out first to last while the keys are wider than the footer. Every one
# is also on the Escape menu or in Help, and none makes a decision:
# quitting (the menu has it), the map's zoom and next-choice keys, the log
# of a small screen, the computer players' pause, the menu itself, the map's
# Enter. The decision's own keys, Undo, Save and Help always stay.
LEAVE_OUT = ("quit", "zoom", "next_choice", "toggle_log", "toggle_pause", "menu_or_clear",
             "select")


def key_width(key: FooterKey, compact: bool) -> int:
    """The cells a key takes in the footer (Textual's FooterKey styles)."""
    if not key.description:
        return len(key.key_display) + (1 if compact else 0)
    # compact: "k Label" and a margin; wide: " k " "Label "
    return len(key.key_display) + 1 + len(key.description) + (1 if compact else 2)


def fitted(keys: list[FooterKey], width: int, compact: bool) -> list[FooterKey]:
    """`keys` less the fewest of LEAVE_OUT, in its order, that make them fit."""
    kept = list(keys)
    for action in LEAVE_OUT:
        if sum(key_width(k, compact) for k in kept) <= width:
            break
        kept = [k for k in kept if k.action.split("(")[0] != action]
    return kept


def forget_removed_watchers(node: Widget) -> None:
    """Drops the watchers that removed widgets left on `node`. Textual keeps a
    `data_bind`'s watcher on the watched node until the watched value changes
    (textual issue 6666), and each FooterKey binds the footer's `compact`,
    which never changes: every recompose of the footer (each change of the
    keys) kept its old keys, about 25 MB a minute of play in a browser seat."""
    for watchers in getattr(node, "__watchers", {}).values():
        watchers[:] = [(owner, callback) for owner, callback in watchers
                       if not isinstance(owner, Widget) or owner is node or owner.is_attached]


def keys_shown(footer: Footer) -> tuple:
    """What `footer`'s compose draws from: its width, its style and each key
    of its screen with its words and state. Equal tuples draw the same keys."""
    app = footer.app
    keys = tuple((b.key, app.get_key_display(b), b.description, b.action, b.show, b.group,
                  enabled, tooltip)
                 for _node, b, enabled, tooltip in footer.screen.active_bindings.values())
    return (footer.size.width or app.size.width, footer.compact,
            footer.show_command_palette, keys)


class TidyFooter(Footer):
    """Footer that does not keep its old keys (forget_removed_watchers) and
    builds them anew only when they change: Textual's footer rebuilds every
    key at each refresh of its screen's bindings (a focus moved, a row
    typed), changed or not: about a seventh of the test suite's CPU time
    (session 20, the suite with and without, twice each)."""

    _shown: tuple | None = None

    async def recompose(self) -> None:
        if not self.is_attached:  # left its screen before this came due (as Widget's)
            return
        shown = keys_shown(self)
        if shown == self._shown:
            return
        self._shown = shown
        await super().recompose()

    def compose(self) -> ComposeResult:
        forget_removed_watchers(self)  # the keys of the last compose are removed by now
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # styled as the footer from the start: a key's `compact` starts
                # True and the footer's arrives by data_bind once it is mounted,
                # so each key styled itself once or twice more (the footer is
                # compact below 110 columns; wide, each key restyled twice).
                # The palette's key is not bound: compact always, as Textual has it.
                palette = widget.has_class("-command-palette")
                if not palette:
                    widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(palette or self.compact, "-compact", update=False)
            yield widget


class FittedFooter(TidyFooter):
    """Footer whose keys fit its width (see the module's docstring)."""

    def compose(self) -> ComposeResult:
        widgets: list[Widget] = list(super().compose())
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        if len(keys) != len(widgets):  # a group of keys: shown as Textual has it
            yield from widgets
            return
        width = self.size.width or self.app.size.width
        yield from fitted(keys, width, self.compact)
