"""Gin Rummy: an exact rules engine and computer opponents (pure Python, standard library)."""
