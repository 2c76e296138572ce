"""Decklists: the in-memory model and the text, JSON, CSV and deck-code formats people pass around."""
