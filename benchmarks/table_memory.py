"""Bytes a loaded table takes in memory: the tables a restart brings back, measured object by object.

    python benchmarks/table_memory.py [--tables 500] [--templates 50]

Builds a temporary SQLite database of `--tables` started tables at random points of their games
(`store_load.py`'s templates and copies), then, in a fresh process, opens the store and measures
`Manager.load()` with tracemalloc: the memory still allocated after it (the garbage collector
run) per loaded table, the objects per table, and the lines that allocated most of it. The RSS
growth per table is printed beside it (the allocator's own overhead and what it keeps).
The last line printed is one JSON object:
{"tables": T, "bytes_per_table": ..., "objects_per_table": ..., "rss_bytes_per_table": ...}
Target (issue 27): <= 25 KB per table.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import store_load  # noqa: E402

from bot.games import Manager  # noqa: E402
from bot.store import open_store  # noqa: E402


async def build(path: Path, tables: int, templates: int, seed: int) -> None:
    ids = await store_load.build_templates(path, templates, seed)
    store_load.copy_tables(path, ids, tables)


async def measure(path: Path) -> dict[str, object]:
    store = await open_store(str(path), max_size=4)
    manager = Manager(store, render=None)
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    start_bytes = tracemalloc.get_traced_memory()[0]
    start_rss = store_load.rss_mb()
    loaded = await manager.load()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - start_bytes
    rss = (store_load.rss_mb() - start_rss) * 2**20
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    lines = after.compare_to(before, "lineno")
    objects = sum(s.count_diff for s in lines)
    for s in lines[:10]:
        frame = s.traceback[0]
        where = f"{Path(frame.filename).relative_to(ROOT) if frame.filename.startswith(str(ROOT)) else frame.filename}:{frame.lineno}"
        print(f"{s.size_diff / loaded:8.0f} bytes {s.count_diff / loaded:6.1f} objects a table  {where}")
    await manager.close()
    return {
        "tables": loaded,
        "bytes_per_table": round(grown / loaded),
        "objects_per_table": round(objects / loaded, 1),
        "rss_bytes_per_table": round(rss / loaded),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--templates", type=int, default=50)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the child's database
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(asyncio.run(measure(args.measure))))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tables.sqlite3"
        asyncio.run(build(path, args.tables, args.templates, args.seed))
        child = subprocess.run(
            [sys.executable, __file__, "--measure", str(path)], capture_output=True, text=True, check=True
        )
    print(child.stdout, end="")


if __name__ == "__main__":
    main()
