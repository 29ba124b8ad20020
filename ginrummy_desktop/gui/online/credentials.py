"""Remember me: the password goes to the system keyring (the ``keyring`` package), nowhere else.

If no keyring backend works, ``remember`` raises ``KeyringUnavailable`` with a sentence the
window shows, and nothing is stored.
"""

from __future__ import annotations

from types import ModuleType

from ginrummy_desktop.engine.translation import tr

SERVICE = "Gin Rummy Desktop online"  # the keyring entry's name: stored, never translated


class KeyringUnavailable(Exception):
    """No working keyring backend: the password cannot be remembered."""


def _backend() -> ModuleType:
    """The ``keyring`` module, once a working backend is known to be there."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        # Translators: shown with its first letter capitalised, in the status bar.
        raise KeyringUnavailable(tr("no keyring support is installed; the password is not "
                                    "remembered")) from None
    backend = keyring.get_keyring()
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 1) <= 0:
        raise KeyringUnavailable(tr("this system has no working keyring; the password is "
                                    "not remembered"))
    return keyring


def account_key(server: str, user: str) -> str:
    return f"{user}@{server}"


def remember(server: str, user: str, password: str) -> None:
    keyring = _backend()
    try:
        keyring.set_password(SERVICE, account_key(server, user), password)
    except Exception as error:  # noqa: BLE001 - any backend failure means "not remembered"
        raise KeyringUnavailable(tr("the keyring refused the password ({error}); it is not "
                                    "remembered").format(error=error)) from None


def recall(server: str, user: str) -> str | None:
    try:
        keyring = _backend()
        return keyring.get_password(SERVICE, account_key(server, user))
    except Exception:  # noqa: BLE001 - nothing remembered is the answer
        return None


def forget(server: str, user: str) -> None:
    try:
        keyring = _backend()
        keyring.delete_password(SERVICE, account_key(server, user))
    except Exception:  # noqa: BLE001 - nothing to forget
        pass
