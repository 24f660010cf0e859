# A seeded corpus of Parquet files written by pyarrow, for PyarrowCorpusTest.
#
# Run after PyRender.PRELUDE (which defines dump). argv: output directory, seed.
# For each file F it writes F (the Parquet file) and F.jsonl (what pyarrow reads back from F, one
# canonical JSON line per row), and prints one JSON line describing F to standard output:
#   {"file": ..., "title": ..., "rows": ..., "v2": bool, "expect": {column: encoding},
#    "fallback": [columns whose chunks must hold dictionary and plain data pages]}
# "expect" names, per column, an encoding its data pages must use (files of 40 rows or more that
# are not all null): the test checks the corpus holds what its titles say, so that a change in
# pyarrow cannot quietly shrink it.
#
# The matrix: 48 flat files (8 encodings: dictionary, PLAIN, dictionary falling back to PLAIN,
# DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT, RLE booleans;
# each file holds every flat type its encoding applies to, up to 35 columns) and 36 nested files
# (6 encodings; lists, structs, maps, to depth 3, 15 leaf columns), each encoding crossed with
# data page version (1.0, 2.0) x null ratio (0, 50, 100 %): 84 files of 0 to 2500 rows. The codec,
# row-group size, page size, checksums, decimal storage, INT96 timestamps (dictionary, PLAIN and
# fallback files) and ARROW:schema storage rotate over the
# files so that every encoding meets every codec and several row-group and page shapes.

import contextlib, os, random

OUT = sys.argv[1]
SEED = int(sys.argv[2])

# --- values -------------------------------------------------------------------------------------

def ints(lo, hi):
    edges = [lo, hi, 0, -1 if lo < 0 else 1, lo + 1, hi - 1]
    return lambda r: r.choice(edges) if r.random() < 0.05 else r.randint(lo, hi)

def floats(edges, lo, hi):
    return lambda r: r.choice(edges) if r.random() < 0.1 else r.uniform(lo, hi)

F32_EDGES = [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 3.4028234663852886e38,
             1.401298464324817e-45, -1.1754943508222875e-38]
F64_EDGES = [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 1.7976931348623157e308,
             5e-324, -2.2250738585072014e-308]
F16_EDGES = [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 65504.0, -65504.0,
             5.960464477539063e-08]

def text(r):
    k = r.random()
    if k < 0.05:
        return r.choice(['', 'a', 'héllo wörld', '😀 emoji', '\u0000nul', 'x' * 300])
    if k < 0.6:
        return 'user/%05d/%s' % (r.randrange(100000), 'abc'[: r.randrange(4)])
    return ''.join(chr(r.randrange(32, 0x2FF)) for _ in range(r.randrange(12)))

def blob(r):
    if r.random() < 0.05:
        return r.choice([b'', b'\x00', b'\xff' * 64])
    return bytes(r.randrange(256) for _ in range(r.randrange(16)))

def decimals(p, s):
    top = 10 ** p - 1
    def gen(r):
        v = r.choice([top, -top, 0, 1, -1]) if r.random() < 0.1 else r.randint(-top, top)
        return decimal.Decimal(v).scaleb(-s, decimal.Context(prec=100))
    return gen

def cast_from(storage):
    return lambda values, t: pa.array(values, storage).cast(t)

# (name, arrow type, Parquet physical type when decimals are stored as bytes, generator,
#  builder). The physical type decides which encodings apply.
FLAT = [
    ('i8', pa.int8(), 'INT32', ints(-2**7, 2**7 - 1), None),
    ('i16', pa.int16(), 'INT32', ints(-2**15, 2**15 - 1), None),
    ('i32', pa.int32(), 'INT32', ints(-2**31, 2**31 - 1), None),
    ('i64', pa.int64(), 'INT64', ints(-2**63, 2**63 - 1), None),
    ('u8', pa.uint8(), 'INT32', ints(0, 2**8 - 1), None),
    ('u16', pa.uint16(), 'INT32', ints(0, 2**16 - 1), None),
    ('u32', pa.uint32(), 'INT32', ints(0, 2**32 - 1), None),
    ('u64', pa.uint64(), 'INT64', ints(0, 2**64 - 1), None),
    ('f16', pa.float16(), 'FIXED_LEN_BYTE_ARRAY', floats(F16_EDGES, -1000, 1000), cast_from(pa.float32())),
    ('f32', pa.float32(), 'FLOAT', floats(F32_EDGES, -1e6, 1e6), None),
    ('f64', pa.float64(), 'DOUBLE', floats(F64_EDGES, -1e12, 1e12), None),
    ('b', pa.bool_(), 'BOOLEAN', lambda r: r.random() < 0.5, None),
    ('s', pa.string(), 'BYTE_ARRAY', text, None),
    ('ls', pa.large_string(), 'BYTE_ARRAY', text, None),
    ('bin', pa.binary(), 'BYTE_ARRAY', blob, None),
    ('lbin', pa.large_binary(), 'BYTE_ARRAY', blob, None),
    ('fsb', pa.binary(5), 'FIXED_LEN_BYTE_ARRAY', lambda r: bytes(r.randrange(256) for _ in range(5)), None),
    ('date', pa.date32(), 'INT32', ints(-2**31, 2**31 - 1), cast_from(pa.int32())),
    ('t32s', pa.time32('s'), 'INT32', ints(0, 86399), cast_from(pa.int32())),
    ('t32ms', pa.time32('ms'), 'INT32', ints(0, 86399999), cast_from(pa.int32())),
    ('t64us', pa.time64('us'), 'INT64', ints(0, 86399999999), cast_from(pa.int64())),
    ('t64ns', pa.time64('ns'), 'INT64', ints(0, 86399999999999), cast_from(pa.int64())),
    ('ts_s', pa.timestamp('s'), 'INT64', ints(-2**33, 2**33), cast_from(pa.int64())),
    ('ts_ms', pa.timestamp('ms'), 'INT64', ints(-2**43, 2**43), cast_from(pa.int64())),
    ('ts_us', pa.timestamp('us'), 'INT64', ints(-2**53, 2**53), cast_from(pa.int64())),
    ('ts_ns', pa.timestamp('ns'), 'INT64', ints(-2**63 + 1, 2**63 - 1), cast_from(pa.int64())),
    ('tz_s', pa.timestamp('s', 'UTC'), 'INT64', ints(-2**33, 2**33), cast_from(pa.int64())),
    ('tz_ms', pa.timestamp('ms', 'Europe/Paris'), 'INT64', ints(-2**43, 2**43), cast_from(pa.int64())),
    ('tz_us', pa.timestamp('us', '+05:30'), 'INT64', ints(-2**53, 2**53), cast_from(pa.int64())),
    ('tz_ns', pa.timestamp('ns', 'America/New_York'), 'INT64', ints(-2**63 + 1, 2**63 - 1), cast_from(pa.int64())),
    ('dec5', pa.decimal128(5, 2), 'FIXED_LEN_BYTE_ARRAY', decimals(5, 2), None),
    ('dec18', pa.decimal128(18, 4), 'FIXED_LEN_BYTE_ARRAY', decimals(18, 4), None),
    ('dec38', pa.decimal128(38, 10), 'FIXED_LEN_BYTE_ARRAY', decimals(38, 10), None),
    ('dec50', pa.decimal256(50, 5), 'FIXED_LEN_BYTE_ARRAY', decimals(50, 5), None),
    ('dict', pa.dictionary(pa.int32(), pa.string()), 'BYTE_ARRAY', text,
     lambda values, t: pa.array(values, pa.string()).dictionary_encode()),
]

def physical(name, typ, phys, decimals_as_integer):
    if decimals_as_integer and pa.types.is_decimal(typ):
        if typ.precision <= 9:
            return 'INT32'
        if typ.precision <= 18:
            return 'INT64'
    return phys

def flat_column(r, spec, n, null_ratio, pool):
    name, typ, _, gen, build = spec
    if pool:
        # Few distinct values, so that dictionaries stay dictionaries.
        choices = [gen(r) for _ in range(pool)]
        values = [r.choice(choices) for _ in range(n)]
    else:
        values = [gen(r) for _ in range(n)]
    values = [None if r.random() < null_ratio else v for v in values]
    if null_ratio >= 1:
        values = [None] * n
    return build(values, typ) if build else pa.array(values, typ)

# --- nested values ------------------------------------------------------------------------------

NESTED = [
    ('li', pa.list_(pa.int32())),
    ('lls', pa.list_(pa.list_(pa.string()))),
    ('st', pa.struct([('a', pa.int64()), ('b', pa.list_(pa.string()))])),
    ('m', pa.map_(pa.string(), pa.int64())),
    ('d3', pa.list_(pa.struct([('k', pa.string()), ('v', pa.list_(pa.float64()))]))),
    ('lll', pa.list_(pa.list_(pa.list_(pa.int64())))),
    ('ss', pa.struct([('s', pa.struct([('x', pa.float32()), ('l', pa.list_(pa.int32()))]))])),
    # structs whose first child is a list: their slots come from levels with lists below them
    ('sl', pa.struct([('l', pa.list_(pa.int32())), ('k', pa.string())])),
    ('ls', pa.list_(pa.struct([('l', pa.list_(pa.string())), ('x', pa.int64())]))),
]

def nested_value(r, t, p):
    """A value of type t; None with probability p at this and every level below."""
    if r.random() < p:
        return None
    if pa.types.is_map(t):
        return [('k%d' % r.randrange(50), nested_value(r, t.item_type, p))
                for _ in range(r.randrange(5))]
    if pa.types.is_list(t):
        return [nested_value(r, t.value_type, p) for _ in range(r.randrange(5))]
    if pa.types.is_struct(t):
        return {f.name: nested_value(r, f.type, p) for f in t}
    if pa.types.is_int32(t):
        return r.randint(-2**31, 2**31 - 1) if r.random() < 0.1 else r.randint(-1000, 1000)
    if pa.types.is_int64(t):
        return r.randint(-2**63, 2**63 - 1) if r.random() < 0.1 else r.randint(-1000, 1000)
    if pa.types.is_floating(t):
        return r.choice(F32_EDGES) if r.random() < 0.1 else r.uniform(-1e3, 1e3)
    return text(r)

def nested_leaves(t, path):
    """(dotted Parquet path, leaf arrow type) for every leaf, as pyarrow names them."""
    if pa.types.is_map(t):
        return [(path + '.key_value.key', t.key_type)] + nested_leaves(t.item_type, path + '.key_value.value')
    if pa.types.is_list(t):
        return nested_leaves(t.value_type, path + '.list.element')
    if pa.types.is_struct(t):
        return [leaf for f in t for leaf in nested_leaves(f.type, path + '.' + f.name)]
    return [(path, t)]

# --- encodings ----------------------------------------------------------------------------------

DELTA_INT = {'INT32', 'INT64'}
BYTES = {'BYTE_ARRAY'}
BSS = {'FLOAT', 'DOUBLE', 'INT32', 'INT64', 'FIXED_LEN_BYTE_ARRAY'}

# name: (title, the physical types it applies to; None: every column)
ENCODINGS = {
    'dictionary': ('dictionary', None),
    'plain': ('PLAIN', None),
    'fallback': ('dictionary falling back to PLAIN', None),
    'delta_binary_packed': ('DELTA_BINARY_PACKED', DELTA_INT),
    'delta_length_byte_array': ('DELTA_LENGTH_BYTE_ARRAY', BYTES),
    'delta_byte_array': ('DELTA_BYTE_ARRAY', BYTES | {'FIXED_LEN_BYTE_ARRAY'}),
    'byte_stream_split': ('BYTE_STREAM_SPLIT', BSS),
    'rle_boolean': ('RLE booleans', {'BOOLEAN'}),
}
DATA_ENCODING = {
    'dictionary': 'RLE_DICTIONARY',
    'plain': 'PLAIN',
    'fallback': 'PLAIN',
    'delta_binary_packed': 'DELTA_BINARY_PACKED',
    'delta_length_byte_array': 'DELTA_LENGTH_BYTE_ARRAY',
    'delta_byte_array': 'DELTA_BYTE_ARRAY',
    'byte_stream_split': 'BYTE_STREAM_SPLIT',
    'rle_boolean': 'RLE',
}

def encoding_options(encoding, leaves, version):
    """write_table options for encoding, given [(parquet path, physical type)]; and, per column it
    applies to, the encoding its data pages must use."""
    if encoding == 'dictionary':
        cols = [p for p, phys in leaves if phys != 'BOOLEAN']
        return {'use_dictionary': True}, {p: 'RLE_DICTIONARY' for p in cols}
    if encoding == 'plain':
        # Booleans in v2 data pages are RLE unless asked otherwise.
        return {'use_dictionary': False}, {
            p: 'RLE' if phys == 'BOOLEAN' and version == '2.0' else 'PLAIN' for p, phys in leaves}
    if encoding == 'fallback':
        cols = [p for p, phys in leaves if phys != 'BOOLEAN']
        return ({'use_dictionary': True, 'dictionary_pagesize_limit': 64},
                {p: 'PLAIN' for p in cols})
    applies = ENCODINGS[encoding][1]
    cols = [p for p, phys in leaves if phys in applies]
    expect = {p: DATA_ENCODING[encoding] for p in cols}
    if encoding == 'byte_stream_split':
        return {'use_dictionary': False, 'use_byte_stream_split': cols}, expect
    return {'use_dictionary': False, 'column_encoding': expect}, expect

# --- the matrix ---------------------------------------------------------------------------------

CODECS = ['snappy', 'zstd', 'gzip', 'none']
NULLS = [0.0, 0.5, 1.0]
PAGE_VERSIONS = ['1.0', '2.0']
# (rows, row_group_size); fallback files need chunks big enough to overflow a dictionary.
SHAPES = [(1000, 1000), (300, 7), (40, 1), (2500, 1000), (1234, 333), (1, 1), (0, None)]
BIG_SHAPES = [(1000, 1000), (2500, 1000), (1234, 333)]
# (title, options) for pages: small byte limits and row caps make chunks of many pages.
PAGES = [
    ('default pages', {}),
    ('pages of 256 B', {'data_page_size': 256, 'write_batch_size': 16}),
    ('pages of at most 7 rows', {'max_rows_per_page': 7, 'write_batch_size': 7}),
    ('pages of 1 kB', {'data_page_size': 1024, 'write_batch_size': 100}),
]

def write(name, table, title, options, expect, fallback):
    path = os.path.join(OUT, name)
    pq.write_table(table, path, **options)
    written = pq.read_table(path)
    with open(path + '.jsonl', 'w') as out, contextlib.redirect_stdout(out):
        dump(written)
    print(json.dumps({'file': name, 'title': title, 'rows': table.num_rows,
                      'v2': options['data_page_version'] == '2.0', 'expect': expect,
                      'fallback': fallback}), file=sys.__stdout__)

def common_options(i, encoding, shape):
    rows, rg = shape
    page_title, page_opts = PAGES[(i + i // len(CODECS)) % len(PAGES)]
    codec = CODECS[i % len(CODECS)]
    opts = {'compression': codec, **page_opts}
    if encoding == 'fallback':
        # The writer checks the dictionary's size after each write batch: small batches make it
        # fall back part-way through a chunk.
        opts['write_batch_size'] = min(opts.get('write_batch_size', 50), 50)
    if rg:
        opts['row_group_size'] = rg
    parts = [codec, ('1 row' if rows == 1 else '%d rows' % rows), ('row groups of %d' % rg) if rg else 'no row group',
             page_title]
    if i % 3 == 0:
        opts['write_page_checksum'] = True
        parts.append('page checksums')
    if i % 5 == 4:
        opts['store_schema'] = False
        parts.append('no ARROW:schema')
    return opts, parts

def flat_file(i, r, encoding, version, nulls):
    shapes = BIG_SHAPES if encoding == 'fallback' else SHAPES
    shape = shapes[i % len(shapes)]
    rows = shape[0]
    as_integer = i % 2 == 1
    specs = [s for s in FLAT
             if ENCODINGS[encoding][1] is None
             or physical(s[0], s[1], s[2], as_integer) in ENCODINGS[encoding][1]]
    if encoding not in ('dictionary', 'plain', 'fallback'):
        specs = [s for s in specs if s[0] != 'dict']
    pool = 12 if encoding == 'dictionary' else None
    required = nulls == 0 and i % 2 == 0
    fields = [pa.field(s[0], s[1], nullable=not required) for s in specs]
    table = pa.Table.from_arrays([flat_column(r, s, rows, nulls, pool) for s in specs],
                                 schema=pa.schema(fields))
    leaves = [(s[0], physical(s[0], s[1], s[2], as_integer)) for s in specs]
    enc_opts, cols = encoding_options(encoding, leaves, version)
    if encoding == 'fallback':
        cols.pop('dict', None)  # an Arrow dictionary is written as it is, whatever the limit
    opts, parts = common_options(i, encoding, shape)
    opts.update(enc_opts)
    opts['data_page_version'] = version
    opts['store_decimal_as_integer'] = as_integer
    int96 = encoding in ('dictionary', 'plain', 'fallback') and i % 4 == 1
    if int96:
        opts['use_deprecated_int96_timestamps'] = True
        parts.append('INT96 timestamps')
    title = ', '.join(['%d flat column%s' % (len(specs), '' if len(specs) == 1 else 's'),
                       ENCODINGS[encoding][0],
                       'data page v' + version, '%d%% nulls' % int(nulls * 100)]
                      + (['required'] if required else [])
                      + (['decimals as integers'] if as_integer else []) + parts)
    expect = {} if nulls >= 1 or rows < 40 else cols
    fallback = [c for c in cols if c not in ('b', 'dict')] if encoding == 'fallback' and nulls < 1 else []
    write('flat-%03d.parquet' % i, table, title, opts, expect, fallback)

def nested_file(i, r, encoding, version, nulls):
    shape = SHAPES[i % len(SHAPES)]
    if encoding == 'fallback':
        shape = BIG_SHAPES[i % len(BIG_SHAPES)]
    rows = shape[0]
    # The 50 % file puts a quarter of nulls at every level, so that values remain below three
    # levels of lists; the 100 % file makes every top-level value null.
    p = {0.0: 0.0, 0.5: 0.25, 1.0: 1.0}[nulls]
    cols = {}
    for name, t in NESTED:
        cols[name] = pa.array([nested_value(r, t, p) for _ in range(rows)], t)
    table = pa.table(cols)
    phys = {pa.int32(): 'INT32', pa.int64(): 'INT64', pa.float32(): 'FLOAT',
            pa.float64(): 'DOUBLE', pa.string(): 'BYTE_ARRAY'}
    leaves = [(path, phys[t]) for name, t in NESTED for path, t in nested_leaves(t, name)]
    enc_opts, enc_cols = encoding_options(encoding, leaves, version)
    opts, parts = common_options(i, encoding, shape)
    opts.update(enc_opts)
    opts['data_page_version'] = version
    null_title = {0.0: 'no nulls', 0.5: 'a quarter null at every level',
                  1.0: 'every row null'}[nulls]
    title = ', '.join(['nested lists, structs and maps to depth 3', ENCODINGS[encoding][0],
                       'data page v' + version, null_title] + parts)
    expect = {} if nulls >= 1 or rows < 40 else enc_cols
    fallback = [c for c in enc_cols if 'key' not in c] if encoding == 'fallback' and nulls < 1 else []
    write('nested-%03d.parquet' % i, table, title, opts, expect, fallback)

FLAT_ENCODINGS = ['dictionary', 'plain', 'fallback', 'delta_binary_packed',
                  'delta_length_byte_array', 'delta_byte_array', 'byte_stream_split', 'rle_boolean']
NESTED_ENCODINGS = ['dictionary', 'plain', 'fallback', 'delta_binary_packed',
                    'delta_length_byte_array', 'byte_stream_split']

i = 0
for encoding in FLAT_ENCODINGS:
    for version in PAGE_VERSIONS:
        for nulls in NULLS:
            flat_file(i, random.Random(SEED * 1000 + i), encoding, version, nulls)
            i += 1
for encoding in NESTED_ENCODINGS:
    for version in PAGE_VERSIONS:
        for nulls in NULLS:
            nested_file(i, random.Random(SEED * 1000 + i), encoding, version, nulls)
            i += 1
