"""What ``FakeDiscord.slash()`` / ``click()`` / ... return: a handle to await the bot's answer."""

from __future__ import annotations

from collections.abc import Callable

from .models import JSON, Callback, FakeDiscordError, InteractionRecord, StoredMessage
from .state import FakeState


class InteractionHandle:
    """One dispatched interaction. Await what the bot did with it; timeouts raise FakeTimeout."""

    def __init__(self, state: FakeState, record: InteractionRecord, timeout: float) -> None:
        self._state = state
        self.record = record
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.record.label} id={self.id}>"

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def payload(self) -> JSON:
        return self.record.payload

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch on the websocket to the callback request (None if none yet)."""
        return self.record.latency

    def _what(self) -> str:
        return f"interaction {self.record.label} ({self.id})"

    def _rejections(self) -> str:
        if not self.record.rejected:
            return ""
        parts = [f"{c.status} {c.response}" for c in self.record.rejected]
        return f"; the fake rejected its callback(s): {parts}"

    async def response(self, timeout: float | None = None) -> Callback:
        """The bot's accepted initial response (interaction callback)."""
        seconds = self.timeout if timeout is None else timeout
        record = self.record
        await record.signal.wait_for(
            lambda: record.callback is not None or record.rejected,
            seconds,
            lambda: f"bot did not answer {self._what()} within {seconds} s",
        )
        if record.callback is None:
            raise FakeDiscordError(
                f"bot's answer to {self._what()} was refused{self._rejections()}"
            )
        return record.callback

    async def followups(self, n: int = 1, timeout: float | None = None) -> list[StoredMessage]:
        """The first ``n`` followup messages (waits until there are at least ``n``)."""
        seconds = self.timeout if timeout is None else timeout
        record = self.record
        await record.signal.wait_for(
            lambda: len(record.followup_ids) >= n,
            seconds,
            lambda: (
                f"bot sent {len(record.followup_ids)} of {n} followup(s) for {self._what()} "
                f"within {seconds} s{self._rejections()}"
            ),
        )
        return [self._state.messages[i] for i in record.followup_ids[:n]]

    async def original(
        self,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float | None = None,
    ) -> StoredMessage:
        """The @original response message once it is no longer a loading placeholder (and, with
        ``predicate``, once it satisfies it — e.g. after ``edit_original_response``)."""
        seconds = self.timeout if timeout is None else timeout
        record = self.record

        def ready() -> StoredMessage | None:
            message = self._state.messages.get(record.original_message_id or "")
            if message is None or message.loading:
                return None
            if predicate is not None and not predicate(message):
                return None
            return message

        result: StoredMessage = await self._state.changed.wait_for(
            ready,
            seconds,
            lambda: (
                f"no matching original response for {self._what()} within {seconds} s"
                f"{self._rejections()}"
            ),
        )
        return result
