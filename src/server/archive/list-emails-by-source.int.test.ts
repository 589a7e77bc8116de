import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { principalForUser } from "../identity/auth/authenticate";
import { pgPool } from "../platform/db/pg-pool";
import { genericPlanReadPool } from "../platform/db/replica-reads";
import { selectSourceEmailPage } from "./archived-emails.queries";
import { listEmailsBySource } from "./list-emails-by-source";
import { loadEmailSummaries } from "./load-email-summaries";

useEmptyDatabasePerTest();

const HOLDS = "/api/v1/enterprise/legal-holds";

async function archiveMessages(token: string, raws: Buffer[]): Promise<string> {
  const source = await api("POST", "/v1/ingestion-sources", { token, body: { name: "Uploads", provider: "upload" } });
  const imported = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=alice@example.com`, {
    token,
    rawBody: new Uint8Array(mboxOf(raws)),
    headers: { "content-type": "application/mbox" },
  });
  expect(imported.body.failed).toEqual([]);
  return source.body.id as string;
}

describe("the list by source in one statement", () => {
  it("answers each email exactly as the summaries of the other lists do", async () => {
    const admin = await setupAdmin();
    const sourceId = await archiveMessages(admin.token, [
      buildMessage({ subject: 'Grüße aus Zürich — 日本語 \u2028 "quoted" back\\slash', from: "Zoë Ünal <zoe@example.com>" }),
      buildMessage({ subject: "Undated", date: null }),
      buildMessage({ subject: "Held", attachments: [{ filename: "a.txt", content: "attached text", contentType: "text/plain" }] }),
      buildMessage({ subject: "Released", to: ["Bob <bob@example.com>", "carol@example.com", "Dan <dan@example.com>"] }),
      buildMessage({ subject: "Odd rows" }),
    ]);
    const ids = new Map(
      (await pgPool().query<{ id: string; subject: string }>("SELECT id, subject FROM archived_emails")).rows.map((row) => [
        row.subject.split(" ")[0],
        row.id,
      ]),
    );
    // Values an import does not make but the columns hold: instants with and without milliseconds,
    // long ago and far ahead, labels, a path, recipients of other shapes, nulls where a column allows them.
    const update = (subject: string, set: string, values: unknown[] = []) =>
      pgPool().query(`UPDATE archived_emails SET ${set} WHERE id = $1`, [ids.get(subject), ...values]);
    await update("Grüße", "sent_at = '2024-02-29T23:59:59.999Z', tags = ARRAY['Ünïcode', 'a\"b', E'tab\\there'], path = 'Inbox/Ärchiv'");
    await update("Undated", "sent_at = '0099-03-04T05:06:07Z'");
    await update("Held", "sent_at = '1969-12-31T23:59:59.5Z'");
    await update("Released", "sent_at = '2999-01-01T00:00:00.010Z'");
    await update("Odd", "recipients = $2::jsonb, sent_at_fallback = 'unparseable', sender_name = ''", [
      JSON.stringify([null, 5, "text", { name: 7, email: "x@example.com", bcc: true }, { email: "only@example.com" }, []]),
    ]);
    const holdIds: string[] = [];
    for (const name of ["Active", "Released"])
      holdIds.push((await api("POST", `${HOLDS}/holds`, { token: admin.token, body: { name } })).body.id);
    for (const [subject, holdId] of [
      ["Held", holdIds[0]],
      ["Released", holdIds[1]],
    ] as const)
      expect((await api("POST", `${HOLDS}/email/${ids.get(subject)}/holds`, { token: admin.token, body: { holdId } })).status).toBe(200);
    await api("PUT", `${HOLDS}/holds/${holdIds[1]}`, { token: admin.token, body: { isActive: false } });

    for (const query of ["limit=100", "page=2&limit=2"]) {
      const listed = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?${query}`, { token: admin.token });
      expect(listed.status).toBe(200);
      const items = listed.body.items as { id: string }[];
      const summaries = await loadEmailSummaries(
        pgPool(),
        items.map((item) => item.id),
      );
      expect(JSON.stringify(items)).toBe(JSON.stringify(summaries));
      expect(listed.body.total).toBe(5);
    }
    const all = (await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?limit=100`, { token: admin.token })).body.items;
    const newestFirst = await pgPool().query<{ id: string }>("SELECT id FROM archived_emails ORDER BY archived_at DESC, id DESC");
    expect(all.map((item: { id: string }) => item.id)).toEqual(newestFirst.rows.map((row) => row.id));
    expect(
      Object.fromEntries(all.map((item: { subject: string; isOnLegalHold: boolean }) => [item.subject.split(" ")[0], item.isOnLegalHold])),
    ).toEqual({
      Grüße: false,
      Undated: false,
      Held: true,
      Released: false,
      Odd: false,
    });
  });

  it("runs the first page with its generic plan from the first call, the same page as planned for its values", async () => {
    const admin = await setupAdmin();
    const sourceId = await archiveMessages(admin.token, [buildMessage({ subject: "one" }), buildMessage({ subject: "two" })]);
    // Enough emails and kept-count deltas for the planner's estimates for unknown values to differ
    // from those for the known ones, as at a million emails, where it planned every call anew.
    await pgPool().query(
      `INSERT INTO archived_emails
       SELECT (jsonb_populate_record(NULL::archived_emails, to_jsonb(e) || jsonb_build_object('id', gen_random_uuid(), 'storage_hash_sha256', md5(n::text)))).*
         FROM archived_emails e, generate_series(1, 5000) n WHERE e.subject = 'one'`,
    );
    await pgPool().query("ANALYZE archived_emails");
    const principal = (await principalForUser(admin.user.id, "192.0.2.1", "token"))!;
    const planned = await selectSourceEmailPage(pgPool(), { sourceId, principal, limit: 20, offset: 0 });
    for (let call = 0; call < 3; call++) {
      const page = await listEmailsBySource({ principal, sourceId, page: 1, limit: 20 });
      expect(page.total).toBe(5002);
      expect(page.items.map((item) => item.id)).toEqual(planned.rows.map((row) => row.id));
    }
    // Called one after the other, the calls took the pool's one connection; PostgreSQL would have
    // planned a statement's first five calls for their values.
    const client = await genericPlanReadPool().connect();
    try {
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%counted_total%LIMIT 20%' AND statement NOT LIKE '%OFFSET%'",
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(3);
      expect(Number(rows[0].custom_plans)).toBe(0);
    } finally {
      client.release();
    }
  });
});
