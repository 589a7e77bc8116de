import { getMe } from "../identity/auth/get-me";
import type { Principal } from "../identity/auth/principal";
import { can } from "../identity/authz/ability";
import { isFeatureEnabled } from "../settings/license/license";
import type { Capabilities } from "@/lib/capabilities";
import { db } from "../platform/db/client";
import { getSettings } from "../settings/get-settings";
import { isNamedReviewer } from "../retention/dispositions/dispositions.queries";
import { meiliConfigured } from "../search/meilisearch-index";

/** The navigation's view of a principal, from the same can() the server's checks use. */
export async function uiCapabilities(principal: Principal): Promise<Capabilities> {
  const { user } = await getMe({ principal });
  const retention = isFeatureEnabled("RETENTION_POLICY");
  const manageDispositions = can(principal.ability, "manage:dispositions");
  return {
    user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`, roleName: user.role?.name ?? null },
    readArchive: can(principal.ability, "read:archive"),
    deleteArchive: can(principal.ability, "delete:archive"),
    deletionEnabled: (await getSettings()).deletionEnabled,
    restoreArchive: can(principal.ability, "restore:archive"),
    readUsers: can(principal.ability, "read:users"),
    readAudit: can(principal.ability, "read:audit"),
    manageIngestion: can(principal.ability, "manage:ingestion"),
    manageAll: can(principal.ability, "manage:all"),
    manageHolds: can(principal.ability, "manage:holds"),
    manageRetention: can(principal.ability, "manage:retention"),
    manageDispositions,
    // Who has a queue: the rules without named reviewers go to manage:dispositions, the others to those they name.
    reviewDispositions: retention && (manageDispositions || (await isNamedReviewer(db(), principal))),
    manageUsers: can(principal.ability, "manage:users"),
    manageSettings: can(principal.ability, "manage:settings"),
    manageSystem: can(principal.ability, "manage:system"),
    legalHolds: isFeatureEnabled("LEGAL_HOLDS"),
    retention,
    readEdiscovery: isFeatureEnabled("EDISCOVERY") && can(principal.ability, "read:ediscovery"),
    manageEdiscovery: isFeatureEnabled("EDISCOVERY") && can(principal.ability, "manage:ediscovery"),
    searchEngine: meiliConfigured() ? "meilisearch" : "postgres",
    mfaEnrolmentRequired: principal.mfaEnrolmentRequired === true,
  };
}
