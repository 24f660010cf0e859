#!/usr/bin/env bash
# Makes cli/target/bridge.jsa, the class-data-sharing archive that ./bridge hands the JVM so that
# the classes of the command line (picocli, Arrow, parquet-java, Hadoop, Jackson) start already
# parsed and verified instead of being read out of the 40 MB jar on every run.
#
# Run by the cli module's build in the package phase, right after the shaded jar is made (cli/pom.xml,
# execution "cds-archive"); takes no arguments. Steps:
#   1. a few training runs of the jar on samples/events.parquet (schema, cat, export, import, and an
#      export of the file that import wrote), each listing the classes it loads
#      (-XX:DumpLoadedClassList);
#   2. a static archive of those classes (-Xshare:dump), written beside the jar under a temporary
#      name;
#   3. a check that the JVM maps it (-Xshare:on, -XX:+VerifySharedSpaces), then a rename to
#      bridge.jsa, so that bridge.jsa is never a half-written file.
# It uses the `java` on PATH, as ./bridge does, and the same jar path, so that the JVM accepts the
# archive there. Whatever goes wrong, it says why on standard error, leaves no bridge.jsa and exits
# 0: the archive only makes start-up faster, and ./bridge runs without it.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
jar="$root/cli/target/bridge.jar"
archive="$root/cli/target/bridge.jsa"
sample="$root/samples/events.parquet"
opens=--add-opens=java.base/java.nio=ALL-UNNAMED

rm -f "$archive"
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
  if ! java $opens "-XX:DumpLoadedClassList=$work/$runs.classes" "$@" >/dev/null 2>"$work/$runs.err"; then
    skip "training run '$*' failed: $(head -n 1 "$work/$runs.err")"
  fi
}
train -jar "$jar" schema --json "$sample"
train -jar "$jar" cat "$sample" --limit 100
train -jar "$jar" export "$sample" "$work/events.arrow"
train -jar "$jar" import "$work/events.arrow" "$work/events.parquet"
# the stream format and a codec
train -jar "$jar" export "$work/events.parquet" "$work/events.stream" \
  --format stream --compression lz4

# each class once, in the order it was first loaded
awk '!seen[$0]++' "$work"/*.classes >"$work/all.classes"
if ! java $opens -Xshare:dump -XX:+VerifySharedSpaces "-XX:SharedClassListFile=$work/all.classes" \
  "-XX:SharedArchiveFile=$work/bridge.jsa" -jar "$jar" >"$work/dump.log" 2>&1; then
  skip "the dump failed: $(grep -m 1 -i error "$work/dump.log")"
fi
if ! java $opens -Xshare:on -XX:+VerifySharedSpaces "-XX:SharedArchiveFile=$work/bridge.jsa" \
  -jar "$jar" --version >/dev/null 2>"$work/check.err"; then
  skip "the JVM does not map it: $(head -n 1 "$work/check.err")"
fi
mv -f "$work/bridge.jsa" "$archive"
