import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import yazl from "yazl";
import { ADMIN, setupToken, signIn } from "./session";

/**
 * The newcomer's first hour (issue 49), walked in Chromium with third-party mail that is not this
 * project's own: CPython's `test_email` messages, kept as `.txt` files (package
 * libpython3.11-testsuite, installed by `.ci/run`). First-run setup with the printed token, two role
 * users who each land on a page they may use, an upload source fed a zip of `.txt` messages and a
 * multi-file upload with one result per file, every import's receipt listed and verified, the
 * dashboard's and system status's storage figures equal to what was imported, the system status
 * showing web, worker and journal, and a search that finds a known CPython subject. This file is the
 * "first-run" project (playwright.config.ts): it meets the empty database. Screenshots land in
 * docs/screenshots/ (setup.png, sources.png, coverage.png, system-status.png).
 */
const CPYTHON_MAIL = "/usr/lib/python3.11/test/test_email/data";
const PASSWORD = "first hour password 123";
const OFFICER = { email: "cora.officer@example.com", password: PASSWORD, first_name: "Cora", last_name: "Officer" };
const IT_ADMIN = { email: "ivan.it@example.com", password: PASSWORD, first_name: "Ivan", last_name: "Admin" };
const SOURCE = "CPython test mail";

interface TxtFile {
  name: string;
  bytes: Buffer;
}

const files: TxtFile[] = readdirSync(CPYTHON_MAIL)
  .filter((name) => /^msg_\w+\.txt$/.test(name))
  .sort()
  .map((name) => ({ name, bytes: readFileSync(path.join(CPYTHON_MAIL, name)) }));

/**
 * Our expectation, from the files alone: a file is one message when its first line is a header field
 * (RFC 5322 field name, then a colon) or an mbox "From " line over one message (none of these files
 * holds a second "From " line). CPython's msg_19.txt is a digest's body without headers: not a message.
 */
const isMessage = (file: TxtFile) => {
  const firstLine = file.bytes.toString("latin1").split(/\r?\n/, 1)[0];
  return /^[\x21-\x39\x3b-\x7e]+:/.test(firstLine) || firstLine.startsWith("From ");
};

/** The last six files go up as a multi-file upload; every other one goes into the zip. */
const chosenOneByOne = files.slice(-6);
const zipped = files.slice(0, -6);
const zippedMessages = zipped.filter(isMessage).length;
const zippedNotMessages = zipped.length - zippedMessages;
const expectedEmails = files.filter(isMessage).length;

function zipOf(entries: TxtFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.bytes, `cpython-test-mail/${entry.name}`);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** The screens the docs show go to docs/screenshots/; the others, looked at on each change, beside the test's results. */
const DOC_SCREENS = ["setup.png", "sources.png", "coverage.png", "system-status.png"];
async function shot(page: Page, name: string) {
  // Without the short-lived notices on top of the forms.
  // (One at a time: each click removes one, and a notice may go by itself meanwhile.)
  const dismiss = page.getByRole("button", { name: "Dismiss notice" });
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  const folder = DOC_SCREENS.includes(name) ? "docs/screenshots" : "test-results/first-hour";
  await page.screenshot({ path: `${folder}/${name}`, fullPage: true });
}

async function createUser(page: Page, user: typeof OFFICER, role: string) {
  await page.getByRole("button", { name: "New user" }).click();
  const create = page.getByRole("form", { name: "New user" });
  await create.getByLabel("First name").fill(user.first_name);
  await create.getByLabel("Last name").fill(user.last_name);
  await create.getByLabel("Email").fill(user.email);
  await create.getByLabel("Password").fill(user.password);
  await create.getByLabel("Role").selectOption({ label: role });
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("row").filter({ hasText: user.email })).toContainText(role);
}

/** The Emails figure of a row ("All sources" or a source's name) of the storage figures. */
const emailsCell = (figures: Locator, label: string) =>
  figures
    .getByRole("row")
    .filter({ has: figures.page().getByRole("cell", { name: label, exact: true }) })
    .getByRole("cell")
    .nth(1);

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe("the first hour", () => {
  // No retry: a second attempt could not meet the empty database the setup and the figures need.
  test.describe.configure({ mode: "serial", retries: 0 });

  test("the data holds what we expect", () => {
    // 47 files, of which 46 are messages: every figure below is counted from the files themselves.
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((file) => !isMessage(file)).map((file) => file.name)).toEqual(["msg_19.txt"]);
  });

  test("setup with the printed token, two role users, each landing on a page they may use", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    // Without the token the server printed, setup is refused.
    await page.getByLabel("Setup token").fill("not-the-printed-token");
    await page.getByLabel("First name").fill(ADMIN.first_name);
    await page.getByLabel("Last name").fill(ADMIN.last_name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong setup token" })).toBeVisible();
    // The console's link fills the token in.
    await page.goto(`/setup?token=${setupToken()}`);
    await expect(page.getByLabel("Setup token")).toHaveValue(setupToken());
    await page.getByLabel("First name").fill(ADMIN.first_name);
    await page.getByLabel("Last name").fill(ADMIN.last_name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await shot(page, "setup.png");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await createUser(page, OFFICER, "Compliance Officer");
    await createUser(page, IT_ADMIN, "IT Administrator");
    await shot(page, "users.png");
    await signOut(page);

    await signIn(page, OFFICER);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Not allowed" })).toHaveCount(0);
    await signOut(page);

    await signIn(page, IT_ADMIN);
    await expect(page).toHaveURL(/\/system$/);
    await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Not allowed" })).toHaveCount(0);
  });

  test("a zip of .txt messages and a multi-file upload, one result per file, every receipt verified", async ({ page }) => {
    await signIn(page, IT_ADMIN);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Ingestion sources" }).click();
    const create = page.getByRole("form", { name: "New upload source" });
    await create.getByLabel("Name").fill(SOURCE);
    await create.getByLabel("Default mailbox").fill("newcomer@example.com");
    await create.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText(`Source "${SOURCE}" created`)).toBeVisible();

    const upload = page.getByRole("form", { name: "Upload mail" });
    await upload.getByLabel("Source").selectOption({ label: SOURCE });
    await upload
      .getByLabel("Files")
      .setInputFiles({ name: "cpython-test-mail.zip", mimeType: "application/zip", buffer: await zipOf(zipped) });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(upload.getByRole("status")).toHaveText(`Imported ${zippedMessages}, duplicates 0, failed ${zippedNotMessages}`, {
      timeout: 30_000,
    });
    await expect(upload.getByRole("list", { name: "Items of cpython-test-mail.zip that failed" }).getByRole("listitem")).toHaveCount(
      zippedNotMessages,
    );
    await expect(upload.getByRole("list", { name: "Items of cpython-test-mail.zip that failed" })).toContainText("msg_19.txt");
    await shot(page, "zip-result.png");

    await upload
      .getByLabel("Files")
      .setInputFiles(chosenOneByOne.map((file) => ({ name: file.name, mimeType: "text/plain", buffer: file.bytes })));
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(upload.getByRole("status")).toHaveText(
      `${chosenOneByOne.length} files: imported ${chosenOneByOne.length}, duplicates 0, failed 0`,
      {
        timeout: 30_000,
      },
    );
    await expect(upload.getByTestId("upload-result")).toHaveText(
      chosenOneByOne.map((file) => `${file.name}: Imported 1, duplicates 0, failed 0`),
    );
    const row = page.getByRole("row").filter({ hasText: SOURCE });
    await expect(row.getByRole("cell").nth(4)).toHaveText(String(expectedEmails));
    await shot(page, "sources.png");

    // One receipt per import: the zip's and one per file chosen.
    await row.getByText("Coverage").click();
    await expect(page.getByTestId(/^coverage-/)).toContainText(`${expectedEmails} archived`);
    const receipts = row.getByRole("list", { name: "Receipts" }).getByRole("listitem");
    await expect(receipts).toHaveCount(1 + chosenOneByOne.length);
    for (const receipt of await receipts.all()) {
      await receipt.getByRole("button", { name: "Verify receipt" }).click();
      await expect(receipt.getByText("Receipt verified: signature and audit entry match.")).toBeVisible();
    }
    await expect(receipts.last()).toContainText(`upload: ${zippedMessages} stored, 0 already archived, ${zippedNotMessages} failed`);
    await expect(receipts.first()).toContainText("upload: 1 stored, 0 already archived, 0 failed");
    await row.scrollIntoViewIfNeeded();
    await shot(page, "coverage.png");
  });

  test("the officer finds a CPython subject and the storage figures equal what was imported", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, OFFICER);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Emails" }).click();
    await page.getByLabel("Words").fill("GroupwiseForwardingTest");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("row").filter({ hasText: "GroupwiseForwardingTest" })).toHaveCount(1);
    await shot(page, "search.png");
    await page.getByRole("link", { name: "GroupwiseForwardingTest" }).click();
    await expect(page.getByRole("heading", { name: "GroupwiseForwardingTest" })).toBeVisible();
    // msg_46.txt is all message/rfc822: its card says where its text is, and the empty lists why they are empty.
    await expect(page.getByTestId("empty-body")).toHaveText("No text of its own: what it carries is in its attachments below.");
    await expect(page.getByRole("region", { name: "Attachments" })).toContainText("message/rfc822");
    await expect(page.getByRole("region", { name: "Legal holds" })).toContainText("No active legal hold to apply yet");
    await expect(page.getByRole("region", { name: "Retention label" })).toContainText("No retention label to apply yet");
    await shot(page, "email.png");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByTestId("stat-Emails archived")).toHaveText(String(expectedEmails));
    // The size as received, named as such: the disk holds less ("Stored (on disk)" below).
    await expect(page.getByTestId("stat-Archived size")).toBeVisible();
    // The worker measures the stored figures within minutes of an import (docs/operations.md).
    const figures = page.getByTestId("storage-figures");
    await expect(async () => {
      await page.reload();
      await expect(emailsCell(figures, "All sources")).toHaveText(String(expectedEmails), { timeout: 2_000 });
      await expect(emailsCell(figures, SOURCE)).toHaveText(String(expectedEmails), { timeout: 2_000 });
      await expect(page.getByTestId("storage-figures-stale")).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 180_000, intervals: [5_000] });
    await shot(page, "dashboard.png");
    await signOut(page);
  });

  test("the IT administrator's system status shows web, worker and journal, and the same figures", async ({ page }) => {
    await signIn(page, IT_ADMIN);
    await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
    const processes = page.getByRole("table", { name: "Processes" });
    for (const role of ["web", "worker", "journal"])
      await expect(
        processes
          .getByRole("row")
          .filter({ hasText: new RegExp(`^${role}`) })
          .first(),
      ).toContainText("running");
    const figures = page.getByTestId("storage-figures");
    await expect(emailsCell(figures, "All sources")).toHaveText(String(expectedEmails));
    await expect(emailsCell(figures, SOURCE)).toHaveText(String(expectedEmails));
    await expect(page.getByTestId("storage")).toContainText(/of mail archived \(as received\); disk: .+ free of /);
    await expect(page.getByTestId("search-coverage")).toContainText(`${expectedEmails} of ${expectedEmails} emails searchable`);
    await shot(page, "system-status.png");
  });
});
