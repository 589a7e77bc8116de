import { z } from "zod";

/** Groups compare case-insensitively: directories disagree on the case of the same group's name. */
export const groupKey = (group: string) => group.trim().toLowerCase();

const ruleSchema = z
  .object({
    group: z.string().trim().min(1).max(1024),
    roleId: z.uuid({ message: "roleId must be a UUID" }),
  })
  .strict();

/** GET/PUT /v1/settings/sso-role-mapping: rules tried in order, the first group the user has wins. */
export const ssoRoleMappingSchema = z
  .object({
    mappings: z.array(ruleSchema).max(500),
    defaultRoleId: z.uuid({ message: "defaultRoleId must be a UUID" }).nullable(),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.mappings.forEach((rule, index) => {
      const key = groupKey(rule.group);
      if (seen.has(key)) context.addIssue({ code: "custom", path: ["mappings", index, "group"], message: "group is mapped twice" });
      seen.add(key);
    });
  });

export type SsoRoleMapping = z.infer<typeof ssoRoleMappingSchema>;
