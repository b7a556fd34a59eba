"""Who reads which language (issue 12 item 3), and the translator's plain behaviour."""

from __future__ import annotations

import pytest

from bot.i18n import (
    N_,
    NP_,
    from_discord,
    parse_language,
    post_language,
    reply_language,
    table_default,
    translator,
)
from tests.test_import_graph import THIRD_PARTY_IO, violations


def test_discord_locales_we_have() -> None:
    # discord.Locale values: en-US/en-GB are English; ru and pt-BR have catalogues; the rest none
    assert from_discord("en-US") == from_discord("en-GB") == "en"
    assert from_discord("ru") == "ru"
    assert from_discord("pt-BR") == "pt-BR"
    assert from_discord("es-ES") is None and from_discord("fr") is None
    assert from_discord(None) is None and from_discord("") is None


def test_a_private_reply_personal_setting_then_discord_locale_then_table() -> None:
    # a Russian player at a Portuguese table reads replies in Russian, posts in Portuguese
    assert reply_language("pt-BR", discord_locale="ru") == "ru"
    assert post_language("pt-BR") == "pt-BR"
    # Catalan only through the personal setting (Discord has no Catalan): it wins
    assert reply_language("pt-BR", personal="ca", discord_locale="ru") == "ca"
    # a Discord language we have no catalogue for: the table's
    assert reply_language("ca", discord_locale="fr") == "ca"
    # an English client is Discord's default (and a Catalan player's): the table's language wins
    # (issue 26); with no table, English
    assert reply_language("ru", discord_locale="en-GB") == "ru"
    assert reply_language("ca", discord_locale="en-US") == "ca"
    assert reply_language(None, discord_locale="en-US") == "en"
    assert reply_language("ca", personal="en", discord_locale="ru") == "en"
    assert reply_language(None) == "en" and reply_language("xx", personal="yy") == "en"


def test_channel_posts_and_the_image_use_the_table_language() -> None:
    assert post_language("ca") == "ca"
    assert post_language(None) == "en" and post_language("de") == "en"


def test_a_new_table_takes_the_servers_preferred_locale_when_we_have_it() -> None:
    assert table_default("ru") == "ru"
    assert table_default("pt-BR") == "pt-BR"
    assert table_default("en-US") == "en"
    assert table_default("de") == "en" and table_default(None) == "en"


@pytest.mark.parametrize(
    ("typed", "lang"),
    [("ru", "ru"), ("Русский", "ru"), ("pt", "pt-BR"), ("PT-br", "pt-BR"), ("portugues", "pt-BR"),
     ("Català", "ca"), ("catala", "ca"), ("English", "en"), ("klingon", None), ("", None)],
)  # fmt: skip
def test_parse_language(typed: str, lang: str | None) -> None:
    assert parse_language(typed) == lang


def test_lazy_texts_are_english_until_shown() -> None:
    bank, hello = NP_("building", "Bank"), N_("no such text")
    assert str(bank) == "Bank"
    assert translator("ru")(bank) == "Банк"
    assert translator("ru")(hello) == "no such text"  # missing: the English source
    assert translator("en")(bank) == "Bank"


def test_unknown_languages_are_english_and_translators_are_shared() -> None:
    assert translator("xx").lang == "en"
    assert translator("ru") is translator("ru")


def test_i18n_imports_no_discord() -> None:
    """Callers pass plain strings; bot/i18n stays usable from games and rendering."""
    assert violations("bot/i18n", (*THIRD_PARTY_IO, "bot.ui", "bot.games", "rendering")) == []
    assert violations("bot/rules", ("bot.i18n", "babel", "gettext")) == []
