import { createRoleOperation, listRolesOperation } from "@/server/api/identity/roles.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listRolesOperation, createRoleOperation);
