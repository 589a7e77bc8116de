import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { createRoleOperation, listRolesOperation } from "@/server/roles/roles.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listRolesOperation), POST: rest(createRoleOperation) });
