"""Warp Empires: a rules-enforcing engine for card-and-chit strategy games."""

__version__ = "0.1.0"
