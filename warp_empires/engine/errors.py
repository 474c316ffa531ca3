"""Typed errors of the engine."""


class IllegalAction(ValueError):
    """An action the rules do not allow now, from the wrong side, or malformed.

    `reason` is one of "wrong_side", "not_legal", "malformed", "game_over".
    """

    def __init__(self, message: str, reason: str = "not_legal") -> None:
        super().__init__(message)
        self.reason = reason
