import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getSsoRoleMappingOperation, updateSsoRoleMappingOperation } from "@/server/sso/sso.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getSsoRoleMappingOperation),
  PUT: rest(updateSsoRoleMappingOperation),
});
