import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { deleteRoleOperation, getRoleOperation, updateRoleOperation } from "@/server/roles/roles.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getRoleOperation),
  PUT: rest(updateRoleOperation),
  DELETE: rest(deleteRoleOperation),
});
