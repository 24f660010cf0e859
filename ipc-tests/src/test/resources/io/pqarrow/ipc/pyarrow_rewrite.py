# Reads an Arrow IPC file or stream with pyarrow and writes every batch back out with pyarrow's
# own writer, in the same format, with the given body compression.
# Usage: pyarrow_rewrite.py IN OUT STREAM|FILE NONE|LZ4_FRAME|ZSTD
import sys

import pyarrow.ipc as ipc

source, target, fmt, compression = sys.argv[1:5]
if fmt == "FILE":
    reader = ipc.open_file(source)
    batches = [reader.get_batch(i) for i in range(reader.num_record_batches)]
else:
    reader = ipc.open_stream(source)
    batches = list(reader)
options = ipc.IpcWriteOptions(compression=None if compression == "NONE" else
                              {"LZ4_FRAME": "lz4", "ZSTD": "zstd"}[compression])
open_writer = ipc.new_file if fmt == "FILE" else ipc.new_stream
with open_writer(target, reader.schema, options=options) as writer:
    for b in batches:
        writer.write_batch(b)
print(len(batches))
