import { link, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { generate } from "selfsigned";
import { config, dataDir } from "../../platform/config/env";
import { makePrivateDataDirectory, writePrivateFile } from "../../platform/files/private-files";

export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
  selfSigned: boolean;
}

/** Key and certificate in one PEM file: OpenSSL picks the block it needs from each. */
const PEM_FILE = "journal-smtp.pem";

async function selfSignedPem(): Promise<string> {
  const notAfterDate = new Date();
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 10);
  const pems = await generate([{ name: "commonName", value: "mail-archive journal listener" }], {
    keySize: 2048,
    algorithm: "sha256",
    notAfterDate,
  });
  return pems.private + pems.cert;
}

/**
 * STARTTLS credentials: JOURNAL_SMTP_TLS_CERT / JOURNAL_SMTP_TLS_KEY (PEM files), else a
 * self-signed certificate generated once into the data directory. The first process to link its
 * file wins, so every listener sharing DATA_DIR presents the same certificate (an MTA may pin it).
 */
export async function journalTlsCredentials(): Promise<TlsCredentials> {
  const { certPath, keyPath } = config.journalTls;
  if (certPath || keyPath) {
    if (!certPath || !keyPath) throw new Error("JOURNAL_SMTP_TLS_CERT and JOURNAL_SMTP_TLS_KEY go together");
    return { cert: await readFile(certPath), key: await readFile(keyPath), selfSigned: false };
  }
  const file = path.join(dataDir(), PEM_FILE);
  try {
    const pem = await readFile(file);
    return { cert: pem, key: pem, selfSigned: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  makePrivateDataDirectory();
  const temp = `${file}.${process.pid}.tmp`;
  await writePrivateFile(temp, await selfSignedPem());
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(temp, { force: true });
  }
  const pem = await readFile(file);
  return { cert: pem, key: pem, selfSigned: true };
}
