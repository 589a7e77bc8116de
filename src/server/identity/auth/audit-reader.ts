import type { AuditReader } from "../../audit/redact-audit-entry";
import { readsWholeArchive } from "../authz/content-scope";
import type { Principal } from "./principal";

/** The caller as the audit log sees them: the log redacts mail for a caller who cannot read the whole archive. */
export function auditReaderOf(principal: Principal): AuditReader {
  return { actor: principal.actor, readsWholeArchive: readsWholeArchive(principal.ability) };
}
