"""A worker process: ``python -m dicehero.store.par_child``, started by the server's
:class:`~dicehero.store.work_pool.WorkPool`. A job a JSON line in, its answer a line out."""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import IO

from dicehero.store import par_jobs, witness_job

JOBS = {**par_jobs.JOBS, **witness_job.JOBS}


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Answer ``{"kind", "args"}`` lines with ``{"ok"}`` or ``{"error"}`` until stdin closes
    (the server stopped)."""
    for line in stdin:
        try:
            request = json.loads(line)
            reply = {"ok": JOBS[request["kind"]](**request["args"])}
        except Exception as e:  # answered, so the server's queue goes on
            reply = {"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc(limit=5)}
        stdout.write(json.dumps(reply, separators=(",", ":")).encode() + b"\n")
        stdout.flush()


if __name__ == "__main__":
    os.nice(10)  # the server's requests before the searches
    serve(sys.stdin.buffer, sys.stdout.buffer)
