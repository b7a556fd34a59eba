"""REST routes: the bot user, the application, the gateway URL, application commands."""

from __future__ import annotations

from .payloads import application_payload, channel_payload
from .routing import Reply, Request, Routes, RouteSpec
from .validation import ApiError, validate_commands


class AppRoutes(Routes):
    def table(self) -> list[RouteSpec]:
        table: list[RouteSpec] = [
            ("GET", "/users/@me", self.get_me, True),
            ("GET", "/users/{user_id}", self.get_user, True),
            ("POST", "/users/@me/channels", self.create_dm, True),
            ("GET", "/oauth2/applications/@me", self.get_application, True),
            ("GET", "/applications/@me", self.get_application, True),
            ("GET", "/gateway", self.get_gateway, False),
            ("GET", "/gateway/bot", self.get_gateway_bot, True),
        ]
        for scope in (
            "/applications/{app_id}/commands",
            "/applications/{app_id}/guilds/{guild_id}/commands",
        ):
            table.append(("GET", scope, self.get_commands, True))
            table.append(("PUT", scope, self.put_commands, True))
        return table

    async def get_me(self, request: Request) -> Reply:
        return Reply(200, {**self.state.bot_user.payload(), "verified": True, "flags": 0})

    async def get_user(self, request: Request) -> Reply:
        user = self.state.users.get(request.params["user_id"])
        if user is None:
            raise ApiError(404, 10013, "Unknown User", problem=False)
        return Reply(200, user.payload())

    async def create_dm(self, request: Request) -> Reply:
        user = self.state.users.get(str(request.json.get("recipient_id")))
        if user is None:
            raise ApiError(404, 10013, "Unknown User", problem=False)
        return Reply(200, channel_payload(self.state, self.state.dm_channel(user)))

    async def get_application(self, request: Request) -> Reply:
        return Reply(200, application_payload(self.state))

    async def get_gateway(self, request: Request) -> Reply:
        return Reply(200, {"url": self.gateway.url})

    async def get_gateway_bot(self, request: Request) -> Reply:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return Reply(200, {"url": self.gateway.url, "shards": 1, "session_start_limit": limit})

    def _command_scope(self, request: Request) -> str | None:
        if request.params["app_id"] != self.state.application_id:
            raise ApiError(404, 10002, "Unknown Application", problem=True)
        guild_id = request.params.get("guild_id")
        if guild_id is not None and guild_id not in self.state.guilds:
            raise ApiError(404, 10004, "Unknown Guild", problem=True)
        return guild_id

    async def get_commands(self, request: Request) -> Reply:
        guild_id = self._command_scope(request)
        if guild_id is None:
            return Reply(200, self.state.global_commands)
        return Reply(200, self.state.guild_commands.get(guild_id, []))

    async def put_commands(self, request: Request) -> Reply:
        guild_id = self._command_scope(request)
        validate_commands(request.body)
        return Reply(200, self.state.store_commands(guild_id, request.body))
