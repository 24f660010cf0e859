#!/usr/bin/env python3
"""Times `bridge export` of the flat benchmark file end to end, beside a pyarrow script doing the same.

Run from the repository root with the project's environment:

    .venv/bin/python benchmarks/export.py                # 5M-row flat file, 5 runs of each
    .venv/bin/python benchmarks/export.py --quick        # 200,000 rows, 3 runs of each

What it does:

 1. Writes the flat file of benchmarks/peers.py (the same generator, name and sidecar, so the two
    scripts share benchmarks/target/data/) unless it is there: N rows, 8 columns, pyarrow, snappy.
 2. Builds the command line if `./bridge` finds it stale (outside the timings).
 3. Runs, alternating, --reps times each, every one a fresh process timed from the outside (wall
    time, and CPU time of the process and its children), the output file removed before each run:
      bridge            ./bridge export FLAT OUT, as README says to run it (the jar and its
                        class-data-sharing archive, cli/target/bridge.jsa, when the build made one)
      bridge, JDK CDS   the same with the JDK's own default archive instead of the build's
                        (BRIDGE_JAVA_OPTS=-XX:SharedArchiveFile=JAVA_HOME/lib/server/classes.jsa):
                        the launcher as it was before it used the build's archive
      pyarrow 1 thread  python: ParquetFile.iter_batches(65,536 rows, use_threads=False) into
                        pyarrow.ipc.new_file, interpreter start and imports included
      pyarrow threads   the same with use_threads=True
    --java-opts adds JVM options to every bridge run (e.g. -Xmx256m).
 4. Checks once that the bridge's file holds the same table as pyarrow's, then prints the medians,
    bridge ÷ pyarrow ratios, and the load average before and after; the raw times go to
    benchmarks/target/export/results.json. benchmarks/README.md is left alone.
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peers  # noqa: E402  (the data generator and file names are peers.py's)

ROOT = peers.ROOT
OUT = peers.TARGET / "export"
BATCH_ROWS = 65_536

PYARROW_EXPORT = """
import sys, pyarrow.parquet as pq, pyarrow.ipc as ipc
src, dst, threads = sys.argv[1], sys.argv[2], sys.argv[3] == "threads"
f = pq.ParquetFile(src)
with ipc.new_file(dst, f.schema_arrow) as w:
    for b in f.iter_batches(batch_size=%d, use_threads=threads):
        w.write_batch(b)
""" % BATCH_ROWS


def ensure_flat(rows):
    """The flat file of peers.py with `rows` rows, written as peers.py writes it unless present."""
    peers.DATA.mkdir(parents=True, exist_ok=True)
    path = peers.DATA / f"flat-{rows}.parquet"
    params = {
        "shape": "flat",
        "rows": rows,
        "generator": peers.GENERATOR_VERSION,
        "seed": peers.SEED,
        "writer": f"pyarrow {pa.__version__}",
    }
    sidecar = path.with_suffix(".json")
    if path.exists() and sidecar.exists() and json.loads(sidecar.read_text()) == params:
        print(f"  {path.name}: present")
    else:
        started = time.perf_counter()
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        peers.write_with_pyarrow(str(partial), rows, peers.flat_chunk)
        partial.replace(path)
        sidecar.write_text(json.dumps(params, indent=2) + "\n")
        print(f"  {path.name}: written in {time.perf_counter() - started:.1f} s")
    return path


def jdk_archive():
    """The default class-data-sharing archive of the `java` on PATH (the one ./bridge runs)."""
    settings = subprocess.run(["java", "-XshowSettings:properties", "-version"], capture_output=True, text=True).stderr
    home = next(line.split("=", 1)[1].strip() for line in settings.splitlines() if line.strip().startswith("java.home ="))
    return str(Path(home) / "lib" / "server" / "classes.jsa")


def timed(command, env, out):
    """Wall and CPU seconds (user + system, children included) of one run of `command`."""
    out.unlink(missing_ok=True)
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    after = os.times()
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, help="rows of the flat file (default 5,000,000; 200,000 with --quick)")
    parser.add_argument("--quick", action="store_true", help="a small file and 3 runs of each")
    parser.add_argument("--reps", type=int, help="runs of each (default 5; 3 with --quick)")
    parser.add_argument("--java-opts", default="", help="JVM options added to every bridge run (BRIDGE_JAVA_OPTS)")
    args = parser.parse_args()
    rows = args.rows or (200_000 if args.quick else 5_000_000)
    reps = args.reps or (3 if args.quick else 5)

    print(f"data file ({rows:,} rows)")
    flat = ensure_flat(rows)
    OUT.mkdir(parents=True, exist_ok=True)
    ours, theirs = OUT / "bridge.arrow", OUT / "pyarrow.arrow"
    bridge = [str(ROOT / "bridge")]
    base_env = {k: v for k, v in os.environ.items() if k not in ("BRIDGE_JAVA_OPTS", "BRIDGE_SKIP_BUILD")}
    print("building the command line if it is stale")
    subprocess.run(bridge + ["--version"], env=base_env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    java_opts = args.java_opts.strip()
    runs = {
        "bridge": (bridge + ["export", str(flat), str(ours)], {**base_env, "BRIDGE_JAVA_OPTS": java_opts}, ours),
        "bridge, JDK CDS": (
            bridge + ["export", str(flat), str(ours)],
            {**base_env, "BRIDGE_JAVA_OPTS": (java_opts + " -XX:SharedArchiveFile=" + jdk_archive()).strip()},
            ours,
        ),
        "pyarrow 1 thread": ([sys.executable, "-c", PYARROW_EXPORT, str(flat), str(theirs), "one"], base_env, theirs),
        "pyarrow threads": ([sys.executable, "-c", PYARROW_EXPORT, str(flat), str(theirs), "threads"], base_env, theirs),
    }
    load_before = os.getloadavg()
    times = {name: [] for name in runs}
    for rep in range(reps):
        for name, (command, env, out) in runs.items():
            times[name].append(timed(command, env, out))
        print(f"  run {rep + 1} of {reps} done, load {os.getloadavg()[0]:.2f}")
    load_after = os.getloadavg()

    same = ipc.open_file(ours).read_all().equals(ipc.open_file(theirs).read_all())
    median = {name: statistics.median(w for w, _ in t) for name, t in times.items()}
    print()
    print(f"export of {flat.name} ({flat.stat().st_size / 1e6:.0f} MB) to an Arrow IPC file, {reps} runs each")
    print(f"{'':18} {'wall s':>8} {'min':>6} {'max':>6} {'cpu s':>7} {'÷ pyarrow 1t':>13}")
    for name, t in times.items():
        walls = [w for w, _ in t]
        cpu = statistics.median(c for _, c in t)
        ratio = median[name] / median["pyarrow 1 thread"]
        print(f"{name:18} {median[name]:8.2f} {min(walls):6.2f} {max(walls):6.2f} {cpu:7.2f} {ratio:13.2f}")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f}")
    print("the bridge's file holds the same table as pyarrow's" if same else "TABLES DIFFER")
    (OUT / "results.json").write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                "commit": peers.git_commit(),
                "file": str(flat),
                "bytes": flat.stat().st_size,
                "java_opts": java_opts,
                "load_before": load_before,
                "load_after": load_after,
                "same_table": same,
                "runs": {name: [{"wall": w, "cpu": c} for w, c in t] for name, t in times.items()},
            },
            indent=2,
        )
        + "\n"
    )
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
