import { describe, expect, it } from "vitest";
import { withEnv } from "@tests/helpers/with-env";
import { processReplicaUrl, walPosition } from "./replica-reads";

describe("read replica choice", () => {
  it("compares WAL positions across the 4 GB boundary of their low half", () => {
    expect(walPosition("0/16B3748")).toBe(0x16b3748n);
    expect(walPosition("1/0") > walPosition("0/FFFFFFFF")).toBe(true);
    expect(walPosition("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it("gives each process one of the listed replicas, by its process id, and none when unset", async () => {
    await withEnv({ DATABASE_READ_URL: undefined }, () => expect(processReplicaUrl()).toBeNull());
    const urls = ["postgresql://replica-1/archive", "postgresql://replica-2/archive", "postgresql://replica-3/archive"];
    await withEnv({ DATABASE_READ_URL: urls.join(",") }, () => expect(processReplicaUrl()).toBe(urls[process.pid % 3]));
  });
});
