# Arrow values in the canonical JSON form that CanonicalJson.java documents, so that Java and
# pyarrow can compare what they hold line by line. Prepended to the scripts that use it.
import json
import math
import struct

import pyarrow as pa


class Unconvertible(Exception):
    pass


def float_bits(x):
    if x is None:
        return None
    if math.isnan(x):
        return "nan"
    return struct.pack(">d", x).hex()


def per_row(arr, convert):
    return [None if not arr[i].is_valid else convert(arr[i]) for i in range(len(arr))]


def canon(arr):
    t = arr.type
    if isinstance(t, pa.BaseExtensionType):
        if t.extension_name == "arrow.uuid":
            return [None if u is None else str(u) for u in arr.to_pylist()]
        if t.extension_name == "arrow.json":
            return arr.to_pylist()
        return canon(arr.storage)
    if pa.types.is_dictionary(t):
        return canon(arr.dictionary_decode())
    if pa.types.is_null(t):
        return [None] * len(arr)
    if pa.types.is_interval(t) and t != pa.month_day_nano_interval():
        raise Unconvertible(str(t))
    if t == pa.month_day_nano_interval():
        return [None if v is None else [v.months, v.days, v.nanoseconds] for v in arr.to_pylist()]
    if pa.types.is_floating(t):
        return [float_bits(x) for x in arr.to_pylist()]
    if pa.types.is_decimal(t):
        return [None if d is None else format(d, "f") for d in arr.to_pylist()]
    if pa.types.is_date32(t) or pa.types.is_time32(t):
        return arr.cast(pa.int32()).to_pylist()
    if pa.types.is_temporal(t):
        return arr.cast(pa.int64()).to_pylist()
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return [None if b is None else b.hex() for b in arr.to_pylist()]
    if pa.types.is_map(t):
        def entries(scalar):
            kv = scalar.values
            return [list(p) for p in zip(canon(kv.field(0)), canon(kv.field(1)))]
        return per_row(arr, entries)
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)
            or pa.types.is_list_view(t) or pa.types.is_large_list_view(t)):
        return per_row(arr, lambda scalar: canon(scalar.values))
    if pa.types.is_struct(t):
        children = {t.field(k).name: canon(arr.field(k)) for k in range(t.num_fields)}
        return [None if not arr[i].is_valid else {n: c[i] for n, c in children.items()}
                for i in range(len(arr))]
    return arr.to_pylist()


def rows(batches, schema):
    """Canonical values by column over all batches, and the columns pyarrow cannot convert."""
    columns, unconvertible = {}, []
    for f in schema:
        try:
            columns[f.name] = [v for b in batches for v in canon(b.column(f.name))]
        except (Unconvertible, KeyError):
            # KeyError: pyarrow has no Python array class for the type id.
            unconvertible.append(f.name)
    return columns, unconvertible


def describe(schema):
    return [{"name": f.name, "type": str(f.type), "nullable": f.nullable,
             "metadata": {k.decode(): v.decode() for k, v in (f.metadata or {}).items()}}
            for f in schema]


def print_rows(columns, count):
    for i in range(count):
        print(json.dumps({name: values[i] for name, values in columns.items()}))
