import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/**
 * A real third-party S3 server (npm `s3rver`) on a free loopback port, storing objects in a
 * directory of its own, with one bucket. It speaks the S3 REST API over HTTP (path-style), checks
 * request signatures against its fixed credentials, and keeps objects as files; it does not emulate
 * versioning, Object Lock, multipart-upload checksums or IAM (docs/configuration.md).
 */
export async function startS3Server(bucket = "archive-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's documented fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The environment that points the service's blob store at `server` (STORAGE_BACKEND=s3 and its S3_* variables). */
export function s3StorageEnvironment(server: TestS3Server): Record<string, string> {
  return {
    STORAGE_BACKEND: "s3",
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
  };
}
