import { afterEach, describe, expect, it } from "vitest";
import { db, disconnectDb, transaction } from "./client";

const isolationIn = (client: Parameters<Parameters<typeof transaction>[0]>[0]) =>
  client.$queryRaw<{ transaction_isolation: string }[]>`SHOW transaction_isolation`;

describe("transactions of the service's pool", () => {
  afterEach(async () => {
    await db().$executeRawUnsafe(`ALTER DATABASE "${await currentDatabase()}" RESET default_transaction_isolation`);
    await disconnectDb();
  });

  it("are READ COMMITTED even where the server's default is another level", async () => {
    await db().$executeRawUnsafe(`ALTER DATABASE "${await currentDatabase()}" SET default_transaction_isolation = 'repeatable read'`);
    await disconnectDb();
    const [row] = await transaction((tx) => isolationIn(tx));
    expect(row.transaction_isolation).toBe("read committed");
    const outside = await db().$queryRaw<{ transaction_isolation: string }[]>`SHOW transaction_isolation`;
    expect(outside[0].transaction_isolation).toBe("read committed");
  });
});

async function currentDatabase(): Promise<string> {
  return (await db().$queryRaw<{ name: string }[]>`SELECT current_database() AS name`)[0].name;
}
