# Builds seeded random batches of every type pyarrow writes that the catalog (TypeCatalog.java)
# holds, writes them as an IPC file or stream, and prints what it wrote as JSON lines: a header
# {"fields": [...], "batches": [row counts]}, then one canonical row per line (canon.py is
# prepended).
# Usage: pyarrow_write.py PATH STREAM|FILE NONE|LZ4_FRAME|ZSTD SEED [COLUMN...]
#   COLUMN...: write only these columns (default: all)
import decimal
import random
import sys
import uuid

import pyarrow.ipc as ipc

path, fmt, compression, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
only = sys.argv[5:]
rng = random.Random(seed)
LENGTHS = [13, 0, 29, 6]
STRINGS = ["", "a", "grün", "日本語", "emoji \U0001F600", "twelve bytes", "longer than twelve"]
GEO_METADATA = {"ARROW:extension:name": "geoarrow.wkb",
                "ARROW:extension:metadata":
                    '{"crs":"OGC:CRS84","crs_type":"authority_code","edges":"spherical"}'}
VARIANT_METADATA = {"ARROW:extension:name": "arrow.parquet.variant",
                    "ARROW:extension:metadata": ""}
# (metadata, value) of a few Variants: null, true, int8 42, short string "hi".
VARIANTS = [(b"\x01\x00\x00", b"\x00"), (b"\x01\x00\x00", b"\x04"),
            (b"\x01\x00\x00", b"\x0c\x2a"), (b"\x01\x00\x00", b"\x09hi")]


def maybe(make, null_rate):
    return None if rng.random() < null_rate else make()


def ints(bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return lambda: rng.choice([lo, hi, 0, rng.randint(lo, hi)])


def floats():
    return rng.choice([0.0, -0.0, 1.5, float("inf"), float("-inf"), float("nan"),
                       rng.gauss(0, 1e6)])


def dec(precision, scale):
    def make():
        unscaled = rng.randint(-(10 ** precision) + 1, 10 ** precision - 1)
        return decimal.Decimal(unscaled).scaleb(-scale)
    return make


def element(t):
    return pa.field("element", t)


def seconds():
    return rng.randint(-2208988800, 4102444799)  # 1900-01-01 to 2099-12-31


# name -> (type, value maker for one slot, or None for columns built from storage below)
def columns():
    c = {
        "bool": (pa.bool_(), lambda: rng.random() < 0.5),
        "int8": (pa.int8(), ints(8, True)), "int16": (pa.int16(), ints(16, True)),
        "int32": (pa.int32(), ints(32, True)), "int64": (pa.int64(), ints(64, True)),
        "uint8": (pa.uint8(), ints(8, False)), "uint16": (pa.uint16(), ints(16, False)),
        "uint32": (pa.uint32(), ints(32, False)), "uint64": (pa.uint64(), ints(64, False)),
        "float32": (pa.float32(), floats), "float64": (pa.float64(), floats),
        "decimal128_9_2": (pa.decimal128(9, 2), dec(9, 2)),
        "decimal128_38_10": (pa.decimal128(38, 10), dec(38, 10)),
        "decimal256_76_20": (pa.decimal256(76, 20), dec(76, 20)),
        "interval_mdn": (pa.month_day_nano_interval(),
                         lambda: (rng.randint(-1200, 1200), rng.randint(-9999, 9999),
                                  rng.randint(-(1 << 50), 1 << 50))),
        "utf8": (pa.string(), lambda: rng.choice(STRINGS)),
        "large_utf8": (pa.large_string(), lambda: rng.choice(STRINGS)),
        "utf8_view": (pa.string_view(), lambda: rng.choice(STRINGS) * rng.randint(1, 3)),
        "binary": (pa.binary(), lambda: rng.randbytes(rng.randint(0, 20))),
        "large_binary": (pa.large_binary(), lambda: rng.randbytes(rng.randint(0, 20))),
        "binary_view": (pa.binary_view(), lambda: rng.randbytes(rng.randint(0, 30))),
        "fixed_binary_5": (pa.binary(5), lambda: rng.randbytes(5)),
        "list_int32": (pa.list_(element(pa.int32())),
                       lambda: [maybe(ints(32, True), 0.2) for _ in range(rng.randint(0, 4))]),
        "large_list_utf8": (pa.large_list(element(pa.string())),
                            lambda: [maybe(lambda: rng.choice(STRINGS), 0.2)
                                     for _ in range(rng.randint(0, 4))]),
        "fixed_list_f64_3": (pa.list_(element(pa.float64()), 3),
                             lambda: [maybe(floats, 0.2) for _ in range(3)]),
        "list_view_int32": (pa.list_view(element(pa.int32())),
                            lambda: [maybe(ints(32, True), 0.2) for _ in range(rng.randint(0, 4))]),
        "struct": (pa.struct([("a", pa.int32()), ("b", pa.string()),
                              ("c", pa.struct([("d", pa.list_(element(pa.int64())))]))]),
                   lambda: {"a": maybe(ints(32, True), 0.3),
                            "b": maybe(lambda: rng.choice(STRINGS), 0.3),
                            "c": maybe(lambda: {"d": maybe(lambda: [maybe(ints(64, True), 0.3)],
                                                           0.3)}, 0.3)}),
        "map": (pa.map_(pa.string(), pa.int32()),
                lambda: [("k%d" % k, maybe(ints(32, True), 0.3))
                         for k in range(rng.randint(0, 3))]),
    }
    # Temporal columns from their integers, within the ranges consumers convert.
    day = lambda: rng.randint(-25567, 47482)
    c["date32"] = (pa.date32(), ("int32", day))
    c["date64"] = (pa.date64(), ("int64", lambda: day() * 86400000))
    c["time32_s"] = (pa.time32("s"), ("int32", lambda: rng.randint(0, 86399)))
    c["time32_ms"] = (pa.time32("ms"), ("int32", lambda: rng.randint(0, 86399999)))
    c["time64_us"] = (pa.time64("us"), ("int64", lambda: rng.randint(0, 86399999999)))
    c["time64_ns"] = (pa.time64("ns"), ("int64", lambda: rng.randint(0, 86399999999999)))
    for unit, per in (("s", 1), ("ms", 1000), ("us", 10 ** 6), ("ns", 10 ** 9)):
        stamp = (lambda per: lambda: seconds() * per + rng.randint(0, per - 1))(per)
        c["ts_" + unit] = (pa.timestamp(unit), ("int64", stamp))
        c["ts_" + unit + "_utc"] = (pa.timestamp(unit, "UTC"), ("int64", stamp))
        c["duration_" + unit] = (pa.duration(unit), ("int64", lambda: rng.randint(-(1 << 55), 1 << 55)))
    c["ts_us_paris"] = (pa.timestamp("us", "Europe/Paris"),
                        ("int64", lambda: seconds() * 10 ** 6))
    return c


def column(name, spec, n, null_rate):
    t, make = spec
    if isinstance(make, tuple):
        storage, gen = make
        return pa.array([maybe(gen, null_rate) for _ in range(n)], storage).cast(t)
    if name == "float16":
        return pa.array([maybe(floats, null_rate) for _ in range(n)], pa.float64()).cast(t)
    return pa.array([maybe(make, null_rate) for _ in range(n)], t)


def batch(n, null_rate):
    arrays, fields = [], []
    specs = columns()
    specs["float16"] = (pa.float16(), floats)
    for name, spec in specs.items():
        arrays.append(column(name, spec, n, null_rate))
        fields.append(pa.field(name, spec[0]))
    # One dictionary for all batches: the file format allows no replacement.
    arrays.append(pa.DictionaryArray.from_arrays(
        pa.array([maybe(lambda: rng.randint(0, 3), null_rate) for _ in range(n)], pa.int32()),
        pa.array(["red", "grün", "", "a long blue-ish value"])))
    fields.append(pa.field("dict_utf8", arrays[-1].type))
    arrays.append(pa.nulls(n))
    fields.append(pa.field("null", pa.null()))
    arrays.append(pa.array([rng.randint(-5, 5) for _ in range(n)], pa.int64()))
    fields.append(pa.field("required_int64", pa.int64(), nullable=False))
    arrays.append(pa.ExtensionArray.from_storage(
        pa.uuid(), pa.array([maybe(lambda: uuid.UUID(int=rng.getrandbits(128)).bytes, null_rate)
                             for _ in range(n)], pa.binary(16))))
    fields.append(pa.field("uuid", pa.uuid()))
    arrays.append(pa.ExtensionArray.from_storage(
        pa.json_(), pa.array([maybe(lambda: rng.choice(['{}', '[1,2]', '"x"', 'null']), null_rate)
                              for _ in range(n)], pa.string())))
    fields.append(pa.field("json", pa.json_()))
    arrays.append(pa.array([maybe(lambda: b"\x01\x01\x00\x00\x00" + rng.randbytes(16), null_rate)
                            for _ in range(n)], pa.binary()))
    fields.append(pa.field("geo_wkb", pa.binary(), metadata=GEO_METADATA))
    variants = [rng.choice(VARIANTS) for _ in range(n)]
    valid = [rng.random() >= null_rate for _ in range(n)]
    arrays.append(pa.StructArray.from_arrays(
        [pa.array([m for m, _ in variants], pa.binary()),
         pa.array([v for _, v in variants], pa.binary())],
        fields=[pa.field("metadata", pa.binary(), nullable=False),
                pa.field("value", pa.binary(), nullable=False)],
        mask=pa.array([not v for v in valid], pa.bool_())))
    fields.append(pa.field("variant", arrays[-1].type, metadata=VARIANT_METADATA))
    if only:
        keep = [i for i, f in enumerate(fields) if f.name in only]
        arrays, fields = [arrays[i] for i in keep], [fields[i] for i in keep]
    return pa.RecordBatch.from_arrays(arrays, schema=pa.schema(fields))


NULL_RATES = [0.25, 0.0, 1.0, 0.5]
batches = [batch(n, NULL_RATES[k % 4]) for k, n in enumerate(LENGTHS)]
schema = batches[0].schema
options = ipc.IpcWriteOptions(compression=None if compression == "NONE" else
                              {"LZ4_FRAME": "lz4", "ZSTD": "zstd"}[compression])
open_writer = ipc.new_file if fmt == "FILE" else ipc.new_stream
with open_writer(path, schema, options=options) as writer:
    for b in batches:
        writer.write_batch(b)
columns_out, unconvertible = rows(batches, schema)
print(json.dumps({"fields": describe(schema), "batches": [b.num_rows for b in batches],
                  "unconvertible": unconvertible}))
print_rows(columns_out, sum(b.num_rows for b in batches))
