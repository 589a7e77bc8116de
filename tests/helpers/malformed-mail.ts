import { buildMessage } from "./mail";

/** A message nested `depth` multiparts deep. */
export function nestedMultipart(depth: number): Buffer {
  let body = "Content-Type: text/plain\r\n\r\ninnermost\r\n";
  for (let level = 0; level < depth; level++) {
    const boundary = `b${level}`;
    body = `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${body}--${boundary}--\r\n`;
  }
  return Buffer.from(`From: a@example.com\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${body}`);
}

/** A message with `count` tiny attachments. */
export function manyParts(count: number): Buffer {
  const parts = Array.from(
    { length: count },
    (_, index) =>
      `--x\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="p${index}.bin"\r\n\r\n${index}\r\n`,
  );
  return Buffer.from(
    `From: a@example.com\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n${parts.join("")}--x--\r\n`,
  );
}

/**
 * Broken mail as real exports hold it, each with whether an import archives it (`archived`) or
 * fails it alone; the import test and the storage round trip both use it.
 */
export function malformedMessages(): { name: string; bytes: Buffer; archived: boolean }[] {
  const nested = buildMessage({
    subject: "outer",
    attachments: [{ filename: "inner.eml", contentType: "message/rfc822", content: buildMessage({ subject: "inner" }) }],
  });
  return [
    {
      name: "truncated multipart",
      bytes: buildMessage({ attachments: [{ filename: "a.bin", content: Buffer.alloc(5000, 1) }] }).subarray(0, 900),
      archived: true,
    },
    {
      name: "bad charset",
      bytes: Buffer.from(
        "From: a@example.com\r\nSubject: =?x-unknown?Q?caf=E9?=\r\nContent-Type: text/plain; charset=x-unknown-charset\r\n\r\ncaf\xe9\r\n",
        "latin1",
      ),
      archived: true,
    },
    {
      name: "8-bit headers",
      bytes: Buffer.from("From: Jörg <j@example.com>\r\nSubject: Grüße \xff\xfe\r\n\r\nbody\r\n", "latin1"),
      archived: true,
    },
    { name: "missing date", bytes: buildMessage({ date: null }), archived: true },
    {
      name: "huge headers",
      bytes: Buffer.concat([Buffer.from(`X-Big: ${"x".repeat(3 * 1024 * 1024)}\r\n`), buildMessage()]),
      archived: false,
    },
    { name: "nested message/rfc822", bytes: nested, archived: true },
    { name: "NUL bytes", bytes: Buffer.from("From: a@example.com\r\nSubject: nul\u0000here\r\n\r\nbody\u0000text\r\n"), archived: true },
    { name: "no header block", bytes: Buffer.from("\u0000\u0001\u0002 binary junk"), archived: true },
    {
      name: "50 MB attachment",
      bytes: buildMessage({ subject: "big", attachments: [{ filename: "big.bin", content: Buffer.alloc(50 * 1024 * 1024, 7) }] }),
      archived: true,
    },
  ];
}
