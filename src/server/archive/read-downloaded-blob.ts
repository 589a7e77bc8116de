import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { readVerifiedBlob } from "./read-verified-blob";

export interface DownloadedFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/**
 * A download of stored bytes (the raw message, an attachment): verified against their hash
 * (readVerifiedBlob), then a READ entry on the email names what left the archive. One function for
 * every download, so none can serve bytes without both.
 */
export async function readDownloadedBlob(options: {
  principal: Principal;
  emailId: string;
  blob: { key: string; hashSha256: string; target: { type: "ArchivedEmail" | "Attachment"; id: string } };
  file: { filename: string; contentType: string };
  readDetails: Record<string, unknown>;
}): Promise<DownloadedFile> {
  const bytes = await readVerifiedBlob({ actor: options.principal.actor, ...options.blob });
  await appendAuditEntry(db(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: options.emailId,
    details: options.readDetails,
  });
  return { bytes, ...options.file };
}
