import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
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

/** Signs in, opens the sources page and creates an upload source whose default mailbox is carol's; answers its form. */
async function newUploadSource(page: Page, request: APIRequestContext, name: string) {
  await adminToken(request);
  await signIn(page);
  await page.getByRole("link", { name: "Ingestion sources" }).click();
  const create = page.getByRole("form", { name: "New upload source" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Default mailbox").fill("carol@example.com");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText(`Source "${name}" created`)).toBeVisible();
  return create;
}

/**
 * The upload form as an officer uses it: a new source clears its form and says so, an mbox without an
 * extension goes into the source's default mailbox without typing one, and every failed item is listed
 * with its reason (the form used to say only "failed 1").
 */
test("upload into a source's default mailbox, an mbox without extension, each failure with its reason", async ({ page, request }) => {
  const create = await newUploadSource(page, request, `Defaults ${RUN}`);
  await expect(create.getByLabel("Name")).toHaveValue("");
  await expect(create.getByLabel("Default mailbox")).toHaveValue("");

  const upload = page.getByRole("form", { name: "Upload mail" });
  await upload.getByLabel("Source").selectOption({ label: `Defaults ${RUN}` });
  await expect(upload.getByLabel("Mailbox")).toHaveAttribute("placeholder", "default: carol@example.com");
  await upload
    .getByLabel("Files")
    .setInputFiles({ name: "Inbox", mimeType: "application/octet-stream", buffer: Buffer.from(STRAY_LINE_MBOX) });
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(upload.getByRole("status")).toHaveText("Imported 1, duplicates 0, failed 1");
  await expect(upload.getByRole("list", { name: "Items of Inbox that failed" })).toHaveText(
    "Item 1: text before the first From separator line",
  );

  await page.goto(`/emails?query=${encodeURIComponent(`"Upload form check ${RUN}"`)}`);
  const row = page.getByRole("row").filter({ hasText: `Upload form check ${RUN}` });
  await expect(row.getByTestId("result-mailbox")).toHaveText("carol@example.com");
});

/** An RFC 822 message kept as `.txt`, as mail clients and test corpora keep them (CPython's msg_01.txt style). */
const TXT_MESSAGE = [
  "Return-Path: <txt-sender@example.com>",
  "From: Txt Sender <txt-sender@example.com>",
  "To: carol@example.com",
  `Subject: A .txt message ${RUN}`,
  "Date: Tue, 16 Jan 2024 09:00:00 +0000",
  `Message-ID: <txt-${RUN}@e2e.example>`,
  "",
  "Kept with a .txt name.",
  "",
].join("\r\n");

/**
 * Several files at once, one result line each: a `.txt` message (refused for its name before), an
 * mbox without an extension and a file that is not mail, which fails alone with its reason. Then the
 * upload source's Coverage lists every receipt, each downloadable and verifiable (upload sources
 * had no Coverage before).
 */
test("uploads several files, one result per file, and lists the source's receipts", async ({ page, request }) => {
  await newUploadSource(page, request, `Several ${RUN}`);

  const upload = page.getByRole("form", { name: "Upload mail" });
  await upload.getByLabel("Source").selectOption({ label: `Several ${RUN}` });
  await upload.getByLabel("Files").setInputFiles([
    { name: "msg_01.txt", mimeType: "text/plain", buffer: Buffer.from(TXT_MESSAGE) },
    { name: "Sent", mimeType: "application/octet-stream", buffer: Buffer.from(STRAY_LINE_MBOX.replaceAll(RUN, `${RUN}-sent`)) },
    { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# not mail\n") },
  ]);
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(upload.getByRole("status")).toHaveText("3 files: imported 2, duplicates 0, failed 2");
  // One line per file, in the order chosen, each with its own failures.
  await expect(upload.getByTestId("upload-result")).toHaveText([
    /^msg_01\.txt: Imported 1, duplicates 0, failed 0$/,
    /^Sent: Imported 1, duplicates 0, failed 1\s*Item 1: text before the first From separator line$/,
    /^notes\.md: Imported 0, duplicates 0, failed 1\s*Item 1: not a message, mbox, zip or \.pst file: its first line is neither a header field nor a From line$/,
  ]);

  const row = page.getByRole("row").filter({ hasText: `Several ${RUN}` });
  await row.getByText("Coverage").click();
  const receipts = row.getByRole("list", { name: "Receipts" });
  await expect(receipts.getByRole("listitem")).toHaveCount(3);
  // Newest first: the last file's receipt.
  await expect(receipts.getByRole("listitem").first()).toContainText("upload: 0 stored, 0 already archived, 1 failed");
  await expect(receipts.getByRole("listitem").last()).toContainText("upload: 1 stored, 0 already archived, 0 failed");
  await receipts.getByRole("listitem").last().getByRole("button", { name: "Verify receipt" }).click();
  await expect(receipts.getByText("Receipt verified: signature and audit entry match.")).toBeVisible();
  const download = page.waitForEvent("download");
  await receipts.getByRole("listitem").first().getByRole("button", { name: "Download receipt" }).click();
  expect((await download).suggestedFilename()).toMatch(/^import-receipt-[0-9a-f-]{36}\.json$/);
});
