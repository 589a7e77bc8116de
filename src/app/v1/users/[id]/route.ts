import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deleteUserOperation, getUserOperation, updateUserOperation } from "@/server/api/identity/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getUserOperation),
  PUT: rest(updateUserOperation),
  DELETE: rest(deleteUserOperation),
});
