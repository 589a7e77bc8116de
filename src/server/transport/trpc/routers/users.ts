import * as users from "../../../api/identity/users.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const usersRouter = router({
  list: query(users.listUsersOperation),
  get: query(users.getUserOperation),
  create: mutation(users.createUserOperation),
  update: mutation(users.updateUserOperation),
  delete: mutation(users.deleteUserOperation),
  revokeSessions: mutation(users.revokeUserSessionsOperation),
});
