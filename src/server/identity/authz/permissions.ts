import { z } from "zod";

export const ACTIONS = ["manage", "read", "create", "update", "delete", "restore"] as const;
/**
 * What a permission is about. `all` covers every subject (`manage:all` grants everything); the
 * others separate duties (docs/auth.md, "Permissions and predefined roles"): `holds`, `retention`
 * (labels, policies, lifecycle cycles), `dispositions` (review), `settings`, `system` (status, jobs).
 */
export const SUBJECTS = [
  "all",
  "archive",
  "users",
  "audit",
  "ingestion",
  "ediscovery",
  "holds",
  "retention",
  "dispositions",
  "settings",
  "system",
] as const;
export type Action = (typeof ACTIONS)[number];
export type Subject = (typeof SUBJECTS)[number];
export type Permission = `${Action}:${Subject}`;

/** Fields of an archived email a policy condition may restrict on (they map to indexed columns). */
export const ARCHIVE_CONDITION_FIELDS = ["userEmail", "ingestionSourceId", "senderEmail"] as const;

const conditionValue = z.union([z.string().max(320), z.object({ $in: z.array(z.string().max(320)).min(1).max(1000) }).strict()]);

export const policySchema = z
  .object({
    action: z.enum(ACTIONS, { message: `action must be one of ${ACTIONS.join(", ")}` }),
    subject: z.enum(SUBJECTS, { message: `subject must be one of ${SUBJECTS.join(", ")}` }),
    conditions: z
      .partialRecord(
        z.enum(ARCHIVE_CONDITION_FIELDS, { message: `condition fields: ${ARCHIVE_CONDITION_FIELDS.join(", ")}` }),
        conditionValue,
      )
      .optional()
      .default({}),
  })
  .strict()
  .refine((policy) => Object.keys(policy.conditions).length === 0 || policy.subject === "archive", {
    message: "conditions are only supported on the archive subject",
    path: ["conditions"],
  });

export type Policy = z.infer<typeof policySchema>;
export const policiesSchema = z.array(policySchema).max(100);

export function parsePermission(permission: Permission): { action: Action; subject: Subject } {
  const [action, subject] = permission.split(":") as [Action, Subject];
  return { action, subject };
}
