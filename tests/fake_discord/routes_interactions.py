"""REST routes: interaction callbacks and the interaction webhook (followups, @original)."""

from __future__ import annotations

from .gateway import Gateway
from .models import EPHEMERAL, JSON, LOADING, Callback, InteractionRecord, StoredMessage
from .routing import Reply, Request, Routes, RouteSpec, truthy
from .state import FakeState
from .validation import (
    ApiError,
    FormErrors,
    empty_message_error,
    is_empty_message,
    validate_choices,
    validate_message,
    validate_modal,
)

#: callback types Discord accepts per interaction type (2 command, 3 component, 4 autocomplete,
#: 5 modal submit)
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    2: frozenset({4, 5, 9}),
    3: frozenset({4, 5, 6, 7, 9}),
    4: frozenset({8}),
    5: frozenset({4, 5, 6, 7}),
}


class InteractionRoutes(Routes):
    def __init__(
        self,
        state: FakeState,
        gateway: Gateway,
        *,
        callback_deadline: float,
        token_lifetime: float,
    ) -> None:
        super().__init__(state, gateway)
        self.callback_deadline = callback_deadline
        self.token_lifetime = token_lifetime

    def table(self) -> list[RouteSpec]:
        hook = "/webhooks/{app_id}/{token}"
        message = hook + "/messages/{message_id}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, False),
            ("POST", hook, self.followup, False),
            ("GET", message, self.get_webhook_message, False),
            ("PATCH", message, self.edit_webhook_message, False),
            ("DELETE", message, self.delete_webhook_message, False),
        ]

    def _webhook_record(self, request: Request) -> InteractionRecord:
        record = self.state.interactions_by_token.get(request.params["token"])
        if request.params["app_id"] != self.state.application_id or record is None:
            raise ApiError(404, 10015, "Unknown Webhook", problem=False)
        if self.state.clock() - record.dispatched_at > self.token_lifetime:
            raise ApiError(404, 10015, "Unknown Webhook (interaction token expired)", problem=False)
        if record.callback is None:
            raise ApiError(
                404, 10015, "Unknown Webhook (interaction not acknowledged yet)", problem=False
            )
        return record

    def _webhook_message(self, record: InteractionRecord, message_id: str) -> StoredMessage:
        if message_id == "@original":
            message_id = record.original_message_id or ""
        elif message_id != record.original_message_id and message_id not in record.followup_ids:
            message_id = ""
        message = self.state.messages.get(message_id)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message", problem=False)
        return message

    async def callback(self, request: Request) -> Reply:
        record = self.state.interactions.get(request.params["interaction_id"])
        if record is None or record.token != request.params["token"]:
            raise ApiError(404, 10062, "Unknown interaction", problem=False)
        try:
            return self._callback(record, request)
        except ApiError:
            self.refused(request)
            raise

    def refused(self, request: Request) -> None:
        """Record a refused callback on its interaction (so handles fail fast)."""
        record = self.state.interactions.get(request.params["interaction_id"])
        if record is not None and record.token == request.params["token"]:
            record.rejected.append(request.call)
            record.signal.fire()

    def _callback(self, record: InteractionRecord, request: Request) -> Reply:
        if self.state.clock() - record.dispatched_at > self.callback_deadline:
            raise ApiError(404, 10062, "Unknown interaction", problem=False)
        if record.callback is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.", problem=False)
        body, files = request.json, request.files
        kind = int(body.get("type") or 0)
        data = body.get("data") or {}
        errors = FormErrors()
        allowed = ALLOWED_CALLBACKS.get(record.type, frozenset())
        if kind not in allowed:
            errors.add(
                ("type",),
                "BASE_TYPE_CHOICES",
                f"Value must be one of {sorted(allowed)} for interaction type {record.type}.",
            )
        elif kind in (4, 7):
            validate_message(data, len(files), errors, ("data",))
        elif kind == 8:
            validate_choices(data, errors)
        elif kind == 9:
            validate_modal(data, errors)
        if files and kind not in (4, 7):
            errors.add(("files",), "BASE_TYPE_CHOICES", "Files are only allowed with types 4, 7")
        errors.raise_if_any()
        if kind == 4 and is_empty_message(data, len(files)):
            raise empty_message_error()

        state = self.state
        channel = state.channels[record.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        viewer = record.user_id if ephemeral else None
        message: StoredMessage | None = None
        if kind == 4:
            message_type = 20 if record.type == 2 else 0
            message = state.create_message(
                channel, data, files, type=message_type, visible_to=viewer, interaction=record
            )
        elif kind == 5:
            flags = LOADING | (EPHEMERAL if ephemeral else 0)
            message_type = 20 if record.type == 2 else 0
            message = state.create_message(
                channel,
                {},
                {},
                type=message_type,
                visible_to=viewer,
                interaction=record,
                flags=flags,
            )
            record.pending_loading = True
        elif kind in (6, 7) and record.message_id is not None:
            message = state.messages[record.message_id]
            ephemeral = message.ephemeral
            if kind == 7:
                state.update_message(message, data, files)
        if message is not None:
            record.original_message_id = message.id
        record.callback = Callback(kind, data, files, message, request.call)
        record.callback_perf = request.call.at
        record.signal.fire()

        interaction: JSON = {
            "id": record.id,
            "type": record.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": ephemeral,
        }
        resource: JSON = {"type": kind}
        if message is not None:
            interaction["response_message_id"] = message.id
            resource["message"] = message.payload()
        return Reply(200, {"interaction": interaction, "resource": resource})

    async def followup(self, request: Request) -> Reply:
        record = self._webhook_record(request)
        body, files = request.json, request.files
        self._check_message(body, files, creating=True)
        original = self.state.messages.get(record.original_message_id or "")
        if record.pending_loading and original is not None and original.loading:
            # Discord: right after a type-5 defer the first followup edits the loading message,
            # and the defer's ephemeral state wins over the followup's flags.
            flags = int(body.get("flags") or 0) & ~EPHEMERAL
            self.state.update_message(original, {**body, "flags": flags}, files)
            original.flags &= ~LOADING
            message = original
        else:
            channel = self.state.channels[record.channel_id]
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            message = self.state.create_message(
                channel,
                body,
                files,
                visible_to=record.user_id if ephemeral else None,
                interaction=record,
            )
        record.pending_loading = False
        record.followup_ids.append(message.id)
        record.signal.fire()
        if not truthy(request.query.get("wait")):
            return Reply(204)
        return Reply(200, message.payload())

    async def get_webhook_message(self, request: Request) -> Reply:
        record = self._webhook_record(request)
        return Reply(200, self._webhook_message(record, request.params["message_id"]).payload())

    async def edit_webhook_message(self, request: Request) -> Reply:
        record = self._webhook_record(request)
        message = self._webhook_message(record, request.params["message_id"])
        self._check_message(request.json, request.files, creating=False)
        was_loading = message.loading
        self.state.update_message(message, request.json, request.files)
        if was_loading:
            message.flags &= ~LOADING
            record.pending_loading = False
        record.signal.fire()
        return Reply(200, message.payload())

    async def delete_webhook_message(self, request: Request) -> Reply:
        record = self._webhook_record(request)
        message = self._webhook_message(record, request.params["message_id"])
        self.state.delete_message(message)
        record.signal.fire()
        return Reply(204)
