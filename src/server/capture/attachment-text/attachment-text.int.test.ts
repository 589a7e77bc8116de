import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";

useEmptyDatabasePerTest();

async function pdfWith(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(text, { x: 50, y: 700, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

describe("attachment text in the archive", () => {
  it("makes a PDF attachment's words searchable and lists an unreadable one as unsearchable", async () => {
    const admin = await setupAdmin();
    const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Docs", provider: "upload" } });
    const upload = (raw: Buffer) =>
      api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=legal@example.com`, {
        token: admin.token,
        rawBody: new Uint8Array(raw),
        headers: { "content-type": "message/rfc822" },
      });
    await upload(
      buildMessage({
        subject: "Contract attached",
        attachments: [
          { filename: "contract.pdf", contentType: "application/pdf", content: await pdfWith("Indemnification zeppelin clause") },
        ],
      }),
    );
    await upload(
      buildMessage({
        subject: "Broken scan",
        attachments: [{ filename: "scan.pdf", contentType: "application/pdf", content: "%PDF-1.4 this is not a real pdf" }],
      }),
    );

    const found = await api("GET", "/v1/search?query=zeppelin", { token: admin.token });
    expect(found.body.total).toBe(1);
    expect(found.body.items[0].subject).toBe("Contract attached");
    const unsearchable = await api("GET", "/v1/archived-emails/unsearchable", { token: admin.token });
    expect(unsearchable.body.items).toEqual([
      expect.objectContaining({ subject: "Broken scan", filename: "scan.pdf", error: expect.stringMatching(/PDF/) }),
    ]);
  });
});
