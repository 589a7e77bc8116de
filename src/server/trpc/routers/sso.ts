import { getSsoRoleMapping } from "../../sso/get-sso-role-mapping";
import { oidcConfig, ldapConfig, ssoOnly } from "../../sso/sso-config";
import { ssoRoleMappingSchema } from "../../sso/sso.schemas";
import { updateSsoRoleMapping } from "../../sso/update-sso-role-mapping";
import { procedure, router } from "../init";

export const ssoRouter = router({
  roleMapping: procedure({ permission: "manage:all" }).query(() => getSsoRoleMapping()),
  updateRoleMapping: procedure({ permission: "manage:all" })
    .input(ssoRoleMappingSchema)
    .mutation(({ ctx, input }) => updateSsoRoleMapping({ actor: ctx.principal.actor, input })),
  /** Which directories are configured (from the environment), for the settings page's explanation. */
  status: procedure({ permission: "manage:all" }).query(() => ({
    oidc: oidcConfig()?.displayName ?? null,
    ldap: ldapConfig() !== null,
    ssoOnly: ssoOnly(),
  })),
});
