import { expect, test } from "@playwright/test";
import { verifyExportZip } from "../scripts/verify-export.mjs";
import { dovecotSourceConfig, startDovecot, type DovecotServer, type DovecotUser } from "@tests/helpers/dovecot";
import { ADMIN, adminToken, importMail, signIn } from "./session";

/**
 * eDiscovery through the real UI: create a case, build and save a search (with its explanation),
 * tag its results in bulk and one by one, export them through the real worker, follow the export to
 * completion, verify and download the signed production, create a hold from the case and read the
 * case's activity; a Read Only user cannot see the case.
 * Screenshots land in docs/screenshots/.
 */
const RUN = `k${Date.now().toString(36)}`;
const CASE = `Merger review ${RUN}`;
const MAILS = [
  [`Acquisition ${RUN} term sheet`, "Alice <alice@acme.example>"],
  [`Acquisition ${RUN} due diligence`, "Alice <alice@acme.example>"],
  [`Acquisition ${RUN} lunch`, "Carol <carol@other.example>"],
] as const;

test.describe.serial("eDiscovery", () => {
  let caseUrl = "";

  test.beforeAll(async ({ request }) => {
    await importMail(request, "eDiscovery e2e", MAILS, "ediscovery.e2e");
  });

  test("create a case, build and save a search, tag its results, export them with the worker and download the signed production", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // A hold made on the Legal holds page before the matter had a case; the case attaches it below.
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const standalone = await request.post("/api/v1/enterprise/legal-holds/holds", {
      headers,
      data: { name: `Standalone ${RUN}`, reason: "Preserved before the case existed" },
    });
    expect(standalone.status()).toBe(201);
    await signIn(page, ADMIN);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cases" }).click();
    await expect(page.getByRole("heading", { name: "Cases" })).toBeVisible();
    const create = page.getByRole("form", { name: "New case" });
    await create.getByLabel("Name").fill(CASE);
    await create.getByLabel(/^Custodians/).fill("bob@example.com");
    await create.getByRole("button", { name: "Create case" }).click();
    await page.getByRole("link", { name: CASE }).click();
    await expect(page.getByRole("heading", { name: CASE })).toBeVisible();
    caseUrl = page.url();
    const custodians = page.getByRole("list", { name: "Custodians" });
    await expect(custodians.getByRole("listitem")).toHaveCount(1);
    await expect(custodians).toContainText("bob@example.com");
    const addCustodians = page.getByRole("form", { name: "Add custodians" });
    await addCustodians.getByLabel("Custodian address").fill("Dave@Example.com, erin@example.com");
    await addCustodians.getByRole("button", { name: "Add custodian" }).click();
    await expect(custodians.getByRole("listitem")).toHaveCount(3);
    await expect(custodians).toContainText("dave@example.com");
    await page.getByRole("button", { name: "Remove custodian dave@example.com" }).click();
    await page.getByRole("button", { name: "Remove custodian erin@example.com" }).click();
    await expect(custodians.getByRole("listitem")).toHaveCount(1);
    await expect(custodians).toContainText("bob@example.com");
    await addCustodians.getByLabel("Custodian address").fill("not-an-address");
    await addCustodians.getByRole("button", { name: "Add custodian" }).click();
    await expect(addCustodians).toContainText("custodians must be email addresses");
    await expect(custodians.getByRole("listitem")).toHaveCount(1);

    await page.getByRole("tab", { name: "Review" }).click();
    const newTag = page.getByRole("form", { name: "New review tag" });
    await newTag.getByLabel("Tag name").fill("Responsive");
    await newTag.getByRole("button", { name: "Create tag" }).click();
    await expect(page.getByTestId("tag-Responsive")).toContainText("0");

    await page.getByRole("tab", { name: "Searches" }).click();
    const builder = page.getByRole("form", { name: "Search builder" });
    await builder.getByLabel("Value 1").fill(RUN);
    await builder.getByRole("button", { name: "Add clause" }).click();
    await builder.getByLabel("Field 2").selectOption("from");
    await builder.getByLabel("Value 2").fill("@acme.example");
    await builder.getByRole("button", { name: "Write query" }).click();
    await expect(builder.getByRole("textbox", { name: "Query", exact: true })).toHaveValue(`${RUN} AND from:@acme.example`);
    await builder.getByRole("button", { name: "Explain query" }).click();
    const explanation = builder.getByRole("region", { name: "Query explanation" });
    await expect(explanation).toContainText("exactly as written");
    await expect(explanation.getByRole("list", { name: "Clauses and their counts" })).toContainText("from:@acme.example");
    await builder.getByLabel("Search name").fill("Acme acquisition mail");
    await builder.getByRole("button", { name: "Save search" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Acme acquisition mail" })).toContainText("never run");
    await page.screenshot({ path: "docs/screenshots/case-searches.png", fullPage: true });

    await page.getByRole("button", { name: "Run Acme acquisition mail" }).click();
    await expect(page.getByTestId("run-total")).toHaveText("2");
    const results = page.getByRole("region", { name: "Search results" });
    await results.getByRole("button", { name: "Tag all 2 results" }).click();
    await expect(results.getByRole("row").filter({ hasText: "term sheet" })).toContainText("Responsive");
    await expect(results.getByRole("row").filter({ hasText: "due diligence" })).toContainText("Responsive");

    await page.getByRole("tab", { name: "Review" }).click();
    await expect(page.getByTestId("tag-Responsive")).toContainText("2");
    await page.getByRole("combobox", { name: "Show", exact: true }).selectOption({ label: "Tagged Responsive" });
    await page.getByRole("checkbox", { name: `Select Acquisition ${RUN} due diligence` }).check();
    await page.getByRole("button", { name: "Remove tag from 1 selected" }).click();
    await expect(page.getByTestId("tag-Responsive")).toContainText("1");
    await expect(page.getByRole("row").filter({ hasText: "due diligence" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Searches" }).click();
    await page.getByRole("button", { name: "Run Acme acquisition mail" }).click();
    const rerun = page.getByRole("region", { name: "Search results" });
    await rerun.getByRole("checkbox", { name: `Select Acquisition ${RUN} due diligence` }).check();
    await rerun.getByRole("button", { name: "Apply tag to 1 selected" }).click();
    await expect(rerun.getByRole("row").filter({ hasText: "due diligence" })).toContainText("Responsive");

    await page.getByRole("tab", { name: "Exports" }).click();
    const newExport = page.getByRole("form", { name: "New export" });
    await newExport.getByLabel("Name").fill("Production 1");
    await newExport.getByRole("combobox", { name: "Emails" }).selectOption({ label: "Tag: Responsive (2)" });
    await newExport.getByRole("button", { name: "Start export" }).click();
    // The e2e server runs the worker as `npm start` does: the export completes with no second command.
    await expect(page.getByTestId("export-status-Production 1")).toHaveText("completed", { timeout: 30_000 });
    await expect(page.getByRole("progressbar", { name: "Progress of Production 1" })).toHaveAttribute("aria-valuenow", "100");
    await page.getByRole("button", { name: "Verify Production 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "signature valid, 2 messages match the manifest" })).toBeVisible();
    await page.screenshot({ path: "docs/screenshots/case-exports.png", fullPage: true });

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Production 1" }).click();
    const download = await downloading;
    const zipPath = test.info().outputPath("production.zip");
    await download.saveAs(zipPath);
    expect(verifyExportZip(zipPath)).toMatchObject({ ok: true, problems: [], messages: 2 });

    // A PDF production of the same emails: Bates numbers from the case's next number, a redaction, an endorsement.
    await newExport.getByLabel("Name").fill("Production PDF");
    await newExport.getByRole("combobox", { name: "Emails" }).selectOption({ label: "Tag: Responsive (2)" });
    await newExport.getByRole("combobox", { name: "Format" }).selectOption("pdf");
    await newExport.getByLabel("Bates prefix").fill("ACME");
    await expect(newExport.getByLabel("Start at")).toHaveValue("1");
    await newExport.getByLabel("Redact these words or phrases (one per line, any case)").fill("due diligence");
    await newExport.getByLabel("Endorsement on every page").fill("CONFIDENTIAL");
    await newExport.getByRole("button", { name: "Start export" }).click();
    await expect(page.getByTestId("export-status-Production PDF")).toHaveText("completed", { timeout: 60_000 });
    await expect(page.getByTestId("bates-Production PDF")).toContainText("ACME00000001–ACME0000000");
    await page.getByRole("button", { name: "Verify Production PDF" }).click();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "Production PDF" })
        .getByRole("status")
        .filter({ hasText: "signature valid, 2 messages match the manifest" }),
    ).toBeVisible();

    await page.getByRole("tab", { name: "Overview" }).click();
    const newHold = page.getByRole("form", { name: "New hold for this case" });
    await newHold.getByLabel("Name").fill(`Hold ${RUN}`);
    await newHold.getByLabel("Reason").fill("Merger litigation");
    await newHold.getByRole("button", { name: "Create hold" }).click();
    await expect(page.getByRole("row").filter({ hasText: `Hold ${RUN}` })).toContainText("Active");

    await page.getByRole("tab", { name: "Activity" }).click();
    const activity = page.getByTestId("case-activity-row");
    const withAction = (action: string) => activity.filter({ has: page.getByRole("cell", { name: action, exact: true }) });
    await expect(activity.first()).toContainText(`Hold ${RUN}`);
    await expect(withAction("EXPORT").filter({ hasText: "phase: created" }).filter({ hasText: "name: Production 1," })).toHaveCount(1);
    await expect(withAction("EXPORT").filter({ hasText: "phase: bates" })).toContainText("batesBegin: ACME00000001");
    await expect(withAction("TAG_APPLY").first()).toContainText("Responsive");
    await expect(withAction("DOWNLOAD")).toHaveCount(1);
    await expect(withAction("UPDATE").filter({ hasText: "custodians" }).first()).toContainText("erin@example.com");
    await page.screenshot({ path: "docs/screenshots/case-activity.png", fullPage: true });

    await page.getByRole("tab", { name: "Overview" }).click();
    const attach = page.getByRole("form", { name: "Attach an existing hold" });
    await attach.getByLabel("Hold").selectOption({ label: `Standalone ${RUN}` });
    await attach.getByRole("button", { name: "Attach hold" }).click();
    await expect(page.getByRole("row").filter({ hasText: `Standalone ${RUN}` })).toContainText("Active");
  });

  test("a Read Only user sees neither the Cases page nor the case", async ({ page, request }) => {
    expect(caseUrl).not.toBe("");
    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const roles: { id: string; slug: string }[] = await (await request.get("/v1/roles", { headers })).json();
    const reader = { email: `reader-${RUN}@example.com`, password: "reader password 123" };
    const created = await request.post("/v1/users", {
      headers,
      data: { ...reader, first_name: "Rita", last_name: "Reader", roleId: roles.find((role) => role.slug === "predefined_read_only")!.id },
    });
    expect(created.status()).toBe(201);
    await signIn(page, reader);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cases" })).toHaveCount(0);
    await page.goto(caseUrl);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: CASE })).toHaveCount(0);
    expect((await request.delete(`/v1/users/${(await created.json()).id}`, { headers })).status()).toBe(204);
  });
});

/**
 * Restore to a mailbox from a case export (docs/journaling.md, "Restore"): a completed export's
 * "Restore to mailbox" action, run by the real worker, appends exactly the exported messages over
 * IMAP to the chosen folder of an IMAP source's mailbox on a real Dovecot.
 */
test.describe("Restore from a case export", () => {
  const RESTORE_RUN = `r${Date.now().toString(36)}`;
  const ID_DOMAIN = "restore.e2e";
  const EXPORTED = [
    [`Settlement ${RESTORE_RUN} draft`, "Alice <alice@acme.example>"],
    [`Settlement ${RESTORE_RUN} signed`, "Alice <alice@acme.example>"],
    [`Settlement ${RESTORE_RUN} invoice`, "Carol <carol@other.example>"],
  ] as const;
  const mailboxUser: DovecotUser = { username: `restore-${RESTORE_RUN}@corp.test`, password: "restore-Secret-1" };
  const FOLDER = "Produced/Settlement";
  let dovecot: DovecotServer;

  test.beforeAll(async () => {
    dovecot = await startDovecot({ users: [mailboxUser] });
  });
  test.afterAll(async () => dovecot?.stop());

  /** The Message-IDs in `folder` of the restore target's mailbox, sorted. */
  async function folderMessageIds(folder: string): Promise<string[]> {
    const client = await dovecot.connect(mailboxUser);
    try {
      const lock = await client.getMailboxLock(folder);
      try {
        const ids: string[] = [];
        for await (const message of client.fetch("1:*", { envelope: true })) ids.push(message.envelope?.messageId ?? "");
        return ids.sort();
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }

  test("restore a completed export to an IMAP source's mailbox and find exactly its messages in the chosen folder", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // A message of the same custodian that the export leaves out must not reach the mailbox.
    const { headers } = await importMail(request, "Restore e2e", [...EXPORTED, ["Team lunch", "Dave <dave@acme.example>"]], ID_DOMAIN);
    const target = `Mailbox ${RESTORE_RUN}`;
    const source = await request.post("/v1/ingestion-sources", {
      headers,
      data: {
        name: target,
        provider: "imap",
        config: dovecotSourceConfig(dovecot, mailboxUser),
      },
    });
    expect(source.status()).toBe(201);
    const matter = `Settlement ${RESTORE_RUN}`;
    const created = await request.post("/api/v1/enterprise/ediscovery/cases", { headers, data: { name: matter } });
    expect(created.status()).toBe(201);
    const caseId: string = (await created.json()).id;
    const production = `Production ${RESTORE_RUN}`;
    const exported = await request.post(`/api/v1/enterprise/ediscovery/cases/${caseId}/exports`, {
      headers,
      data: { name: production, source: { searchQuery: { query: RESTORE_RUN } }, format: "eml" },
    });
    expect(exported.status()).toBe(202);

    await signIn(page, ADMIN);
    await page.goto(`/cases/${caseId}`);
    await expect(page.getByRole("heading", { name: matter })).toBeVisible();
    await page.getByRole("tab", { name: "Exports" }).click();
    await expect(page.getByTestId(`export-status-${production}`)).toHaveText("completed", { timeout: 30_000 });
    const restore = page.getByRole("form", { name: `Restore ${production} to mailbox` });
    await restore.getByRole("combobox", { name: "Restore to mailbox" }).selectOption({ label: target });
    await restore.getByRole("textbox", { name: "Folder" }).fill(FOLDER);
    await restore.getByRole("button", { name: `Restore ${production} to mailbox` }).click();
    // The server's own worker runs the restore job (queued, then done within a moment).
    const progress = page.getByRole("progressbar", { name: "Restore progress" });
    await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: /^Restore/ })).toHaveText("Restore completed: 3 restored of 3");
    await page.screenshot({ path: "docs/screenshots/case-export-restore.png", fullPage: true });

    expect(await folderMessageIds(FOLDER)).toEqual(EXPORTED.map(([subject]) => `<${subject.replace(/\W+/g, "-")}@${ID_DOMAIN}>`).sort());
  });
});
