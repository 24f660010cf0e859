#!/usr/bin/env python3
"""Writes samples/events.parquet: 5000 deterministic events for trying the `bridge` command line.

Run from the repository root with the project's environment:

    .venv/bin/python samples/generate_events.py            # writes samples/events.parquet
    .venv/bin/python samples/generate_events.py OUT.parquet

Rows come from a seeded random generator, so every run writes the same values. DuckDB writes the
file because it has a VARIANT type that it stores as a Parquet VARIANT group (metadata, value and,
where its writer chooses to shred, typed_value). Columns:

    event_id    UUID                      FIXED_LEN_BYTE_ARRAY(16) (UUID)
    ts          TIMESTAMP WITH TIME ZONE  INT64 (TIMESTAMP(MICROS, adjusted to UTC))
    amount      DECIMAL(12,2)             INT64 (DECIMAL(12,2))
    user        STRUCT(id, name, country) group
    tags        VARCHAR[]                 LIST of STRING
    attributes  MAP(VARCHAR, VARCHAR)     MAP of STRING to STRING
    payload     VARIANT                   VARIANT group: objects, arrays, numbers, strings, nulls
"""

import datetime
import json
import random
import sys
import uuid

import duckdb
import pyarrow as pa

ROWS = 5000
SEED = 20250611

COUNTRIES = ["DE", "FR", "US", "JP", "BR", "IN", "NG", "SE"]
NAMES = ["ada", "grace", "linus", "barbara", "ken", "margaret", "dennis", "frances", "alan"]
TAGS = ["mobile", "web", "beta", "returning", "promo", "eu", "night", "vip"]
KINDS = ["click", "purchase", "search", "error", "scalar", "list", "null"]
START = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)


def payload(rng, kind):
    """One JSON-like payload; the mix covers every Variant shape the command line renders."""
    if kind == "click":
        return {"x": rng.randint(0, 1920), "y": rng.randint(0, 1080),
                "button": rng.choice(["left", "right", "middle"])}
    if kind == "purchase":
        items = [{"sku": f"SKU-{rng.randint(1, 999):03d}", "qty": rng.randint(1, 5),
                  "price": round(rng.uniform(0.5, 300.0), 2)} for _ in range(rng.randint(1, 3))]
        return {"items": items, "coupon": rng.choice([None, "WELCOME10", "SPRING"]),
                "gift": rng.random() < 0.1}
    if kind == "search":
        return {"query": rng.choice(["parquet", "arrow ipc", "variant", "ünïcödé", "a \"quoted\" term"]),
                "results": rng.randint(0, 500), "took_ms": round(rng.uniform(0.1, 90.0), 3)}
    if kind == "error":
        return {"code": rng.choice([400, 404, 500, 503]), "message": "request failed",
                "retry": rng.random() < 0.5, "detail": None}
    if kind == "scalar":
        return rng.choice([rng.randint(-10**12, 10**12), "plain string", True, 3.25, -0.0001])
    if kind == "list":
        return [rng.randint(0, 9) for _ in range(rng.randint(0, 4))] + [rng.choice(["a", None, 1.5])]
    return None


def rows(rng):
    for i in range(ROWS):
        kind = rng.choices(KINDS, weights=[30, 15, 20, 10, 10, 10, 5])[0]
        ts = START + datetime.timedelta(microseconds=rng.randint(0, 180 * 86400 * 10**6))
        yield {
            "event_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "ts": ts,
            "amount": f"{rng.randint(-50000, 5000000) / 100:.2f}" if rng.random() > 0.05 else None,
            "user": None if rng.random() < 0.02 else {
                "id": rng.randint(1, 100000), "name": rng.choice(NAMES),
                "country": rng.choice(COUNTRIES + [None])},
            "tags": None if rng.random() < 0.05 else rng.sample(TAGS, rng.randint(0, 3)),
            "attributes": [(k, rng.choice(["1", "yes", "n/a", "é"])) for k in
                           rng.sample(["source", "campaign", "ab", "locale"], rng.randint(0, 3))],
            "payload": None if kind == "null" and rng.random() < 0.5 else json.dumps(payload(rng, kind)),
        }


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "samples/events.parquet"
    data = list(rows(random.Random(SEED)))
    staged = pa.table({
        "event_id": pa.array([r["event_id"] for r in data], pa.string()),
        "ts": pa.array([r["ts"] for r in data], pa.timestamp("us", tz="UTC")),
        "amount": pa.array([r["amount"] for r in data], pa.string()),
        "user": pa.array([r["user"] for r in data], pa.struct(
            [("id", pa.int64()), ("name", pa.string()), ("country", pa.string())])),
        "tags": pa.array([r["tags"] for r in data], pa.list_(pa.string())),
        "attributes": pa.array([r["attributes"] for r in data], pa.map_(pa.string(), pa.string())),
        "payload": pa.array([r["payload"] for r in data], pa.string()),
        "seq": pa.array(range(ROWS), pa.int32()),
    })
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.register("staged", staged)
    con.execute(f"""
        COPY (
          SELECT event_id::UUID AS event_id,
                 ts::TIMESTAMPTZ AS ts,
                 amount::DECIMAL(12, 2) AS amount,
                 "user",
                 tags,
                 attributes,
                 payload::JSON::VARIANT AS payload
          FROM staged ORDER BY seq
        ) TO '{out}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048)
    """)


if __name__ == "__main__":
    main()
