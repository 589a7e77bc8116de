import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { bulkApplyHoldOperation } from "@/server/legal-holds/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(bulkApplyHoldOperation) });
