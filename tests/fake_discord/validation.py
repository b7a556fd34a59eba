"""Discord's request limits, checked the way the API answers them (400, code 50035)."""

from __future__ import annotations

from typing import Any

from . import documented
from .models import COMPONENTS_V2, JSON, walk_components

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_CHOICES = 25
#: top-level components of a modal (the spec's ModalInteractionCallbackRequestData)
MAX_MODAL_COMPONENTS = 40
SELECT_TYPES = (3, 5, 6, 7, 8)

Path = tuple[str | int, ...]


class ApiError(Exception):
    """An error answer of the fake: ``{"message": ..., "code": ...}`` with an HTTP status."""

    def __init__(
        self, status: int, code: int, message: str, errors: JSON | None = None, *, problem: bool
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        #: whether the harness should count this as a bug in the bot
        self.problem = problem
        self.headers: dict[str, str] = {}

    def body(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class FormErrors:
    """Collects (path, code, message) entries and renders Discord's nested ``errors`` object."""

    def __init__(self) -> None:
        self.items: list[tuple[Path, str, str]] = []

    def add(self, path: Path, code: str, message: str) -> None:
        self.items.append((path, code, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def nested(self) -> JSON:
        root: JSON = {}
        for path, code, message in self.items:
            node = root
            for part in path:
                node = node.setdefault(str(part), {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        return root

    def summary(self) -> str:
        return "; ".join(
            f"{'.'.join(str(p) for p in path) or '<body>'}: {message} ({code})"
            for path, code, message in self.items
        )

    def error(self) -> ApiError:
        return ApiError(
            400, 50035, f"Invalid Form Body: {self.summary()}", self.nested(), problem=True
        )

    def raise_if_any(self) -> None:
        if self.items:
            raise self.error()

    def max_length(self, path: Path, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def max_items(self, path: Path, value: Any, limit: int) -> None:
        if isinstance(value, list) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def empty_message_error() -> ApiError:
    return ApiError(400, 50006, "Cannot send an empty message", problem=True)


def validate_message(body: JSON, n_files: int, errors: FormErrors, prefix: Path = ()) -> None:
    """Limits that apply to every message create/edit body (channel, webhook, callback data)."""
    errors.max_length(prefix + ("content",), body.get("content"), MAX_CONTENT)
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        errors.max_items(prefix + ("embeds",), embeds, MAX_EMBEDS)
        _validate_embeds(embeds, errors, prefix + ("embeds",))
    components = body.get("components")
    if isinstance(components, list):
        flags = int(body.get("flags") or 0)
        if flags & COMPONENTS_V2:
            if body.get("content") or body.get("embeds"):
                errors.add(
                    prefix + ("content",),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'content' and 'embeds' fields cannot be used with components v2",
                )
            _validate_custom_ids(components, errors, prefix + ("components",))
        else:
            _validate_classic_components(components, errors, prefix + ("components",))
    if n_files > MAX_FILES:
        errors.add(prefix + ("attachments",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer.")
    documented.check_message(body, errors, prefix)


def is_empty_message(body: JSON, n_files: int) -> bool:
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or n_files
    )


def _validate_embeds(embeds: list[Any], errors: FormErrors, path: Path) -> None:
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            errors.add(path + (i,), "MODEL_TYPE_CONVERT", "Only dictionaries may be used.")
            continue
        where = path + (i,)
        for key, limit in (("title", 256), ("description", 4096)):
            errors.max_length(where + (key,), embed.get(key), limit)
            total += len(embed.get(key) or "")
        footer = embed.get("footer") or {}
        errors.max_length(where + ("footer", "text"), footer.get("text"), 2048)
        total += len(footer.get("text") or "")
        author = embed.get("author") or {}
        errors.max_length(where + ("author", "name"), author.get("name"), 256)
        total += len(author.get("name") or "")
        fields = embed.get("fields") or []
        errors.max_items(where + ("fields",), fields, 25)
        for j, fld in enumerate(fields):
            name, value = fld.get("name"), fld.get("value")
            if not name:
                errors.add(where + ("fields", j, "name"), "BASE_TYPE_REQUIRED", "required")
            if not value:
                errors.add(where + ("fields", j, "value"), "BASE_TYPE_REQUIRED", "required")
            errors.max_length(where + ("fields", j, "name"), name, 256)
            errors.max_length(where + ("fields", j, "value"), value, 1024)
            total += len(name or "") + len(value or "")
    if total > MAX_EMBED_TOTAL:
        errors.add(path, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _validate_custom_ids(components: list[JSON], errors: FormErrors, path: Path) -> None:
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        errors.max_length(path + ("custom_id",), custom_id, MAX_CUSTOM_ID)
        if custom_id in seen:
            errors.add(
                path,
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated: {custom_id!r}",
            )
        seen.add(custom_id)


def _validate_classic_components(rows: list[Any], errors: FormErrors, path: Path) -> None:
    errors.max_items(path, rows, MAX_ROWS)
    for i, row in enumerate(rows):
        where = path + (i,)
        if not isinstance(row, dict) or row.get("type") != 1:
            errors.add(
                where + ("type",),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows (type 1) without the components v2 flag",
            )
            continue
        children = row.get("components") or []
        if not children:
            errors.add(where + ("components",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5.")
        n_buttons = sum(1 for c in children if c.get("type") == 2)
        n_selects = sum(1 for c in children if c.get("type") in SELECT_TYPES)
        if n_buttons > MAX_BUTTONS_PER_ROW or n_selects > 1 or (n_selects and n_buttons):
            errors.add(
                where + ("components",),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width "
                "(5 buttons, or 1 select, per action row)",
            )
        for j, child in enumerate(children):
            _validate_component(child, errors, where + ("components", j))
    _validate_custom_ids(rows, errors, path)


def _validate_component(component: JSON, errors: FormErrors, path: Path) -> None:
    kind = component.get("type")
    if kind == 2:
        style = component.get("style")
        if style == 5:
            if not component.get("url"):
                errors.add(path + ("url",), "BASE_TYPE_REQUIRED", "Link buttons need a url")
            if "custom_id" in component:
                errors.add(path + ("custom_id",), "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "no")
        elif style != 6 and not component.get("custom_id"):
            errors.add(path + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
        if style != 6 and not component.get("label") and not component.get("emoji"):
            errors.add(path + ("label",), "BASE_TYPE_REQUIRED", "A button needs a label or emoji")
        errors.max_length(path + ("label",), component.get("label"), MAX_BUTTON_LABEL)
    elif kind in SELECT_TYPES:
        if not component.get("custom_id"):
            errors.add(path + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
        errors.max_length(path + ("placeholder",), component.get("placeholder"), MAX_PLACEHOLDER)
        min_values = component.get("min_values", 1)
        max_values = component.get("max_values", 1)
        if not 0 <= min_values <= 25:
            errors.add(path + ("min_values",), "INT_TYPE_RANGE", "Must be between 0 and 25.")
        if not 1 <= max_values <= 25:
            errors.add(path + ("max_values",), "INT_TYPE_RANGE", "Must be between 1 and 25.")
        if kind == 3:
            _validate_options(component.get("options") or [], max_values, errors, path)
    else:
        errors.add(path + ("type",), "UNION_TYPE_CHOICES", f"Unsupported component type {kind}")


def _validate_options(options: list[JSON], max_values: int, errors: FormErrors, path: Path) -> None:
    where = path + ("options",)
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        errors.add(where, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    if max_values > len(options):
        errors.add(
            path + ("max_values",), "SELECT_COMPONENT_MAX_VALUES", "max_values exceeds options"
        )
    values: set[Any] = set()
    for k, option in enumerate(options):
        for key in ("label", "value"):
            if not option.get(key):
                errors.add(where + (k, key), "BASE_TYPE_REQUIRED", "This field is required")
            errors.max_length(where + (k, key), option.get(key), MAX_OPTION_TEXT)
        errors.max_length(where + (k, "description"), option.get("description"), MAX_OPTION_TEXT)
        if option.get("value") in values:
            errors.add(where, "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Duplicate option value")
        values.add(option.get("value"))


def validate_choices(data: JSON, errors: FormErrors) -> None:
    choices = data.get("choices")
    if not isinstance(choices, list):
        errors.add(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    errors.max_items(("data", "choices"), choices, MAX_CHOICES)
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(("data", "choices", i, "name"), "BASE_TYPE_BAD_LENGTH", "Must be 1-100.")
        value = choice.get("value")
        if isinstance(value, str):
            errors.max_length(("data", "choices", i, "value"), value, 100)


def validate_modal(data: JSON, errors: FormErrors) -> None:
    if not data.get("custom_id"):
        errors.add(("data", "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    errors.max_length(("data", "custom_id"), data.get("custom_id"), MAX_CUSTOM_ID)
    title = data.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= 45:
        errors.add(("data", "title"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45.")
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        errors.add(("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 40.")


def validate_commands(commands: Any) -> None:
    """A light check of an application-command bulk overwrite."""
    errors = FormErrors()
    if not isinstance(commands, list):
        errors.add((), "MODEL_TYPE_CONVERT", "Expected a list of commands")
        errors.raise_if_any()
        return
    errors.max_items((), commands, 100)
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        kind = command.get("type", 1)
        key = (kind, command.get("name", ""))
        if key in names:
            errors.add((i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Duplicate name")
        names.add(key)
        if kind == 1:
            _validate_command_node(command, errors, (i,), depth=0)
        documented.check_command(command, errors, (i,))
    errors.raise_if_any()


def _validate_command_node(node: JSON, errors: FormErrors, path: Path, depth: int) -> None:
    # names: documented.check_command (Discord's name syntax, lower case, localizations)
    description = node.get("description") or ""
    if not 1 <= len(description) <= 100:
        errors.add(path + ("description",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
    options = node.get("options") or []
    errors.max_items(path + ("options",), options, 25)
    seen_optional = False
    for j, option in enumerate(options):
        where = path + ("options", j)
        if option.get("type") in (1, 2):
            if depth >= 2 or (option["type"] == 2 and depth >= 1):
                errors.add(where, "APPLICATION_COMMAND_TOO_DEEP", "Subcommands nested too deep")
            _validate_command_node(option, errors, where, depth + 1)
            continue
        _validate_command_node({**option, "options": []}, errors, where, depth + 1)
        if option.get("required"):
            if seen_optional:
                errors.add(
                    where, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required after optional"
                )
        else:
            seen_optional = True
        errors.max_items(where + ("choices",), option.get("choices"), MAX_CHOICES)
