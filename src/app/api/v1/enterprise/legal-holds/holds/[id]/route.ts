import { deleteHoldOperation, getHoldOperation, updateHoldOperation } from "@/server/api/retention/legal-holds.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getHoldOperation, updateHoldOperation, deleteHoldOperation);
