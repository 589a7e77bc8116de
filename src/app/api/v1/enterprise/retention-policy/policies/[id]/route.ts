import { deletePolicyOperation, getPolicyOperation, updatePolicyOperation } from "@/server/api/retention/retention-policies.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getPolicyOperation, updatePolicyOperation, deletePolicyOperation);
