import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deletePolicyOperation, getPolicyOperation, updatePolicyOperation } from "@/server/api/retention/retention-policies.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getPolicyOperation),
  PUT: rest(updatePolicyOperation),
  DELETE: rest(deletePolicyOperation),
});
