import * as roles from "../../../api/identity/roles.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const rolesRouter = router({
  list: query(roles.listRolesOperation),
  get: query(roles.getRoleOperation),
  create: mutation(roles.createRoleOperation),
  update: mutation(roles.updateRoleOperation),
  delete: mutation(roles.deleteRoleOperation),
  conditionValues: query(roles.listConditionValuesOperation),
});
