import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getSsoRoleMapping } from "@/server/sso/get-sso-role-mapping";
import { ssoRoleMappingSchema } from "@/server/sso/sso.schemas";
import { updateSsoRoleMapping } from "@/server/sso/update-sso-role-mapping";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "The directory group-to-role mapping of SSO and LDAP sign-in",
    response: ssoRoleMappingSchema,
    auth: "manage:all",
    handler: () => getSsoRoleMapping(),
  }),
  PUT: endpoint({
    summary: "Replace the directory group-to-role mapping",
    response: ssoRoleMappingSchema,
    auth: "manage:all",
    body: ssoRoleMappingSchema,
    handler: ({ principal, body }) => updateSsoRoleMapping({ actor: principal.actor, input: body }),
  }),
});
