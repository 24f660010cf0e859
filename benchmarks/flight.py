"""The flat file fetched through `bridge serve` (Arrow Flight, loopback) by pyarrow's Flight client,
against pyarrow reading the same file locally (issue 31's benchmark).

    .venv/bin/python benchmarks/flight.py               # the flat 5M-row file of peers.py
    .venv/bin/python benchmarks/flight.py --rows 200000 # a quick look

Starts `./bridge serve DATA --port 0` (the server with its default threads) on the directory
peers.py writes its files to, and times, each the median of --reps runs after one warm-up:

  local 1 thread   pq.read_table(path, use_threads=False)
  local threads    pq.read_table(path)
  flight 1 stream  one endpoint (split_bytes larger than the file), one DoGet
  flight parallel  one DoGet per endpoint (default split_bytes, 128 MiB), a thread each
  filtered local   pq.read_table(path, filters=[("id", "<", N/10)])
  filtered flight  where "id < N/10", one DoGet per endpoint

and prints a Markdown table with the machine's load average. Targets (issue 31): one stream >= 0.8x
local one thread; one stream per endpoint >= 1.0x; filtered fetch >= 1.0x the filtered local read.
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pyarrow.flight as fl
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
import export  # noqa: E402  (ensure_flat: the flat file of peers.py)
import peers  # noqa: E402


def timed(fn, reps):
    fn()
    times = []
    for _ in range(reps):
        started = time.perf_counter()
        rows = fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times), rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=5_000_000)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    path = export.ensure_flat(args.rows)
    name = path.name
    server = subprocess.Popen(
        [str(peers.ROOT / "bridge"), "serve", str(peers.DATA), "--port", "0"],
        stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline().strip()
        if not line.startswith("listening on "):
            sys.exit(f"bridge serve did not start: {line!r}")
        uri = line[len("listening on "):]
        client = fl.connect(uri)

        def info(**kw):
            return client.get_flight_info(fl.FlightDescriptor.for_command(json.dumps({"path": name, **kw})))

        def fetch(endpoints):
            if len(endpoints) == 1:
                return client.do_get(endpoints[0].ticket).read_all().num_rows
            with ThreadPoolExecutor(len(endpoints)) as pool:
                return sum(pool.map(lambda e: fl.connect(uri).do_get(e.ticket).read_all().num_rows, endpoints))

        cut = args.rows // 10
        one = info(split_bytes=1 << 62)
        split = info()
        filtered = info(where=f"id < {cut}")
        rows = {}
        rows["local 1 thread"] = timed(lambda: pq.read_table(path, use_threads=False).num_rows, args.reps)
        rows["local threads"] = timed(lambda: pq.read_table(path).num_rows, args.reps)
        rows["flight 1 stream"] = timed(lambda: fetch(one.endpoints), args.reps)
        rows[f"flight {len(split.endpoints)} streams"] = timed(lambda: fetch(split.endpoints), args.reps)
        rows["filtered local"] = timed(
            lambda: pq.read_table(path, filters=[("id", "<", cut)]).num_rows, args.reps)
        rows[f"filtered flight ({len(filtered.endpoints)} streams)"] = timed(
            lambda: fetch(filtered.endpoints), args.reps)
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
    load = os.getloadavg()
    print(f"\n{name}: {path.stat().st_size / 1e6:.0f} MB; load average {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f} on {os.cpu_count()} cores; server stopped by SIGTERM with exit {code}\n")
    base = rows["local 1 thread"][0]
    fbase = rows["filtered local"][0]
    print("| read | rows | seconds (median) | vs local 1 thread | vs filtered local |")
    print("|---|---:|---:|---:|---:|")
    for label, (seconds, n) in rows.items():
        print(f"| {label} | {n:,} | {seconds:.3f} | {base / seconds:.2f}x | "
              f"{(f'{fbase / seconds:.2f}x' if label.startswith('filtered') else '')} |")


if __name__ == "__main__":
    main()
