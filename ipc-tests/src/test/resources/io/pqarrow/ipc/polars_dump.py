# Reads an Arrow IPC file or stream with polars and prints what polars holds, as JSON lines:
#   line 1: {"dtypes": {column: str(dtype)}, "height": rows}
#   then one canonical row per line (canon.py is prepended), from polars' own export to Arrow.
# Usage: polars_dump.py PATH STREAM|FILE
import sys

import polars as pl

path, fmt = sys.argv[1], sys.argv[2]
df = pl.read_ipc(path, memory_map=False) if fmt == "FILE" else pl.read_ipc_stream(path)
table = df.to_arrow()
columns, unconvertible = rows(table.to_batches(), table.schema)
print(json.dumps({"dtypes": {name: str(dtype) for name, dtype in df.schema.items()},
                  "height": df.height, "unconvertible": unconvertible}))
print_rows(columns, df.height)
