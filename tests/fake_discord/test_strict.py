"""The fake refuses what Discord refuses: its OpenAPI spec (openapi.py) and the documented rules
the spec leaves out (documented.py). One broken request per rule, each next to a valid one.

These talk to the fake over HTTP without a bot (the rules do not depend on who sends)."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from tests.fake_discord import FakeChannel, FakeDiscord
from tests.fake_discord.openapi import _validator, check_request, find_operation, strict
from tests.fake_discord.validation import FormErrors, validate_modal


@dataclass
class Api:
    fake: FakeDiscord
    session: aiohttp.ClientSession
    channel: FakeChannel

    async def call(self, method: str, path: str, body: Any = None, **query: str) -> Answer:
        url = self.fake.api_base + path
        async with self.session.request(method, url, json=body, params=query) as response:
            assert response.headers["Content-Type"] == "application/json"
            return Answer(response.status, await response.json())

    async def commands(self, *commands: Any) -> Answer:
        return await self.call(
            "PUT", f"/applications/{self.fake.application_id}/commands", list(commands)
        )

    async def message(self, body: Any) -> Answer:
        return await self.call("POST", f"/channels/{self.channel.id}/messages", body)


@dataclass
class Answer:
    status: int
    body: Any

    def codes(self) -> dict[str, list[str]]:
        """Discord's nested ``errors`` flattened to {"a.0.b": [code, ...]}."""
        found: dict[str, list[str]] = {}

        def walk(node: Any, path: tuple[str, ...]) -> None:
            for key, value in node.items():
                if key == "_errors":
                    found[".".join(path)] = [e["code"] for e in value]
                else:
                    walk(value, (*path, key))

        walk(self.body.get("errors") or {}, ())
        return found


@pytest.fixture
async def api() -> AsyncIterator[Api]:
    fake = FakeDiscord()
    guild = fake.add_guild("Caylus Club")
    channel = fake.add_channel(guild, "table-1")
    await fake.start()
    try:
        headers = {"Authorization": f"Bot {fake.token}"}
        async with aiohttp.ClientSession(headers=headers) as session:
            yield Api(fake, session, channel)
    finally:
        await fake.stop()


def refused(answer: Answer, path: str, code: str) -> None:
    assert answer.status == 400, answer.body
    assert answer.body["code"] == 50035 and answer.body["message"].startswith("Invalid Form Body")
    codes = answer.codes()
    assert code in codes.get(path, []), codes


def accepted(answer: Answer) -> None:
    assert answer.status in (200, 201), answer.body


# -- the spec itself ---------------------------------------------------------------------------


def test_operations_are_found_with_literal_segments_first() -> None:
    op = find_operation("POST", "/channels/1/messages/bulk-delete")
    assert op is not None and op.template.endswith("/bulk-delete")
    op = find_operation("PATCH", "/webhooks/1/tok/messages/@original")
    assert op is not None and op.template.endswith("/@original")
    assert find_operation("GET", "/no/such/route") is None


def test_snowflakes_may_be_integers_and_integers_strings() -> None:
    # discord.py: allowed_mentions.users and attachment ids as ints, permissions as a string
    body = {
        "content": "x",
        "allowed_mentions": {"parse": [], "users": [123]},
        "attachments": [{"id": 0, "filename": "board.png"}],
    }
    assert not check_request("POST", "/channels/1/messages", {}, body)
    command = {"name": "x", "description": "d", "default_member_permissions": "8"}
    assert not check_request("PUT", "/applications/1/commands", {}, [command])
    command["default_member_permissions"] = "eight"
    assert check_request("PUT", "/applications/1/commands", {}, [command])


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [
        ({"content": 5}, "content", "STRING_TYPE_CONVERT"),
        ({"content": "x", "tts": "yes"}, "tts", "BOOLEAN_TYPE_CONVERT"),
        ({"content": "x", "components": "none"}, "components", "LIST_TYPE_CONVERT"),
        ({"content": "x", "flags": "many"}, "flags", "NUMBER_TYPE_COERCE"),
        ({"content": "x", "embeds": [{"title": ["t"]}]}, "embeds.0.title", "STRING_TYPE_CONVERT"),
        ({"content": "x", "allowed_mentions": []}, "allowed_mentions", "MODEL_TYPE_CONVERT"),
    ],
)
async def test_json_types(api: Api, body: Any, path: str, code: str) -> None:
    refused(await api.message(body), path, code)
    api.fake.take_problems()


async def test_a_body_that_is_not_an_object(api: Api) -> None:
    refused(await api.message(["content"]), "", "MODEL_TYPE_CONVERT")
    accepted(await api.message({"content": "fine"}))
    assert len(api.fake.take_problems()) == 1


async def test_invalid_json_is_50109(api: Api) -> None:
    url = f"{api.fake.api_base}/channels/{api.channel.id}/messages"
    headers = {"Content-Type": "application/json"}
    async with api.session.post(url, data=b'{"content": "x"', headers=headers) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 50109
    [problem] = api.fake.take_problems()
    assert "invalid JSON" in problem.detail


async def test_multipart_payload_json_is_validated(api: Api) -> None:
    url = f"{api.fake.api_base}/channels/{api.channel.id}/messages"
    for payload, status in (({"content": 5}, 400), ({"content": "board"}, 200)):
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps(payload), content_type="application/json")
        form.add_field("files[0]", b"png", filename="board.png")
        async with api.session.post(url, data=form) as response:
            assert response.status == status
    assert len(api.fake.take_problems()) == 1


async def test_a_client_gone_mid_upload_is_a_quiet_disconnect(
    api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot process killed while it uploads an edit's image cuts the multipart body off: the
    fake logs nothing, records no problem and no call, and serves the next request as usual."""
    message = api.fake.add_message(api.channel, "board", author=api.fake.bot_user)
    path = f"/api/v10/channels/{api.channel.id}/messages/{message.id}"
    part = (
        b'--cut\r\nContent-Disposition: form-data; name="payload_json"\r\n'
        b"Content-Type: application/json\r\n\r\n"
        b'{"content": "board 2", "attachments": [{"id": 0, "filename": "board.png"}]}\r\n'
        b'--cut\r\nContent-Disposition: form-data; name="files[0]"; filename="board.png"\r\n'
        b"Content-Type: image/png\r\n\r\n" + b"\x89PNG" + bytes(4000)
    )
    head = (
        f"PATCH {path} HTTP/1.1\r\nHost: {api.fake.host}\r\nAuthorization: Bot {api.fake.token}\r\n"
        "Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: 600000\r\n\r\n"
    ).encode()
    calls = len(api.fake.state.calls)
    with caplog.at_level(logging.DEBUG, logger="aiohttp"):
        for n, cut in enumerate((40, len(part)), 1):  # inside the JSON part, then the image
            _, writer = await asyncio.open_connection(api.fake.host, api.fake.port)
            writer.write(head + part[:cut])
            await writer.drain()
            await asyncio.sleep(0.05)  # the fake is reading the body now
            writer.transport.abort()  # the kill
            await wait_for(lambda n=n: len(api.fake.state.disconnects) == n)
        answer = await api.call("PATCH", f"/channels/{api.channel.id}/messages/{message.id}", {"content": "board 3"})
    assert answer.status == 200 and answer.body["content"] == "board 3"
    assert api.fake.problems == []
    assert [c.method for c in api.fake.state.calls[calls:]] == ["PATCH"]  # the whole one only
    assert [r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("aiohttp")] == []


async def wait_for(ok: Any, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not ok():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_limit_over_100_is_refused_not_clamped(api: Api) -> None:
    path = f"/channels/{api.channel.id}/messages"
    refused(await api.call("GET", path, limit="101"), "limit", "NUMBER_TYPE_MAX")
    refused(await api.call("GET", path, limit="0"), "limit", "NUMBER_TYPE_MIN")
    refused(await api.call("GET", path, limit="many"), "limit", "NUMBER_TYPE_COERCE")
    accepted(await api.call("GET", path, limit="100"))
    assert len(api.fake.take_problems()) == 3


# -- application commands ----------------------------------------------------------------------


def command(**extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": 1,
        "name": "caylus",
        "description": "Play Caylus",
        "options": [
            {"type": 3, "name": "target", "description": "Where to place", "required": False}
        ],
    }
    base.update(extra)
    return base


def option(**extra: Any) -> dict[str, Any]:
    return {**command()["options"][0], **extra}


COMMAND_CASES: list[tuple[str, dict[str, Any], dict[str, Any], str, str]] = [
    # (name, broken command, valid command, error path, error code)
    (
        "unknown locale",
        command(name_localizations={"ca": "jugar"}),
        command(name_localizations={"fr": "jouer"}),
        "0.name_localizations.ca",
        "LOCALE_INVALID",
    ),
    (
        "unknown locale of a description",
        command(description_localizations={"xx": "Jouer"}),
        command(description_localizations={"de": "Spielen"}),
        "0.description_localizations.xx",
        "LOCALE_INVALID",
    ),
    (
        "localized name in upper case",
        command(name_localizations={"fr": "Jouer"}),
        command(name_localizations={"fr": "jouer"}),
        "0.name_localizations.fr",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized name with a space",
        command(name_localizations={"de": "spiel starten"}),
        command(name_localizations={"de": "spiel-starten", "hi": "खेल", "th": "เล่น"}),
        "0.name_localizations.de",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized option name in upper case",
        command(options=[option(name_localizations={"fr": "Cible"})]),
        command(options=[option(name_localizations={"fr": "cible"})]),
        "0.options.0.name_localizations.fr",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized name over 32",
        command(name_localizations={"fr": "j" * 33}),
        command(name_localizations={"fr": "j" * 32}),
        "0.name_localizations.fr",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "localized description over 100",
        command(description_localizations={"fr": "d" * 101}),
        command(description_localizations={"fr": "d" * 100}),
        "0.description_localizations.fr",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "name in upper case",
        command(name="Caylus"),
        command(name="caylus"),
        "0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "duplicate option names",
        command(options=[option(), option(description="again")]),
        command(options=[option(), option(name="gold")]),
        "0.options.1.name",
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ),
    (
        "choices with autocomplete",
        command(options=[option(autocomplete=True, choices=[{"name": "a", "value": "a"}])]),
        command(options=[option(autocomplete=True)]),
        "0.options.0.autocomplete",
        "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
    ),
    (
        "autocomplete on a boolean",
        command(options=[option(type=5, autocomplete=True)]),
        command(options=[option(type=5)]),
        "0.options.0.autocomplete",
        "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
    ),
    (
        "choice name over 100",
        command(options=[option(choices=[{"name": "n" * 101, "value": "a"}])]),
        command(options=[option(choices=[{"name": "n" * 100, "value": "a"}])]),
        "0.options.0.choices.0.name",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "choice string value over 100",
        command(options=[option(choices=[{"name": "a", "value": "v" * 101}])]),
        command(options=[option(choices=[{"name": "a", "value": "v" * 100}])]),
        "0.options.0.choices.0.value",
        "APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID",
    ),
    (
        "integer choice on a string option",
        command(options=[option(choices=[{"name": "a", "value": 1}])]),
        command(options=[option(choices=[{"name": "a", "value": "1"}])]),
        "0.options.0.choices.0.value",
        "STRING_TYPE_CONVERT",
    ),
    (
        "string choice on a number option",
        command(options=[option(type=10, choices=[{"name": "a", "value": "x"}])]),
        command(options=[option(type=10, choices=[{"name": "a", "value": 1.5}])]),
        "0.options.0.choices.0.value",
        "NUMBER_TYPE_COERCE",
    ),
    (
        "integer choice beyond 2^53",
        command(options=[option(type=4, choices=[{"name": "a", "value": 2**53}])]),
        command(options=[option(type=4, choices=[{"name": "a", "value": 2**53 - 1}])]),
        "0.options.0.choices.0.value",
        "NUMBER_TYPE_MAX",
    ),
    (
        "choice name localization in an unknown locale",
        command(
            options=[
                option(choices=[{"name": "a", "value": "a", "name_localizations": {"ca": "b"}}])
            ]
        ),
        command(
            options=[
                option(choices=[{"name": "a", "value": "a", "name_localizations": {"it": "b"}}])
            ]
        ),
        "0.options.0.choices.0.name_localizations.ca",
        "LOCALE_INVALID",
    ),
    (
        "min_value above max_value",
        command(options=[option(type=4, min_value=5, max_value=2)]),
        command(options=[option(type=4, min_value=2, max_value=5)]),
        "0.options.0.min_value",
        "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
    ),
    (
        "min_length above max_length",
        command(options=[option(min_length=10, max_length=3)]),
        command(options=[option(min_length=3, max_length=10)]),
        "0.options.0.min_length",
        "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
    ),
    (
        "min_value on a string option",
        command(options=[option(min_value=1)]),
        command(options=[option(min_length=1)]),
        "0.options.0.min_value",
        "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
    ),
    (
        "max_length over 6000",
        command(options=[option(max_length=6001)]),
        command(options=[option(max_length=6000)]),
        "0.options.0.max_length",
        "NUMBER_TYPE_MAX",
    ),
    (
        "integer range beyond 2^53",
        command(options=[option(type=4, min_value=-(2**53))]),
        command(options=[option(type=4, min_value=-(2**53) + 1)]),
        "0.options.0.min_value",
        "NUMBER_TYPE_MIN",
    ),
]


def big_command(localized_choice: int) -> dict[str, Any]:
    """25 options of 103 characters, 2 choices each whose names are short ("c0") but whose
    German names are ``localized_choice`` long: only the longest localization counts."""
    choices = [
        {"name": f"c{k}", "value": f"{k}", "name_localizations": {"de": "z" * localized_choice}}
        for k in range(2)
    ]
    options = [
        option(name=f"o{j:02d}", description="d" * 100, choices=copy.deepcopy(choices))
        for j in range(25)
    ]
    return command(options=options)


COMMAND_CASES.append(
    ("over 4000 characters", big_command(60), big_command(10), "0", "APPLICATION_COMMAND_TOO_LARGE")
)


@pytest.mark.parametrize(
    ("broken", "valid", "path", "code"),
    [case[1:] for case in COMMAND_CASES],
    ids=[case[0] for case in COMMAND_CASES],
)
async def test_command_rules(
    api: Api, broken: dict[str, Any], valid: dict[str, Any], path: str, code: str
) -> None:
    refused(await api.commands(broken), path, code)
    assert len(api.fake.take_problems()) == 1
    accepted(await api.commands(valid))
    assert api.fake.state.global_commands[0]["name"] == valid["name"]


def test_command_size_counts_the_longest_localization() -> None:
    from tests.fake_discord.documented import command_size

    plain = {"name": "abc", "description": "de"}
    assert command_size(plain) == 5
    assert command_size({**plain, "description_localizations": {"fr": "x" * 40}}) == 43


# -- messages ----------------------------------------------------------------------------------


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(**extra: Any) -> dict[str, Any]:
    options = [{"label": f"L{i}", "value": str(i)} for i in range(3)]
    return {"type": 3, "custom_id": "pick", "options": options, **extra}


def with_defaults(n: int, **extra: Any) -> dict[str, Any]:
    component = select(**extra)
    for item in component["options"][:n]:
        item["default"] = True
    return component


def button(**extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go", **extra}


def link(url: str) -> dict[str, Any]:
    return {"type": 2, "style": 5, "label": "Rules", "url": url}


def msg(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"content": "x", "components": [row(c) for c in components], **extra}


MESSAGE_CASES: list[tuple[str, dict[str, Any], dict[str, Any], str, str]] = [
    (
        "select min_values 0 while required",
        msg(select(min_values=0, required=True)),
        msg(select(min_values=0, required=False)),
        "components.0.components.0.min_values",
        "SELECT_COMPONENT_MIN_VALUES_REQUIRED",
    ),
    (
        "select min_values above max_values",
        msg(select(min_values=3, max_values=2)),
        msg(select(min_values=2, max_values=3)),
        "components.0.components.0.min_values",
        "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX",
    ),
    (
        "select min_values above the options",
        msg(select(min_values=4, max_values=4, options=select()["options"] * 1)),
        msg(select(min_values=3, max_values=3)),
        "components.0.components.0.min_values",
        "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_OPTIONS",
    ),
    (
        "more defaults than max_values",
        msg(with_defaults(2)),
        msg(with_defaults(2, max_values=2)),
        "components.0.components.0.options",
        "SELECT_COMPONENT_TOO_MANY_DEFAULTS",
    ),
    (
        "user select with default values out of range",
        msg(
            {
                "type": 5,
                "custom_id": "who",
                "max_values": 1,
                "default_values": [{"id": "1", "type": "user"}, {"id": "2", "type": "user"}],
            }
        ),
        msg(
            {
                "type": 5,
                "custom_id": "who",
                "max_values": 2,
                "default_values": [{"id": "1", "type": "user"}, {"id": "2", "type": "user"}],
            }
        ),
        "components.0.components.0.default_values",
        "SELECT_COMPONENT_DEFAULT_VALUES_OUT_OF_RANGE",
    ),
    (
        "button style 7",
        msg(button(style=7)),
        msg(button(style=4)),
        "components.0.components.0.style",
        "BASE_TYPE_CHOICES",
    ),
    (
        "emoji name over 32",
        msg(button(emoji={"name": "e" * 33})),
        msg(button(emoji={"name": "e" * 32})),
        "components.0.components.0.emoji.name",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "link url over 512",
        msg(link("https://example.org/" + "u" * 493)),
        msg(link("https://example.org/" + "u" * 492)),
        "components.0.components.0.url",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "url on a non-link button",
        msg(button(url="https://example.org")),
        msg(button()),
        "components.0.components.0.url",
        "BUTTON_COMPONENT_URL_NOT_ALLOWED",
    ),
    (
        "premium button with a custom_id",
        msg({"type": 2, "style": 6, "sku_id": "1", "custom_id": "buy"}),
        msg({"type": 2, "style": 6, "sku_id": "1"}),
        "components.0.components.0.custom_id",
        "BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED",
    ),
    (
        "over 100 users allowed",
        {"content": "x", "allowed_mentions": {"users": [str(i) for i in range(1, 102)]}},
        {"content": "x", "allowed_mentions": {"users": [str(i) for i in range(1, 101)]}},
        "allowed_mentions.users",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "unknown parse value",
        {"content": "x", "allowed_mentions": {"parse": ["user"]}},
        {"content": "x", "allowed_mentions": {"parse": ["users", "everyone"]}},
        "allowed_mentions.parse.0",
        "BASE_TYPE_CHOICES",
    ),
    (
        "parse users with a users list",
        {"content": "x", "allowed_mentions": {"parse": ["users"], "users": [1]}},
        {"content": "x", "allowed_mentions": {"parse": [], "users": [1]}},
        "allowed_mentions",
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ),
    (
        "parse roles with a roles list",
        {"content": "x", "allowed_mentions": {"parse": ["roles"], "roles": ["2"]}},
        {"content": "x", "allowed_mentions": {"parse": ["users"], "roles": ["2"]}},
        "allowed_mentions",
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ),
    (
        "embeds over 6000 characters in all",
        {"embeds": [{"description": "d" * 4000}, {"title": "t" * 200, "description": "d" * 1801}]},
        {"embeds": [{"description": "d" * 4000}, {"title": "t" * 200, "description": "d" * 1800}]},
        "embeds",
        "MAX_EMBED_SIZE_EXCEEDED",
    ),
    (
        "an embed description over 4096",
        {"embeds": [{"description": "d" * 4097}]},
        {"embeds": [{"description": "d" * 4096}]},
        "embeds.0.description",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "EPHEMERAL on a channel message",
        {"content": "x", "flags": 64},
        {"content": "x", "flags": 4096 | 4},
        "flags",
        "MESSAGE_FLAGS_INVALID",
    ),
]


@pytest.mark.parametrize(
    ("broken", "valid", "path", "code"),
    [case[1:] for case in MESSAGE_CASES],
    ids=[case[0] for case in MESSAGE_CASES],
)
async def test_message_rules(
    api: Api, broken: dict[str, Any], valid: dict[str, Any], path: str, code: str
) -> None:
    refused(await api.message(broken), path, code)
    assert len(api.fake.take_problems()) == 1
    assert api.fake.channel_messages(api.channel) == []
    accepted(await api.message(valid))
    assert len(api.fake.channel_messages(api.channel)) == 1


def test_ephemeral_stays_allowed_on_interaction_messages() -> None:
    followup = {"content": "only you", "flags": 64}
    assert not check_request("POST", "/webhooks/1/tok", {"wait": "1"}, followup)
    callback = {"type": 4, "data": followup}
    assert not check_request("POST", "/interactions/1/tok/callback", {}, callback)


def modal(n: int) -> dict[str, Any]:
    text = {"type": 4, "custom_id": "t{}", "style": 1}
    components = [
        {"type": 18, "label": f"Field {i}", "component": {**text, "custom_id": f"t{i}"}}
        for i in range(n)
    ]
    return {"custom_id": "m", "title": "Modal", "components": components}


def test_modals_take_up_to_40_components_like_discord() -> None:
    for n, ok in ((6, True), (40, True), (41, False)):
        errors = FormErrors()
        validate_modal(modal(n), errors)
        spec = check_request(
            "POST", "/interactions/1/tok/callback", {}, {"type": 9, "data": modal(n)}
        )
        assert (not errors and not spec) is ok, (n, errors.summary(), spec.summary())


def _lenient_verdict(path: str, body: Any) -> list[str]:
    operation = find_operation("POST", path)
    assert operation is not None and operation.body is not None
    return [e.message for e in _validator(operation.body).iter_errors(body)]


def test_what_the_compiled_validator_accepts_the_spec_accepts() -> None:
    """The fake asks jsonschema-rs first and skips jsonschema for what it accepts (openapi.py):
    sound only if it never accepts a body jsonschema, with Discord's leniencies, would refuse.
    Every message body of these cases, and the turn messages and choosers of a random game."""
    from bot.rules import new_game
    from bot.ui.chooser import chooser_view, turn_view

    path = "/channels/1/messages"
    pointer = find_operation("POST", path).body  # type: ignore[union-attr]
    bodies = [body for case in MESSAGE_CASES for body in case[1:3]]
    game = new_game(["Ann", "Bob", "Cid"], 5)
    while (d := game.decision) is not None and len(bodies) < 400:
        for view in (chooser_view(1, d, game), turn_view(1, 1, d, game)[0]):
            bodies.append({"content": d.prompt, "components": view.to_components()})
        game.apply(d.choices[len(game.state.history) % len(d.choices)].code)
    accepted = 0
    for body in bodies:
        if strict(pointer).is_valid(body):
            accepted += 1
            assert _lenient_verdict(path, body) == [], body
    assert accepted >= len(bodies) - len(MESSAGE_CASES)  # only broken ones are refused
