import { z } from "zod";
import { policiesSchema } from "../authz/permissions";

export const roleIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

export const createRoleSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    policies: policiesSchema,
  })
  .strict();

export const updateRoleSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    policies: policiesSchema.optional(),
  })
  .strict()
  .refine((value) => value.name !== undefined || value.policies !== undefined, {
    message: "at least one of name, policies is required",
  });

export type CreateRoleInput = z.infer<typeof createRoleSchema>;
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return slug || "role";
}
