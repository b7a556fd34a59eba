"""The e2e world (a FakeDiscord and the real bot) for the tests of the commands' languages."""

from tests.e2e.conftest import world

__all__ = ["world"]
