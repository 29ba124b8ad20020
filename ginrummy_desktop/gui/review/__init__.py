"""Hand review windows (issue 41): see window.py."""
