#!/usr/bin/env bash
# The search-at-scale run of docs/benchmarks.md ("Search at 10M"): restart the generated cluster
# inside its memory group with the given limit and shared_buffers (the group's page cache emptied
# first, so nothing read while generating is still charged to it), then measure.
#
#   scripts/bench/search-scale/run.sh <data-dir> <port> <limit-MB> <shared_buffers-MB> <result.json>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$1 port=$2 limit_mb=$3 shared_mb=$4 out=$5
group=/sys/fs/cgroup/memory/search-scale-$port
"$here/cluster.sh" stop "$dir" || true
# No task is left in the group once the server stopped: drop the pages still charged to it.
[ -d "$group" ] && echo 0 > "$group/memory.force_empty" || true
[ -d "$group" ] && echo 0 > "$group/memory.max_usage_in_bytes" || true
"$here/cluster.sh" start "$dir" "$port" "$limit_mb" "$shared_mb"
cd "$here/../../.."
DATABASE_URL="postgres://archive@127.0.0.1:$port/archive" nice -n 10 npx tsx scripts/bench/search-scale/measure.ts \
  --cgroup "search-scale-$port" --out "$out" "${@:6}"
