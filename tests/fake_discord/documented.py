"""Rules from Discord's developer documentation that its OpenAPI spec does not express.

The spec (openapi.py) checks types, lengths, ranges and enums field by field; these are the rules
that tie fields together or need more than JSON Schema: localization locales and name syntax, a
command's total size, duplicate option names, choices with autocomplete, choice types, min/max
order, select and button combinations, ``allowed_mentions`` exclusivity and the flags a channel
message may carry. Each failure is added to a FormErrors, answered as 400/50035 like Discord.
The error codes are Discord's where known (e.g. APPLICATION_COMMAND_TOO_LARGE,
MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE); the others are descriptive.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .models import COMPONENTS_V2, JSON

if TYPE_CHECKING:
    from .validation import FormErrors, Path

#: "the combined sum of characters in name, description, and value properties ... is limited to
#: 4000", counting only the longest localization of each field (Discord's documentation; note
#: that Discord has been seen answering "Command exceeds maximum size (8000)" since, so this is
#: the stricter, documented figure)
MAX_COMMAND_SIZE = 4000
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100
#: option types: 1 subcommand, 2 group, 3 string, 4 integer, 10 number
CHOICE_TYPES = (3, 4, 10)
#: flags a bot may set on a channel message: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS,
#: IS_VOICE_MESSAGE, IS_COMPONENTS_V2 (EPHEMERAL only exists for interaction responses)
CHANNEL_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | (1 << 13) | COMPONENTS_V2
SELECT_TYPES = (3, 5, 6, 7, 8)
#: "the combined sum of characters in all title, description, field.name, field.value,
#: footer.text, and author.name fields across all embeds attached to a message must not exceed
#: 6000 characters" (Discord's documentation, Embed Limits; each field's own limit is the spec's)
MAX_EMBEDS_TEXT = 6000


@functools.cache
def locales() -> frozenset[str]:
    """Discord's locales, from the spec's AvailableLocalesEnum (no ``ca``: Discord has no
    Catalan)."""
    from .openapi import spec

    enum = spec()["components"]["schemas"]["AvailableLocalesEnum"]
    return frozenset(branch["const"] for branch in enum["anyOf"])


# -- application commands -------------------------------------------------------------------


def check_command(command: JSON, errors: FormErrors, path: Path) -> None:
    """One command of a bulk overwrite (or a single create)."""
    if not isinstance(command, dict):
        return
    chat_input = command.get("type", 1) in (1, None)
    if chat_input:
        _check_name(command.get("name"), errors, path + ("name",))
    _check_localizations(command, errors, path, chat_input=chat_input)
    if chat_input:
        _check_options(command.get("options"), errors, path)
    size = command_size(command)
    if size > MAX_COMMAND_SIZE:
        errors.add(
            path,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({MAX_COMMAND_SIZE}): {size}",
        )


def command_size(node: JSON) -> int:
    """Name, description, option and choice names/descriptions/values, longest localization."""
    total = _longest(node, "name") + _longest(node, "description")
    for choice in _dicts(node.get("choices")):
        value = choice.get("value")
        total += _longest(choice, "name") + (len(str(value)) if value is not None else 0)
    for option in _dicts(node.get("options")):
        total += command_size(option)
    return total


def _longest(node: JSON, key: str) -> int:
    texts = [node.get(key)]
    localized = node.get(f"{key}_localizations")
    if isinstance(localized, dict):
        texts += list(localized.values())
    return max((len(t) for t in texts if isinstance(t, str)), default=0)


def _dicts(value: Any) -> list[JSON]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def valid_name(name: str) -> bool:
    """Discord's CHAT_INPUT name syntax ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``."""
    if not 1 <= len(name) <= MAX_NAME:
        return False
    for char in name:
        if char in "-_'" or unicodedata.category(char)[0] in "LN":
            continue
        if unicodedata.name(char, "").startswith(("DEVANAGARI ", "THAI ")):
            continue
        return False
    return True


def _check_name(name: Any, errors: FormErrors, path: Path) -> None:
    if not isinstance(name, str):
        return
    if not valid_name(name):
        errors.add(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r} (letters, digits, - _ ' only, 1-32)",
        )
    elif name != name.lower():
        errors.add(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name must be lower case: {name!r}",
        )


def _check_localizations(node: JSON, errors: FormErrors, path: Path, *, chat_input: bool) -> None:
    for key, limit in (("name", MAX_NAME), ("description", MAX_DESCRIPTION)):
        localized = node.get(f"{key}_localizations")
        if not isinstance(localized, dict):
            continue
        for locale, text in localized.items():
            where = path + (f"{key}_localizations", locale)
            if locale not in locales():
                errors.add(
                    where,
                    "LOCALE_INVALID",
                    f"Invalid locale {locale!r}; Discord's locales: {sorted(locales())}",
                )
            if not isinstance(text, str):
                continue
            if not 1 <= len(text) <= limit:
                errors.add(where, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {limit}.")
            elif key == "name" and chat_input:
                _check_name(text, errors, where)


def _check_options(options: Any, errors: FormErrors, path: Path) -> None:
    seen: set[str] = set()
    for j, option in enumerate(_dicts(options)):
        where = path + ("options", j)
        name = option.get("name")
        _check_name(name, errors, where + ("name",))
        if isinstance(name, str):
            if name in seen:
                errors.add(
                    where + ("name",),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    f"Option name {name!r} is already used by another option",
                )
            seen.add(name)
        _check_localizations(option, errors, where, chat_input=True)
        kind = option.get("type")
        if kind in (1, 2):
            _check_options(option.get("options"), errors, where)
            continue
        _check_option(option, kind, errors, where)


def _check_option(option: JSON, kind: Any, errors: FormErrors, path: Path) -> None:
    choices = option.get("choices")
    if option.get("autocomplete"):
        if kind not in CHOICE_TYPES:
            errors.add(
                path + ("autocomplete",),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
                "Autocomplete is only for string, integer and number options",
            )
        if choices:
            errors.add(
                path + ("autocomplete",),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                "Autocomplete cannot be set on an option that has choices",
            )
    if choices and kind not in CHOICE_TYPES:
        errors.add(
            path + ("choices",),
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Choices are only for string, integer and number options",
        )
    for k, choice in enumerate(_dicts(choices)):
        where = path + ("choices", k)
        name, value = choice.get("name"), choice.get("value")
        if isinstance(name, str) and not 1 <= len(name) <= MAX_CHOICE_NAME:
            errors.add(where + ("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
        if not _choice_value_ok(kind, value):
            errors.add(
                where + ("value",),
                "APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID",
                f"Choice value {value!r} does not fit an option of type {kind} "
                "(string ≤ 100 characters, integer within ±2^53, or number)",
            )
        _check_choice_localizations(choice, errors, where)
    _check_range(option, "min_value", "max_value", (4, 10), kind, errors, path)
    _check_range(option, "min_length", "max_length", (3,), kind, errors, path)


def _choice_value_ok(kind: Any, value: Any) -> bool:
    if kind == 3:
        return isinstance(value, str) and len(value) <= 100
    if kind == 4:
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
    if kind == 10:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return True


def _check_choice_localizations(choice: JSON, errors: FormErrors, path: Path) -> None:
    localized = choice.get("name_localizations")
    if not isinstance(localized, dict):
        return
    for locale, text in localized.items():
        where = path + ("name_localizations", locale)
        if locale not in locales():
            errors.add(where, "LOCALE_INVALID", f"Invalid locale {locale!r}")
        if isinstance(text, str) and not 1 <= len(text) <= MAX_CHOICE_NAME:
            errors.add(where, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")


def _check_range(
    option: JSON,
    low_key: str,
    high_key: str,
    kinds: tuple[int, ...],
    kind: Any,
    errors: FormErrors,
    path: Path,
) -> None:
    low, high = option.get(low_key), option.get(high_key)
    for key, value in ((low_key, low), (high_key, high)):
        if value is not None and kind not in kinds:
            errors.add(
                path + (key,),
                "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
                f"{key} is only for option types {kinds}",
            )
    numbers = (int, float)
    if (
        isinstance(low, numbers)
        and isinstance(high, numbers)
        and not isinstance(low, bool)
        and not isinstance(high, bool)
        and low > high
    ):
        errors.add(
            path + (low_key,),
            "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
            f"{low_key} ({low}) must not exceed {high_key} ({high})",
        )


# -- messages ---------------------------------------------------------------------------------


def check_message(body: JSON, errors: FormErrors, prefix: Path = ()) -> None:
    """Rules for any message body (channel, webhook, interaction response)."""
    _check_allowed_mentions(body.get("allowed_mentions"), errors, prefix + ("allowed_mentions",))
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        total = embeds_text(embeds)
        if total > MAX_EMBEDS_TEXT:
            errors.add(
                prefix + ("embeds",),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBEDS_TEXT}: {total}",
            )
    components = body.get("components")
    if isinstance(components, list):
        for path, component in _walk(components, prefix + ("components",)):
            kind = component.get("type")
            if kind == 2:
                _check_button(component, errors, path)
            elif kind in SELECT_TYPES:
                _check_select(component, kind, errors, path)


def embeds_text(embeds: list[Any]) -> int:
    """The characters Discord counts against a message's embeds (title, description, fields'
    names and values, footer text, author name)."""
    total = 0
    for embed in _dicts(embeds):
        for key in ("title", "description"):
            total += len(embed.get(key) or "")
        for f in _dicts(embed.get("fields")):
            total += len(f.get("name") or "") + len(f.get("value") or "")
        for key in ("footer", "author"):
            part = embed.get(key)
            if isinstance(part, dict):
                total += len(part.get("text" if key == "footer" else "name") or "")
    return total


def check_channel_message_flags(body: JSON, errors: FormErrors) -> None:
    """Create Message: only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and
    IS_COMPONENTS_V2 may be set (EPHEMERAL is for interaction responses and followups)."""
    flags = body.get("flags")
    if isinstance(flags, int) and not isinstance(flags, bool) and flags & ~CHANNEL_MESSAGE_FLAGS:
        errors.add(
            ("flags",),
            "MESSAGE_FLAGS_INVALID",
            f"Flags {flags & ~CHANNEL_MESSAGE_FLAGS} cannot be set on a channel message "
            "(allowed: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, "
            "IS_COMPONENTS_V2)",
        )


def _walk(components: list[Any], path: Path) -> Iterator[tuple[Path, JSON]]:
    for i, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        yield path + (i,), component
        children = component.get("components")
        if isinstance(children, list):
            yield from _walk(children, path + (i, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield path + (i, "accessory"), accessory


def _check_allowed_mentions(allowed: Any, errors: FormErrors, path: Path) -> None:
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if isinstance(parse, list) and kind in parse and allowed.get(kind):
            errors.add(
                path,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
            )


def _check_button(button: JSON, errors: FormErrors, path: Path) -> None:
    style = button.get("style")
    if style == 5:
        return  # link buttons: url required and no custom_id (validation.py)
    if button.get("url") is not None:
        errors.add(
            path + ("url",),
            "BUTTON_COMPONENT_URL_NOT_ALLOWED",
            "Only link buttons (style 5) may have a url",
        )
    if style == 6:
        if not button.get("sku_id"):
            errors.add(path + ("sku_id",), "BASE_TYPE_REQUIRED", "Premium buttons need a sku_id")
        for key in ("custom_id", "label", "emoji"):
            if button.get(key) is not None:
                errors.add(
                    path + (key,),
                    "BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED",
                    f"Premium buttons (style 6) cannot have {key}",
                )


def _check_select(select: JSON, kind: Any, errors: FormErrors, path: Path) -> None:
    low, high = select.get("min_values"), select.get("max_values")
    low = 1 if low is None else low
    high = 1 if high is None else high
    if not (isinstance(low, int) and isinstance(high, int)):
        return  # the spec reports the types
    if low == 0 and select.get("required") is True:
        errors.add(
            path + ("min_values",),
            "SELECT_COMPONENT_MIN_VALUES_REQUIRED",
            "min_values must be at least 1 when required is true "
            "(discord.py sends required: true for a Select unless told otherwise)",
        )
    if low > high:
        errors.add(
            path + ("min_values",),
            "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX",
            f"min_values ({low}) must not exceed max_values ({high})",
        )
    if kind == 3:
        options = _dicts(select.get("options"))
        if options and low > len(options):
            errors.add(
                path + ("min_values",),
                "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_OPTIONS",
                f"min_values ({low}) exceeds the number of options ({len(options)})",
            )
        defaults = sum(1 for option in options if option.get("default"))
        if defaults > high:
            errors.add(
                path + ("options",),
                "SELECT_COMPONENT_TOO_MANY_DEFAULTS",
                f"{defaults} options are default but max_values is {high}",
            )
    else:
        defaults = select.get("default_values")
        if isinstance(defaults, list) and defaults and not low <= len(defaults) <= high:
            errors.add(
                path + ("default_values",),
                "SELECT_COMPONENT_DEFAULT_VALUES_OUT_OF_RANGE",
                f"{len(defaults)} default values, but min_values..max_values is {low}..{high}",
            )
