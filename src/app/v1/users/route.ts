import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { createUserOperation, listUsersOperation } from "@/server/users/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listUsersOperation), POST: rest(createUserOperation) });
