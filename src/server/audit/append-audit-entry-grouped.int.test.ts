import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { appendAuditEntryGrouped } from "./append-audit-entry-grouped";
import { verifyAuditLog } from "./verify-audit-log";

const entry = (index: number, details: Record<string, unknown> = { index }) => ({
  actor: { identifier: `searcher${index % 4}@example.com`, ip: "192.0.2.7" },
  actionType: "SEARCH",
  targetType: "ArchivedEmail",
  targetId: "",
  details,
});

async function entriesOf(tag: string) {
  return db().$queryRaw<{ index: number; timestamp: Date }[]>`
    SELECT (details->>'index')::int AS index, timestamp FROM audit_logs WHERE details->>'tag' = ${tag} ORDER BY id`;
}

describe("appendAuditEntryGrouped", () => {
  it("commits concurrent entries together, each once, in arrival order, on an unbroken chain", async () => {
    await Promise.all(Array.from({ length: 60 }, (_, index) => appendAuditEntryGrouped(entry(index, { tag: "group", index }))));
    const rows = await entriesOf("group");
    expect(rows.map((row) => row.index)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    // The first entry is written at once; the 59 that queued behind it share the next transaction.
    expect(new Set(rows.map((row) => row.timestamp.getTime())).size).toBeLessThanOrEqual(2);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("fails only the entry that cannot be appended", async () => {
    const circular: Record<string, unknown> = { tag: "isolated" };
    circular.self = circular;
    const results = await Promise.allSettled([
      appendAuditEntryGrouped(entry(0, { tag: "isolated", index: 0 })),
      appendAuditEntryGrouped(entry(1, { tag: "isolated", index: 1 })),
      appendAuditEntryGrouped(entry(2, circular)),
      appendAuditEntryGrouped(entry(3, { tag: "isolated", index: 3 })),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((await entriesOf("isolated")).map((row) => row.index)).toEqual([0, 1, 3]);
    expect((await verifyAuditLog()).ok).toBe(true);
  });
});
