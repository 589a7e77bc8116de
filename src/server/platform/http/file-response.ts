/** A download: the bytes as an attachment, never sniffed or rendered inline by the browser. */
export function fileResponse(file: { bytes: Buffer; filename: string; contentType: string }): Response {
  const asciiName = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : "application/octet-stream",
      "content-length": String(file.bytes.length),
      "content-disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}
