import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { db } from "../../platform/db/client";
import { loadEmailLabel } from "./load-email-label";
import type { EmailLabelDto } from "./retention-labels.responses";

/** The email's label, or null when it has none; 404 for an unknown email. */
export async function getEmailLabel(options: { principal: Principal; emailId: string }): Promise<EmailLabelDto | null> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  return loadEmailLabel(db(), options.emailId);
}
