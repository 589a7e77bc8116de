import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ message: "must be a valid email address" }));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(1024);
const nameSchema = z.string().trim().min(1).max(255);
const roleIdSchema = z.uuid({ message: "roleId must be a UUID" });

export const userIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

export const createUserSchema = z
  .object({
    email: emailSchema,
    first_name: nameSchema,
    last_name: nameSchema,
    password: passwordSchema,
    roleId: roleIdSchema.nullish(),
  })
  .strict();

const currentPasswordSchema = z.string().min(1).max(1024);
/** Needed to change one's own email (docs/auth.md); never stored or audited. */
const emailChangePasswordSchema = currentPasswordSchema.optional();

export const updateUserSchema = z
  .object({
    email: emailSchema.optional(),
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    roleId: roleIdSchema.nullable().optional(),
    /** Not in the interface's body: disables or re-enables the account (docs/auth.md). */
    disabled: z.boolean().optional(),
    /**
     * Not in the interface's body: true lets the next single sign-on or directory sign-in with this
     * user's email bind them to that identity (docs/auth.md, "Binding"); consumed by that sign-in.
     */
    ssoLinkAllowed: z.boolean().optional(),
    currentPassword: emailChangePasswordSchema,
  })
  .strict()
  .refine(
    (value) =>
      [value.email, value.first_name, value.last_name, value.roleId, value.disabled, value.ssoLinkAllowed].some(
        (field) => field !== undefined,
      ),
    { message: "at least one of email, first_name, last_name, roleId, disabled, ssoLinkAllowed is required" },
  );

export const updateProfileSchema = z
  .object({
    email: emailSchema.optional(),
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    currentPassword: emailChangePasswordSchema,
  })
  .strict()
  .refine((value) => [value.email, value.first_name, value.last_name].some((field) => field !== undefined), {
    message: "at least one of email, first_name, last_name is required",
  });

export const changePasswordSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: passwordSchema }).strict();

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
