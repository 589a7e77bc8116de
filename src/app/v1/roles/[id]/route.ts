import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deleteRoleOperation, getRoleOperation, updateRoleOperation } from "@/server/api/identity/roles.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getRoleOperation),
  PUT: rest(updateRoleOperation),
  DELETE: rest(deleteRoleOperation),
});
