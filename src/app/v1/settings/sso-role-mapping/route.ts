import { getSsoRoleMappingOperation, updateSsoRoleMappingOperation } from "@/server/api/identity/sso.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getSsoRoleMappingOperation, updateSsoRoleMappingOperation);
