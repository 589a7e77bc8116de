import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { sendSmtp } from "@tests/helpers/smtp-client";
import { db } from "../../platform/db/client";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { journalTlsCredentials } from "./journal-tls";

/** docs/journaling.md, "Who sees journaled mail": one row per message, seen by its internal participants. */
const JOURNAL = "journal@archive.test";
let listener: JournalListener;
let admin: TestUser;
let sourceId: string;
const ids: Record<string, string> = {};

const journal = async (name: string, from: string, to: string[], headers: { to: string[]; cc?: string[] }) => {
  const raw = buildMessage({ from, to: headers.to, cc: headers.cc, subject: name, body: `journal visibility ${name}` });
  const result = await sendSmtp({ port: listener.port, from, to: [...to, JOURNAL], raw });
  expect(result.code, result.response).toBe(250);
  ids[name] = (await db().archivedEmail.findFirstOrThrow({ where: { subject: name } })).id;
};

beforeAll(async () => {
  listener = await startJournalListener({
    host: "127.0.0.1",
    port: 0,
    maxBytes: 10_000_000,
    tls: await journalTlsCredentials(),
    sourcesMaxAgeMs: 0,
  });
  admin = await setupAdmin();
  const created = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: { name: "Journal", provider: "smtp-journal", config: { recipientAddress: JOURNAL, internalDomains: ["corp.test"] } },
  });
  sourceId = created.body.id;
  await journal("to alice", "sam@corp.test", ["alice@corp.test", "bob@partner.example"], {
    to: ["alice@corp.test", "bob@partner.example"],
  });
  await journal("bcc alice", "sam@corp.test", ["dave@corp.test", "alice@corp.test"], { to: ["dave@corp.test"] });
  await journal("from alice", "alice@corp.test", ["erin@partner.example"], { to: ["erin@partner.example"] });
  await journal("not alice", "dave@corp.test", ["erin@corp.test"], { to: ["erin@corp.test"] });
});
afterAll(async () => listener.close());

const asUser = (email: string) =>
  createUserWithRole(admin.token, [{ action: "read", subject: "archive", conditions: { userEmail: email } }], email);
const subjectsOf = (items: { subject: string }[]) => items.map((item) => item.subject).sort();

describe("who sees journaled mail", () => {
  it("a userEmail role sees every message she sent or received (To, Cc or Bcc) in an internal domain, and nothing else", async () => {
    const alice = await asUser("alice@corp.test");
    const mine = ["bcc alice", "from alice", "to alice"];
    const list = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?limit=50`, { token: alice.token });
    expect(subjectsOf(list.body.items)).toEqual(mine);
    const search = await api("GET", "/v1/search?query=journal%20visibility", { token: alice.token });
    expect(subjectsOf(search.body.items)).toEqual(mine);
    for (const name of mine) {
      expect((await api("GET", `/v1/archived-emails/${ids[name]}`, { token: alice.token })).status).toBe(200);
      expect((await api("GET", `/v1/archived-emails/${ids[name]}/raw`, { token: alice.token })).status).toBe(200);
    }
    expect((await api("GET", `/v1/archived-emails/${ids["not alice"]}`, { token: alice.token })).status).toBe(404);
    expect((await api("GET", `/v1/archived-emails/${ids["not alice"]}/raw`, { token: alice.token })).status).toBe(404);
  });

  it("an external recipient is no participant: a role for her address sees nothing", async () => {
    const bob = await asUser("bob@partner.example");
    expect((await api("GET", `/v1/archived-emails/${ids["to alice"]}`, { token: bob.token })).status).toBe(404);
    expect((await api("GET", "/v1/search?query=", { token: bob.token })).body.items).toEqual([]);
  });

  it("a message to a 5,000-address list is one row and one stored copy, visible to each member", async () => {
    const members = Array.from({ length: 5000 }, (_, index) => `member${index}@corp.test`);
    const started = Date.now();
    await journal("all hands", "ceo@corp.test", members, { to: ["all-hands@corp.test"] });
    const elapsedMs = Date.now() - started;
    const rows = await db().archivedEmail.findMany({
      where: { subject: "all hands" },
      select: { storageHashSha256: true, participantEmails: true, recipientEmails: true },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].participantEmails).toHaveLength(5002);
    expect(rows[0].recipientEmails).toContain("member4321@corp.test");
    expect(await db().archivedEmail.count({ where: { storageHashSha256: rows[0].storageHashSha256 } })).toBe(1);
    expect(elapsedMs).toBeLessThan(20_000);
    const member = await asUser("member4321@corp.test");
    const search = await api("GET", "/v1/search?query=", { token: member.token });
    expect(subjectsOf(search.body.items)).toEqual(["all hands"]);
  });
});
