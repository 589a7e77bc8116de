import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { createHoldOperation, listHoldsOperation } from "@/server/legal-holds/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listHoldsOperation), POST: rest(createHoldOperation) });
