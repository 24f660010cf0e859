# Reads an Arrow IPC file or stream with pyarrow and prints what pyarrow sees, as JSON lines:
#   line 1: {"fields": [{"name", "type", "nullable", "metadata"}], "batches": [row counts],
#            "unconvertible": [columns pyarrow cannot turn into Python values]}
#   then one line per row: {column: canonical value}
# canon.py is prepended; the canonical value form is the one CanonicalJson.java documents.
# Usage: pyarrow_dump.py PATH STREAM|FILE
import sys

import pyarrow.ipc as ipc

path, fmt = sys.argv[1], sys.argv[2]


def read(path, fmt):
    if fmt == "FILE":
        reader = ipc.open_file(path)
        return reader.schema, [reader.get_batch(i) for i in range(reader.num_record_batches)]
    reader = ipc.open_stream(path)
    return reader.schema, list(reader)


schema, batches = read(path, fmt)
columns, unconvertible = rows(batches, schema)
print(json.dumps({"fields": describe(schema), "batches": [b.num_rows for b in batches],
                  "unconvertible": unconvertible}))
print_rows(columns, sum(b.num_rows for b in batches))
