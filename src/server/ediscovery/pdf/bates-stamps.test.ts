import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, PDFHexString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { runProcess } from "@tests/helpers/run-process";
import { numberPages, saveWithSlots, stampPlaceholders } from "./bates-stamps";

const PLACEHOLDER = "ABC000000";
const settings = { placeholder: PLACEHOLDER, endorsement: "CONFIDENTIAL", producedAt: new Date(Date.UTC(2024, 0, 1)) };

/**
 * Pages whose own content shows the placeholder, written exactly as the stamp writes it (the same
 * hex string, in an uncompressed stream): numbering must leave the pages' own content alone.
 */
async function pagesShowingThePlaceholder(pages: number): Promise<PDFDocument> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([612, 792]);
    const key = page.node.newFontDictionary("Own", font.ref);
    const hex = PDFHexString.of(Buffer.from(PLACEHOLDER, "latin1").toString("hex").toUpperCase()).toString();
    page.node.addContentStream(document.context.register(document.context.stream(`BT ${key.toString()} 12 Tf 72 700 Td ${hex} Tj ET\n`)));
  }
  return document;
}

async function poppler(bytes: Uint8Array): Promise<{ pages: string[]; title: string }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "bates-stamps-")), "stamped.pdf");
  writeFileSync(file, bytes);
  const text = await runProcess("pdftotext", ["-enc", "UTF-8", file, "-"]);
  const info = await runProcess("pdfinfo", [file]);
  expect(text.code, text.stderr).toBe(0);
  expect(info.code, info.stderr).toBe(0);
  return { pages: text.stdout.split("\f").slice(0, -1), title: /^Title:\s+(.*)$/m.exec(info.stdout)?.[1] ?? "" };
}

describe("Bates stamps", () => {
  it("Helvetica draws every digit equally wide, so a placeholder is as wide as every number", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const widths = new Set([..."0123456789"].map((digit) => font.widthOfTextAtSize(digit, 9)));
    expect(widths.size).toBe(1);
  });

  it("writes each page's number and the title over their placeholders, and nothing else", async () => {
    const document = await pagesShowingThePlaceholder(3);
    const stamps = await stampPlaceholders(document, settings);
    const saved = await saveWithSlots(document, stamps, PLACEHOLDER);
    expect(saved.slots.pages).toHaveLength(3);
    const numbers = ["ABC000041", "ABC000042", "ABC000043"];
    const numbered = numberPages(Buffer.from(saved.bytes), saved.slots, numbers, PLACEHOLDER);
    expect(numbered.length).toBe(saved.bytes.length);

    const { pages, title } = await poppler(numbered);
    expect(title).toBe("ABC000041");
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expect(page).toContain(numbers[index]);
      expect(page).toContain("CONFIDENTIAL");
      // The page's own text, identical to the placeholder, is still there: only the stamp's was overwritten.
      expect(page).toContain(PLACEHOLDER);
    });
    expect((await PDFDocument.load(numbered)).getPageCount()).toBe(3);
  });

  it("refuses a file whose placeholders are not where its slots say", async () => {
    const document = await pagesShowingThePlaceholder(2);
    const saved = await saveWithSlots(document, await stampPlaceholders(document, settings), PLACEHOLDER);
    const numbers = ["ABC000001", "ABC000002"];
    const shifted = { ...saved.slots, pages: saved.slots.pages.map((offset) => offset + 2) };
    expect(() => numberPages(Buffer.from(saved.bytes), shifted, numbers, PLACEHOLDER)).toThrow(/placeholders are not where/);
    expect(() => numberPages(Buffer.from(saved.bytes), saved.slots, ["ABC000001"], PLACEHOLDER)).toThrow(/1 Bates numbers for 2 pages/);
  });
});
