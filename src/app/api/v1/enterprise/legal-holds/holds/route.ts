import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createHoldOperation, listHoldsOperation } from "@/server/api/retention/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listHoldsOperation), POST: rest(createHoldOperation) });
