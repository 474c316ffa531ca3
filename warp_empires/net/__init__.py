"""Play over the network: a game server (`serve`), join links and clients."""
