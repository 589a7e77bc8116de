import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getSsoRoleMappingOperation, updateSsoRoleMappingOperation } from "@/server/api/identity/sso.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getSsoRoleMappingOperation),
  PUT: rest(updateSsoRoleMappingOperation),
});
