"""Shared table parts: scene, card items, renderer, animation, layout, status."""
