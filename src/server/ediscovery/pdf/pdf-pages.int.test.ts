import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runProcess } from "@tests/helpers/run-process";
import { config } from "../../platform/config/env";
import { ChromiumRenderer } from "./chromium-renderer";
import type { DocumentPart } from "./email-document";
import { assemblePdfs } from "./pdf-pages";

const stamp = { placeholder: "T000000", endorsement: null, producedAt: new Date(Date.UTC(2024, 0, 1)) };

async function pdfWith(text: string, pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) document.addPage().drawText(`${text} ${index + 1}`, { x: 50, y: 700, size: 14, font });
  return document.save();
}

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pdf-pages-")), "email.pdf");
  writeFileSync(file, bytes);
  const text = await runProcess("pdftotext", ["-enc", "UTF-8", file, "-"]);
  expect(text.code, text.stderr).toBe(0);
  return text.stdout.split("\f").slice(0, -1);
}

const html = (body: string): DocumentPart => ({ kind: "html", body });
const long = (word: string) => `<pre class="plain">${`${word} `.repeat(12).concat("\n").repeat(150)}</pre>`;

describe("assemblePdfs", () => {
  let renderer: ChromiumRenderer;
  beforeAll(async () => {
    renderer = await ChromiumRenderer.start(config.exportChromiumPath, 1);
  });
  afterAll(async () => {
    await renderer.close();
  });

  it("cuts one print of several emails into each email's own pages, as printing each alone would", async () => {
    const emails: DocumentPart[][] = [
      [html("<p>Alpha body</p>")],
      [
        html("<p>Bravo body</p>"),
        { kind: "pdf", bytes: await pdfWith("Bravo attachment page", 2), filename: "b.pdf", fallbackBody: "<p>Bravo fallback</p>" },
        html('<div class="section"><h2>Bravo after</h2></div>'),
      ],
      [html(`<p>Charlie body</p>${long("Charlie")}`)],
      [html('<div class="section"><p>Delta starts with a section</p></div><div class="section"><p>Delta second</p></div>')],
      [
        html("<p>Echo body</p>"),
        { kind: "pdf", bytes: new Uint8Array([1, 2, 3]), filename: "e.pdf", fallbackBody: "<p>Echo fallback</p>" },
      ],
    ];
    // Watched, not replaced: the real Chromium prints; one print for all five emails, not one per part.
    const prints = vi.spyOn(renderer, "pdf");
    const together = await assemblePdfs(emails, renderer, stamp);
    expect(prints).toHaveBeenCalledTimes(1);
    prints.mockRestore();
    const alone = [];
    for (const email of emails) alone.push(...(await assemblePdfs([email], renderer, stamp)));

    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];
    expect(together.map((pdf) => pdf.pages)).toEqual(alone.map((pdf) => pdf.pages));
    const texts = await Promise.all(together.map((pdf) => pageTexts(pdf.bytes)));
    texts.forEach((pages, index) => {
      expect(pages).toHaveLength(together[index].pages);
      // Each email's first page is its own, and no page holds another email's words.
      expect(pages[0]).toContain(names[index]);
      for (const other of names.filter((name) => name !== names[index])) expect(pages.join("\n")).not.toContain(other);
    });
    expect(texts[1].map((page) => page.includes("Bravo attachment page"))).toEqual([false, true, true, false]);
    expect(texts[1][3]).toContain("Bravo after");
    expect(texts[2].length).toBeGreaterThan(1);
    expect(texts[3]).toHaveLength(2);
    expect(texts[4]).toHaveLength(2);
    expect(texts[4][1]).toContain("Echo fallback");
  });

  it("drops a PDF attachment's annotations, and writes nothing of them", async () => {
    const attachment = await PDFDocument.create();
    const page = attachment.addPage();
    const note = attachment.context.register(
      attachment.context.obj({ Type: "Annot", Subtype: "Text", Rect: [10, 10, 30, 30], Contents: PDFString.of("Annotation secret") }),
    );
    page.node.set(PDFName.of("Annots"), attachment.context.obj([note]));
    const bytes = await attachment.save({ useObjectStreams: false });
    expect(Buffer.from(bytes).toString("latin1")).toContain("Annotation secret");

    const [assembled] = await assemblePdfs(
      [[html("<p>Foxtrot body</p>"), { kind: "pdf", bytes, filename: "f.pdf", fallbackBody: "<p>Foxtrot fallback</p>" }]],
      renderer,
      stamp,
    );
    expect(assembled.pages).toBe(2);
    // The stamped file is saved without object streams, so every dictionary it holds is in its bytes as written.
    expect(Buffer.from(assembled.bytes).toString("latin1")).not.toContain("Annotation secret");
    expect((await PDFDocument.load(assembled.bytes)).getPage(1).node.Annots()?.size() ?? 0).toBe(0);
  });
});
