import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { db } from "../../platform/db/client";
import { loadHoldLinks } from "./load-holds";
import type { HoldLinkDto } from "./legal-holds.responses";

/** Every hold linked to the email, active and inactive ([] when none); 404 for an unknown email. */
export async function listEmailHolds(options: { principal: Principal; emailId: string }): Promise<HoldLinkDto[]> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  return loadHoldLinks(db(), options.emailId);
}
