import { randomUUID } from "node:crypto";
import { appendAuditEntry } from "../../src/server/audit/append-audit-entry";
import { auditEntryHash } from "../../src/server/audit/audit-hash";
import { db, transaction } from "../../src/server/platform/db/client";

/** Details of every shape the chain must round-trip through jsonb unchanged. */
const detailSamples: Record<string, unknown>[] = [
  {},
  { name: "Q3 litigation", reason: null, isActive: true },
  { queryUsed: { query: "invoice", filters: { from: "a@b.c", startDate: "2024-01-01" }, matchingStrategy: "all" } },
  { numbers: [0, -1, 1.5, 1e21, 2 ** 53, 0.1], emptyList: [], emptyObject: {} },
  { "key with spaces": "ünïcødé ✓ 😀", "\uFF21": "fullwidth", "\u{1F600}": "emoji key", aa: 1, b: 2 },
  { text: 'quote " backslash \\ newline \n tab \t control \u0001 line-sep \u2028' },
  { nested: { z: { y: { x: [{ b: 1, a: 2 }] } } } },
];

export async function appendEntries(count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await transaction((tx) =>
      appendAuditEntry(tx, {
        actor: { identifier: `user${index % 3}@example.com`, ip: index % 2 ? "2001:db8::7" : "192.0.2.10" },
        actionType: (["CREATE", "UPDATE", "DELETE"] as const)[index % 3],
        targetType: "User",
        targetId: randomUUID(),
        details: detailSamples[index % detailSamples.length],
      }),
    );
  }
}

/** Inserts a row whose own hash is correct, as a forger with database access could; returns its hash. */
export async function insertForgedRow(id: number, previousHash: string | null): Promise<string> {
  const fields = {
    previousHash,
    timestamp: new Date().toISOString(),
    actorIdentifier: "mallory@example.com",
    actorIp: "203.0.113.66",
    actionType: "UPDATE",
    targetType: "Role",
    targetId: "forged",
    details: { granted: "manage:all" },
  };
  const currentHash = auditEntryHash(fields);
  await db().$executeRaw`
    INSERT INTO audit_logs (id, previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    VALUES (${id}, ${previousHash}, ${fields.timestamp}::timestamptz, ${fields.actorIdentifier}, ${fields.actorIp}, ${fields.actionType},
            ${fields.targetType}, ${fields.targetId}, ${JSON.stringify(fields.details)}::jsonb, ${currentHash})`;
  return currentHash;
}
