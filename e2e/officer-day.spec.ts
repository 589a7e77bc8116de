import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { verifyExportZip } from "../scripts/verify-export.mjs";
import { adminToken, login, plainMessage, runLifecycleCycleNow, signIn } from "./session";

/**
 * A compliance officer's day with the predefined Compliance Officer role, not manage:all, on the
 * server `npm start` runs (worker and listener included, first-run setup done with the printed token
 * by compliance-officer.spec.ts): the administrator imports a shared mailbox; the officer holds mail
 * by query, opens a case whose custodian's mail sits only in that shared mailbox, produces, downloads
 * and verifies it, approves a disposition and exports the audit log, and is refused user management.
 */
const RUN = Date.now().toString(36);
const OFFICER = { email: `officer-${RUN}@example.com`, password: "officer password 123" };
const SHARED = "shared@example.com";

/** Mail to the shared mailbox: bob takes part in A (To) and B (Cc), not in C; the newsletter is outside the matter. */
const NEWSLETTER = `Quarterly newsletter N${RUN}`;
function sharedMailbox(): string {
  const mail = [
    [`Zeppelin ${RUN} pricing A`, "To: Bob <bob@example.com>"],
    [`Zeppelin ${RUN} pricing B`, "To: dave@example.com\r\nCc: bob@example.com"],
    [`Zeppelin ${RUN} pricing C`, "To: dave@example.com"],
    [NEWSLETTER, "To: dave@example.com"],
  ] as const;
  return mail
    .map(([subject, recipients]) => {
      const raw = plainMessage(subject, "carol@example.com", "officer-day.example").replace(/^To: .*$/m, recipients);
      return `From carol@example.com Mon Jan 15 12:00:00 2024\n${raw}\n`;
    })
    .join("");
}

test("an officer's day: hold, custodian case, production, disposition, audit export, no user management", async ({ page, request }) => {
  test.setTimeout(300_000);
  // The administrator's part: a source, the shared mailbox's mail, and the officer's account.
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const source = await (
    await request.post("/v1/ingestion-sources", { headers: admin, data: { name: `Shared ${RUN}`, provider: "upload", config: {} } })
  ).json();
  const imported = await request.post(`/v1/ingestion-sources/${source.id}/import?userEmail=${SHARED}`, {
    headers: { ...admin, "content-type": "application/mbox" },
    data: Buffer.from(sharedMailbox()),
  });
  expect((await imported.json()).imported).toBe(4);
  const roles: { id: string; slug: string }[] = await (await request.get("/v1/roles", { headers: admin })).json();
  const officerRole = roles.find((role) => role.slug === "predefined_compliance_officer")!;
  const created = await request.post("/v1/users", {
    headers: admin,
    data: { ...OFFICER, first_name: "Cora", last_name: "Compliance", roleId: officerRole.id },
  });
  expect(created.status()).toBe(201);

  await signIn(page, OFFICER);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Legal holds" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);

  // Hold by query, through the bulk-apply preview.
  const officer = { authorization: `Bearer ${await login(request, OFFICER)}` };
  const hold = await request.post("/api/v1/enterprise/legal-holds/holds", { headers: officer, data: { name: `Zeppelin ${RUN}` } });
  expect(hold.status()).toBe(201);
  await nav.getByRole("link", { name: "Legal holds" }).click();
  const bulk = page.getByRole("form", { name: "Bulk apply from a search" });
  await bulk.getByLabel("Hold").selectOption({ label: `Zeppelin ${RUN}` });
  await bulk.getByLabel("Query", { exact: true }).fill(RUN);
  await bulk.getByRole("button", { name: "Preview matches" }).click();
  await expect(bulk.getByTestId("bulk-preview-count")).toHaveText("3 matching emails");
  await bulk.getByRole("button", { name: "Apply hold to 3 emails" }).click();
  await expect(bulk.getByTestId("bulk-result")).toHaveText("3 emails newly linked");

  // A case whose custodian takes part in mail captured only under the shared mailbox.
  await nav.getByRole("link", { name: "Cases" }).click();
  const create = page.getByRole("form", { name: "New case" });
  await create.getByLabel("Name").fill(`Matter ${RUN}`);
  await create.getByLabel(/^Custodians/).fill("bob@example.com");
  await create.getByRole("button", { name: "Create case" }).click();
  await page.getByRole("link", { name: `Matter ${RUN}` }).click();
  await page.getByRole("tab", { name: "Searches" }).click();
  const builder = page.getByRole("form", { name: "Search builder" });
  await builder.getByLabel("Value 1").fill(RUN);
  await builder.getByRole("button", { name: "Write query" }).click();
  await expect(builder.getByRole("textbox", { name: "Query", exact: true })).toHaveValue(RUN);
  await builder.getByLabel("Search name").fill("Zeppelin pricing");
  await builder.getByRole("button", { name: "Save search" }).click();
  await page.getByRole("button", { name: "Run Zeppelin pricing" }).click();
  await expect(page.getByTestId("run-total")).toHaveText("2");
  await expect(page.getByTestId("run-elsewhere")).toContainText("2 in the custodians' mail; 1 elsewhere in the archive you can read");

  // The production completes with no second command, downloads and verifies.
  await page.getByRole("tab", { name: "Exports" }).click();
  const newExport = page.getByRole("form", { name: "New export" });
  await newExport.getByLabel("Name").fill("Officer production");
  await newExport.getByRole("combobox", { name: "Emails" }).selectOption({ label: "Saved search: Zeppelin pricing" });
  await newExport.getByRole("button", { name: "Start export" }).click();
  await expect(page.getByTestId("export-status-Officer production")).toHaveText("completed", { timeout: 60_000 });
  await page.getByRole("button", { name: "Verify Officer production" }).click();
  await expect(page.getByRole("status").filter({ hasText: "signature valid, 2 messages match the manifest" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Officer production" }).click();
  const zipPath = test.info().outputPath("officer-production.zip");
  await (await downloading).saveAs(zipPath);
  expect(verifyExportZip(zipPath)).toMatchObject({ ok: true, problems: [], messages: 2 });

  // A review label on the newsletter (outside the matter, under no hold); a cycle the officer runs from the
  // Retention page (the server's own worker runs it) queues it; the officer approves.
  const label = await request.post("/api/v1/enterprise/retention-policy/labels", {
    headers: officer,
    data: { name: `Review ${RUN}`, retentionPeriodDays: 30, dispositionAction: "review" },
  });
  expect(label.status()).toBe(201);
  const listed = await (await request.get(`/v1/search?query=N${RUN}`, { headers: officer })).json();
  expect(listed.total).toBe(1);
  const outside = listed.items[0].id as string;
  const labelled = await request.post(`/api/v1/enterprise/retention-policy/email/${outside}/label`, {
    headers: officer,
    data: { labelId: (await label.json()).id },
  });
  expect(labelled.status()).toBe(200);
  await runLifecycleCycleNow(page);
  await nav.getByRole("link", { name: "Disposition review" }).click();
  await page.getByLabel("Rule").selectOption({ label: `Review ${RUN}` });
  await page.getByRole("checkbox", { name: `Select ${NEWSLETTER}` }).check();
  const decide = page.getByRole("form", { name: "Decide 1 selected" });
  await decide.getByLabel("Comment").fill("Outside the matter, past retention");
  await decide.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("1 disposition decided (approve)")).toBeVisible();

  // The audit log, exported with the filters shown, names this day's work.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const exporting = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csvPath = test.info().outputPath("audit.csv");
  await (await exporting).saveAs(csvPath);
  const csv = await readFile(csvPath, "utf8");
  expect(csv.split("\n")[0]).toBe("id,timestamp,actorIdentifier,actorIp,actionType,targetType,targetId,details,previousHash,currentHash");
  expect(csv).toContain("BULK_APPLY_HOLD");
  expect(csv).toContain(OFFICER.email);

  // No user management for a Compliance Officer.
  await page.goto("/admin/users");
  await expect(page.getByText("Not allowed")).toBeVisible();
  expect((await request.get("/v1/users", { headers: officer })).status()).toBe(403);
  expect((await request.get("/v1/settings", { headers: officer })).status()).toBe(403);
});
