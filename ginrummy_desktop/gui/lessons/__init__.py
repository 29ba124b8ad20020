"""Guided first games (issue 41): see window.py."""
