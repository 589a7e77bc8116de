import { db } from "../../platform/db/client";
import { selectArchivedMailboxes } from "./roles.queries";
import type { ConditionValuesDto } from "./roles.responses";

/** The mailboxes offered at most (the form still accepts any address typed in). */
export const MAX_SUGGESTED_MAILBOXES = 1000;

/**
 * What the role form suggests for conditions (docs/auth.md, "Role conditions"): the mailboxes the
 * archive holds (for `userEmail` and `senderEmail`) and the ingestion sources by name (for
 * `ingestionSourceId`). Addresses of correspondents are not listed: a role manager needs no mail
 * metadata beyond the mailboxes roles are scoped to.
 */
export async function listConditionValues(): Promise<ConditionValuesDto> {
  const [mailboxes, sources] = await Promise.all([
    selectArchivedMailboxes(db(), MAX_SUGGESTED_MAILBOXES + 1),
    db().ingestionSource.findMany({ select: { id: true, name: true, provider: true }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
  ]);
  return {
    mailboxes: mailboxes.slice(0, MAX_SUGGESTED_MAILBOXES),
    mailboxesTruncated: mailboxes.length > MAX_SUGGESTED_MAILBOXES,
    sources,
  };
}
