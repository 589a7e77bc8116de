import { operation } from "../operation";
import { getSsoRoleMapping } from "../../identity/sso/get-sso-role-mapping";
import { ldapConfig, oidcConfig, ssoOnly } from "../../identity/sso/sso-config";
import { ssoRoleMappingSchema } from "../../identity/sso/sso.schemas";
import { updateSsoRoleMapping } from "../../identity/sso/update-sso-role-mapping";

const manageSettings = { permission: "manage:settings" } as const;

export const getSsoRoleMappingOperation = operation({
  rest: { method: "GET", path: "/v1/settings/sso-role-mapping" },
  summary: "The directory group-to-role mapping of SSO and LDAP sign-in",
  access: manageSettings,
  response: ssoRoleMappingSchema,
  handler: () => getSsoRoleMapping(),
});

export const updateSsoRoleMappingOperation = operation({
  rest: { method: "PUT", path: "/v1/settings/sso-role-mapping" },
  summary: "Replace the directory group-to-role mapping",
  access: manageSettings,
  body: ssoRoleMappingSchema,
  response: ssoRoleMappingSchema,
  handler: ({ principal, body }) => updateSsoRoleMapping({ actor: principal.actor, grantor: principal.ability, input: body }),
});

/** UI only (no REST route): which directories are configured (from the environment), for the settings page's explanation. */
export const getSsoStatusOperation = operation({
  summary: "Which single sign-on directories are configured",
  access: manageSettings,
  handler: async () => ({ oidc: oidcConfig()?.displayName ?? null, ldap: ldapConfig() !== null, ssoOnly: ssoOnly() }),
});
