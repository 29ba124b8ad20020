"""The referee's and the server's refusals in the chosen language.

The referee answers a refused request with one English sentence (an XMPP error's text, the
protocol: it names no code); the client adds its own for sign-in and timeouts. Each sentence
the service is known to send is a code here, matched exactly (lower case, as sent), with its
parameters, and shown as a translated sentence; anything else (a newer server's words, a
library's error) is shown as sent, with a capital first letter. In English the result is the
sentence as sent, capitalised.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ginrummy_desktop.engine.translation import tr

# The service's sentences without parameters (online/referee.py, requests.py, table.py,
# table_service.py, lobby.py, client.py), as sent.
_FIXED: dict[str, Callable[[], str]] = {
    "only accounts of this server may use the referee":
        lambda: tr("Only accounts of this server may use the referee"),
    "too many requests; slow down": lambda: tr("Too many requests; slow down"),
    "too many tables created; wait a minute": lambda: tr("Too many tables created; wait a minute"),
    "too many quick-match requests; wait a minute":
        lambda: tr("Too many quick-match requests; wait a minute"),
    "internal error; the table is unchanged": lambda: tr("Internal error; the table is unchanged"),
    "too many invitations; wait a minute": lambda: tr("Too many invitations; wait a minute"),
    "you already host an open table": lambda: tr("You already host an open table"),
    "the match has started": lambda: tr("The match has started"),
    "that table is not open": lambda: tr("That table is not open"),
    "you are already at that table": lambda: tr("You are already at that table"),
    "the service could not save the move; try again":
        lambda: tr("The service could not save the move; try again"),
    "the match is over: there is nothing to resign":
        lambda: tr("The match is over: there is nothing to resign"),
    "you are not seated at this table": lambda: tr("You are not seated at this table"),
    "the match has not started: leave the table instead":
        lambda: tr("The match has not started: leave the table instead"),
    "you can only change your own profile": lambda: tr("You can only change your own profile"),
    "the match has started; it can only be finished or abandoned":
        lambda: tr("The match has started; it can only be finished or abandoned"),
    "your opponent is not away": lambda: tr("Your opponent is not away"),
    "the match is not in play": lambda: tr("The match is not in play"),
    "it is not your turn": lambda: tr("It is not your turn"),
    "finish or leave your current table first":
        lambda: tr("Finish or leave your current table first"),
    "the referee did not answer": lambda: tr("The referee did not answer"),
    "wrong username or password": lambda: tr("Wrong username or password"),
    "the server did not answer in time": lambda: tr("The server did not answer in time"),
    "sign-up: the server did not answer": lambda: tr("Sign-up: the server did not answer"),
}

# The service's sentences with parameters: the pattern (as sent; a regular expression matched
# whole, like the keys above a contract with the service) and the sentence, whose placeholders
# are the pattern's groups. Tried in order.
_PATTERNS: dict[str, Callable[[], str]] = {
    r"the name (?P<name>'.*') is reserved for the game service":
        lambda: tr("The name {name} is reserved for the game service"),
    r"cannot invite (?P<name>'.*'): not an account of this server":
        lambda: tr("Cannot invite {name}: not an account of this server"),
    r"(?P<name>\S+) has had too many invitations; try again later":
        lambda: tr("{name} has had too many invitations; try again later"),
    r"no table (?P<table>\S+)": lambda: tr("No table {table}"),
    r"the grace period has (?P<seconds>-?\d+) s left":
        lambda: tr("The grace period has {seconds} s left"),
    r"stale move: the table is at event (?P<now>\d+), not (?P<sent>-?\d+)":
        # Translators: a move sent for an older state of the table (event numbers).
        lambda: tr("Stale move: the table is at event {now}, not {sent}"),
    r"illegal move: (?P<action>.+) is not allowed now":
        # Translators: {action} is the move as the referee writes it ("discard TH").
        lambda: tr("Illegal move: {action} is not allowed now"),
    r"illegal move: (?P<error>.+)":
        # Translators: {error} is the referee's own words, in English.
        lambda: tr("Illegal move: {error}"),
    r"malformed action: (?P<error>.+)": lambda: tr("Malformed action: {error}"),
    r"cannot reach the server at (?P<address>\S+): (?P<error>.*)":
        # Translators: {error} is the system's own words, in English.
        lambda: tr("Cannot reach the server at {address}: {error}"),
    r"sign-up refused: (?P<reason>.*)": lambda: tr("Sign-up refused: {reason}"),
}


def refusal_text(reason: str) -> str:
    """``reason`` (the service's sentence, or an error's text) as a sentence to show."""
    text = reason.strip()
    if not text:
        return tr("Something went wrong")
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed()
    for pattern, words in _PATTERNS.items():
        match = re.fullmatch(pattern, text, re.DOTALL)
        if match is not None:
            return words().format(**match.groupdict())
    return text[:1].upper() + text[1:]


def refusal_words(reason: str) -> str:
    """Like ``refusal_text``, but the service's words as sent (not capitalised) when they
    have no translation: for notices that have always shown them so."""
    text = refusal_text(reason)
    stripped = reason.strip()
    return reason if text == stripped[:1].upper() + stripped[1:] else text
