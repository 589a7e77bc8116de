import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { saveWithSlots, stampPlaceholders, type NumberSlots, type StampSettings } from "./bates-stamps";
import type { ChromiumRenderer } from "./chromium-renderer";
import { htmlDocument, type DocumentPart } from "./email-document";

/** The pages of an email's part, as laid out: a document and which of its pages are the part's. */
interface LaidOutPart {
  source: PDFDocument;
  indices: number[];
}

/**
 * Copies pages of `source` into `target`, without annotations: links, form fields and notes carry
 * text and targets of their own that a production must not pass on unchecked. They are removed
 * from the source page before the copy, as pdf-lib copies everything a page refers to (and would
 * write it, unreferenced). Nothing of the source's document information or catalog is copied.
 */
async function appendPages(target: PDFDocument, source: PDFDocument, indices: number[]): Promise<void> {
  for (const index of indices) source.getPage(index).node.delete(PDFName.of("Annots"));
  for (const page of await target.copyPages(source, indices)) target.addPage(page);
}

/** A PDF attachment's document, or null when pdf-lib cannot read it (encrypted, damaged) or it has no pages. */
async function readablePdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    return source.getPageCount() > 0 ? source : null;
  } catch {
    return null;
  }
}

const partId = (index: number) => `production-part-${index}`;

/**
 * Several parts' bodies as one HTML document, each starting a new page. A link to each part (in
 * an empty block after the last, which prints nothing) makes Chromium write a named destination
 * per part pointing at the part's first page: that is where the print is cut. Email bodies cannot
 * carry ids or links (they are sanitized), so these destinations are ours alone.
 */
function partsDocument(bodies: string[]): string {
  const parts = bodies.map((body, index) => `<div class="part" id="${partId(index)}">${body}</div>`).join("");
  const links = bodies.map((_, index) => `<a href="#${partId(index)}"></a>`).join("");
  return htmlDocument(`${parts}<div class="part-links">${links}</div>`);
}

/**
 * The first page of each of `count` parts, from the print's named destinations; null unless every
 * part has one and they start at the first page and strictly ascend (each part has its pages).
 */
function partStarts(printed: PDFDocument, count: number): number[] | null {
  try {
    const destinations = printed.catalog.lookupMaybe(PDFName.of("Dests"), PDFDict);
    if (!destinations) return null;
    const pageIndex = new Map(printed.getPages().map((page, index) => [page.ref.toString(), index]));
    const starts: number[] = [];
    for (let part = 0; part < count; part++) {
      const page = destinations.lookupMaybe(PDFName.of(partId(part)), PDFArray)?.get(0);
      const index = page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
      if (index === undefined || (part === 0 ? index !== 0 : index <= starts[part - 1])) return null;
      starts.push(index);
    }
    return starts;
  } catch {
    return null;
  }
}

/**
 * Chromium's own prints are read in one go: pdf-lib otherwise yields to the event loop every 100
 * objects, and that cost a tenth of the worker's assembly time. An attachment, of any size, is
 * still read in slices.
 */
const readPrint = async (html: string, renderer: ChromiumRenderer) =>
  PDFDocument.load(await renderer.pdf(html), { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

/**
 * Lays out HTML parts in one print (a print costs Chromium far more than the pages it holds:
 * docs/ediscovery.md, "Speed") and answers each part's pages. Should the print not mark every
 * part's first page, each part is printed on its own instead: slower, the same pages.
 */
async function layOut(bodies: string[], renderer: ChromiumRenderer): Promise<LaidOutPart[]> {
  if (bodies.length === 0) return [];
  const printed = await readPrint(partsDocument(bodies), renderer);
  const starts = partStarts(printed, bodies.length);
  if (starts) return starts.map((start, part) => ({ source: printed, indices: range(start, starts[part + 1] ?? printed.getPageCount()) }));
  const parts: LaidOutPart[] = [];
  for (const body of bodies) {
    const source = await readPrint(htmlDocument(body), renderer);
    parts.push({ source, indices: source.getPageIndices() });
  }
  return parts;
}

/**
 * The PDFs of several emails, each its parts in order: HTML parts laid out by Chromium (all of the
 * emails' parts in one print) and PDF attachments' own pages. An attachment that pdf-lib cannot
 * read is replaced by its fallback (its extracted text or a slip-sheet). Every page is stamped,
 * with placeholders where its Bates number goes (bates-stamps.ts): `slots` says where.
 */
export async function assemblePdfs(
  documents: DocumentPart[][],
  renderer: ChromiumRenderer,
  stamp: StampSettings,
): Promise<{ bytes: Uint8Array; pages: number; slots: NumberSlots }[]> {
  type Resolved = { kind: "html"; body: string } | { kind: "pages"; source: PDFDocument };
  const resolved: Resolved[][] = [];
  for (const parts of documents) {
    const emailParts: Resolved[] = [];
    for (const part of parts) {
      if (part.kind === "html") emailParts.push(part);
      else {
        const source = await readablePdf(part.bytes);
        emailParts.push(source ? { kind: "pages", source } : { kind: "html", body: part.fallbackBody });
      }
    }
    resolved.push(emailParts);
  }
  const bodies = resolved.flatMap((parts) => parts.flatMap((part) => (part.kind === "html" ? [part.body] : [])));
  const laidOut = await layOut(bodies, renderer);
  let next = 0;
  const assembled: { bytes: Uint8Array; pages: number; slots: NumberSlots }[] = [];
  for (const parts of resolved) {
    const document = await PDFDocument.create({ updateMetadata: false });
    for (const part of parts) {
      const { source, indices } = part.kind === "html" ? laidOut[next++] : { source: part.source, indices: part.source.getPageIndices() };
      await appendPages(document, source, indices);
    }
    const stamps = await stampPlaceholders(document, stamp);
    assembled.push({ ...(await saveWithSlots(document, stamps, stamp.placeholder)), pages: document.getPageCount() });
  }
  return assembled;
}
