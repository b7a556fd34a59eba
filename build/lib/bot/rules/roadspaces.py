"""Where a worker may stand on the road now (the spaces' codes, "r12": bot/rules/notation.py)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from .notation import ROAD_CODES
from .tiles import TILES

WORKER_KINDS: Final = ("neutral", "fixed", "wood", "stone")  # buildings a worker may stand on (§2 phase 2)
USABLE: Final = frozenset(tid for tid, tile in TILES.items() if tile.kind in WORKER_KINDS)


class UsableRoad:
    """The road spaces a worker may stand on for one layout of the road, and the free ones for
    one position of the workers: a game keeps the last (a clone shares it) and checks it against
    its own state before use, so a stale one is only ever remade, never believed."""

    def __init__(self, tiles: list[str | None], workers: list[int]) -> None:
        self.tiles = tiles[:]
        spaces = [space for space, tid in enumerate(tiles) if tid in USABLE]
        self.codes = tuple(ROAD_CODES[space] for space in spaces)
        if len(spaces) > 1:
            self.read: Callable[[list[int]], tuple[int, ...]] = itemgetter(*spaces)
        else:
            self.read = lambda workers: tuple(workers[space] for space in spaces)
        self.workers: list[int] = []
        self.free: list[str] = []
        self.see(workers)

    def see(self, workers: list[int]) -> None:
        """The free spaces for these workers."""
        self.workers = workers[:]
        self.free = [code for code, worker in zip(self.codes, self.read(workers)) if worker < 0]  # noqa: B905 (same length; strict= costs here)

    def stand(self, tiles: list[str | None], workers: list[int], space: int, code: str, seat: int) -> None:
        """A worker goes to `space`: follow it when this is the position (the road's `tiles`
        and `workers`) the game is in."""
        if self.workers == workers and self.tiles == tiles and code in self.free:
            self.workers[space] = seat
            self.free.remove(code)
