"""What a player reads, shared by every front end: the rows of the pending
decision and their words, forecasts in words, and the suggestions the app
offers. Below `tui/` and `net/`: the server sends these rows, the app draws
them, and neither imports the other."""
