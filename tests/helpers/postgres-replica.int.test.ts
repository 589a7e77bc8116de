import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startPrimaryAndReplica, type PrimaryAndReplica } from "./postgres-replica";

let servers: PrimaryAndReplica;
let startMs = 0;

beforeAll(async () => {
  const started = performance.now();
  servers = await startPrimaryAndReplica();
  startMs = performance.now() - started;
  console.log(`primary + streaming replica started in ${Math.round(startMs)} ms`);
});
afterAll(() => servers?.stop());

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("the primary and streaming replica helper", () => {
  it("starts a replica in recovery that replays the primary's writes and refuses its own", async () => {
    expect(await query(servers.replicaUrl(), "select pg_is_in_recovery() as recovery")).toEqual([{ recovery: true }]);
    expect(await query(servers.primaryUrl(), "select pg_is_in_recovery() as recovery")).toEqual([{ recovery: false }]);
    await query(servers.primaryUrl(), "create table replicated (n int); insert into replicated values (1)");
    await servers.waitForReplay();
    expect(await query(servers.replicaUrl(), "select n from replicated")).toEqual([{ n: 1 }]);
    await expect(query(servers.replicaUrl(), "insert into replicated values (2)")).rejects.toThrow(/read-only transaction/);
  });

  it("holds back what the replica answers while its replay is paused", async () => {
    await servers.pauseReplay();
    await query(servers.primaryUrl(), "insert into replicated values (3)");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await query(servers.replicaUrl(), "select count(*)::int as n from replicated")).toEqual([{ n: 1 }]);
    await servers.resumeReplay();
    await servers.waitForReplay();
    expect(await query(servers.replicaUrl(), "select count(*)::int as n from replicated")).toEqual([{ n: 2 }]);
  });
});
