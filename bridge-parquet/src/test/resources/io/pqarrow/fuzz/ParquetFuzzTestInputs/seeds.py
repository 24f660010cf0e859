"""Writes the seed inputs of ParquetFuzzTest.parquetBytesReadOrAreRefusedCleanly: small Parquet
files of several shapes and encodings, so that the fuzzer's mutations start inside real pages.

Run from this directory with the project's environment: ../../../../../../../.venv/bin/python seeds.py
"""
import pyarrow as pa
import pyarrow.parquet as pq

OUT = "parquetBytesReadOrAreRefusedCleanly/"
flat = pa.table({
    "i": pa.array([1, None, -3, 4, 5, 6], pa.int64()),
    "f": pa.array([0.5, 1.5, None, 2.5, 3.0, -1.0], pa.float32()),
    "s": pa.array(["a", "bb", None, "a", "ccc", "bb"]),
    "b": pa.array([True, False, None, True, True, False]),
    "d": pa.array([1, 2, 3, None, 5, 6], pa.int32()).cast(pa.decimal128(12, 2)),
})
pq.write_table(flat, OUT + "seed-flat-dictionary", compression="none")
pq.write_table(flat, OUT + "seed-flat-plain-v2", compression="none", use_dictionary=False,
               data_page_version="2.0")
pq.write_table(flat, OUT + "seed-flat-delta", compression="none", use_dictionary=False,
               column_encoding={"i": "DELTA_BINARY_PACKED", "s": "DELTA_BYTE_ARRAY",
                                "f": "BYTE_STREAM_SPLIT", "b": "RLE"})
nested = pa.table({
    "l": pa.array([[1, 2], None, [], [None, 4]], pa.list_(pa.int32())),
    "st": pa.array([{"x": 1, "y": "a"}, None, {"x": None, "y": "b"}, {"x": 4, "y": None}]),
    "m": pa.array([[("k", 1)], None, [], [("a", None), ("b", 2)]], pa.map_(pa.string(), pa.int64())),
})
pq.write_table(nested, OUT + "seed-nested", compression="snappy")
