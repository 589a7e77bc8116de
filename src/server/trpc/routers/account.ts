import { apiKeyIdParamsSchema, createApiKeySchema } from "../../api-keys/api-keys.schemas";
import { createApiKey } from "../../api-keys/create-api-key";
import { deleteApiKey } from "../../api-keys/delete-api-key";
import { listApiKeys } from "../../api-keys/list-api-keys";
import { getMe } from "../../auth/get-me";
import { disableMfa } from "../../auth/mfa/disable-mfa";
import { enableTotp } from "../../auth/mfa/enable-totp";
import { getMfaStatus } from "../../auth/mfa/get-mfa-status";
import { disableMfaSchema, enableTotpSchema } from "../../auth/mfa/mfa.schemas";
import { setupTotp } from "../../auth/mfa/setup-totp";
import { changePassword } from "../../users/change-password";
import { updateProfile } from "../../users/update-profile";
import { changePasswordSchema, updateProfileSchema } from "../../users/users.schemas";
import { procedure, router } from "../init";

const authedProcedure = procedure({ permission: "authenticated" });
const mfaEnrolmentProcedure = procedure({ permission: "authenticated", duringMfaEnrolment: true });

/** The signed-in caller's own things: profile, password, two-factor authentication, API keys. */
export const accountRouter = router({
  me: mfaEnrolmentProcedure.query(({ ctx }) => getMe({ principal: ctx.principal })),
  updateProfile: authedProcedure
    .input(updateProfileSchema)
    .mutation(({ ctx, input }) => updateProfile({ principal: ctx.principal, input })),
  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword({ principal: ctx.principal, input })),
  mfaStatus: mfaEnrolmentProcedure.query(({ ctx }) => getMfaStatus({ principal: ctx.principal })),
  setupTotp: mfaEnrolmentProcedure.mutation(({ ctx }) => setupTotp({ principal: ctx.principal })),
  enableTotp: mfaEnrolmentProcedure.input(enableTotpSchema).mutation(({ ctx, input }) => enableTotp({ principal: ctx.principal, input })),
  disableMfa: authedProcedure.input(disableMfaSchema).mutation(({ ctx, input }) => disableMfa({ principal: ctx.principal, input })),
  apiKeys: authedProcedure.query(({ ctx }) => listApiKeys({ principal: ctx.principal })),
  createApiKey: authedProcedure.input(createApiKeySchema).mutation(({ ctx, input }) => createApiKey({ principal: ctx.principal, input })),
  deleteApiKey: authedProcedure
    .input(apiKeyIdParamsSchema)
    .mutation(({ ctx, input }) => deleteApiKey({ principal: ctx.principal, id: input.id })),
});
