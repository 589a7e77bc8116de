import { readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { zipOf } from "@tests/helpers/mail";
import { extractAttachmentText } from "./extract-attachment-text";

const zip = (entries: Record<string, string | Buffer>) =>
  zipOf(Object.entries(entries).map(([name, content]) => ({ name, bytes: Buffer.isBuffer(content) ? content : Buffer.from(content) })));

async function pdf(text: string, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) document.addPage().drawText(text, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await document.save());
}

/**
 * A PDF whose font is Type3 with 1-bit image masks as glyphs, as TeX's bitmap fonts (dvips) are:
 * pdf.js turns such glyphs into paths with a DOMMatrix, also when it only reads the text.
 */
async function bitmapFontPdf(word: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 100]);
  const { context } = document;
  const mask = Buffer.from([0x3c, 0x42, 0x81, 0x81, 0xff, 0x81, 0x81, 0x81]);
  const glyph = context.register(
    context.stream(
      Buffer.concat([Buffer.from("8 0 0 0 8 8 d1\nq 8 0 0 8 0 0 cm\nBI /IM true /W 8 /H 8 /BPC 1 ID "), mask, Buffer.from("\nEI\nQ\n")]),
    ),
  );
  const codes = [...word].map((letter) => letter.charCodeAt(0));
  const [first, last] = [Math.min(...codes), Math.max(...codes)];
  const font = context.register(
    context.obj({
      Type: "Font",
      Subtype: "Type3",
      FontBBox: [0, 0, 8, 8],
      FontMatrix: [0.125, 0, 0, 0.125, 0, 0],
      CharProcs: Object.fromEntries([...word].map((letter) => [letter, glyph])),
      Encoding: { Type: "Encoding", Differences: codes.flatMap((code) => [code, String.fromCharCode(code)]) },
      FirstChar: first,
      LastChar: last,
      Widths: Array.from({ length: last - first + 1 }, () => 8),
      Resources: {},
    }),
  );
  const fontName = page.node.newFontDictionary("F1", font);
  page.node.addContentStream(context.register(context.stream(`BT ${fontName} 24 Tf 10 50 Td (${word}) Tj ET`)));
  return Buffer.from(await document.save());
}

const docx = (text: string) =>
  zip({
    "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });

const xlsx = (strings: string[]) =>
  zip({
    "xl/workbook.xml": `<workbook><sheets><sheet name="Forecast 2024" sheetId="1"/></sheets></workbook>`,
    "xl/sharedStrings.xml": `<sst>${strings.map((value) => `<si><t>${value}</t></si>`).join("")}</sst>`,
    "xl/worksheets/sheet1.xml": `<worksheet><sheetData><row><c t="s"><v>0</v></c><c><v>4200.5</v></c></row></sheetData></worksheet>`,
  });

const MIME = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

describe("extractAttachmentText", () => {
  it("extracts the text of real PDF, DOCX and XLSX files", async () => {
    expect(
      (await extractAttachmentText({ bytes: await pdf("Quarterly budget review"), mimeType: MIME.pdf, filename: "r.pdf" })).text,
    ).toContain("Quarterly budget review");
    expect(await extractAttachmentText({ bytes: await docx("Merger agreement draft"), mimeType: MIME.docx, filename: "m.docx" })).toEqual({
      text: expect.stringContaining("Merger agreement draft"),
      error: null,
    });
    const sheet = await extractAttachmentText({
      bytes: await xlsx(["Revenue &amp; margin"]),
      mimeType: "application/octet-stream",
      filename: "f.xlsx",
    });
    expect(sheet.text).toContain("Revenue & margin");
    expect(sheet.text).toContain("Forecast 2024");
    expect(sheet.text).toContain("4200.5");
  });

  it("reads the text of a PDF whose font is made of bitmap glyphs", async () => {
    const bytes = await bitmapFontPdf("Bitmap");
    expect(await extractAttachmentText({ bytes, mimeType: MIME.pdf, filename: "tex.pdf" })).toEqual({ text: "Bitmap", error: null });
  });

  it("reads PDFs without loading the canvas library pdf.js renders with (Skia, about 40 MB)", async () => {
    expect((await extractAttachmentText({ bytes: await pdf("Board minutes"), mimeType: MIME.pdf, filename: "m.pdf" })).text).toContain(
      "Board minutes",
    );
    expect(readFileSync("/proc/self/maps", "utf8")).not.toMatch(/skia|napi-rs\/canvas/);
  });

  it("reads HTML as text without scripts or styles, and plain text in its charset", async () => {
    const html = await extractAttachmentText({
      bytes: Buffer.from("<style>.x{color:red}</style><script>stealCookies()</script><p>Board minutes</p>"),
      mimeType: "text/html",
      filename: "m.html",
    });
    expect(html.text).toContain("Board minutes");
    expect(html.text).not.toMatch(/stealCookies|color:red/);
    expect(
      (await extractAttachmentText({ bytes: Buffer.from("Caf\xe9 cr\xe8me", "latin1"), mimeType: "text/plain", filename: "n.txt" })).text,
    ).toBe("Café crème");
    expect(
      (await extractAttachmentText({ bytes: Buffer.from("Grüße 会議", "utf8"), mimeType: "text/plain", filename: "n.txt" })).text,
    ).toBe("Grüße 会議");
  });

  it("reports corrupt files, zip bombs and oversized files as errors, and ignores other types", async () => {
    expect(await extractAttachmentText({ bytes: Buffer.from("%PDF-1.7 garbage"), mimeType: MIME.pdf, filename: "x.pdf" })).toEqual({
      text: null,
      error: expect.stringMatching(/PDF/),
    });
    expect(await extractAttachmentText({ bytes: Buffer.from("PK not a zip"), mimeType: MIME.docx, filename: "x.docx" })).toEqual({
      text: null,
      error: expect.stringMatching(/Office|DOCX/),
    });
    const bomb = await zip({ "word/document.xml": Buffer.alloc(250 * 1024 * 1024) });
    expect(await extractAttachmentText({ bytes: bomb, mimeType: MIME.docx, filename: "bomb.docx" })).toEqual({
      text: null,
      error: expect.stringMatching(/zip bomb/),
    });
    expect(await extractAttachmentText({ bytes: Buffer.alloc(51 * 1024 * 1024), mimeType: "text/plain", filename: "big.txt" })).toEqual({
      text: null,
      error: expect.stringMatching(/too large/),
    });
    expect(await extractAttachmentText({ bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), mimeType: "image/png", filename: "a.png" })).toEqual(
      { text: null, error: null },
    );
  }, 60_000);

  it("stops an extraction at its time limit and keeps working afterwards", async () => {
    // Hundreds of pages take far longer than the 1 ms limit even for a warm extractor.
    const bytes = await pdf("Slow document", 400);
    expect(await extractAttachmentText({ bytes, mimeType: MIME.pdf, filename: "s.pdf", timeLimitMs: 1 })).toEqual({
      text: null,
      error: expect.stringMatching(/^timeout after/),
    });
    expect((await extractAttachmentText({ bytes, mimeType: MIME.pdf, filename: "s.pdf" })).text).toContain("Slow document");
  });
});
