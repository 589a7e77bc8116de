import { AppError } from "../../platform/errors/app-error";

/** Reads a request body as text, refusing more than `maxBytes` (413) without buffering past it. */
async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`);
}

const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/** Parses a JSON body; an empty body is `undefined`. Malformed JSON is a 422 on field `body`. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return undefined;
  if (contentType && !JSON_CONTENT_TYPE.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Request body must be application/json");
  }
  try {
    return JSON.parse(text, (key, value: unknown) => (key === "__proto__" ? undefined : value));
  } catch {
    throw new AppError("VALIDATION", "Invalid input", { fieldErrors: [{ field: "body", message: "Malformed JSON" }] });
  }
}
