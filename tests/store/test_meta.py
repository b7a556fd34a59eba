"""The bot's own key/value facts (bot_meta) on both backends: the command tree's hash lives here."""

from __future__ import annotations

from bot.store import open_store


async def test_meta_is_kept_and_replaced(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        assert await store.get_meta("commands") is None
        await store.set_meta("commands", "abc", now=1.0)
        await store.set_meta("other", "x", now=1.0)
        await store.set_meta("commands", "def", now=2.0)
        assert await store.get_meta("commands") == "def"
        assert await store.get_meta("other") == "x"
    finally:
        await store.close()
    again = await open_store(store_url)
    try:
        assert await again.get_meta("commands") == "def"
    finally:
        await again.close()


async def test_metas_by_prefix(store_url: str) -> None:
    """The personal languages (`language:<user id>`) are read back all at once at start-up."""
    store = await open_store(store_url)
    try:
        await store.set_meta("language:1", "ru", now=1.0)
        await store.set_meta("language:22", "ca", now=1.0)
        await store.set_meta("languagex", "no", now=1.0)
        await store.set_meta("commands", "abc", now=1.0)
        assert await store.metas("language:") == {"language:1": "ru", "language:22": "ca"}
        assert await store.metas("nothing:") == {}
    finally:
        await store.close()
