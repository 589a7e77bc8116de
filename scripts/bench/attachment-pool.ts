/**
 * Real attachments for the synthetic corpus: PDFs (pdf-lib) and DOCX files (a zip with
 * word/document.xml, written with yazl) whose text the ingestion extracts and indexes. Built once
 * per run from the seed, with fixed dates, so the corpus stays byte-for-byte deterministic.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import yazl from "yazl";
import { Random, textWords } from "./synthetic-mail";

export interface PooledAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function pdfWithText(random: Random, pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setCreationDate(FIXED_DATE);
  document.setModificationDate(FIXED_DATE);
  document.setProducer("bench");
  document.setCreator("bench");
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page++) {
    const sheet = document.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      // Helvetica's WinAnsi encoding: ASCII words only.
      sheet.drawText(textWords(random, 10, true), { x: 40, y: 800 - line * 19, size: 10, font });
    }
  }
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function docxWithText(random: Random, paragraphs: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const options = { mtime: FIXED_DATE };
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "[Content_Types].xml",
    options,
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "_rels/.rels",
    options,
  );
  const body = Array.from({ length: paragraphs }, () => `<w:p><w:r><w:t>${xmlEscape(textWords(random, 12))}</w:t></w:r></w:p>`).join("");
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
    "word/document.xml",
    options,
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A few PDFs (1 to 24 pages) and DOCX files (20 to 2,000 paragraphs) the corpus picks from. */
export async function buildAttachmentPool(seed: number): Promise<{ pdfs: PooledAttachment[]; docx: PooledAttachment[] }> {
  const random = new Random(seed ^ 0x5eed);
  const pdfs: PooledAttachment[] = [];
  for (const pages of [1, 2, 3, 6, 12, 24]) {
    pdfs.push({
      filename: `${textWords(random, 1, true)}-report-${pages}p.pdf`,
      contentType: "application/pdf",
      bytes: await pdfWithText(random, pages),
    });
  }
  const docx: PooledAttachment[] = [];
  for (const paragraphs of [20, 60, 150, 400, 900, 2000]) {
    docx.push({
      filename: `${textWords(random, 1, true)}-memo-${paragraphs}.docx`,
      contentType: DOCX_TYPE,
      bytes: await docxWithText(random, paragraphs),
    });
  }
  return { pdfs, docx };
}
