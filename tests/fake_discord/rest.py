"""The fake REST API under /api/v10: routing, recording every call, injected failures.

Route handlers live in routes_app.py, routes_interactions.py and routes_channels.py."""

from __future__ import annotations

import fnmatch
import time
import traceback
from dataclasses import dataclass

from aiohttp import web

from .gateway import Gateway
from .models import JSON, Problem, RestCall
from .openapi import check_request
from .routes_app import AppRoutes
from .routes_channels import ChannelRoutes
from .routes_interactions import InteractionRoutes
from .routing import Reply, Request, Route, json_response, read_body
from .state import FakeState
from .validation import ApiError


@dataclass
class InjectedFailure:
    method: str
    pattern: str
    status: int
    code: int
    message: str
    remaining: int
    retry_after: float
    lost: bool = False  # carried out, then answered with the error (the answer lost on its way)


class RestApi:
    def __init__(
        self,
        state: FakeState,
        gateway: Gateway,
        *,
        callback_deadline: float,
        token_lifetime: float,
        spec_check: bool = True,
    ) -> None:
        self.state = state
        self.spec_check = spec_check  # validate each request against Discord's OpenAPI spec
        self.failures: list[InjectedFailure] = []
        self.interactions = InteractionRoutes(
            state, gateway, callback_deadline=callback_deadline, token_lifetime=token_lifetime
        )
        groups = [AppRoutes(state, gateway), self.interactions, ChannelRoutes(state, gateway)]
        self.routes = [Route.build(spec) for group in groups for spec in group.table()]

    async def handle(self, request: web.Request) -> web.Response:
        arrived = time.perf_counter()
        path = "/" + request.match_info["tail"]
        call = self.state.new_call(request.method, path, dict(request.query), None, {})
        call.at = arrived
        try:
            try:
                call.json, call.files = await read_body(request)
            except ConnectionResetError:
                # The client went away mid-body (a process killed during an upload): Discord
                # never saw a whole request, so neither does the record; not the fake's crash.
                self.state.calls.remove(call)
                self.state.disconnects.append(call)
                return json_response(400, {"message": "the request body was cut off", "code": 0})
            reply = await self._handle(request, call)
        except ApiError as error:
            reply = Reply(error.status, error.body(), error.headers)
            self.state.rejections.append(call)
            if error.problem:
                self.state.problems.append(Problem("invalid_request", error.message, call))
        except Exception:  # a bug in the fake: answer 400 so discord.py does not retry for 25 s
            detail = traceback.format_exc()
            reply = Reply(400, {"message": "fake discord crashed (see problems)", "code": 0})
            self.state.problems.append(Problem("fake_error", detail, call))
        call.status, call.response = reply.status, reply.body
        self.state.changed.fire()
        return json_response(reply.status, reply.body, reply.headers)

    async def _handle(self, request: web.Request, call: RestCall) -> Reply:
        for route in self.routes:
            if route.method != call.method:
                continue
            match = route.regex.match(call.path)
            if match is None:
                continue
            call.route = f"{route.method} {route.template}"
            if route.auth and request.headers.get("Authorization") != f"Bot {self.state.token}":
                raise ApiError(401, 0, "401: Unauthorized", problem=False)
            routed = Request(call, match.groupdict(), request.headers)
            errors = check_request(call.method, call.path, call.query, call.json) if self.spec_check else None
            if errors:
                if route.handler == self.interactions.callback:
                    self.interactions.refused(routed)
                raise errors.error()
            lost = self._injected_failure(call)
            reply = await route.handler(routed)
            if lost is not None:
                raise ApiError(lost.status, lost.code, lost.message, problem=False)
            return reply
        self.state.problems.append(
            Problem("unhandled_route", f"no fake route for {call.method} {call.path}", call)
        )
        return Reply(404, {"message": "404: Not Found", "code": 0})

    def _injected_failure(self, call: RestCall) -> InjectedFailure | None:
        """Raise the failure injected for this call, or return it if it is a lost answer."""
        for failure in self.failures:
            if failure.method != call.method or not fnmatch.fnmatchcase(call.path, failure.pattern):
                continue
            failure.remaining -= 1
            if failure.remaining <= 0:
                self.failures.remove(failure)
            if failure.lost:
                return failure
            if failure.status == 429:
                raise _RateLimited(failure.retry_after)
            raise ApiError(failure.status, failure.code, failure.message, problem=False)
        return None


class _RateLimited(ApiError):
    def __init__(self, retry_after: float) -> None:
        super().__init__(429, 0, "You are being rate limited.", problem=False)
        self.retry_after = retry_after
        # discord.py only retries a 429 that carries "Via" (else it assumes a Cloudflare ban)
        self.headers = {
            "Via": "1.1 google",
            "Retry-After": str(retry_after),
            "X-RateLimit-Scope": "user",
        }

    def body(self) -> JSON:
        return {"message": self.message, "retry_after": self.retry_after, "global": False}
