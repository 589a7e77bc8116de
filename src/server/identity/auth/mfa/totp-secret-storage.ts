import { decryptSecret, encryptSecret } from "../../../platform/config/encryption";
import { db, type DbOrTx } from "../../../platform/db/client";

/** Sealed values are `v1:<iv>:<tag>:<ciphertext>` (config/encryption.ts); a base32 secret never holds a colon. */
const SEALED_PREFIX = "v1:";

/**
 * What the users table keeps of a TOTP secret: the secret sealed with the installation's key
 * (AES-256-GCM under ENCRYPTION_KEY, the key that seals the sources' passwords), so that a copy of
 * the database (a dump, a backup's users table) does not hand out everyone's second factor.
 */
export function sealTotpSecret(secret: string): string {
  return encryptSecret(secret);
}

/**
 * The secret a stored value holds. A value stored before secrets were sealed (plain base32) is
 * read as it is until sealPlaintextTotpSecrets rewrites it; a sealed value that does not open under
 * this installation's key (another ENCRYPTION_KEY) throws.
 */
export function openTotpSecret(stored: string): string {
  return stored.startsWith(SEALED_PREFIX) ? decryptSecret(stored) : stored;
}

/**
 * Seals every TOTP secret still stored in plain text (written before secrets were sealed, or
 * restored from such a backup). Each row is rewritten only if it still holds the value read, so a
 * concurrent enrolment is never overwritten; every process runs it at start (prepareDatabase).
 * Answers how many were sealed. Not audited: the secret and the account's state stay the same.
 */
export async function sealPlaintextTotpSecrets(options: { client?: DbOrTx } = {}): Promise<number> {
  const client = options.client ?? db();
  const plain = await client.user.findMany({
    where: { totpSecret: { not: null }, NOT: { totpSecret: { startsWith: SEALED_PREFIX } } },
    select: { id: true, totpSecret: true },
  });
  let sealed = 0;
  for (const user of plain) {
    const rewritten = await client.user.updateMany({
      where: { id: user.id, totpSecret: user.totpSecret },
      data: { totpSecret: sealTotpSecret(user.totpSecret!) },
    });
    sealed += rewritten.count;
  }
  return sealed;
}
