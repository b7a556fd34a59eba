"""Phase reports are delivered at least once: each is stored with its snapshot (in the move's
transaction), `ack` marks it posted, and after a crash between the commit and the post
`undelivered` gives back those never acknowledged, their boards being drawn again."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules import Game
from bot.store import StoreError

from .registry import Registry
from .reports import PhaseReport
from .story import boards

Draw = Callable[[list[PhaseReport], str], None]  # start drawing these reports' boards, in a language


class Acks:
    def __init__(self, registry: Registry, draw: Draw) -> None:
        self.registry = registry
        self.draw = draw

    async def ack(self, report: PhaseReport) -> None:
        """Record that `report` has been posted (that one: an earlier report of its table that
        is still waiting, kept for a later try, stays undelivered). A finished game whose every
        report is posted leaves memory."""
        reg = self.registry
        try:
            await reg.store.ack_report(report.table_id, report.seq)
        except (StoreError, OSError) as e:  # posted: recorded once the store answers again
            reg.outage.failed(e)
            reg.outage.owe_ack(report.table_id, report.seq)
        t = reg.table_by_id(report.table_id)
        if t is None:
            return
        t.reported_seq = max(t.reported_seq, report.seq)
        if report.game_over and t.is_finished and not reg.outage.owed:
            # The game is over and shown: it leaves memory (`last_table` reads it from the store)
            # once none of its reports waits to be posted.
            try:
                waiting = await reg.store.unreported(t.id)
            except (StoreError, OSError):
                return
            if not waiting:
                reg.forget(t)

    async def undelivered(self, channel_id: int | None = None) -> list[PhaseReport]:
        """Phase reports stored but never acknowledged (a crash between commit and post),
        oldest first per table, their boards being drawn (`PhaseReport.drawn`); all tables in
        memory, or only the channel's."""
        reg = self.registry
        if channel_id is None:
            tables = sorted(reg.tables(), key=lambda t: t.id)
        else:
            t = reg.table(channel_id)
            tables = [t] if t is not None else []
        out: list[PhaseReport] = []
        for t in tables:
            mine: list[PhaseReport] = []
            for snap in await reg.store.unreported(t.id):
                assert snap.report is not None and snap.state is not None  # kept until posted
                game = Game.from_json(snap.state)  # the moment was stored, not held in memory
                report = PhaseReport.from_json(snap.report, table_id=t.id, channel_id=t.channel_id, seq=snap.seq)
                # its board as at its phase's end, rebuilt from the history up to it
                mine += boards(t.names, t.seed, t.options, game.state.history, [report])
            self.draw(mine, t.settings.language)
            out += mine
        return out
