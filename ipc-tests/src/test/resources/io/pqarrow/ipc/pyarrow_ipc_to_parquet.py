# Reads an Arrow IPC file with pyarrow, prints what it read (header and canonical rows, as
# pyarrow_dump.py does), and writes the same table as Parquet with pyarrow's own writer
# (pyarrow's defaults: format 2.6, Snappy, ARROW:schema stored).
# Usage: pyarrow_ipc_to_parquet.py IPC_FILE PARQUET_OUT
import sys

import pyarrow.ipc as ipc
import pyarrow.parquet as pq

source, target = sys.argv[1], sys.argv[2]
reader = ipc.open_file(source)
batches = [reader.get_batch(i) for i in range(reader.num_record_batches)]
table = pa.Table.from_batches(batches, schema=reader.schema)
pq.write_table(table, target)
columns, unconvertible = rows(batches, reader.schema)
print(json.dumps({"fields": describe(reader.schema), "batches": [b.num_rows for b in batches],
                  "unconvertible": unconvertible}))
print_rows(columns, table.num_rows)
