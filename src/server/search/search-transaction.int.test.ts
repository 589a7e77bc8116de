import { afterEach, describe, expect, it, vi } from "vitest";
import { pgPool } from "../platform/db/pg-pool";
import { withSearchTransaction } from "./search-transaction";

const settingsOf = async (client: { query: (text: string) => Promise<{ rows: { memory: string; readOnly: string }[] }> }) =>
  (await client.query(`SELECT current_setting('work_mem') AS memory, current_setting('transaction_read_only') AS "readOnly"`)).rows[0];

describe("withSearchTransaction", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("gives each statement of a search SEARCH_WORK_MEM_MB of work_mem, read-only, with no transaction round trips; the main pool keeps the server's setting", async () => {
    const serverDefault = (await settingsOf(pgPool())).memory;
    vi.stubEnv("SEARCH_WORK_MEM_MB", "40");
    const inside = await withSearchTransaction(async (client) => {
      const settings = await settingsOf(client);
      await client.query("SELECT pg_sleep(0.01)");
      // Inside a BEGIN, now() is the transaction's start, earlier than a later statement's start.
      const { own } = (await client.query("SELECT now() = statement_timestamp() AS own")).rows[0];
      return { ...settings, statementIsItsOwnTransaction: own };
    });
    expect(inside).toEqual({ memory: "40MB", readOnly: "on", statementIsItsOwnTransaction: true });
    const clients = await Promise.all(Array.from({ length: 3 }, () => pgPool().connect()));
    try {
      for (const client of clients) expect(await settingsOf(client)).toEqual({ memory: serverDefault, readOnly: "off" });
    } finally {
      for (const client of clients) client.release();
    }
  });

  it("leaves work_mem alone with SEARCH_WORK_MEM_MB=0, and a search cannot write", async () => {
    const serverDefault = (await settingsOf(pgPool())).memory;
    vi.stubEnv("SEARCH_WORK_MEM_MB", "0");
    expect((await withSearchTransaction(settingsOf)).memory).toBe(serverDefault);
    await expect(withSearchTransaction((client) => client.query("CREATE TEMP TABLE search_wrote (n int)"))).rejects.toThrow(
      /read-only transaction/,
    );
  });
});
