import { expect, test } from "@playwright/test";
import { adminToken, signIn } from "./session";

const RUN = Date.now().toString(36);

/** One message in mboxrd, after a stray line and a blank one: the stray text is an item the import refuses. */
const STRAY_LINE_MBOX = [
  "a stray line before any From separator",
  "",
  "From upload-form@example.com Mon Jan 15 12:00:00 2024",
  "From: Upload Form <upload-form@example.com>",
  "To: carol@example.com",
  `Subject: Upload form check ${RUN}`,
  "Date: Mon, 15 Jan 2024 12:00:00 +0000",
  `Message-ID: <upload-form-${RUN}@e2e.example>`,
  "",
  "Imported into the source's default mailbox.",
  "",
].join("\n");

/**
 * The upload form as an officer uses it: a new source clears its form and says so, an mbox without an
 * extension goes into the source's default mailbox without typing one, and every failed item is listed
 * with its reason (the form used to say only "failed 1").
 */
test("upload into a source's default mailbox, an mbox without extension, each failure with its reason", async ({ page, request }) => {
  await adminToken(request);
  await signIn(page);
  await page.getByRole("link", { name: "Ingestion sources" }).click();
  const create = page.getByRole("form", { name: "New upload source" });
  await create.getByLabel("Name").fill(`Defaults ${RUN}`);
  await create.getByLabel("Default mailbox").fill("carol@example.com");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText(`Source "Defaults ${RUN}" created`)).toBeVisible();
  await expect(create.getByLabel("Name")).toHaveValue("");
  await expect(create.getByLabel("Default mailbox")).toHaveValue("");

  const upload = page.getByRole("form", { name: "Upload mail" });
  await upload.getByLabel("Source").selectOption({ label: `Defaults ${RUN}` });
  await expect(upload.getByLabel("Mailbox")).toHaveAttribute("placeholder", "default: carol@example.com");
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "Inbox", mimeType: "application/octet-stream", buffer: Buffer.from(STRAY_LINE_MBOX) });
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(upload.getByRole("status")).toHaveText("Imported 1, duplicates 0, failed 1");
  await expect(upload.getByRole("list", { name: "Items that failed" })).toHaveText("Item 1: text before the first From separator line");

  await page.goto(`/emails?query=${encodeURIComponent(`"Upload form check ${RUN}"`)}`);
  const row = page.getByRole("row").filter({ hasText: `Upload form check ${RUN}` });
  await expect(row.getByTestId("result-mailbox")).toHaveText("carol@example.com");
});
