import { expect, test } from "@playwright/test";
import { E2E_SMTP_PORT } from "../playwright.config";
import { sendSmtp } from "@tests/helpers/smtp-client";
import { adminToken, signIn } from "./session";

/**
 * SMTP journaling in a real Chromium (docs/journaling.md): a journal source created through the
 * sources page shows the Postfix settings to copy; a message journaled to the e2e server's
 * listener shows its envelope and Bcc recipient on the email view.
 */
const RUN = Date.now().toString(36);
const JOURNAL = `journal-${RUN}@archive.test`;

test("create a journal source, copy its Postfix settings, and see a journaled message's envelope and Bcc", async ({ page, request }) => {
  const token = await adminToken(request);
  await signIn(page);
  await page.goto("/sources");
  const form = page.getByRole("form", { name: "New journal source" });
  await form.getByLabel("Name", { exact: true }).fill(`Journal ${RUN}`);
  await form.getByLabel("Journal address").fill(JOURNAL);
  await form.getByLabel("Internal domains").fill("corp.test");
  await form.getByRole("button", { name: "Create" }).click();
  const row = page.getByRole("row").filter({ hasText: `Journal ${RUN}` });
  await expect(row).toContainText("smtp-journal");
  await row.getByText("Postfix and Exchange settings").click();
  await expect(row.getByTestId("postfix-settings")).toContainText(`always_bcc = ${JOURNAL}`);
  await expect(row.getByTestId("postfix-settings")).toContainText(`:${E2E_SMTP_PORT}`);

  const subject = `Journaled ${RUN}`;
  const raw = Buffer.from(
    `From: sam@corp.test\r\nTo: alice@corp.test\r\nSubject: ${subject}\r\nMessage-ID: <${RUN}@corp.test>\r\nDate: Tue, 24 Nov 2026 10:00:00 +0000\r\n\r\nMinutes.\r\n`,
  );
  const sent = await sendSmtp({ port: E2E_SMTP_PORT, from: "sam@corp.test", to: ["alice@corp.test", "carol@corp.test", JOURNAL], raw });
  expect(sent.code, sent.response).toBe(250);
  const found = await request.get(`/v1/search?query=${encodeURIComponent(RUN)}`, { headers: { authorization: `Bearer ${token}` } });
  const [email] = (await found.json()).items as { id: string }[];
  await page.goto(`/emails/${email.id}`);
  await expect(page.getByTestId("envelope-from")).toHaveText("sam@corp.test");
  await expect(page.getByTestId("envelope-bcc")).toHaveText("carol@corp.test");
});
