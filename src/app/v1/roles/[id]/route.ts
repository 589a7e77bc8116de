import { deleteRoleOperation, getRoleOperation, updateRoleOperation } from "@/server/api/identity/roles.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getRoleOperation, updateRoleOperation, deleteRoleOperation);
