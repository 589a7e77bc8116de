#!/usr/bin/env bash
# The search-at-scale run of docs/benchmarks.md ("Search at 10M"): restart the generated cluster
# inside its memory group with the given limit and shared_buffers (the group's page cache emptied
# first, so nothing read while generating is still charged to it), then measure.
#
#   scripts/bench/search-scale/run.sh <data-dir> <port> <limit-MB> <shared_buffers-MB> <result.json> [measure.ts options]
#
# With REPLICA_DIR and REPLICA_PORT set (a streaming replica of the cluster, `cluster.sh replica`),
# the replica is restarted in a memory group of its own with the same limits and searches read from
# it (DATABASE_READ_URL), as the app's read path does; the memory figures are then the replica's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$1 port=$2 limit_mb=$3 shared_mb=$4 out=$5
restart() {
  local data=$1 on=$2 group=/sys/fs/cgroup/memory/search-scale-$2
  "$here/cluster.sh" stop "$data" || true
  # No task is left in the group once the server stopped: drop the pages still charged to it.
  [ -d "$group" ] && echo 0 > "$group/memory.force_empty" || true
  [ -d "$group" ] && echo 0 > "$group/memory.max_usage_in_bytes" || true
  "$here/cluster.sh" start "$data" "$on" "$limit_mb" "$shared_mb"
}
# The replica stops first and starts last, so it never waits for a primary that is down.
[ -n "${REPLICA_DIR:-}" ] && "$here/cluster.sh" stop "$REPLICA_DIR" || true
restart "$dir" "$port"
measured=$port
if [ -n "${REPLICA_DIR:-}" ]; then
  restart "$REPLICA_DIR" "$REPLICA_PORT"
  measured=$REPLICA_PORT
  export DATABASE_READ_URL="postgres://archive@127.0.0.1:$REPLICA_PORT/archive"
fi
cd "$here/../../.."
DATABASE_URL="postgres://archive@127.0.0.1:$port/archive" nice -n 10 npx tsx scripts/bench/search-scale/measure.ts \
  --cgroup "search-scale-$measured" --out "$out" "${@:6}"
