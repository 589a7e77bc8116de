import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createUserOperation, listUsersOperation } from "@/server/api/identity/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listUsersOperation), POST: rest(createUserOperation) });
