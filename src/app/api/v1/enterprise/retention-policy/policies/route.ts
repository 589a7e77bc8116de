import { createPolicyOperation, listPoliciesOperation } from "@/server/api/retention/retention-policies.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listPoliciesOperation, createPolicyOperation);
