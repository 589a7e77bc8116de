import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { compileConditions, compilePolicyMatch } from "./retention-policies.queries";
import { conditionGroupSchema, type ConditionGroup, type ConditionRule } from "./retention-policies.schemas";

let richId: string;
let plainId: string;

beforeAll(async () => {
  const rich = await insertTestEmail({
    senderEmail: "Alice.Smith@Mail.Example.COM",
    recipients: [{ email: "bob@partner.org" }, { email: "Carol@Example.com" }],
    subject: "[PROMO] Big Sale 50%_off",
    userEmail: "archive@corp.example",
    attachments: [
      { filename: "Report.PDF", mimeType: "application/pdf" },
      { filename: "noext", mimeType: "image/png" },
    ],
  });
  const plain = await insertTestEmail({ senderEmail: "x@y.z", recipients: [], subject: "hello", attachments: [] });
  richId = rich.id;
  plainId = plain.id;
});

async function matches(emailId: string, conditions: ConditionGroup | null, ingestionSourceIds: string[] = []): Promise<boolean> {
  const rows = await db().$queryRaw<{ matched: boolean }[]>`
    SELECT ${compilePolicyMatch({ conditions, ingestionSourceIds })} AS matched FROM archived_emails e WHERE e.id = ${emailId}::uuid`;
  return rows[0].matched;
}

const one = (rule: ConditionRule): ConditionGroup => conditionGroupSchema.parse({ operator: "AND", rules: [rule] });

describe("compileConditions against PostgreSQL", () => {
  it.each<[ConditionRule, boolean]>([
    [{ field: "sender", op: "equals", value: "alice.smith@mail.example.com" }, true],
    [{ field: "sender", op: "equals", value: "alice" }, false],
    [{ field: "sender", op: "contains", value: "SMITH@" }, true],
    [{ field: "sender", op: "startsWith", value: "alice." }, true],
    [{ field: "sender", op: "startsWith", value: "smith" }, false],
    [{ field: "sender", op: "endsWith", value: "example.com" }, true],
    [{ field: "sender", op: "endsWith", value: "example.org" }, false],
    [{ field: "sender", op: "domain", value: "example.com" }, true],
    [{ field: "sender", op: "domain", value: "@Mail.Example.com" }, true],
    [{ field: "sender", op: "domain", value: "ample.com" }, false],
    [{ field: "sender", op: "matches", value: "^alice\\.[a-z]+@" }, true],
    [{ field: "sender", op: "matches", value: "^bob" }, false],
    [{ field: "recipient", op: "equals", value: "carol@example.com" }, true],
    [{ field: "recipient", op: "domain", value: "partner.org" }, true],
    [{ field: "recipient", op: "contains", value: "dave" }, false],
    [{ field: "subject", op: "contains", value: "50%_off" }, true],
    [{ field: "subject", op: "contains", value: "50%xoff" }, false],
    [{ field: "subject", op: "contains", value: "sale 5_%" }, false],
    [{ field: "subject", op: "startsWith", value: "[promo]" }, true],
    [{ field: "subject", op: "endsWith", value: "OFF" }, true],
    [{ field: "subject", op: "matches", value: "sale\\s+\\d+%" }, true],
    [{ field: "subject", op: "equals", value: "x'); DROP TABLE archived_emails; --" }, false],
    [{ field: "userEmail", op: "equals", value: "ARCHIVE@corp.example" }, true],
    [{ field: "userEmail", op: "domain", value: "corp.example" }, true],
    [{ field: "attachmentType", op: "equals", value: "pdf" }, true],
    [{ field: "attachmentType", op: "equals", value: ".PDF" }, true],
    [{ field: "attachmentType", op: "equals", value: "application/pdf" }, true],
    [{ field: "attachmentType", op: "startsWith", value: "image/" }, true],
    [{ field: "attachmentType", op: "equals", value: "docx" }, false],
    [{ field: "attachmentType", op: "matches", value: "^application/(pdf|zip)$" }, true],
    [{ field: "hasAttachments", op: "equals", value: true }, true],
    [{ field: "hasAttachments", op: "equals", value: false }, false],
  ])("%o on the rich email is %s", async (rule, expected) => {
    expect(await matches(richId, one(rule))).toBe(expected);
  });

  it("finds nothing in absent recipients and attachments", async () => {
    expect(await matches(plainId, one({ field: "recipient", op: "contains", value: "@" }))).toBe(false);
    expect(await matches(plainId, one({ field: "attachmentType", op: "matches", value: "." }))).toBe(false);
    expect(await matches(plainId, one({ field: "hasAttachments", op: "equals", value: false }))).toBe(true);
  });

  it("combines rules with AND and OR, null matches everything, and restricts by ingestion source", async () => {
    const rules: ConditionRule[] = [
      { field: "subject", op: "contains", value: "sale" },
      { field: "sender", op: "domain", value: "nowhere.test" },
    ];
    expect(await matches(richId, { operator: "AND", rules })).toBe(false);
    expect(await matches(richId, { operator: "OR", rules })).toBe(true);
    expect(await matches(plainId, null)).toBe(true);
    const sourceId = await ensureTestSource();
    const otherSource = await ensureTestSource("Other source");
    expect(await matches(richId, null, [sourceId])).toBe(true);
    expect(await matches(richId, null, [otherSource])).toBe(false);
    expect(await matches(richId, { operator: "OR", rules }, [otherSource, sourceId])).toBe(true);
    expect(await db().archivedEmail.count()).toBe(2);
  });

  it("passes every value as a bind parameter", () => {
    const sql = compileConditions(one({ field: "subject", op: "equals", value: "x' OR '1'='1" }));
    expect(sql.sql).not.toContain("x'");
    expect(sql.values).toContain("x' OR '1'='1");
  });
});
