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
  reference        pyarrow's own Flight server holding the table in memory (read once at its
                   start), one DoGet: the transport and client cost with no file read

and writes a Markdown table with the machine's load average (before and after) and the targets
between the flight.py markers of benchmarks/README.md (--no-publish: print it only; a run with
--rows is never published). Targets (issue 31): one stream >= 0.8x local one thread; one stream per
endpoint >= 1.0x; filtered fetch >= 1.0x the filtered local read.
"""

import argparse
import datetime
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


def process_cpu(pid):
    """User + system CPU seconds of process pid so far (Linux /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(fn, reps, server=None):
    """(median seconds, rows, median client CPU s, median server CPU s or None) of reps runs."""
    fn()
    times, client, served = [], [], []
    for _ in range(reps):
        cpu = time.process_time()
        before = process_cpu(server.pid) if server else None
        started = time.perf_counter()
        rows = fn()
        times.append(time.perf_counter() - started)
        client.append(time.process_time() - cpu)
        after = process_cpu(server.pid) if server else None
        if before is not None and after is not None:
            served.append(after - before)
    return (statistics.median(times), rows, statistics.median(client),
            statistics.median(served) if served else None)


# A pyarrow Flight server holding the file's table in memory, in batches of the bridge's default
# size: what this machine's loopback transport and pyarrow's client cost with no file read at all.
PYARROW_SERVER = """
import sys, pyarrow as pa, pyarrow.flight as fl, pyarrow.parquet as pq
table = pq.read_table(sys.argv[1])
batches = table.to_batches(max_chunksize=8192)
class Server(fl.FlightServerBase):
    def do_get(self, context, ticket):
        return fl.RecordBatchStream(pa.Table.from_batches(batches, table.schema))
server = Server("grpc://127.0.0.1:0")
print(server.port, flush=True)
server.serve()
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=5_000_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--note", help="a remark for the README line on the machine's load")
    ap.add_argument("--no-publish", action="store_true", help="print the table only")
    args = ap.parse_args()
    started = time.time()
    load_before = os.getloadavg()
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
        rows["flight 1 stream"] = timed(lambda: fetch(one.endpoints), args.reps, server)
        rows[f"flight {len(split.endpoints)} streams"] = timed(
            lambda: fetch(split.endpoints), args.reps, server)
        rows["filtered local"] = timed(
            lambda: pq.read_table(path, filters=[("id", "<", cut)]).num_rows, args.reps)
        rows[f"filtered flight ({len(filtered.endpoints)} streams)"] = timed(
            lambda: fetch(filtered.endpoints), args.reps, server)
        reference = subprocess.Popen([sys.executable, "-c", PYARROW_SERVER, str(path)],
                                     stdout=subprocess.PIPE, text=True)
        try:
            port = int(reference.stdout.readline())
            memory = fl.connect(f"grpc://127.0.0.1:{port}")
            rows["reference: pyarrow's Flight server, table in memory, 1 stream"] = timed(
                lambda: memory.do_get(fl.Ticket(b"all")).read_all().num_rows, args.reps, reference)
        finally:
            reference.terminate()
            reference.wait(timeout=60)
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
    if code not in (0, 128 + signal.SIGTERM):  # the JVM exits 143 after running its shutdown hooks
        sys.exit(f"bridge serve exited with {code} after SIGTERM")
    load = os.getloadavg()
    text = section(rows, path, args, load_before, load, time.time() - started)
    print(text)
    if not args.no_publish and args.rows == 5_000_000:
        peers.publish(text, peers.README, BEGIN, END)
        print(f"published into {peers.README}")


BEGIN = "<!-- flight.py:begin (generated by benchmarks/flight.py; edits inside are overwritten) -->"
END = "<!-- flight.py:end -->"


def section(rows, path, args, before, after, seconds):
    """The README section: run line, machine, the times and the issue's targets."""
    m = peers.machine()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = "`.venv/bin/python benchmarks/flight.py" + (f" --note {args.note}" if args.note else "") + "`"
    load = (f"Load average (1, 5, 15 min) before the run {before[0]:.1f}, {before[1]:.1f}, {before[2]:.1f}, "
            f"after it {after[0]:.1f}, {after[1]:.1f}, {after[2]:.1f}" + (f" — {args.note}." if args.note else "."))
    base = rows["local 1 thread"][0]
    fbase = rows["filtered local"][0]
    lines = [BEGIN, "",
             f"Run on {now} at commit {peers.git_commit()}: {command} ({seconds / 60:.1f} minutes).", "",
             f"Machine: {m['cores']} cores, {m['os']}, {m['java']}; Python {m['python']}, pyarrow {m['pyarrow']}. {load}", "",
             f"{path.name}: {path.stat().st_size / 1e6:.0f} MB; seconds are the median of {args.reps} runs after a warm-up; "
             "the server ran with its default threads and stopped cleanly on SIGTERM.", "",
             "Client CPU is this Python process's CPU time during a fetch or read (pyarrow's client and "
             "reader); server CPU the serving process's (user + system, from /proc), both medians. "
             "The reference row serves the table pyarrow read once at its start, in batches of 8,192 rows "
             "(the bridge's default), so it reads no file: it shows what the loopback transport and "
             "pyarrow's Flight client cost on this machine.", "",
             "| read | rows | seconds (median) | vs local 1 thread | vs filtered local | client CPU s | server CPU s |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for label, (secs, n, client, served) in rows.items():
        filtered = f"{fbase / secs:.2f}x" if label.startswith("filtered") else ""
        server_cpu = f"{served:.2f}" if served is not None else ""
        lines.append(f"| {label} | {n:,} | {secs:.3f} | {base / secs:.2f}x | {filtered} | {client:.2f} | {server_cpu} |")
    one = next(v for k, v in rows.items() if k == "flight 1 stream")[0]
    split = next(v for k, v in rows.items() if k.startswith("flight ") and k.endswith(" streams"))[0]
    filt = next(v for k, v in rows.items() if k.startswith("filtered flight"))[0]
    targets = [("one stream vs local read_table, 1 thread", base / one, 0.8),
               ("one stream per endpoint vs local read_table, 1 thread", base / split, 1.0),
               ("filtered fetch vs filtered local read", fbase / filt, 1.0)]
    lines += ["", "Targets of issue 31 (local median ÷ Flight median; at least the target to pass):", "",
              "| target | measured | at least | met |", "|---|--:|--:|:-:|"]
    for label, ratio, goal in targets:
        lines.append(f"| {label} | {ratio:.2f}x | {goal:.1f}x | {'yes' if ratio >= goal else 'no'} |")
    ref = next((v for k, v in rows.items() if k.startswith("reference")), None)
    if ref:
        lines += ["", f"For scale: pyarrow's own Flight server, serving the table from memory, reached "
                      f"{base / ref[0]:.2f}x the local read with one thread in this run."]
    lines += ["", END]
    return "\n".join(lines)

if __name__ == "__main__":
    main()
