import { expect, test, type APIRequestContext } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { adminToken, importMail, runLifecycleCycleNow, signIn } from "./session";

/**
 * The disposition review queue in the browser: a review label on old mail, a lifecycle cycle run
 * from the Retention page (by the e2e server's own worker) queues the emails, the dashboard shows the queue's size, and the review page filters, samples an email
 * and decides in bulk with a comment. Stands alone (first administrator through the REST API).
 */
const RUN = Date.now().toString(36);
const SOURCE = "Disposition E2E";
const SUBJECTS = [`Review memo A ${RUN}`, `Review memo B ${RUN}`, `Review memo C ${RUN}`];

/** Imports this run's mail and puts it under a new 30-day review label. */
async function fixtures(request: APIRequestContext) {
  const { headers, emailId } = await importMail(
    request,
    SOURCE,
    SUBJECTS.map((subject) => [subject, "Frank <frank@review.example>"] as const),
    "disposition-e2e.example",
  );
  const label = await request.post("/api/v1/enterprise/retention-policy/labels", {
    headers,
    data: { name: `E2E review ${RUN}`, retentionPeriodDays: 30, dispositionAction: "review" },
  });
  expect(label.status()).toBe(201);
  const labelId = (await label.json()).id;
  for (const subject of SUBJECTS) {
    const applied = await request.post(`/api/v1/enterprise/retention-policy/email/${emailId(subject)}/label`, {
      headers,
      data: { labelId },
    });
    expect(applied.status()).toBe(200);
  }
}

test("a reviewer filters the queue, samples an email and decides in bulk with a comment", async ({ page, request }) => {
  test.setTimeout(240_000);
  await fixtures(request);
  await signIn(page);
  await runLifecycleCycleNow(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("review-queue")).toContainText(/Disposition review queue: \d+ emails wait/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Disposition review" }).click();
  await expect(page.getByRole("heading", { name: "Disposition review" })).toBeVisible();
  await page.getByLabel("Rule").selectOption({ label: `E2E review ${RUN}` });
  const rows = page.getByRole("row").filter({ hasText: RUN });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("pending");
  await expect(page.getByTestId("sample-email")).toHaveAttribute("href", /^\/emails\/[0-9a-f-]{36}$/);

  await page.getByRole("checkbox", { name: `Select ${SUBJECTS[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select ${SUBJECTS[1]}` }).check();
  const form = page.getByRole("form", { name: "Decide 2 selected" });
  await form.getByLabel("Comment").fill("Past retention, no open matter");
  await form.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("2 dispositions decided (approve)")).toBeVisible();
  await expect(rows).toHaveCount(1);

  await page.getByRole("checkbox", { name: `Select ${SUBJECTS[2]}` }).check();
  const extend = page.getByRole("form", { name: "Decide 1 selected" });
  await extend.getByLabel("Decision").selectOption("extend");
  await extend.getByLabel("Days").fill("90");
  await extend.getByLabel("Comment").fill("Audit in progress");
  await extend.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("1 disposition decided (extend)")).toBeVisible();
  await expect(page.getByText("Nothing waits for your review")).toBeVisible();

  await page.getByLabel("Status").selectOption("approved");
  await page.getByLabel("Rule").selectOption({ label: `E2E review ${RUN}` });
  const approved = page.getByRole("row").filter({ hasText: RUN });
  await expect(approved).toHaveCount(2);
  await expect(approved.first()).toContainText("Past retention, no open matter");

  // The next cycle destroys the approved emails; the Retention page downloads their signed certificate.
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put("/v1/settings", { headers, data: { deletionEnabled: true } })).status()).toBe(200);
  await runLifecycleCycleNow(page);
  const certificate = page.getByRole("form", { name: "Certificate of destruction" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    certificate.getByRole("button", { name: "Download certificate" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificate-of-destruction-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.json$/);
  const signed = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(signed).toMatchObject({ algorithm: "Ed25519", signature: expect.any(String), publicKey: expect.any(String) });
  expect(signed.csv.split("\n").filter((line: string) => line.includes(`E2E review ${RUN}`))).toHaveLength(2);
});
