# Tries to read each given one-column Arrow IPC file with polars and prints one JSON object:
# {path: "ok" or the error polars raised (polars panics count: they are BaseExceptions)}.
# Usage: polars_probe.py PATH...
import json
import sys

import polars as pl

result = {}
for path in sys.argv[1:]:
    try:
        pl.read_ipc(path, memory_map=False)
        result[path] = "ok"
    except BaseException as e:  # noqa: B036 - pyo3 panics derive from BaseException
        result[path] = type(e).__name__ + ": " + str(e).splitlines()[0][:200]
print(json.dumps(result))
