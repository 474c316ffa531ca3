"""Theme modules: loading and validating TOML data into frozen definitions."""
