"""Input and output with the outside world: atomic writes, capped downloads, provenance records."""
