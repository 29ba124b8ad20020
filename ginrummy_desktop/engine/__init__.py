"""Pure-Python rules, scoring, records and agents for Gin Rummy and Cribbage.

Nothing in this package imports Qt (a test enforces it), so the engine runs headless in the
simulator, in tests and inside third-party bots.
"""
