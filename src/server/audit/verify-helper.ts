import type { MessagePort } from "node:worker_threads";
import { beginSnapshotReader, endSnapshotReader } from "../platform/db/snapshot-reader";
import { connectPgClient } from "../platform/db/pg-connect";
import type { RangeWalkResult } from "./audit-chain-walk";
import type { IdRange } from "./audit-chain-ranges";
import { walkChainRange } from "./walk-chain-range";

export interface VerifyHelperData {
  /** The parent's database (the thread does not load the configuration: connectPgClient). */
  databaseUrl: string;
  /** pg_export_snapshot() of the verification's transaction, so every walker sees the same rows. */
  snapshot: string;
  batchSize: number;
}

export type ToHelper = { type: "range"; index: number; range: IdRange } | { type: "done" };
export type FromHelper = { type: "ready" } | { type: "result"; index: number; result: RangeWalkResult };

/**
 * A helper walker, in its own thread with its own connection inside the verification's snapshot:
 * walks the ranges it is given, one at a time, and answers each with what it found.
 */
export async function runVerifyHelper(port: MessagePort, data: VerifyHelperData): Promise<void> {
  const { client } = await connectPgClient(data.databaseUrl, { application_name: "audit-verify-helper" });
  // A lost connection fails the walk even if the COPY in flight is not told of it.
  const lost = new Promise<never>((_, reject) => client.on("error", reject));
  lost.catch(() => undefined);
  await beginSnapshotReader(client, data.snapshot);
  const send = (message: FromHelper) => port.postMessage(message);
  const next = () => new Promise<ToHelper>((resolve) => port.once("message", resolve));
  send({ type: "ready" });
  for (let message = await next(); message.type === "range"; message = await next()) {
    const result = await Promise.race([walkChainRange({ client, range: message.range, batchSize: data.batchSize }), lost]);
    send({ type: "result", index: message.index, result });
  }
  await endSnapshotReader(client);
  await client.end();
}
