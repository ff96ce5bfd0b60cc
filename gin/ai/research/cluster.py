"""Where research runs its tasks: in this process, on a pool of local processes (``--jobs``), or
on a Dask cluster (``--dask ADDRESS``, or ``--dask local`` for one started on this machine).

Every task is a pure function of its arguments, and results come back in the order the tasks
were given, so a run gives the same figures and the same rows wherever it runs.

Why Dask and not Ray, measured on this project's machine (2 cores, Python 3.11, a fresh virtual
environment each): installing ``distributed`` 2026.8 adds 44 MB, Ray 2.60 259 MB; a local
cluster of two workers starts in 0.6 s against 3.6 s. Ray's tasks cost less (0.77 ms against
2.0 ms for an empty task, 4.1 against 4.8 ms carrying 200 KB), but a task here plays whole
deals for seconds, so that difference is under a thousandth of the run, while the install and
the start are paid by every test run and every new worker machine.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"
"""The ``--dask`` address that starts a cluster on this machine for the run."""


class ClusterError(ValueError):
    """The cluster asked for cannot be used (its engine is not installed, or it cannot be
    reached)."""


def _dask(address: str, jobs: int) -> tuple[Any, Any]:
    """A Dask client for ``address`` and the local cluster started for it (or None)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(
            "--dask needs Dask distributed: pip install 'gin[cluster]' (or 'distributed')"
        ) from None
    if address == LOCAL:
        workers = jobs if jobs > 1 else os.cpu_count() or 1
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster
    try:
        return Client(address, timeout="20s"), None
    except OSError as error:
        raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from None


@contextmanager
def executor(jobs: int = 1, dask: str | None = None) -> Iterator[tuple[Executor | None, int]]:
    """An executor for a run's tasks and the processes it has: a Dask cluster's when ``dask``
    names one, else a pool of ``jobs`` local processes, else None (run in this process)."""
    if dask is not None:
        client, cluster = _dask(dask, jobs)
        try:
            cores = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
            yield client.get_executor(pure=False), max(cores, 1)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    elif jobs > 1:
        pool = ProcessPoolExecutor(jobs)
        try:
            yield pool, jobs
        finally:
            pool.shutdown(cancel_futures=True)
    else:
        yield None, 1


def ordered(
    pool: Executor | None, task: Callable[..., R], *arguments: Iterable[Any]
) -> Iterator[R]:
    """``task`` over the zipped ``arguments``, results in order, on ``pool`` (or here)."""
    if pool is None:
        return map(task, *arguments)
    return pool.map(task, *arguments)


def options(parser: argparse.ArgumentParser) -> None:
    """The options that say where a run's tasks go: ``--jobs`` and ``--dask``."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="local worker processes (the figures do not depend on it)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help=f"run on the Dask scheduler at ADDRESS ('{LOCAL}': start one on this machine; "
        "needs the cluster extra)",
    )
