import * as sso from "../../../api/identity/sso.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const ssoRouter = router({
  roleMapping: query(sso.getSsoRoleMappingOperation),
  updateRoleMapping: mutation(sso.updateSsoRoleMappingOperation),
  status: query(sso.getSsoStatusOperation),
});
