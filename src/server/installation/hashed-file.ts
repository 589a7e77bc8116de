import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ParallelCompression, type BlockCompression } from "../platform/files/parallel-compression";
import { privateWriteStream, writePrivateFile } from "../platform/files/private-files";

export interface HashedFile {
  bytes: number;
  sha256: string;
}

/**
 * Writes `source` compressed as `compression` says (on several threads, parallel-compression.ts),
 * then through `seal` (backup-cipher.ts), 0600 and fsynced; answers the written file's size and
 * SHA-256. An aborted `signal` stops it (the file is left partial: the caller removes it).
 */
export async function writeSealedCompressedFile(
  file: string,
  source: Readable,
  options: { compression: BlockCompression; seal: Transform; signal?: AbortSignal },
): Promise<HashedFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, new ParallelCompression(options.compression), options.seal, tee, privateWriteStream(file, { flush: true }), {
    signal: options.signal,
  });
  return { bytes, sha256: hash.digest("hex") };
}

export async function hashFile(file: string): Promise<HashedFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Writes `content` to `file` (0600) through a temporary file, fsynced, so a reader sees all of it or nothing. */
export async function writeFileAtomically(file: string, content: string | Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  await writePrivateFile(temp, content, { flush: true });
  await rename(temp, file);
}
