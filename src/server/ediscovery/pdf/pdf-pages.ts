import { PDFDocument, PDFName, rgb, StandardFonts } from "pdf-lib";
import type { ChromiumRenderer } from "./chromium-renderer";
import type { DocumentPart } from "./email-document";

/** Where the stamps sit: 0.3 inch above the page's bottom edge, 0.5 inch in from its sides. */
const STAMP_BASELINE = 22;
const STAMP_SIDE = 36;
const STAMP_SIZE = 9;

/**
 * Copies every page of `source` into `target`, without annotations: links, form fields and notes
 * carry text and targets of their own that a production must not pass on unchecked, and nothing
 * of the source's document information or catalog is copied.
 */
async function appendPages(target: PDFDocument, source: PDFDocument): Promise<void> {
  for (const page of await target.copyPages(source, source.getPageIndices())) {
    page.node.delete(PDFName.of("Annots"));
    target.addPage(page);
  }
}

/**
 * One email's PDF, unstamped: its HTML parts rendered by Chromium and its PDF attachments' pages, in
 * order. An attachment that pdf-lib cannot read (encrypted, damaged) is replaced by its fallback
 * (its extracted text or a slip-sheet).
 */
export async function assemblePdf(parts: DocumentPart[], renderer: ChromiumRenderer): Promise<{ bytes: Uint8Array; pages: number }> {
  const document = await PDFDocument.create({ updateMetadata: false });
  for (const part of parts) {
    let source: PDFDocument;
    if (part.kind === "html") source = await PDFDocument.load(await renderer.pdf(part.html), { updateMetadata: false });
    else {
      try {
        source = await PDFDocument.load(part.bytes, { updateMetadata: false });
        if (source.getPageCount() === 0) throw new Error("no pages");
      } catch {
        source = await PDFDocument.load(await renderer.pdf(part.fallbackHtml), { updateMetadata: false });
      }
    }
    await appendPages(document, source);
  }
  return { bytes: await document.save(), pages: document.getPageCount() };
}

/**
 * Stamps every page with its own Bates number (bottom right) and the endorsement (bottom left), on
 * a white ground so a page's own content does not hide them, and gives the file the first number
 * as its only document information (title). Answers the file's bytes.
 */
export async function stampPdf(
  bytes: Uint8Array,
  options: { numbers: string[]; endorsement: string | null; producedAt: Date },
): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.getPages().forEach((page, index) => {
    const { width } = page.getSize();
    const stamps: { text: string; x: number }[] = [];
    const number = options.numbers[index];
    const numberWidth = font.widthOfTextAtSize(number, STAMP_SIZE);
    stamps.push({ text: number, x: width - STAMP_SIDE - numberWidth });
    if (options.endorsement) stamps.push({ text: options.endorsement, x: STAMP_SIDE });
    for (const stamp of stamps) {
      const stampWidth = font.widthOfTextAtSize(stamp.text, STAMP_SIZE);
      page.drawRectangle({ x: stamp.x - 2, y: STAMP_BASELINE - 3, width: stampWidth + 4, height: STAMP_SIZE + 4, color: rgb(1, 1, 1) });
      page.drawText(stamp.text, { x: stamp.x, y: STAMP_BASELINE, size: STAMP_SIZE, font, color: rgb(0, 0, 0) });
    }
  });
  document.setTitle(options.numbers[0]);
  document.setProducer("mail-archive eDiscovery production");
  document.setCreator("mail-archive eDiscovery production");
  document.setCreationDate(options.producedAt);
  document.setModificationDate(options.producedAt);
  return document.save();
}
