"""Statistics, charts and the replay viewer."""
