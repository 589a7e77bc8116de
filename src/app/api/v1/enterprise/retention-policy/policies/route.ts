import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createPolicyOperation, listPoliciesOperation } from "@/server/api/retention/retention-policies.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listPoliciesOperation), POST: rest(createPolicyOperation) });
