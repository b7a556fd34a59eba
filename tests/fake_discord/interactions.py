"""INTERACTION_CREATE payloads, checked against the commands the bot synced and the messages it
posted (so a test cannot send something a real Discord client could not)."""

from __future__ import annotations

from typing import Any

from .models import (
    JSON,
    FakeChannel,
    FakeDiscordError,
    FakeMember,
    FakeRole,
    FakeUser,
    StoredMessage,
)
from .payloads import channel_payload, member_payload
from .state import FakeState

OPTION_TYPES = {
    1: "subcommand",
    2: "subcommand group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}

UserLike = FakeUser | FakeMember


def as_user(user: UserLike) -> FakeUser:
    return user.user if isinstance(user, FakeMember) else user


def envelope(
    state: FakeState,
    *,
    interaction_id: str,
    token: str,
    kind: int,
    user: UserLike,
    channel: FakeChannel,
    data: JSON,
) -> JSON:
    """The common part of every interaction (everything discord.py 2.7 needs, and then some)."""
    invoker = as_user(user)
    payload: JSON = {
        "id": interaction_id,
        "application_id": state.application_id,
        "type": kind,
        "token": token,
        "version": 1,
        "data": data,
        "locale": invoker.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": state.attachment_size_limit,
        "channel_id": channel.id,
    }
    guild = state.guild_of(channel)
    if guild is None:
        payload["user"] = invoker.payload()
        payload["context"] = 1
        payload["authorizing_integration_owners"] = {"0": "0"}
        payload["app_permissions"] = str(state.permissions(state.bot_user.id, channel))
        payload["channel"] = channel_payload(state, channel)
        return payload
    member = guild.members.get(invoker.id)
    if member is None:
        raise FakeDiscordError(f"{invoker.username} is not a member of guild {guild.name!r}")
    user_perms = state.permissions(invoker.id, channel)
    payload.update(
        {
            "guild_id": guild.id,
            "guild": {"id": guild.id, "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "member": member_payload(state, member, channel),
            "context": 0,
            "authorizing_integration_owners": {"0": guild.id},
            "app_permissions": str(state.permissions(state.bot_user.id, channel)),
            "channel": {**channel_payload(state, channel), "permissions": str(user_perms)},
        }
    )
    return payload


# -- application commands --------------------------------------------------------------------


def command_data(
    state: FakeState,
    *,
    name: str,
    channel: FakeChannel,
    subcommand: str | None,
    options: dict[str, Any] | list[JSON] | None,
    focused: str | None = None,
    focused_value: str = "",
) -> JSON:
    """``data`` of a type-2 (or, with ``focused``, type-4) interaction for a synced command.

    ``subcommand`` is "place" or "group place"; ``options`` maps option names to Python values
    (types come from the synced schema), or is a raw list of option payloads used verbatim.
    """
    command = state.command_for(channel.guild_id, name)
    if command is None:
        known = sorted(
            {c["name"] for c in state.global_commands}
            | {c["name"] for c in state.guild_commands.get(channel.guild_id or "", [])}
        )
        raise FakeDiscordError(f"/{name} is not a synced command here (synced: {known})")
    resolved: JSON = {}
    path = subcommand.split() if subcommand else []
    label = " ".join([name, *path])
    node = command
    chain: list[JSON] = []
    for part in path:
        child = next((o for o in node.get("options") or [] if o["name"] == part), None)
        if child is None or child.get("type") not in (1, 2):
            raise FakeDiscordError(f"/{label}: {part!r} is not a subcommand of /{node['name']}")
        chain.append(child)
        node = child
    if any(o.get("type") in (1, 2) for o in node.get("options") or []):
        subs = [o["name"] for o in node["options"]]
        raise FakeDiscordError(f"/{label} needs a subcommand (one of {subs})")

    if isinstance(options, list):
        leaf = options
    else:
        leaf = _leaf_options(state, label, node, options or {}, resolved, focused, focused_value)

    for child in reversed(chain):
        leaf = [{"name": child["name"], "type": child["type"], "options": leaf}]
    data: JSON = {"id": command["id"], "name": name, "type": 1, "options": leaf}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _leaf_options(
    state: FakeState,
    label: str,
    node: JSON,
    values: dict[str, Any],
    resolved: JSON,
    focused: str | None,
    focused_value: str,
) -> list[JSON]:
    schema = {o["name"]: o for o in node.get("options") or []}
    for key in [*values, *([focused] if focused else [])]:
        if key not in schema:
            raise FakeDiscordError(f"/{label} has no option {key!r} (options: {list(schema)})")
    result: list[JSON] = []
    for key, value in values.items():
        if key == focused:
            continue
        option = schema[key]
        result.append(
            {
                "name": key,
                "type": option["type"],
                "value": _convert(state, label, option, value, resolved),
            }
        )
    if focused is not None:
        option = schema[focused]
        if not option.get("autocomplete"):
            raise FakeDiscordError(f"/{label} option {focused!r} has no autocomplete")
        result.append(
            {"name": focused, "type": option["type"], "value": focused_value, "focused": True}
        )
    else:
        missing = [n for n, o in schema.items() if o.get("required") and n not in values]
        if missing:
            raise FakeDiscordError(f"/{label} is missing required options {missing}")
    return result


def _convert(state: FakeState, label: str, option: JSON, value: Any, resolved: JSON) -> Any:
    kind = option["type"]
    where = f"/{label} option {option['name']!r} ({OPTION_TYPES.get(kind, kind)})"
    if kind == 3:
        if not isinstance(value, str):
            raise FakeDiscordError(f"{where} needs a str, got {value!r}")
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise FakeDiscordError(f"{where}: length of {value!r} is out of range")
    elif kind in (4, 10):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise FakeDiscordError(f"{where} needs a number, got {value!r}")
        if kind == 4 and not isinstance(value, int):
            raise FakeDiscordError(f"{where} needs an int, got {value!r}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise FakeDiscordError(f"{where}: {value} is outside [{low}, {high}]")
    elif kind == 5:
        if not isinstance(value, bool):
            raise FakeDiscordError(f"{where} needs a bool, got {value!r}")
    elif kind in (6, 9) and isinstance(value, FakeUser | FakeMember):
        return _resolve_user(state, value, resolved)
    elif kind in (8, 9) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[value.id] = value.payload()
        return value.id
    elif kind == 7 and isinstance(value, FakeChannel):
        allowed = option.get("channel_types")
        if allowed and value.type not in allowed:
            raise FakeDiscordError(f"{where}: channel type {value.type} not in {allowed}")
        perms = state.permissions(state.bot_user.id, value)
        resolved.setdefault("channels", {})[value.id] = {
            **channel_payload(state, value),
            "permissions": str(perms),
        }
        return value.id
    else:
        raise FakeDiscordError(f"{where}: cannot send {value!r}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise FakeDiscordError(f"{where}: {value!r} is not one of the choices {choices}")
    return value


def _resolve_user(state: FakeState, value: UserLike, resolved: JSON) -> str:
    user = as_user(value)
    resolved.setdefault("users", {})[user.id] = user.payload()
    for guild in state.guilds.values():
        member = guild.members.get(user.id)
        if member is not None:
            data = member_payload(state, member, None)
            data.pop("user")
            resolved.setdefault("members", {})[user.id] = data
            break
    return user.id


# -- components ------------------------------------------------------------------------------


def component_data(
    state: FakeState,
    message: StoredMessage,
    custom_id: str,
    user: UserLike,
    *,
    values: list[Any] | None,
) -> JSON:
    """``data`` of a type-3 interaction: checks the component exists, is enabled and fits."""
    invoker = as_user(user)
    if message.deleted:
        raise FakeDiscordError(f"message {message.id} was deleted")
    if message.visible_to is not None and message.visible_to != invoker.id:
        raise FakeDiscordError(
            f"message {message.id} is ephemeral for another user; {invoker.username} cannot see it"
        )
    if message.loading:
        raise FakeDiscordError(f"message {message.id} is still a loading placeholder")
    component = message.component(custom_id)
    if component is None:
        raise FakeDiscordError(
            f"message {message.id} has no component {custom_id!r} (has {message.custom_ids()})"
        )
    if component.get("disabled"):
        raise FakeDiscordError(f"component {custom_id!r} on message {message.id} is disabled")
    kind = component["type"]
    data: JSON = {"custom_id": custom_id, "component_type": kind}
    if values is None:
        if kind != 2:
            raise FakeDiscordError(f"{custom_id!r} is a select (type {kind}); use select()")
        return data
    if kind == 2:
        raise FakeDiscordError(f"{custom_id!r} is a button; use click()")
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise FakeDiscordError(f"{custom_id!r} takes {low}..{high} values, got {len(values)}")
    if kind == 3:
        allowed = [o["value"] for o in component.get("options") or []]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise FakeDiscordError(f"{custom_id!r}: {bad} not among the options {allowed}")
        data["values"] = list(values)
    elif kind == 5:
        resolved: JSON = {}
        data["values"] = [_resolve_user(state, v, resolved) for v in values]
        data["resolved"] = resolved
    elif kind == 8:
        channels = [v for v in values if isinstance(v, FakeChannel)]
        data["values"] = [c.id for c in channels]
        data["resolved"] = {
            "channels": {
                c.id: {
                    **channel_payload(state, c),
                    "permissions": str(state.permissions(invoker.id, c)),
                }
                for c in channels
            }
        }
    else:
        raise FakeDiscordError(f"select type {kind} is not supported by the fake")
    return data
