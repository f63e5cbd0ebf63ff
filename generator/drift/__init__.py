"""Drift: what changed between two documents, and whether a caller would notice."""
