#!/usr/bin/env bash
# Makes cli/target/bridge.jsa, the class-data-sharing archive that ./bridge hands the JVM so that
# the classes of the command line (picocli, Arrow, parquet-java, Hadoop, Jackson) start already
# parsed and verified instead of being read out of the 40 MB jar on every run.
#
# Run by the cli module's build in the package phase, right after the shaded jar is made (cli/pom.xml,
# execution "cds-archive"); without arguments it makes the archive:
#   1. a few training runs of the jar on samples/events.parquet (--version, meta, schema, cat,
#      export, import, and an export of the file that import wrote), each listing the classes it
#      loads (-XX:DumpLoadedClassList);
#   2. a static archive of those classes (-Xshare:dump, with the CRC of each region recorded),
#      written beside the jar under a temporary name;
#   3. a check of every byte of it against those CRCs and that the JVM maps it (-Xshare:on,
#      -XX:+VerifySharedSpaces), then a rename to bridge.jsa, so that bridge.jsa is never a
#      half-written file;
#   4. bridge.jsa.stamp: the size and modification time (nanoseconds) of the jar and of the checked
#      archive, as `stat -L -c '%s %.9Y'` prints them (two lines), then their SHA-256 sums.
# ./bridge maps the archive only while the jar and the archive still have the recorded size and
# time, so the checksum of step 3 is paid once here, not on every start (docs/startup.md).
# `cds-archive.sh --verify` does steps 3 and 4 for the bridge.jsa there is (after copying one, say):
# it records it only if every byte checks, else it removes the stamp, exits 1 and says why.
# It uses the `java` on PATH, as ./bridge does, and the same jar path, so that the JVM accepts the
# archive there. When making the archive, whatever goes wrong, it says why on standard error, leaves
# no bridge.jsa and exits 0: the archive only makes start-up faster, and ./bridge runs without it.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
jar="$root/cli/target/bridge.jar"
archive="$root/cli/target/bridge.jsa"
stamp="$archive.stamp"
sample="$root/samples/events.parquet"
# No --add-opens here, nor in ./bridge: the jar's manifest opens java.nio (Add-Opens), and a JVM
# started with the flag on its command line cannot use the archive's module graph.

# Checks every byte of archive $1 against the CRCs its dump recorded and that the JVM maps it.
verified() {
  java -Xshare:on -XX:+VerifySharedSpaces "-XX:SharedArchiveFile=$1" -jar "$jar" --version \
    >/dev/null 2>"$2"
}

# Records the jar and the archive as they are now, for ./bridge to compare with on every start.
write_stamp() {
  {
    stat -L -c '%s %.9Y' "$jar" "$archive"
    echo "# written by cli/src/build/cds-archive.sh when the archive above passed -XX:+VerifySharedSpaces"
    sha256sum "$jar" "$archive"
  } >"$stamp.tmp" && mv -f "$stamp.tmp" "$stamp"
}

if [[ "${1:-}" == --verify ]]; then
  rm -f "$stamp"
  [[ -f "$jar" && -f "$archive" ]] || { echo "bridge: no $jar or no $archive" >&2; exit 1; }
  err="$(mktemp)"
  if ! verified "$archive" "$err"; then
    echo "bridge: $archive fails its check, not recorded: $(head -n 1 "$err")" >&2
    rm -f "$err"
    exit 1
  fi
  rm -f "$err"
  write_stamp || exit 1
  exit 0
fi

rm -f "$archive" "$stamp"
work="$(mktemp -d "$root/cli/target/cds.XXXXXX")" || exit 0
trap 'rm -rf "$work"' EXIT

skip() {
  echo "bridge: no class-data-sharing archive ($1); ./bridge starts without one" >&2
  exit 0
}

[[ -f "$jar" ]] || skip "no $jar"
[[ -f "$sample" ]] || skip "no $sample to train on"
command -v java >/dev/null 2>&1 || skip "no java on PATH"

runs=0
train() {
  runs=$((runs + 1))
  if ! java "-XX:DumpLoadedClassList=$work/$runs.classes" "$@" >/dev/null 2>"$work/$runs.err"; then
    skip "training run '$*' failed: $(head -n 1 "$work/$runs.err")"
  fi
}
train -jar "$jar" --version
train -jar "$jar" meta --json "$sample"
train -jar "$jar" schema --json "$sample"
train -jar "$jar" cat "$sample" --limit 100
train -jar "$jar" export "$sample" "$work/events.arrow"
train -jar "$jar" import "$work/events.arrow" "$work/events.parquet"
# the stream format and a codec
train -jar "$jar" export "$work/events.parquet" "$work/events.stream" \
  --format stream --compression lz4

# each class once, in the order it was first loaded
awk '!seen[$0]++' "$work"/*.classes >"$work/all.classes"
if ! java -Xshare:dump -XX:+VerifySharedSpaces "-XX:SharedClassListFile=$work/all.classes" \
  "-XX:SharedArchiveFile=$work/bridge.jsa" -jar "$jar" >"$work/dump.log" 2>&1; then
  skip "the dump failed: $(grep -m 1 -i error "$work/dump.log")"
fi
if ! verified "$work/bridge.jsa" "$work/check.err"; then
  skip "the JVM does not map it: $(head -n 1 "$work/check.err")"
fi
# snappy-java's native library for this machine, taken out of the jar here once: otherwise
# snappy-java writes it to a new temporary file and compares the two byte by byte on every start
# that reads snappy pages (about 50 ms of CPU). ./bridge hands the directory to snappy-java
# (-Dorg.xerial.snappy.lib.path) only while the stamp below holds, that is, for this jar; the
# library is kept only when a snappy read with it works. Where it is not, nothing changes.
native="$root/cli/target/native"
rm -rf "$native"
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64) snappy_lib=Linux/x86_64 ;;
  Linux/aarch64) snappy_lib=Linux/aarch64 ;;
  *) snappy_lib="" ;;
esac
if [[ -n "$snappy_lib" ]] && mkdir -p "$native" &&
  unzip -p "$jar" "org/xerial/snappy/native/$snappy_lib/libsnappyjava.so" \
    >"$native/libsnappyjava.so" 2>/dev/null &&
  java -jar "$jar" import "$work/events.arrow" "$work/snappy.parquet" --compression snappy \
    >/dev/null 2>&1 &&
  java "-Dorg.xerial.snappy.lib.path=$native" -jar "$jar" export "$work/snappy.parquet" \
    "$work/snappy.arrow" >/dev/null 2>&1; then
  :
else
  rm -rf "$native"
fi
mv -f "$work/bridge.jsa" "$archive"
if ! write_stamp; then
  rm -f "$archive" "$stamp.tmp"
  skip "cannot write $stamp"
fi
