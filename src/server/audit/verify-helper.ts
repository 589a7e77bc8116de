import type { MessagePort } from "node:worker_threads";
import pg from "pg";
import type { RangeWalkResult } from "./audit-chain-walk";
import type { IdRange } from "./audit-chain-ranges";
import { walkChainRange } from "./walk-chain-range";

export interface VerifyHelperData {
  connectionString: string;
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
  if (!/^[0-9A-F]+-[0-9A-F]+-[0-9]+$/i.test(data.snapshot)) throw new Error(`not a snapshot id: ${data.snapshot}`);
  const client = new pg.Client({ connectionString: data.connectionString, application_name: "audit-verify-helper" });
  const lost = new Promise<never>((_, reject) => client.on("error", reject));
  lost.catch(() => undefined);
  await client.connect();
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  await client.query(`SET TRANSACTION SNAPSHOT '${data.snapshot}'`);
  const send = (message: FromHelper) => port.postMessage(message);
  const next = () => new Promise<ToHelper>((resolve) => port.once("message", resolve));
  send({ type: "ready" });
  for (let message = await next(); message.type === "range"; message = await next()) {
    const result = await Promise.race([walkChainRange({ client, range: message.range, batchSize: data.batchSize }), lost]);
    send({ type: "result", index: message.index, result });
  }
  await client.query("COMMIT");
  await client.end();
}
