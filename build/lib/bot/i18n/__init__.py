"""The players' languages (issue 12): English (the source), Russian, Brazilian Portuguese and
Catalan, as gettext catalogues in bot/locale/ read through Babel (docs/translations.md).

The rest of the code uses this small API and never imports gettext or Babel itself:

    tr = translator("ru")                  # a Translation, cached per language
    tr.gettext("Your turn")                # a plain text
    tr.ngettext("{n} denier", "{n} deniers", n).format(n=n)   # plural forms by CLDR
    tr.pgettext("building", "Bank")        # a short word that means more than one thing
    GREETING = N_("Welcome")               # a module-level constant, translated when shown:
    tr(GREETING)                           # ...here

and the rules of who reads which language (`reply_language`, `post_language`, `table_default`,
`from_discord`, `parse_language`). Nothing here imports discord: callers pass plain strings
(`str(interaction.locale)`, `str(guild.preferred_locale)`).
"""

from __future__ import annotations

from .catalogue import N_, NP_, Lazy, Translation, translator
from .languages import (
    DEFAULT,
    DISCORD_LOCALES,
    LANGUAGES,
    NAMES,
    catalogue_dir,
    from_discord,
    parse_language,
    post_language,
    reply_language,
    table_default,
)

__all__ = [
    "DEFAULT",
    "DISCORD_LOCALES",
    "LANGUAGES",
    "NAMES",
    "N_",
    "NP_",
    "Lazy",
    "Translation",
    "catalogue_dir",
    "from_discord",
    "parse_language",
    "post_language",
    "reply_language",
    "table_default",
    "translator",
]
