import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createRoleOperation, listRolesOperation } from "@/server/api/identity/roles.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listRolesOperation), POST: rest(createRoleOperation) });
