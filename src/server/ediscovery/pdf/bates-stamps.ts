import { PDFDocument, PDFRef, StandardFonts } from "pdf-lib";

/** Where the stamps sit: 0.3 inch above the page's bottom edge, 0.5 inch in from its sides. */
const STAMP_BASELINE = 22;
const STAMP_SIDE = 36;
const STAMP_SIZE = 9;

/** How a production stamps its pages: the endorsement, the production's time, and the length its Bates numbers print at. */
export interface StampSettings {
  /** A number of the production's format (e.g. its prefix and zeros): every one of its numbers has this many characters. */
  placeholder: string;
  endorsement: string | null;
  producedAt: Date;
}

/** Where a saved PDF's Bates numbers go: the byte offset of each page's placeholder number and of the title's. */
export interface NumberSlots {
  pages: number[];
  title: number;
}

const latin1Hex = (text: string) => Buffer.from(text, "latin1").toString("hex").toUpperCase();
const utf16Hex = (text: string) => `FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}`;

/**
 * Stamps a production's PDFs in two steps, because the Bates numbers are known only once every
 * page of the production is counted, after rendering, and reading each PDF again to stamp it cost
 * as much as a third of the worker's time. At assembly, stampPlaceholders draws every stamp in a
 * content stream of its own per page, uncompressed: the endorsement and a placeholder number of
 * the final numbers' length, each on a white ground; the title holds the placeholder too. The
 * file is saved with a classic cross-reference table (saveWithSlots), which locates those
 * objects. Numbering the saved file (numberPages) then overwrites each placeholder with its
 * number: the same length, so no offset in the file moves. The number is right-aligned by the placeholder's width, which
 * is every number's: Helvetica draws all ten digits equally wide (bates-stamps.test.ts).
 */
export async function stampPlaceholders(document: PDFDocument, settings: StampSettings): Promise<PDFRef[]> {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const numberWidth = font.widthOfTextAtSize(settings.placeholder, STAMP_SIZE);
  const at = (value: number) => value.toFixed(3);
  // A text on a white ground, so that the page's own content does not hide it.
  const stamp = (fontKey: string, x: number, width: number, text: string) =>
    `1 1 1 rg ${at(x - 2)} ${STAMP_BASELINE - 3} ${at(width + 4)} ${STAMP_SIZE + 4} re f ` +
    `BT ${fontKey} ${STAMP_SIZE} Tf 0 0 0 rg ${at(x)} ${STAMP_BASELINE} Td ${text} Tj ET`;
  document.setTitle(settings.placeholder);
  document.setProducer("mail-archive eDiscovery production");
  document.setCreator("mail-archive eDiscovery production");
  document.setCreationDate(settings.producedAt);
  document.setModificationDate(settings.producedAt);
  return document.getPages().map((page) => {
    // Registering the font wraps the page's own content in q/Q, so the stamp draws in the page's initial graphics state.
    const fontKey = page.node.newFontDictionary("Bates", font.ref).toString();
    const endorsement = settings.endorsement
      ? stamp(
          fontKey,
          STAMP_SIDE,
          font.widthOfTextAtSize(settings.endorsement, STAMP_SIZE),
          font.encodeText(settings.endorsement).toString(),
        )
      : "";
    const numberX = page.getSize().width - STAMP_SIDE - numberWidth;
    const number = stamp(fontKey, numberX, numberWidth, `<${latin1Hex(settings.placeholder)}>`);
    const stream = document.context.register(document.context.stream(`q ${endorsement} ${number} Q\n`));
    page.node.addContentStream(stream);
    return stream;
  });
}

/** Each object's byte offset, from the classic cross-reference table a PDF saved without object streams ends with. */
function objectOffsets(bytes: Buffer): Map<number, number> {
  const tail = bytes.subarray(Math.max(0, bytes.length - 64)).toString("latin1");
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!start) throw new Error("a stamped PDF without a cross-reference table");
  const table = bytes.subarray(Number(start[1]), bytes.indexOf("trailer", Number(start[1]), "latin1")).toString("latin1");
  const lines = table.split("\n").slice(1);
  const offsets = new Map<number, number>();
  for (let line = 0; line < lines.length && lines[line] !== "";) {
    const [first, count] = lines[line++].split(" ").map(Number);
    for (let entry = 0; entry < count; entry++, line++) {
      const [offset, , kind] = lines[line].split(" ");
      if (kind === "n") offsets.set(first + entry, Number(offset));
    }
  }
  return offsets;
}

/** The offset of `text` inside indirect object `objectNumber` (between its `obj` and `endobj`). */
function offsetInObject(bytes: Buffer, offsets: Map<number, number>, objectNumber: number, text: string): number {
  const begin = offsets.get(objectNumber);
  const end = begin === undefined ? -1 : bytes.indexOf("endobj", begin, "latin1");
  const found = begin === undefined ? -1 : bytes.indexOf(text, begin, "latin1");
  if (found < 0 || found > end) throw new Error(`a stamped PDF whose object ${objectNumber} lacks its placeholder`);
  return found;
}

/** Saves a document stamped by stampPlaceholders, answering its bytes and where its numbers go. */
export async function saveWithSlots(
  document: PDFDocument,
  stamps: PDFRef[],
  placeholder: string,
): Promise<{ bytes: Uint8Array; slots: NumberSlots }> {
  // Written in one go (pdf-lib otherwise yields every 50 objects): an email's PDF is small.
  const bytes = Buffer.from(await document.save({ useObjectStreams: false, objectsPerTick: Infinity }));
  const offsets = objectOffsets(bytes);
  const info = document.context.trailerInfo.Info;
  if (!(info instanceof PDFRef)) throw new Error("a stamped PDF without document information");
  return {
    bytes,
    slots: {
      pages: stamps.map((stamp) => offsetInObject(bytes, offsets, stamp.objectNumber, `<${latin1Hex(placeholder)}>`) + 1),
      title: offsetInObject(bytes, offsets, info.objectNumber, `/Title <${utf16Hex(placeholder)}>`) + "/Title <".length,
    },
  };
}

/**
 * Writes each page's Bates number (and the first as the title) over the placeholders of a PDF
 * saved by saveWithSlots, in place; a placeholder not where the slots say fails (the file was
 * not the one assembled).
 */
export function numberPages(bytes: Buffer, slots: NumberSlots, numbers: string[], placeholder: string): Buffer {
  if (numbers.length !== slots.pages.length) throw new Error(`${numbers.length} Bates numbers for ${slots.pages.length} pages`);
  const write = (offset: number, expected: string, value: string) => {
    if (value.length !== expected.length || bytes.toString("latin1", offset, offset + expected.length) !== expected)
      throw new Error("a rendered PDF whose Bates placeholders are not where they were written");
    bytes.write(value, offset, "latin1");
  };
  slots.pages.forEach((offset, index) => write(offset, latin1Hex(placeholder), latin1Hex(numbers[index])));
  write(slots.title, utf16Hex(placeholder), utf16Hex(numbers[0]));
  return bytes;
}
