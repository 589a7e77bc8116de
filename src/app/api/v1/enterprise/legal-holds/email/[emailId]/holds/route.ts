import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { applyHoldToEmailOperation, listEmailHoldsOperation } from "@/server/api/retention/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(listEmailHoldsOperation),
  POST: rest(applyHoldToEmailOperation),
});
