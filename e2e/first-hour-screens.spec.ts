import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminToken, importMail, runLifecycleCycleNow, signIn } from "./session";

/**
 * The screens a newcomer meets in the first hour tell the truth (issue 49): the system status lists
 * every role running, each role lands on a page it may open, Delete shows only when it can work, the
 * Emails list marks a Sent time that is the archive time, the review table keeps its decisive
 * columns on screen, and a case names its members. Stands alone (first administrator through REST).
 */
const RUN = Date.now().toString(36);
const PASSWORD = "first hour password 123";

async function userWithRole(request: APIRequestContext, roleName: string, email: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const roles: { id: string; name: string }[] = await (await request.get("/v1/roles", { headers })).json();
  const role = roles.find((candidate) => candidate.name === roleName)!;
  const created = await request.post("/v1/users", {
    headers,
    data: { email, password: PASSWORD, first_name: "Casey", last_name: `Newcomer ${RUN}`, roleId: role.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...(await created.json()), email, password: PASSWORD } as { id: string; email: string; password: string };
}

test("the system status lists the web server beside the worker", async ({ page, request }) => {
  await adminToken(request);
  await signIn(page);
  await page.goto("/system");
  const processes = page.getByRole("table", { name: "Processes" });
  await expect(processes.getByRole("row").filter({ hasText: /^web/ })).toHaveCount(1);
  await expect(
    processes
      .getByRole("row")
      .filter({ hasText: /^worker/ })
      .first(),
  ).toBeVisible();
});

test("an IT Administrator lands on the system status and is not offered Disposition review", async ({ page, request }) => {
  const admin = await userWithRole(request, "IT Administrator", `it-${RUN}@example.com`);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/system$/);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "System status" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Disposition review" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
});

test("the email page offers Delete only while deletion is on; the Emails list marks an undated Sent time", async ({ page, request }) => {
  const subject = `Timeless notice ${RUN}`;
  const { headers, emailId } = await importMail(
    request,
    "First hour",
    [[`Stamped notice ${RUN}`, "Dora <dora@example.com>"]],
    "first-hour.example",
  );
  const sources: { id: string; name: string }[] = await (await request.get("/v1/ingestion-sources", { headers })).json();
  const source = sources.find((candidate) => candidate.name === "First hour")!;
  const undated = [`From: Una <una@example.com>`, "To: Bob <bob@example.com>", `Subject: ${subject}`, "", "No Date header here.", ""].join(
    "\r\n",
  );
  const uploaded = await request.post(`/v1/ingestion-sources/${source.id}/import?userEmail=bob@example.com`, {
    headers: { ...headers, "content-type": "message/rfc822" },
    data: Buffer.from(undated),
  });
  expect(uploaded.status()).toBe(200);

  expect((await request.put("/v1/settings", { headers, data: { deletionEnabled: false } })).status()).toBe(200);
  await signIn(page);
  await page.goto(`/emails/${emailId(`Stamped notice ${RUN}`)}`);
  await expect(page.getByRole("link", { name: "Download .eml" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  expect((await request.put("/v1/settings", { headers, data: { deletionEnabled: true } })).status()).toBe(200);
  try {
    await page.reload();
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeVisible();
  } finally {
    expect((await request.put("/v1/settings", { headers, data: { deletionEnabled: false } })).status()).toBe(200);
  }

  await page.goto(`/emails?query=${encodeURIComponent(RUN)}`);
  const undatedRow = page.getByRole("row").filter({ hasText: subject });
  const datedRow = page.getByRole("row").filter({ hasText: `Stamped notice ${RUN}` });
  await expect(undatedRow.getByTestId("result-sent")).toContainText("archive time");
  await expect(datedRow.getByTestId("result-sent")).not.toContainText("archive time");
});

test("the review table keeps Due, Status and Decision on screen beside long addresses", async ({ page, request }) => {
  test.setTimeout(240_000);
  const long = `${"a-very-long-mailbox-name-".repeat(5)}${RUN}@${"departmental-subdomain.".repeat(3)}example.com`;
  const subject = `Long address memo ${RUN}-${"x".repeat(80)}`;
  const { headers, emailId } = await importMail(request, "First hour review", [[subject, `Long <${long}>`]], "first-hour-review.example");
  const label = await request.post("/api/v1/enterprise/retention-policy/labels", {
    headers,
    data: { name: `First hour review ${RUN}`, retentionPeriodDays: 30, dispositionAction: "review" },
  });
  expect(label.status()).toBe(201);
  const labelId = (await label.json()).id;
  const applied = await request.post(`/api/v1/enterprise/retention-policy/email/${emailId(subject)}/label`, { headers, data: { labelId } });
  expect(applied.status()).toBe(200);
  await signIn(page);
  await runLifecycleCycleNow(page);
  await page.goto("/dispositions");
  await page.getByLabel("Rule").selectOption({ label: `First hour review ${RUN}` });
  await expect(page.getByRole("row").filter({ hasText: long })).toHaveCount(1);
  for (const column of ["Due", "Status", "Decision"])
    await expect(page.getByRole("columnheader", { name: column })).toBeInViewport({ ratio: 1 });
});

test("a case names its members, and a case manager adds one by name", async ({ page, request }) => {
  const officer = await userWithRole(request, "Compliance Officer", `officer-${RUN}@example.com`);
  const reviewer = await userWithRole(request, "Reviewer", `reviewer-${RUN}@example.com`);
  await signIn(page, officer);
  await page.goto("/cases");
  const create = page.getByRole("form", { name: /new case/i });
  await create.getByLabel("Name").fill(`Members ${RUN}`);
  await create.getByRole("button", { name: /create/i }).click();
  await page.getByRole("link", { name: `Members ${RUN}` }).click();
  const members = page.getByTestId("case-members");
  await expect(members).toContainText(`Casey Newcomer ${RUN} <${officer.email}>`);
  const add = page.getByRole("form", { name: "Add a member" });
  await add.getByLabel("New member").selectOption({ label: `Casey Newcomer ${RUN} <${reviewer.email}>` });
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(members).toContainText(`Casey Newcomer ${RUN} <${reviewer.email}>`);
  await expect(members).not.toContainText(reviewer.id);
});
