import { createHash, randomUUID } from "node:crypto";
import type { ArchivedEmail } from "../../src/generated/prisma/client";
import { db, transaction } from "../../src/server/platform/db/client";
import type { SearchEngine } from "../../src/server/search/search-engine";
import { searchEngine } from "../../src/server/search/search-engine-factory";

export const DEFAULT_TEST_SOURCE_NAME = "Test source";

export interface TestEmailOverrides {
  id?: string;
  /** Defaults to the "Test source" upload source, created on first use. */
  ingestionSourceId?: string;
  userEmail?: string;
  messageIdHeader?: string;
  sentAt?: Date | string;
  archivedAt?: Date | string;
  subject?: string;
  senderName?: string;
  senderEmail?: string;
  recipients?: { name?: string; email: string }[];
  /** Internal participants of a journaled email (docs/journaling.md; default none). */
  participantEmails?: string[];
  /** The Cc and Bcc addresses among `recipients` (default none). */
  cc?: string[];
  bcc?: string[];
  bodyText?: string;
  /** Defaults to whether `attachments` is non-empty. */
  hasAttachments?: boolean;
  attachments?: { filename: string; mimeType?: string; extractedText?: string | null; extractionError?: string | null }[];
  path?: string;
  tags?: string[];
  sizeBytes?: number;
}

/** An ingestion source for test emails: the one named `name`, created (provider "upload") when missing. */
export async function ensureTestSource(name = DEFAULT_TEST_SOURCE_NAME): Promise<string> {
  const source = await db().ingestionSource.upsert({
    where: { nameKey: name.toLowerCase() },
    create: { name, nameKey: name.toLowerCase(), provider: "upload" },
    update: {},
    select: { id: true },
  });
  return source.id;
}

/**
 * Inserts one archived email (with sensible defaults for everything not given) and its
 * attachments directly in the database, then indexes it with the configured search engine inside
 * the same transaction, as ingestion does. No file is written to storage.
 */
export async function insertTestEmail(overrides: TestEmailOverrides = {}, options: { engine?: SearchEngine } = {}): Promise<ArchivedEmail> {
  const ingestionSourceId = overrides.ingestionSourceId ?? (await ensureTestSource());
  const id = overrides.id ?? randomUUID();
  const messageIdHeader = overrides.messageIdHeader ?? `${id}@test.example.com`;
  const recipients = (overrides.recipients ?? [{ name: "Bob Example", email: "bob@example.com" }]).map((recipient) => ({
    name: recipient.name ?? "",
    email: recipient.email,
  }));
  const attachments = overrides.attachments ?? [];
  const hash = createHash("sha256").update(`test-email:${id}`).digest("hex");
  return transaction(async (tx) => {
    await tx.archivedEmail.create({
      data: {
        id,
        ingestionSourceId,
        userEmail: overrides.userEmail ?? "alice@example.com",
        messageIdHeader,
        sentAt: new Date(overrides.sentAt ?? "2024-01-15T12:00:00.000Z"),
        archivedAt: overrides.archivedAt ? new Date(overrides.archivedAt) : undefined,
        subject: overrides.subject ?? "Test email",
        senderName: overrides.senderName ?? "Alice Example",
        senderEmail: overrides.senderEmail ?? "alice@example.com",
        recipients,
        recipientEmails: recipients.map((recipient) => recipient.email),
        participantEmails: overrides.participantEmails ?? [],
        ccEmails: (overrides.cc ?? []).map((address) => address.toLowerCase()),
        bccEmails: (overrides.bcc ?? []).map((address) => address.toLowerCase()),
        storagePath: `test/${hash.slice(0, 2)}/${hash}`,
        storageHashSha256: hash,
        sizeBytes: BigInt(overrides.sizeBytes ?? 1024),
        hasAttachments: overrides.hasAttachments ?? attachments.length > 0,
        bodyText: overrides.bodyText ?? "Hello, this is a test email.",
        path: overrides.path ?? "INBOX",
        tags: overrides.tags ?? [],
      },
    });
    for (const [index, attachment] of attachments.entries()) {
      const attachmentHash = createHash("sha256").update(`test-attachment:${id}:${index}`).digest("hex");
      await tx.attachment.create({
        data: {
          emailId: id,
          filename: attachment.filename,
          mimeType: attachment.mimeType ?? "application/octet-stream",
          sizeBytes: 100n,
          storagePath: `test/${attachmentHash.slice(0, 2)}/${attachmentHash}`,
          hashSha256: attachmentHash,
          extractedText: attachment.extractedText ?? null,
          extractionError: attachment.extractionError ?? null,
        },
      });
    }
    await (options.engine ?? searchEngine()).indexEmails(tx, [id]);
    return tx.archivedEmail.findUniqueOrThrow({ where: { id } });
  });
}
