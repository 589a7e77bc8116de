-- Read-your-writes across hosts with read replicas (docs/database.md, "Read replicas"): after a
-- request that may have written, the primary's WAL position is kept here per caller, so that the
-- caller's next replica read, on whichever host it lands, waits for the replica to replay it (or
-- reads from the primary). It was kept in each process's memory, which another host behind the same
-- load balancer does not share.
CREATE TABLE caller_write_positions (
  caller_key TEXT PRIMARY KEY,
  position   PG_LSN NOT NULL
);
