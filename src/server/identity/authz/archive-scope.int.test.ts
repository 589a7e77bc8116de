import { Prisma } from "@/generated/prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type PolicyInput } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import type { EmailScopeFields } from "../../archive/archived-emails.queries";
import { scopeFieldsOf } from "../../archive/find-visible-email";
import { db } from "../../platform/db/client";
import { scopeCondition } from "../../archive/archive-scope.queries";
import { abilityFor, archiveScope, canOnRecord } from "./ability";
import { policiesSchema } from "./permissions";

/**
 * The record check (one email by id) and the SQL filter (lists, search, counts) must agree on every
 * email for every role: otherwise a role sees an email in a list and gets 404 on it, or the reverse.
 */
const USERS = [
  "alice@example.com",
  "Alice@Example.COM",
  "ALICE@EXAMPLE.COM",
  "bob@example.com",
  "Émile@example.com",
  "émile@example.com",
  "carol@exämple.com",
];
const SENDERS = ["ceo@corp.example", "CEO@Corp.Example", "Zoë@corp.example"];

let emails: EmailScopeFields[];
let sources: string[];

beforeAll(async () => {
  sources = [await ensureTestSource("Scope A"), await ensureTestSource("Scope B")];
  emails = [];
  let index = 0;
  for (const userEmail of USERS) {
    for (const senderEmail of SENDERS) {
      // Every third email is journaled mail whose participants include an address of another mailbox.
      const participantEmails = index % 3 === 0 ? [USERS[(index + 1) % USERS.length].toLowerCase()] : [];
      const email = await insertTestEmail({ userEmail, senderEmail, ingestionSourceId: sources[index++ % 2], participantEmails });
      emails.push({ id: email.id, userEmail, senderEmail, ingestionSourceId: email.ingestionSourceId, participantEmails });
    }
  }
});

const shapes = (): Record<string, PolicyInput[]> => ({
  unrestricted: [{ action: "read", subject: "archive" }],
  "lowercase address": [{ action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } }],
  "mixed-case address": [{ action: "read", subject: "archive", conditions: { userEmail: "ALICE@example.Com" } }],
  "non-ASCII address": [{ action: "read", subject: "archive", conditions: { userEmail: "ÉMILE@EXAMPLE.COM" } }],
  "non-ASCII lowercase": [{ action: "read", subject: "archive", conditions: { userEmail: "émile@example.com" } }],
  "$in mixed case": [{ action: "read", subject: "archive", conditions: { userEmail: { $in: ["BOB@example.com", "Carol@EXÄMPLE.com"] } } }],
  "sender mixed case": [{ action: "read", subject: "archive", conditions: { senderEmail: "Ceo@CORP.example" } }],
  "two fields": [{ action: "read", subject: "archive", conditions: { userEmail: "Alice@example.com", senderEmail: "zoë@CORP.EXAMPLE" } }],
  "uppercase source UUID": [{ action: "read", subject: "archive", conditions: { ingestionSourceId: sources[0].toUpperCase() } }],
  "source $in and address": [
    {
      action: "read",
      subject: "archive",
      conditions: { ingestionSourceId: { $in: [sources[1], "not-a-uuid"] }, userEmail: "BOB@EXAMPLE.COM" },
    },
  ],
  "policies OR-ed": [
    { action: "read", subject: "archive", conditions: { userEmail: "bob@EXAMPLE.com" } },
    { action: "read", subject: "archive", conditions: { senderEmail: "CEO@corp.example" } },
  ],
  "manage with condition": [{ action: "manage", subject: "archive", conditions: { userEmail: "ALICE@example.com" } }],
  "nothing matches": [{ action: "read", subject: "archive", conditions: { userEmail: "nobody@example.com" } }],
  "no archive permission": [{ action: "read", subject: "audit" }],
});

describe("role conditions: one rule for a record and for lists", () => {
  it("the record check and the SQL filter select the same emails, for every condition shape", async () => {
    const sawSome = [];
    for (const [shape, policies] of Object.entries(shapes())) {
      const ability = abilityFor(policiesSchema.parse(policies));
      const condition = scopeCondition(archiveScope(ability, "read")) ?? Prisma.sql`TRUE`;
      const bySql = (await db().$queryRaw<{ id: string }[]>`SELECT e.id FROM archived_emails e WHERE ${condition}`)
        .map((row) => row.id)
        .sort();
      const byRecord = emails
        .filter((email) => canOnRecord(ability, "read:archive", scopeFieldsOf(email)))
        .map((email) => email.id)
        .sort();
      expect(byRecord, shape).toEqual(bySql);
      if (bySql.length > 0 && bySql.length < emails.length) sawSome.push(shape);
    }
    expect(sawSome.length).toBeGreaterThanOrEqual(9);
  });

  it("an email a mixed-case condition lists is also readable by id, over REST and tRPC", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "ALICE@Example.com" } },
    ]);
    const listed = await api("GET", `/v1/archived-emails/ingestion-source/${sources[0]}?limit=100`, { token: reader.token });
    expect(listed.status).toBe(200);
    const ids: string[] = listed.body.items.map((item: { id: string }) => item.id);
    expect(ids.length).toBeGreaterThan(0);
    const outside = emails.find((email) => email.userEmail === "bob@example.com")!;
    for (const id of ids) {
      expect((await api("GET", `/v1/archived-emails/${id}`, { token: reader.token })).status).toBe(200);
      expect((await trpcHttp("archivedEmails.get", { id }, { authorization: `Bearer ${reader.token}` })).status).toBe(200);
    }
    expect((await api("GET", `/v1/archived-emails/${outside.id}`, { token: reader.token })).status).toBe(404);
    expect((await trpcHttp("archivedEmails.get", { id: outside.id }, { authorization: `Bearer ${reader.token}` })).status).toBe(404);
  });
});
