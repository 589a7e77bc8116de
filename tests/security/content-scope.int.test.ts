import { beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/server/platform/config/encryption";
import { db } from "../../src/server/platform/db/client";
import { runNextExport } from "../../src/server/ediscovery/export/run-export";
import { ingestBatch } from "../../src/server/capture/ingestion/ingest-batch";
import { jobHandlers } from "../../src/server/composition/job-handlers";
import { runNextJob } from "../../src/server/platform/jobs/run-next-job";
import { analysePendingEmails } from "../../src/server/analytics/analyse-pending-emails";
import { createUserWithRole, setupAdmin, type TestUser } from "../helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY } from "../helpers/ediscovery";
import { ensureTestSource } from "../helpers/emails";
import { buildMessage } from "../helpers/mail";
import { api, routeFiles, routeSpec, type ApiResponse } from "../helpers/rest-client";
import { procedureNames, sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";
import { withEnv } from "../helpers/with-env";

/**
 * Class-level test of issue 34, item 1: content leaves the archive only within the caller's scope
 * (src/server/identity/authz/content-scope.ts). Every REST route and tRPC procedure is walked: each is either
 * listed as one that returns or writes mail content or metadata, with a probe that a caller whose
 * role reads only alice's mail gets nothing of bob's through it, or listed as outside the class
 * with the reason. A route or procedure added later without a place in these lists fails the first
 * test, so a new content path cannot skip the rule unnoticed.
 */

const ALICE = "alice@corp.test";
const BOB = "bob@corp.test";
const GHOST = "00000000-0000-4000-8000-000000000000";
const cases = `${EDISCOVERY}/cases`;

interface Fixture {
  admin: TestUser;
  /** Reads, restores and deletes alice's mail only; manages cases (member of the case); reads the audit log. */
  reader: TestUser;
  readerSession: Record<string, string>;
  alice: { id: string; attachmentId: string };
  bob: { id: string; attachmentId: string };
  sourceId: string;
  imapSourceId: string;
  caseId: string;
  tagId: string;
  searchId: string;
  /** The admin's production of the whole matter (alice's and bob's mail). */
  exportId: string;
  labelId: string;
  /** The admin's READ of bob's email: its target is bob's email. */
  bobAuditEntryId: number;
}
let f: Fixture;

/** Whatever names bob's mail: its id, its attachment's id, its mailbox, its subject's and attachment's words. */
const bobMarkers = () => [f.bob.id, f.bob.attachmentId, BOB, "BOBSECRET", "bobsecret.txt"];

function expectNoBob(text: string, label: string): void {
  for (const marker of bobMarkers()) expect(text.includes(marker), `${label} reveals ${marker}: ${text.slice(0, 400)}`).toBe(false);
}

const rest = (method: string, path: string, body?: unknown): Promise<ApiResponse> => api(method, path, { token: f.reader.token, body });
const adminRest = (method: string, path: string, body?: unknown): Promise<ApiResponse> => api(method, path, { token: f.admin.token, body });
const ui = (path: string): Promise<ApiResponse> => api("GET", path, { headers: f.readerSession });

async function trpc(name: string, input: unknown, user: TestUser = f.reader): Promise<{ status: number; text: string; data: any }> {
  const response = await trpcHttp(name, input, { authorization: `Bearer ${user.token}` });
  const text = await response.text();
  const parsed = JSON.parse(text);
  return { status: response.status, text, data: parsed?.result?.data };
}

/** A single-record answer about bob's mail: the same 404 as a missing email, and nothing of it. */
function expectHidden(answer: { status: number; text: string }, label: string): void {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBe(404);
  expectNoBob(answer.text, label);
}

async function ingestOne(
  userEmail: string,
  subject: string,
  attachment: string,
  threading: { messageId?: string; inReplyTo?: string } = {},
): Promise<{ id: string; attachmentId: string }> {
  const [outcome] = await ingestBatch({
    sourceId: f.sourceId,
    userEmail,
    messages: [
      {
        raw: buildMessage({
          ...threading,
          subject,
          body: "merger",
          attachments: [{ filename: attachment, contentType: "text/plain", content: `${subject} notes` }],
        }),
      },
    ],
  });
  if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
  const stored = await db().attachment.findFirstOrThrow({ where: { emailId: outcome.emailId } });
  return { id: outcome.emailId, attachmentId: stored.id };
}

/** The emails a restore run's set holds (items outside the requester's scope hold none). */
async function runSetOf(runId: string): Promise<string[]> {
  while (await runNextJob(jobHandlers));
  const items = await db().restoreRunItem.findMany({ where: { runId }, orderBy: { seq: "asc" } });
  expect(items.length, "the run's set was fixed").toBeGreaterThan(0);
  return items.flatMap((item) => (item.emailId === null ? [] : [item.emailId]));
}

/** The emails an export of the reader fixed as its items. */
async function exportedBy(exportId: string): Promise<string[]> {
  while (await runNextExport());
  return (await db().ediscoveryExportItem.findMany({ where: { exportId } })).map((item) => item.emailId);
}

withEnv({ RATE_LIMIT_SEARCH: "0", RATE_LIMIT_BULK_APPLY: "0", RATE_LIMIT_EXPORT: "0" }, { scope: "all" });
beforeAll(async () => {
  const admin = await setupAdmin();
  const reader = await createUserWithRole(admin.token, [
    { action: "read", subject: "archive", conditions: { userEmail: ALICE } },
    { action: "restore", subject: "archive", conditions: { userEmail: ALICE } },
    { action: "delete", subject: "archive", conditions: { userEmail: ALICE } },
    { action: "manage", subject: "ediscovery" },
    { action: "read", subject: "audit" },
    // Restoring into a mailbox other than the email's own source needs it (restore-destination.ts); the
    // restore scope stays alice's.
    { action: "manage", subject: "ingestion" },
  ]);
  f = { admin, reader, readerSession: uiHeaders(await sessionCookieFor(reader.user.id, reader.user.email)) } as Fixture;
  f.sourceId = await ensureTestSource();
  // Deletion is off by default, which would answer 403 before the email is looked at.
  expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } })).status).toBe(200);
  // Bob's email answers alice's: one conversation, half of it outside the reader's scope (review analytics).
  f.alice = await ingestOne(ALICE, "Alpha merger", "alpha.txt", { messageId: "alpha@corp.test" });
  f.bob = await ingestOne(BOB, "Bravo BOBSECRET merger", "bobsecret.txt", { inReplyTo: "alpha@corp.test" });
  expect(await analysePendingEmails()).toBe(2);
  f.imapSourceId = (
    await db().ingestionSource.create({
      data: {
        name: "Mailbox",
        nameKey: "mailbox",
        provider: "imap",
        // Nothing listens there: a restore run fixes its set, then fails to connect.
        config: { host: "127.0.0.1", port: 1, secure: false, username: "nobody", passwordEncrypted: encryptSecret("unused") },
      },
    })
  ).id;
  f.caseId = (await createCaseVia(admin.token, { name: "Matter", memberIds: [reader.user.id] })).id;
  f.tagId = (await createTagVia(admin.token, f.caseId, "Responsive")).id;
  expect((await adminRest("POST", `${cases}/${f.caseId}/tags/${f.tagId}/apply`, { emailIds: [f.alice.id, f.bob.id] })).status).toBe(200);
  f.searchId = (await adminRest("POST", `${cases}/${f.caseId}/searches`, { name: "Merger", searchQuery: { query: "merger" } })).body.id;
  expect((await adminRest("POST", `${cases}/${f.caseId}/searches/${f.searchId}/run`)).body.total).toBe(2);
  f.exportId = (
    await adminRest("POST", `${cases}/${f.caseId}/exports`, { name: "Everything", source: { searchId: f.searchId }, format: "eml" })
  ).body.id;
  while (await runNextExport());
  expect((await adminRest("GET", `/v1/archived-emails/${f.bob.id}`)).status).toBe(200);
  f.labelId = (await adminRest("POST", "/api/v1/enterprise/retention-policy/labels", { name: "Keep", retentionPeriodDays: 30 })).body.id;
  f.bobAuditEntryId = Number(
    (await db().auditLog.findFirstOrThrow({ where: { actionType: "READ", targetId: f.bob.id }, orderBy: { id: "desc" } })).id,
  );
}, 300_000);

type Probe = () => Promise<void>;

/** REST routes ("METHOD /pattern") that return or write mail content or metadata, each with its probe. */
const CONTENT_ROUTES: Record<string, Probe> = {
  "GET /v1/archived-emails/[id]": async () => {
    expectHidden(await rest("GET", `/v1/archived-emails/${f.bob.id}`), "bob's email");
    const alice = await rest("GET", `/v1/archived-emails/${f.alice.id}`);
    expect(alice.body.subject).toBe("Alpha merger");
    // The conversation's size counts what the reader may read: bob's reply is not counted.
    expect(alice.body.conversation.size).toBe(1);
    expect((await adminRest("GET", `/v1/archived-emails/${f.alice.id}`)).body.conversation.size).toBe(2);
    expectNoBob(alice.text, "alice's email");
  },
  "GET /v1/archived-emails/[id]/thread": async () => {
    expectHidden(await rest("GET", `/v1/archived-emails/${f.bob.id}/thread`), "bob's conversation");
    const all = await adminRest("GET", `/v1/archived-emails/${f.alice.id}/thread`);
    expect(
      all.body.emails.map((email: { id: string }) => email.id),
      "the admin sees bob's reply (the probe can fail)",
    ).toContain(f.bob.id);
    const thread = await rest("GET", `/v1/archived-emails/${f.alice.id}/thread`);
    expectNoBob(thread.text, "alice's conversation");
    expect(thread.body.emails.map((email: { id: string }) => email.id)).toEqual([f.alice.id]);
  },
  "GET /v1/analytics/status": async () => {
    expect((await adminRest("GET", "/v1/analytics/status")).body).toMatchObject({ pending: 0, analysed: 2 });
    expect((await rest("GET", "/v1/analytics/status")).body).toMatchObject({ pending: 0, analysed: 1 });
  },
  "GET /api/v1/enterprise/ediscovery/cases/[id]/analytics": async () => {
    expect((await adminRest("GET", `${cases}/${f.caseId}/analytics`)).body).toMatchObject({ emails: 2, conversations: 1 });
    const figures = await rest("GET", `${cases}/${f.caseId}/analytics`);
    expect(figures.body).toMatchObject({ emails: 1, conversations: 1 });
    expectNoBob(figures.text, "the case's analytics");
  },
  "DELETE /v1/archived-emails/[id]": async () => {
    expectHidden(await rest("DELETE", `/v1/archived-emails/${f.bob.id}`), "deleting bob's email");
    expect(await db().archivedEmail.count({ where: { id: f.bob.id } })).toBe(1);
  },
  "GET /v1/archived-emails/[id]/raw": async () => {
    expectHidden(await rest("GET", `/v1/archived-emails/${f.bob.id}/raw`), "bob's raw email");
    expect((await rest("GET", `/v1/archived-emails/${f.alice.id}/raw`)).status).toBe(200);
  },
  "GET /v1/archived-emails/[id]/attachments/[attachmentId]": async () => {
    expectHidden(await rest("GET", `/v1/archived-emails/${f.bob.id}/attachments/${f.bob.attachmentId}`), "bob's attachment");
    expect((await rest("GET", `/v1/archived-emails/${f.alice.id}/attachments/${f.alice.attachmentId}`)).status).toBe(200);
  },
  "POST /v1/archived-emails/[id]/restore": async () => {
    expectHidden(await rest("POST", `/v1/archived-emails/${f.bob.id}/restore`, { ingestionSourceId: f.imapSourceId }), "restoring bob's");
  },
  "GET /v1/archived-emails/ingestion-source/[ingestionSourceId]": async () => {
    const page = await rest("GET", `/v1/archived-emails/ingestion-source/${f.sourceId}`);
    expectNoBob(page.text, "the source's emails");
    expect(page.text).toContain(f.alice.id);
  },
  "POST /v1/archived-emails/restore": async () => {
    const bySearch = await rest("POST", "/v1/archived-emails/restore", { ingestionSourceId: f.imapSourceId, searchQuery: { query: "" } });
    expect(bySearch.status, bySearch.text).toBe(202);
    expect(await runSetOf(bySearch.body.id)).toEqual([f.alice.id]);
    const byExport = await rest("POST", "/v1/archived-emails/restore", { ingestionSourceId: f.imapSourceId, exportId: f.exportId });
    expect(byExport.status, byExport.text).toBe(202);
    expect(await runSetOf(byExport.body.id)).toEqual([f.alice.id]);
  },
  "GET /v1/archived-emails/[id]/occurrences": async () => {
    expectHidden(await rest("GET", `/v1/archived-emails/${f.bob.id}/occurrences`), "where bob's email was seen");
    const seen = await rest("GET", `/v1/archived-emails/${f.alice.id}/occurrences`);
    expect(seen.body.items.map((item: { mailbox: string }) => item.mailbox)).toEqual([ALICE]);
  },
  "GET /v1/archived-emails/folders": async () => {
    const folders = await rest("GET", "/v1/archived-emails/folders");
    expectNoBob(folders.text, "the mailbox and folder counts");
    expect(folders.body.items.map((item: { mailbox: string; count: number }) => [item.mailbox, item.count])).toEqual([[ALICE, 1]]);
  },
  "GET /v1/archived-emails/unsearchable": async () => {
    const page = await rest("GET", "/v1/archived-emails/unsearchable");
    expect(page.status).toBe(200);
    expectNoBob(page.text, "unsearchable emails");
  },
  "GET /v1/search": async () => {
    const found = await rest("GET", "/v1/search?query=merger");
    expectNoBob(found.text, "a search");
    expect([found.body.total, found.body.items.map((item: { id: string }) => item.id)]).toEqual([1, [f.alice.id]]);
    expect((await rest("GET", "/v1/search?query=BOBSECRET")).body.total).toBe(0);
  },
  "GET /v1/search/index-status": async () => {
    // Only bob's email waits for the index: the reader's count (alice's scope) stays 0, the admin's is 1.
    await db().archivedEmail.update({ where: { id: f.bob.id }, data: { isIndexed: false } });
    try {
      expect((await rest("GET", "/v1/search/index-status")).body).toEqual({ notSearchable: 0, indexWarning: null });
      expect((await adminRest("GET", "/v1/search/index-status")).body.notSearchable).toBe(1);
    } finally {
      await db().archivedEmail.update({ where: { id: f.bob.id }, data: { isIndexed: true } });
    }
  },
  "POST /v1/search/explain": async () => {
    const explained = await rest("POST", "/v1/search/explain", { searchQuery: { query: "merger" }, exactCounts: true });
    expect([explained.status, explained.body.total]).toEqual([200, 1]);
    expect((await rest("POST", "/v1/search/explain", { searchQuery: { query: "BOBSECRET" } })).body.total).toBe(0);
  },
  "GET /api/v1/enterprise/audit-logs": async () => {
    const all = (await adminRest("GET", "/api/v1/enterprise/audit-logs?limit=100")).text;
    expect(all, "the admin sees bob's email in the log (the probe can fail)").toContain(f.bob.id);
    const page = await rest("GET", "/api/v1/enterprise/audit-logs?limit=100");
    expect(page.body.data.length).toBeGreaterThan(5);
    expectNoBob(page.text, "the audit log");
  },
  "GET /api/v1/enterprise/audit-logs/export": async () => {
    const all = (await adminRest("GET", "/api/v1/enterprise/audit-logs/export?format=jsonl")).text;
    expect(all, "the admin's export names bob's email (the probe can fail)").toContain(f.bob.id);
    const exported = await rest("GET", "/api/v1/enterprise/audit-logs/export?format=jsonl");
    expect(exported.status).toBe(200);
    expect(exported.text.split("\n").filter(Boolean).length).toBeGreaterThan(5);
    expectNoBob(exported.text, "the audit log export");
  },
  "GET /api/ui/audit-logs/export": async () => {
    const exported = await ui("/api/ui/audit-logs/export");
    expect(exported.status).toBe(200);
    expectNoBob(exported.text, "the audit log export (UI)");
  },
  "GET /api/v1/enterprise/ediscovery/cases/[id]": async () => {
    const matter = await rest("GET", `${cases}/${f.caseId}`);
    expect(matter.status).toBe(200);
    expectNoBob(matter.text, "the case");
  },
  "POST /api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]/run": async () => {
    const run = await rest("POST", `${cases}/${f.caseId}/searches/${f.searchId}/run`);
    expectNoBob(run.text, "a saved search's run");
    expect([run.body.total, run.body.sample.map((item: { id: string }) => item.id)]).toEqual([1, [f.alice.id]]);
  },
  "GET /api/v1/enterprise/ediscovery/cases/[id]/tags": async () => {
    const tags = await rest("GET", `${cases}/${f.caseId}/tags`);
    expect(tags.body.find((tag: { id: string }) => tag.id === f.tagId).emailCount).toBe(1);
  },
  "POST /api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/apply": async () => {
    const other = await createTagVia(f.admin.token, f.caseId, "Reader's");
    expectHidden(await rest("POST", `${cases}/${f.caseId}/tags/${other.id}/apply`, { emailIds: [f.bob.id] }), "tagging bob's");
    const bySearch = await rest("POST", `${cases}/${f.caseId}/tags/${other.id}/apply`, { searchId: f.searchId });
    expect(bySearch.body).toMatchObject({ emailsMatched: 1, emailsTagged: 1 });
    expect((await db().ediscoveryTaggedEmail.findMany({ where: { tagId: other.id } })).map((link) => link.emailId)).toEqual([f.alice.id]);
  },
  "POST /api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/remove": async () => {
    expectHidden(await rest("POST", `${cases}/${f.caseId}/tags/${f.tagId}/remove`, { emailIds: [f.bob.id] }), "untagging bob's");
    expect(await db().ediscoveryTaggedEmail.count({ where: { tagId: f.tagId, emailId: f.bob.id } })).toBe(1);
  },
  "DELETE /api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]": async () => {
    const deleted = await rest("DELETE", `${cases}/${f.caseId}/tags/${f.tagId}`);
    expect(deleted.status).toBe(403);
    expect(await db().ediscoveryTaggedEmail.count({ where: { tagId: f.tagId } })).toBe(2);
  },
  "POST /api/v1/enterprise/ediscovery/cases/[id]/exports": async () => {
    const created = await rest("POST", `${cases}/${f.caseId}/exports`, { name: "Reader's", source: { tagId: f.tagId }, format: "mbox" });
    expect(created.status).toBe(202);
    expect(await exportedBy(created.body.id)).toEqual([f.alice.id]);
  },
  "GET /api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/download": async () => {
    const refused = await rest("GET", `${cases}/${f.caseId}/exports/${f.exportId}/download`);
    expect(refused.status).toBe(403);
    expectNoBob(refused.text, "the download");
  },
  "GET /api/ui/ediscovery/cases/[id]/exports/[exportId]/download": async () => {
    expect((await ui(`/api/ui/ediscovery/cases/${f.caseId}/exports/${f.exportId}/download`)).status).toBe(403);
  },
  "GET /api/ui/emails/[id]/raw": async () => {
    expectHidden(await ui(`/api/ui/emails/${f.bob.id}/raw`), "bob's raw email (UI)");
    expect((await ui(`/api/ui/emails/${f.alice.id}/raw`)).status).toBe(200);
  },
  "GET /api/ui/emails/[id]/attachments/[attachmentId]": async () => {
    expectHidden(await ui(`/api/ui/emails/${f.bob.id}/attachments/${f.bob.attachmentId}`), "bob's attachment (UI)");
  },
  "GET /api/v1/enterprise/legal-holds/email/[emailId]/holds": async () => {
    expectHidden(await rest("GET", `/api/v1/enterprise/legal-holds/email/${f.bob.id}/holds`), "bob's holds");
  },
  "GET /api/v1/enterprise/retention-policy/email/[emailId]/label": async () => {
    expectHidden(await rest("GET", `/api/v1/enterprise/retention-policy/email/${f.bob.id}/label`), "bob's label");
  },
  "POST /api/v1/enterprise/retention-policy/email/[emailId]/label": async () => {
    const path = `/api/v1/enterprise/retention-policy/email/${f.bob.id}/label`;
    expectHidden(await rest("POST", path, { labelId: f.labelId }), "labelling bob's");
    expect(await db().emailRetentionLabel.count({ where: { emailId: f.bob.id } })).toBe(0);
  },
  "DELETE /api/v1/enterprise/retention-policy/email/[emailId]/label": async () => {
    expectHidden(await rest("DELETE", `/api/v1/enterprise/retention-policy/email/${f.bob.id}/label`), "unlabelling bob's");
  },
  "GET /api/v1/enterprise/retention-policy/email/[emailId]/status": async () => {
    expectHidden(await rest("GET", `/api/v1/enterprise/retention-policy/email/${f.bob.id}/status`), "bob's retention status");
  },
};

/** REST routes outside the class, with the reason (routes needing manage:all are found from their description). */
const OTHER_ROUTES: Record<string, string> = {
  "GET /api/v1/enterprise/audit-logs/head": "the chain's last hash and count: no entry's details",
  "POST /api/v1/enterprise/audit-logs/verify": "whether the chain verifies: hashes and entry ids, no details",
  "POST /api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/cancel": "changes an export's state; nothing of its mail",
  "GET /api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]": "the production's record (name, query, counts), a record of the case",
  "GET /api/v1/enterprise/ediscovery/cases/[id]/exports": "the productions' records, records of the case",
  "PUT /api/v1/enterprise/ediscovery/cases/[id]": "the case's record; members see by their own scope (content-scope.int.test.ts)",
  "DELETE /api/v1/enterprise/ediscovery/cases/[id]": "refused while the case has exports or holds; no mail",
  "GET /api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]": "a saved query, a record of the case",
  "PUT /api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]": "a saved query, a record of the case",
  "DELETE /api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]": "a saved query, a record of the case",
  "GET /api/v1/enterprise/ediscovery/cases/[id]/searches": "saved queries, records of the case",
  "POST /api/v1/enterprise/ediscovery/cases/[id]/searches": "a saved query, a record of the case",
  "POST /api/v1/enterprise/ediscovery/cases/[id]/tags": "a new, empty tag",
  "GET /api/v1/enterprise/ediscovery/cases": "the caller's cases' records",
  "POST /api/v1/enterprise/ediscovery/cases": "a new case",
  "GET /api/v1/enterprise/ediscovery/export-key": "the installation's public key",
  "GET /api/v1/enterprise/retention-policy/dispositions":
    "the review queue of a reviewer an administrator (manage:all) named on the label or policy: an explicit delegation (docs/retention.md)",
  "POST /api/v1/enterprise/retention-policy/dispositions/decide": "decisions of a reviewer named by an administrator (see above)",
  "GET /v1/archived-emails/restore/[runId]":
    "a restore run's status and counts; its set is probed through POST /v1/archived-emails/restore",
  "DELETE /v1/api-keys/[id]": "the caller's own keys",
  "GET /v1/api-keys": "the caller's own keys",
  "POST /v1/api-keys": "the caller's own keys",
  "POST /v1/auth/login/mfa": "sign-in",
  "POST /v1/auth/login": "sign-in",
  "GET /v1/auth/me": "the caller's own account",
  "POST /v1/auth/mfa/disable": "the caller's own account",
  "POST /v1/auth/mfa/totp/enable": "the caller's own account",
  "POST /v1/auth/mfa/totp/setup": "the caller's own account",
  "POST /v1/auth/setup": "first-run setup",
  "POST /v1/ingestion-sources/[id]/import": "brings mail in (manage:ingestion), returns none",
  "POST /api/ui/sources/[id]/import": "brings mail in (manage:ingestion), returns none",
  "GET /v1/ingestion-sources/[id]": "a source's settings and its total for the ingestion manager (manage:ingestion): no mail",
  "PUT /v1/ingestion-sources/[id]": "a source's settings (manage:ingestion)",
  "DELETE /v1/ingestion-sources/[id]": "a source's settings (manage:ingestion)",
  "POST /v1/ingestion-sources/[id]/sync": "starts a sync (manage:ingestion)",
  "GET /v1/ingestion-sources/[id]/coverage": "a source's counts per mailbox and folder (manage:ingestion), no mail",
  "GET /v1/ingestion-sources/[id]/receipts": "a source's import receipts, newest first: signed counts (manage:ingestion), no mail",
  "GET /v1/ingestion-sources/[id]/receipts/[receiptId]": "a sync run's signed counts per mailbox and folder (manage:ingestion), no mail",
  "GET /v1/ingestion-sources/[id]/receipts/[receiptId]/verify": "checks a receipt's signature and audit entry (manage:ingestion), no mail",
  "GET /v1/ingestion-sources": "the sources and their totals for the ingestion manager (manage:ingestion): no mail",
  "POST /v1/ingestion-sources": "a new source (manage:ingestion)",
  "GET /v1/license": "the license",
  "GET /v1/openapi.json": "the API's description",
  "GET /v1/roles/[id]": "roles (read:users)",
  "GET /v1/roles": "roles (read:users)",
  "GET /v1/users/[id]": "accounts (read:users)",
  "GET /v1/users": "accounts (read:users)",
  "POST /v1/users/profile/password": "the caller's own account",
  "GET /v1/users/profile": "the caller's own account",
  "PATCH /v1/users/profile": "the caller's own account",
};

/** tRPC procedures that return or write mail content or metadata, each with its probe. */
const CONTENT_PROCEDURES: Record<string, Probe> = {
  "archivedEmails.listBySource": async () => {
    const page = await trpc("archivedEmails.listBySource", { ingestionSourceId: f.sourceId });
    expectNoBob(page.text, "the source's emails");
    expect(page.text).toContain(f.alice.id);
  },
  "archivedEmails.get": async () => expectHidden(await trpc("archivedEmails.get", { id: f.bob.id }), "bob's email"),
  "archivedEmails.body": async () => expectHidden(await trpc("archivedEmails.body", { id: f.bob.id }), "bob's body"),
  "archivedEmails.occurrences": async () => expectHidden(await trpc("archivedEmails.occurrences", { id: f.bob.id }), "bob's occurrences"),
  "archivedEmails.thread": async () => {
    expectHidden(await trpc("archivedEmails.thread", { id: f.bob.id }), "bob's conversation");
    const thread = await trpc("archivedEmails.thread", { id: f.alice.id });
    expectNoBob(thread.text, "alice's conversation");
    expect(thread.data.emails).toHaveLength(1);
  },
  "analytics.status": async () => {
    expect((await trpc("analytics.status", undefined, f.admin)).data.analysed).toBe(2);
    expect((await trpc("analytics.status", undefined)).data.analysed).toBe(1);
  },
  "ediscovery.caseAnalytics": async () => {
    expect((await trpc("ediscovery.caseAnalytics", { id: f.caseId }, f.admin)).data.emails).toBe(2);
    const figures = await trpc("ediscovery.caseAnalytics", { id: f.caseId });
    expect(figures.data.emails).toBe(1);
    expectNoBob(figures.text, "the case's analytics");
  },
  "archivedEmails.folders": async () => {
    const folders = await trpc("archivedEmails.folders", {});
    expectNoBob(folders.text, "the mailbox and folder counts");
    expect(folders.text).toContain(ALICE);
  },
  "archivedEmails.delete": async () => expectHidden(await trpc("archivedEmails.delete", { id: f.bob.id }), "deleting bob's"),
  "archivedEmails.restore": async () =>
    expectHidden(await trpc("archivedEmails.restore", { id: f.bob.id, ingestionSourceId: f.imapSourceId }), "restoring bob's"),
  "archivedEmails.bulkRestore": async () => {
    const queued = await trpc("archivedEmails.bulkRestore", { ingestionSourceId: f.imapSourceId, searchQuery: { query: "merger" } });
    expect(queued.status, queued.text).toBe(200);
    expect(await runSetOf(queued.data.id)).toEqual([f.alice.id]);
  },
  "search.run": async () => {
    const found = await trpc("search.run", { query: "merger" });
    expectNoBob(found.text, "a search");
    expect(found.data.total).toBe(1);
  },
  "search.indexStatus": async () => {
    await db().archivedEmail.update({ where: { id: f.bob.id }, data: { isIndexed: false } });
    try {
      expect((await trpc("search.indexStatus", undefined)).data).toEqual({ notSearchable: 0, indexWarning: null });
      expect((await trpc("search.indexStatus", undefined, f.admin)).data.notSearchable).toBe(1);
    } finally {
      await db().archivedEmail.update({ where: { id: f.bob.id }, data: { isIndexed: true } });
    }
  },
  "search.explain": async () => {
    const explained = await trpc("search.explain", { searchQuery: { query: "merger" }, exactCounts: true });
    expect(explained.data.total).toBe(1);
  },
  "audit.list": async () => {
    expect((await trpc("audit.list", { limit: "100" }, f.admin)).text).toContain(f.bob.id);
    const page = await trpc("audit.list", { limit: "100" });
    expect(page.status).toBe(200);
    expectNoBob(page.text, "the audit log");
  },
  "audit.get": async () => {
    expect((await trpc("audit.get", { id: f.bobAuditEntryId }, f.admin)).text).toContain(f.bob.id);
    const entry = await trpc("audit.get", { id: f.bobAuditEntryId });
    expect(entry.status).toBe(200);
    expectNoBob(entry.text, "an audit entry");
  },
  "dashboard.stats": async () => {
    const stats = await trpc("dashboard.stats", undefined);
    expect(stats.data.emailsArchived).toBe(1);
    expectNoBob(stats.text, "the dashboard");
  },
  "ediscovery.get": async () => expectNoBob((await trpc("ediscovery.get", { id: f.caseId })).text, "the case"),
  "ediscovery.runSearch": async () => {
    const run = await trpc("ediscovery.runSearch", { id: f.caseId, searchId: f.searchId });
    expectNoBob(run.text, "a saved search's run");
    expect(run.data.total).toBe(1);
  },
  "ediscovery.runSearchWithElsewhere": async () => {
    const run = await trpc("ediscovery.runSearchWithElsewhere", { id: f.caseId, searchId: f.searchId });
    expectNoBob(run.text, "a saved search's run in the case workspace");
    expect(run.data).toMatchObject({ total: 1, elsewhere: null });
    // Narrowed to a custodian with no mail: the count elsewhere is the reader's (alice's), never bob's too.
    const matter = await createCaseVia(f.admin.token, {
      name: "Carol's matter",
      custodians: ["carol@corp.test"],
      memberIds: [f.reader.user.id],
    });
    const searchId = (await adminRest("POST", `${cases}/${matter.id}/searches`, { name: "Merger", searchQuery: { query: "merger" } })).body
      .id;
    expect((await trpc("ediscovery.runSearchWithElsewhere", { id: matter.id, searchId }, f.admin)).data).toMatchObject({ elsewhere: 2 });
    const narrowed = await trpc("ediscovery.runSearchWithElsewhere", { id: matter.id, searchId });
    expectNoBob(narrowed.text, "the count outside the custodians' mail");
    expect(narrowed.data).toEqual({ total: 0, sample: [], elsewhere: 1 });
  },
  "ediscovery.tags": async () => {
    const tags = await trpc("ediscovery.tags", { id: f.caseId });
    expect(tags.data.find((tag: { id: string }) => tag.id === f.tagId).emailCount).toBe(1);
  },
  "ediscovery.applyTag": async () =>
    expectHidden(await trpc("ediscovery.applyTag", { id: f.caseId, tagId: f.tagId, body: { emailIds: [f.bob.id] } }), "tagging bob's"),
  "ediscovery.removeTag": async () =>
    expectHidden(await trpc("ediscovery.removeTag", { id: f.caseId, tagId: f.tagId, emailIds: [f.bob.id] }), "untagging bob's"),
  "ediscovery.deleteTag": async () => expect((await trpc("ediscovery.deleteTag", { id: f.caseId, tagId: f.tagId })).status).toBe(403),
  "ediscovery.taggedEmails": async () => {
    const page = await trpc("ediscovery.taggedEmails", { id: f.caseId });
    expectNoBob(page.text, "the review list");
    expect(page.data.items.map((item: { id: string }) => item.id)).toEqual([f.alice.id]);
  },
  "ediscovery.caseActivity": async () => {
    expect((await trpc("ediscovery.caseActivity", { id: f.caseId }, f.admin)).text).toContain(f.bob.id);
    expectNoBob((await trpc("ediscovery.caseActivity", { id: f.caseId })).text, "the case's activity");
  },
  "ediscovery.createExport": async () => {
    const created = await trpc("ediscovery.createExport", {
      id: f.caseId,
      name: "Reader's search",
      source: { searchQuery: { query: "merger" } },
      format: "eml",
    });
    expect(await exportedBy(created.data.id)).toEqual([f.alice.id]);
  },
  "ediscovery.verifyExport": async () => {
    const refused = await trpc("ediscovery.verifyExport", { id: f.caseId, exportId: f.exportId });
    expect(refused.status).toBe(403);
    expectNoBob(refused.text, "a verification");
  },
  "legalHolds.emailHolds": async () => expectHidden(await trpc("legalHolds.emailHolds", { emailId: f.bob.id }), "bob's holds"),
  "lifecycle.emailStatus": async () => expectHidden(await trpc("lifecycle.emailStatus", { emailId: f.bob.id }), "bob's status"),
  "retentionLabels.emailLabel": async () => expectHidden(await trpc("retentionLabels.emailLabel", { emailId: f.bob.id }), "bob's label"),
  "retentionLabels.applyToEmail": async () =>
    expectHidden(await trpc("retentionLabels.applyToEmail", { emailId: f.bob.id, labelId: f.labelId }), "labelling bob's"),
  "retentionLabels.removeFromEmail": async () =>
    expectHidden(await trpc("retentionLabels.removeFromEmail", { emailId: f.bob.id }), "unlabelling bob's"),
};

/**
 * Permissions of administration and governance duties (manage:all grants them all): a caller with
 * only scoped read:archive holds none of them, so every route that needs one refuses them outright.
 */
const ADMINISTRATION = new Set([
  "manage:all",
  "manage:holds",
  "manage:retention",
  "manage:dispositions",
  "manage:users",
  "manage:settings",
  "manage:system",
]);

/** Procedures a restricted caller cannot call at all: they need manage:all or another administration permission. */
const MANAGE_ALL_PROCEDURES = [
  "users.create",
  "users.update",
  "users.delete",
  "users.revokeSessions",
  "roles.create",
  "roles.update",
  "roles.delete",
  "settings.get",
  "settings.update",
  "sso.roleMapping",
  "sso.updateRoleMapping",
  "legalHolds.list",
  "legalHolds.get",
  "legalHolds.create",
  "legalHolds.update",
  "legalHolds.delete",
  "legalHolds.emails",
  "legalHolds.previewBulkApply",
  "legalHolds.bulkApply",
  "legalHolds.releaseAll",
  "legalHolds.applyToEmail",
  "legalHolds.removeFromEmail",
  "retentionLabels.list",
  "retentionLabels.get",
  "retentionLabels.create",
  "retentionLabels.update",
  "retentionLabels.delete",
  "retentionPolicies.list",
  "retentionPolicies.get",
  "retentionPolicies.create",
  "retentionPolicies.previewImpact",
  "retentionPolicies.update",
  "retentionPolicies.delete",
  "lifecycle.forecast",
  "lifecycle.cycles",
  "lifecycle.requestCycle",
  "lifecycle.cycleRequest",
  "roles.conditionValues",
  "dispositions.certificate",
  "system.status",
  "system.retryJob",
];

/** tRPC procedures outside the class, with the reason. */
const OTHER_PROCEDURES: Record<string, string> = {
  ...Object.fromEntries(
    [
      "me",
      "updateProfile",
      "changePassword",
      "mfaStatus",
      "setupTotp",
      "enableTotp",
      "disableMfa",
      "apiKeys",
      "createApiKey",
      "deleteApiKey",
    ].map((name) => [`account.${name}`, "the caller's own account"]),
  ),
  "users.list": "accounts (read:users)",
  "users.get": "accounts (read:users)",
  "roles.list": "roles (read:users)",
  "roles.get": "roles (read:users)",
  "license.get": "the license",
  "system.workerPresence": "whether a background worker is running: no mail",
  "sso.status": "whether single sign-on is configured",
  "audit.verify": "whether the chain verifies: hashes and entry ids, no details",
  "audit.head": "the chain's last hash and count",
  "archivedEmails.restoreRun": "a restore run's status and counts; its set is probed through archivedEmails.bulkRestore",
  "ediscovery.list": "the caller's cases' records",
  "ediscovery.memberCandidates": "accounts by name and address for the member picker (manage:ediscovery): no mail",
  "ediscovery.create": "a new case",
  "ediscovery.update": "the case's record; members see by their own scope",
  "ediscovery.delete": "refused while the case has exports or holds; no mail",
  "ediscovery.searches": "saved queries, records of the case",
  "ediscovery.search": "a saved query, a record of the case",
  "ediscovery.createSearch": "a saved query, a record of the case",
  "ediscovery.updateSearch": "a saved query, a record of the case",
  "ediscovery.deleteSearch": "a saved query, a record of the case",
  "ediscovery.createTag": "a new, empty tag",
  "ediscovery.exports": "the productions' records, records of the case",
  "ediscovery.export": "the production's record, a record of the case",
  "ediscovery.cancelExport": "changes an export's state; nothing of its mail",
  "dispositions.list": "the review queue of a reviewer an administrator named on the label or policy: an explicit delegation",
  "dispositions.queueSize": "the size of that queue",
  "dispositions.decide": "decisions of a reviewer named by an administrator",
  "retentionLabels.applicable": "the labels one may apply: no mail",
  "sources.list": "the sources and their totals for the ingestion manager (manage:ingestion): no mail",
  "sources.names": "source names for the email browser's filter: no mail",
  "sources.create": "a new source (manage:ingestion)",
  "sources.update": "a source's name and settings (manage:ingestion), no mail",
  "sources.delete": "refused while the source holds mail (manage:ingestion)",
  "sources.journalListener": "the listener's address (manage:ingestion)",
  "sources.sync": "starts a sync (manage:ingestion)",
  "sources.coverage": "a source's counts per mailbox and folder (manage:ingestion), no mail",
  "sources.receipts": "a source's import receipts, newest first: signed counts (manage:ingestion), no mail",
  "sources.receipt": "a sync run's signed counts per mailbox and folder (manage:ingestion), no mail",
  "sources.verifyReceipt": "checks a receipt's signature and audit entry (manage:ingestion), no mail",
  "sources.progress": "a running sync's counts per mailbox (manage:ingestion), no mail",
};

describe("every route and procedure that returns or writes mail applies the caller's scope", async () => {
  const files = await Promise.all(routeFiles().map(async (file) => ({ pattern: file.pattern, module: await file.load() })));
  const routes = files.flatMap(({ pattern, module }) =>
    Object.entries(module).flatMap(([method, handler]) =>
      routeSpec(handler) ? [{ key: `${method} ${pattern}`, spec: routeSpec(handler)! }] : [],
    ),
  );
  const manageAllRoutes = routes.filter((route) => ADMINISTRATION.has(String(route.spec.permission))).map((route) => route.key);

  it("has every REST route and tRPC procedure in exactly one list", () => {
    const listed = [...Object.keys(CONTENT_ROUTES), ...Object.keys(OTHER_ROUTES), ...manageAllRoutes];
    expect(new Set(listed).size, "a route is listed twice").toBe(listed.length);
    expect(routes.map((route) => route.key).sort()).toEqual(listed.sort());
    const procedures = [...Object.keys(CONTENT_PROCEDURES), ...Object.keys(OTHER_PROCEDURES), ...MANAGE_ALL_PROCEDURES];
    expect(new Set(procedures).size, "a procedure is listed twice").toBe(procedures.length);
    expect(procedureNames().sort()).toEqual(procedures.sort());
  });

  it.each(Object.entries(CONTENT_ROUTES))("%s", async (_, probe) => probe(), 120_000);
  it.each(Object.entries(CONTENT_PROCEDURES))("%s", async (_, probe) => probe(), 120_000);

  it("refuses the restricted caller every route and procedure that needs manage:all (403)", async () => {
    for (const key of manageAllRoutes) {
      const [method, pattern] = key.split(" ");
      const answer = await rest(method, pattern.replace(/\[[^\]]+\]/g, GHOST), method === "GET" || method === "DELETE" ? undefined : {});
      expect(answer.status, key).toBe(403);
    }
    for (const name of MANAGE_ALL_PROCEDURES) expect((await trpc(name, undefined)).status, name).toBe(403);
  });

  it("leaves bob's email, its tag and the admin's production as they were", async () => {
    expect(await db().archivedEmail.count({ where: { id: f.bob.id } })).toBe(1);
    expect(await db().ediscoveryTaggedEmail.count({ where: { tagId: f.tagId } })).toBe(2);
    expect((await adminRest("GET", `${cases}/${f.caseId}/exports/${f.exportId}/download`)).status).toBe(200);
  });
});
