// Worker thread for attachment text extraction (plain JavaScript: it is loaded by path, both under
// tsx and from the Next.js production server). One request at a time: {id, kind, bytes, charset}.
import Module from "node:module";
import { parentPort } from "node:worker_threads";
import CSSMatrix from "@thednp/dommatrix";
import { convert as htmlToText } from "html-to-text";
import iconv from "iconv-lite";
import yauzl from "yauzl";

const MAX_TEXT_CHARS = 1_000_000;
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 10_000;

const xmlText = (xml, tag) => {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, "g");
  const parts = [];
  for (const match of xml.matchAll(pattern)) parts.push(match[1]);
  return parts
    .join(" ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, "&");
};

/** Entries of an Office zip, after checking the central directory against zip bombs. */
function readZip(bytes, wanted) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(new Error(`not a valid Office file: ${error.message}`));
      if (zip.entryCount > MAX_ZIP_ENTRIES) return reject(new Error(`zip bomb: ${zip.entryCount} entries`));
      const files = new Map();
      let total = 0;
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry) => {
        total += entry.uncompressedSize;
        if (total > MAX_UNZIPPED_BYTES) return reject(new Error(`zip bomb: more than ${MAX_UNZIPPED_BYTES} bytes uncompressed`));
        if (!wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on("data", (chunk) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * pdf.js requires @napi-rs/canvas when it loads, to render pages: Skia's library and its fonts
 * add about 40 MB to the process's RSS (the CLI's import is held under 400 MB). Text extraction
 * never renders, so this thread's require of it answers what pdf.js takes from it instead: a
 * DOMMatrix shim (pdf.js makes one as it loads, and draws Type3 bitmap glyphs with it while it
 * reads their font) and empty classes for what only rendering uses. Module._load is this thread's
 * own loader: other threads keep the real package.
 */
let pdfjsModule;
function loadPdfjsWithoutCanvas() {
  if (pdfjsModule) return pdfjsModule;
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === "@napi-rs/canvas") return { DOMMatrix: CSSMatrix, ImageData: class ImageData {}, Path2D: class Path2D {} };
    return load.call(this, request, ...rest);
  };
  pdfjsModule = import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsModule;
}

async function pdfText(bytes) {
  const pdfjs = await loadPdfjsWithoutCanvas();
  let document;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if (error?.name === "PasswordException") throw new Error("encrypted PDF");
    throw new Error(`corrupt PDF: ${error?.message ?? error}`);
  }
  const pages = [];
  let length = 0;
  for (let number = 1; number <= document.numPages && length < MAX_TEXT_CHARS; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const text = content.items.map((item) => item.str ?? "").join(" ");
    pages.push(text);
    length += text.length;
  }
  await document.destroy();
  return pages.join("\n");
}

async function docxText(bytes) {
  await readZip(bytes, () => false);
  const mammoth = (await import("mammoth")).default;
  try {
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch (error) {
    throw new Error(`corrupt DOCX: ${error?.message ?? error}`);
  }
}

async function xlsxText(bytes) {
  const files = await readZip(
    bytes,
    (name) => name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet\d+\.xml$/.test(name) || name === "xl/workbook.xml",
  );
  if (!files.has("xl/workbook.xml")) throw new Error("corrupt XLSX: no workbook");
  const sheets = [...files.entries()]
    .filter(([name]) => name.startsWith("xl/worksheets/"))
    .map(([, xml]) => `${xmlText(xml, "t")} ${xmlText(xml, "v")}`);
  const names = [...files.get("xl/workbook.xml").matchAll(/<sheet\s[^>]*name="([^"]*)"/g)].map((match) => match[1]);
  return [names.join(" "), xmlText(files.get("xl/sharedStrings.xml") ?? "", "t"), ...sheets].join("\n");
}

/** The declared charset; without one UTF-8 when the bytes are valid UTF-8, else Windows-1252 (a superset of Latin-1). */
function decodeText(bytes, charset) {
  if (charset && iconv.encodingExists(charset)) return iconv.decode(bytes, charset);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "windows-1252");
  }
}

async function extract({ kind, bytes, charset }) {
  const buffer = Buffer.from(bytes);
  switch (kind) {
    case "pdf":
      return pdfText(buffer);
    case "docx":
      return docxText(buffer);
    case "xlsx":
      return xlsxText(buffer);
    case "html":
      return htmlToText(decodeText(buffer, charset), {
        wordwrap: false,
        selectors: [
          { selector: "img", format: "skip" },
          { selector: "a", options: { ignoreHref: true } },
        ],
      });
    case "text":
      return decodeText(buffer, charset);
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

parentPort.on("message", async (request) => {
  try {
    const text = await extract(request);
    parentPort.postMessage({ id: request.id, text: text.replace(/\u0000/g, "").slice(0, MAX_TEXT_CHARS) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error?.message ?? error).slice(0, 300) });
  }
});
