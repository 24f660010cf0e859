# Writes one column, built by a pyarrow expression, as an IPC file, and prints what it wrote as
# JSON lines (header, then canonical rows; canon.py is prepended).
# Usage: pyarrow_write_one.py PATH NAME EXPRESSION
import decimal  # noqa: F401 - used by expressions
import sys

import pyarrow.ipc as ipc

path, name, expression = sys.argv[1], sys.argv[2], sys.argv[3]
array = eval(expression, {"pa": pa, "decimal": decimal})
batch = pa.record_batch([array], names=[name])
with ipc.new_file(path, batch.schema) as writer:
    writer.write_batch(batch)
columns, unconvertible = rows([batch], batch.schema)
print(json.dumps({"fields": describe(batch.schema), "batches": [batch.num_rows],
                  "unconvertible": unconvertible}))
print_rows(columns, batch.num_rows)
